// sc: sequential consistency (Lamport 1979), the baseline every other model
// must contain (docs/architecture.md "Axiomatic models"): there is one total order of
// all memory events, respecting program order, in which every read reads
// the latest write to its location and every atomic read-modify-write is
// indivisible. As axioms over a candidate (herd's sc.cat):
//   SC:        acyclic (po | rf | co | fr | bar)
//   Atomicity: empty rmw & (fr; co)
// where bar relates a barrier arrival to the waits that waited for it, so
// that barriers order SC executions as they order PTX ones (sc must stay
// inside ptx). Fences order nothing more than po already does.
#include <array>

#include "axiomcheck/AxiomExplanation.h"
#include "axiomcheck/DefinedModel.h"
#include "axiomcheck/Models.h"

namespace opcheck::axiomcheck {

namespace {

enum ScAxiom : std::size_t { kSc, kAtomicity };

constexpr std::array<Axiom, 2> kAxioms = {{
    {"SC", "acyclic (po | rf | co | fr | bar): one total order of all events (herd's sc.cat)",
     "acyclic (po | rf | co | fr | bar)"},
    {"Atomicity", "empty rmw & (fr; co): no write between an RMW's read and write", "empty rmw & (fr; co)"},
}};

// sc derives nothing: its axioms read the candidate alone.
struct ScRelations {};

ScRelations deriveNothing(const Execution&) { return {}; }

using ScView = CandidateView<ScRelations>;

// At Location, the events of the location whose co was just chosen and fr
// among them; at Coherence, every event and all of fr.
constexpr std::array<AxiomClause<ScView>, 3> kClauses = {{
    // SC restricted to one location (po-loc and com): implied by SC,
    // decided as soon as the location's co is chosen.
    {kSc, AxiomStage::Location,
     [](const ScView& v) {
       const Relation com =
           v.x.rf.restricted(v.located, v.located) | v.x.co.restricted(v.located, v.located) | v.fr;
       return (com | v.x.poLoc().restricted(v.located, v.located)).acyclic();
     }},
    {kAtomicity, AxiomStage::Location,
     [](const ScView& v) { return (v.x.rmw & v.fr.then(v.x.co)).restricted(v.located, v.located).empty(); },
     [](const ScView& v) {
       return atomicityBreach(v.x.rmw, {"fr", v.fr}, {"co", v.x.co});
     }},
    {kSc, AxiomStage::Coherence,
     [](const ScView& v) { return (v.x.po | v.x.rf | v.x.co | v.fr | v.x.barrierSync).acyclic(); },
     [](const ScView& v) {
       const std::array<NamedRelation, 5> parts = {
           {{"po", v.x.po}, {"rf", v.x.rf}, {"co", v.x.co}, {"fr", v.fr}, {"bar", v.x.barrierSync}}};
       return shortestCycle(parts);
     }},
}};

constexpr ModelDefinition<ScRelations> kScDefinition = {
    .name = "sc",
    .summary = "sequential consistency: one interleaving of all threads, atomic RMWs, barriers that wait",
    .axioms = kAxioms,
    .clauses = kClauses,
    .traits = {.failedCasWrites = false,
               .barriers = true,
               .races = RaceExecutions::Interleavings,
               .forbidsRelaxedOutcomes = true},
    .thinAirAxiom = kSc,
    .derive = deriveNothing,
    // A total co per location (herd's sc.cat: co is total).
    .coherence = {.shape = CoherenceShape::TotalPerLocation},
    .fenceSc = {},                 // no order besides co
    .narrowTotalOrders = nullptr,  // co is total: a run's co is one of the model's
};

}  // namespace

const AxiomaticModel& scModel() { return definedModel<kScDefinition>(); }

}  // namespace opcheck::axiomcheck

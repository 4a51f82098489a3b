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
    {"SC", "acyclic (po | rf | co | fr | bar): one total order of all events (herd's sc.cat)"},
    {"Atomicity", "empty rmw & (fr; co): no write between an RMW's read and write"},
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
     [](const ScView& v) { return (v.x.rmw & v.fr.then(v.x.co)).restricted(v.located, v.located).empty(); }},
    {kSc, AxiomStage::Coherence,
     [](const ScView& v) { return (v.x.po | v.x.rf | v.x.co | v.fr | v.x.barrierSync).acyclic(); }},
}};

constexpr ModelDefinition<ScRelations> kScDefinition = {
    .name = "sc",
    .summary = "sequential consistency: one interleaving of all threads, atomic RMWs, barriers that wait",
    .axioms = kAxioms,
    .clauses = kClauses,
    .traits = {.failedCasWrites = false, .barriers = true},
    .thinAirAxiom = kSc,
    .derive = deriveNothing,
    // A total co per location (herd's sc.cat: co is total).
    .coherence = {.shape = CoherenceShape::TotalPerLocation},
    .fenceSc = {},                 // no order besides co
    .narrowTotalOrders = nullptr,  // co is total: a run's co is one of the model's
};

}  // namespace

const AxiomaticModel& scModel() { return definedModel<kScDefinition>(); }

std::optional<AxiomExplanation> explainScAxiom(const Execution& x, std::size_t axiom) {
  if (axiom >= kAxioms.size()) {
    return std::nullopt;
  }
  const Relation fr = x.fromRead();
  AxiomExplanation explanation;
  explanation.axiom = std::string(kAxioms[axiom].name);
  if (axiom == kSc) {
    explanation.statement = "acyclic (po | rf | co | fr | bar)";
    const std::array<NamedRelation, 5> parts = {
        {{"po", x.po}, {"rf", x.rf}, {"co", x.co}, {"fr", fr}, {"bar", x.barrierSync}}};
    explanation.edges = shortestCycle(parts);
  } else {
    explanation.statement = "empty rmw & (fr; co)";
    forEachEvent(x.rmw.domain(), [&](unsigned read) {
      const auto write = static_cast<unsigned>(std::countr_zero(x.rmw.successors(read)));
      const EventSet between = fr.successors(read) & x.co.predecessors(write);
      if (between != 0 && explanation.edges.empty()) {
        const auto other = static_cast<unsigned>(std::countr_zero(between));
        explanation.edges = {{read, write, "rmw"}, {read, other, "fr"}, {other, write, "co"}};
      }
    });
  }
  if (explanation.edges.empty()) {
    return std::nullopt;
  }
  return explanation;
}

}  // namespace opcheck::axiomcheck

// sc: sequential consistency (Lamport 1979), the baseline every other model
// must contain (design.md "Axiomatic models"): there is one total order of
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
#include "axiomcheck/Models.h"
#include "axiomcheck/TotalCoherence.h"

namespace opcheck::axiomcheck {

namespace {

enum ScAxiom : std::size_t { kSc, kAtomicity };

constexpr std::array<Axiom, 2> kAxioms = {{
    {"SC", "acyclic (po | rf | co | fr | bar): one total order of all events (herd's sc.cat)"},
    {"Atomicity", "empty rmw & (fr; co): no write between an RMW's read and write"},
}};

// The relations the axioms read at a stage (AxiomTable.h): at Location,
// the events of the location whose co was just chosen and fr among them;
// at Coherence, every event and all of fr.
struct ScView {
  const Execution& x;
  EventSet located;
  Relation fr;
};

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

class ScModel final : public AxiomaticModel {
 public:
  explicit ScModel(AxiomMask skip = 0) : skip_(skip) {}

  std::string_view name() const override { return "sc"; }
  std::string_view summary() const override {
    return "sequential consistency: one interleaving of all threads, atomic RMWs, barriers that wait";
  }
  std::span<const Axiom> axioms() const override { return kAxioms; }
  ModelTraits traits() const override { return {.failedCasWrites = false, .barriers = true}; }
  const AxiomaticModel& skipping(AxiomMask skip) const override { return modelSkipping<ScModel>(skip); }
  AxiomMask skippedAxioms() const override { return skip_; }
  std::size_t thinAirAxiom() const override { return kSc; }

  void completeAndCheck(Execution& x, CandidateSink& sink) const override {
    forEachTotalCoherence(
        x, sink,
        [&](litmus::LocationId location) {
          const EventSet located = x.locationEvents[location];
          return firstBrokenAt<ScView>(kClauses, AxiomStage::Location,
                                       {x, located, x.fromRead().restricted(located, located)}, skip_);
        },
        [&] {
          if (const std::optional<std::size_t> axiom = firstBrokenAt<ScView>(
                  kClauses, AxiomStage::Coherence, {x, firstEvents(x.size), x.fromRead()}, skip_)) {
            sink.reject(*axiom);
          } else {
            sink.accept(x);
          }
        });
  }

  std::vector<std::size_t> brokenAxioms(const Execution& x) const override {
    return allBroken<ScView>(kClauses, {x, firstEvents(x.size), x.fromRead()}, skip_);
  }

 private:
  AxiomMask skip_;
};

}  // namespace

const AxiomaticModel& scModel() { return modelSkipping<ScModel>(0); }

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

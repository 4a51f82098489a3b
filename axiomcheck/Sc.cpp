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

class ScModel final : public AxiomaticModel {
 public:
  std::string_view name() const override { return "sc"; }
  std::string_view summary() const override {
    return "sequential consistency: one interleaving of all threads, atomic RMWs, barriers that wait";
  }
  std::span<const Axiom> axioms() const override { return kAxioms; }
  ModelTraits traits() const override { return {.failedCasWrites = false, .barriers = true}; }
  std::size_t thinAirAxiom() const override { return kSc; }

  void completeAndCheck(Execution& x, CandidateSink& sink) const override {
    forEachTotalCoherence(
        x, sink,
        [&](litmus::LocationId location) -> std::optional<std::size_t> {
          // What one location's co already decides: SC restricted to the
          // location (po-loc and com), and atomicity.
          const EventSet located = x.locationEvents[location];
          const Relation fr = x.fromRead().restricted(located, located);
          const Relation com = x.rf.restricted(located, located) | x.co.restricted(located, located) | fr;
          if (!(com | x.poLoc().restricted(located, located)).acyclic()) {
            return kSc;
          }
          if (!(x.rmw & fr.then(x.co)).restricted(located, located).empty()) {
            return kAtomicity;
          }
          return std::nullopt;
        },
        [&] {
          if (!(x.po | x.rf | x.co | x.fromRead() | x.barrierSync).acyclic()) {
            sink.reject(kSc);
            return;
          }
          sink.accept(x);
        });
  }

  std::vector<std::size_t> brokenAxioms(const Execution& x) const override {
    std::vector<std::size_t> broken;
    const Relation fr = x.fromRead();
    if (!(x.po | x.rf | x.co | fr | x.barrierSync).acyclic()) {
      broken.push_back(kSc);
    }
    if (!(x.rmw & fr.then(x.co)).empty()) {
      broken.push_back(kAtomicity);
    }
    return broken;
  }
};

}  // namespace

const AxiomaticModel& scModel() {
  static const ScModel model;
  return model;
}

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

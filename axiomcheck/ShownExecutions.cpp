#include "axiomcheck/ShownExecutions.h"

#include <algorithm>
#include <set>

#include "axiomcheck/AxiomExplanation.h"
#include "axiomcheck/ExecutionDot.h"
#include "axiomcheck/ForwardingModel.h"
#include "litmus/FinalState.h"

namespace opcheck::axiomcheck {

namespace {

// Total orders tried per reads-from choice for its rejected candidates: a
// test with four writes to one location and four fence.sc has 576; more
// than this is a test too large to look at anyway.
constexpr std::size_t kMaxOrdersPerCandidate = 40320;

// The final states of an execution (herd: the registers of the condition
// and, per location, the value of a co-maximal write; with a partial co
// there may be several), as CandidateEnumerator.cpp's collector reads them.
std::vector<litmus::FinalState> finalStates(const Execution& x, const litmus::ObservedTerms& terms) {
  const litmus::Test& test = *x.test;
  std::vector<litmus::FinalState> states(1, litmus::FinalState(terms.terms().size()));
  for (std::size_t index = 0; index < terms.terms().size(); ++index) {
    const litmus::ConditionTerm& term = terms.terms()[index];
    if (term.kind == litmus::ConditionTerm::Kind::Register) {
      const litmus::Value value = x.evaluate(term.thread, x.paths[term.thread]->finalRegisters[term.index]);
      for (litmus::FinalState& state : states) {
        state[index] = value;
      }
      continue;
    }
    const EventSet located = x.writesAt(static_cast<litmus::LocationId>(term.index));
    if (located == 0) {
      for (litmus::FinalState& state : states) {
        state[index] = litmus::Value::of(test.locations[term.index].initialValue);
      }
      continue;
    }
    std::vector<litmus::FinalState> extended;
    forEachEvent(located, [&](unsigned write) {
      if ((x.co.successors(write) & located) != 0) {
        return;
      }
      for (litmus::FinalState state : states) {
        state[index] = x.values[write];
        extended.push_back(std::move(state));
      }
    });
    states = std::move(extended);
  }
  return states;
}

class Pictures {
 public:
  Pictures(const litmus::Test& test, const AxiomaticModel& model, const ShowOptions& options,
           ShownOutcome& shown)
      : test_(test),
        model_(model),
        options_(options),
        shown_(shown),
        terms_(litmus::ObservedTerms::of(test)) {}

  bool wantsRejected() const {
    return (options_.show == ShowSelection::Rejected || options_.through) && !full();
  }
  bool wantsAllowed() const {
    return options_.show != ShowSelection::None && options_.show != ShowSelection::Rejected && !full();
  }

  void allowed(const Execution& x) {
    if (!wantsAllowed()) {
      return;
    }
    picture(x, {});
  }

  // Every total co and Fence-SC order of X's reads-from choice that breaks
  // an axiom once narrowed.
  void rejected(const Execution& candidate) {
    if (!wantsRejected()) {
      return;
    }
    Execution x = candidate;
    std::vector<std::vector<unsigned>> groups;  // writes per location, then the fence.sc
    for (std::size_t location = 0; location < x.locationEvents.size(); ++location) {
      std::vector<unsigned>& writes = groups.emplace_back();
      forEachEvent(x.writesAt(static_cast<litmus::LocationId>(location)) & ~x.initialWrites,
                   [&](unsigned write) { writes.push_back(write); });
    }
    std::vector<unsigned>& fences = groups.emplace_back();
    const bool fenceScOrder = std::any_of(model_.axioms().begin(), model_.axioms().end(),
                                          [](const Axiom& axiom) { return axiom.name == "Fence-SC"; });
    if (fenceScOrder) {
      forEachEvent(x.fences, [&](unsigned fence) {
        if (x.events[fence].semantics == litmus::Semantics::SequentiallyConsistent) {
          fences.push_back(fence);
        }
      });
    }
    std::size_t tried = 0;
    order(x, groups, 0, tried);
  }

  bool full() const { return options_.limit != 0 && shown_.pictures.size() >= options_.limit; }

 private:
  void order(Execution& x, std::vector<std::vector<unsigned>>& groups, std::size_t group,
             std::size_t& tried) {
    if (group == groups.size()) {
      if (++tried > kMaxOrdersPerCandidate || full()) {
        return;
      }
      judge(x, groups);
      return;
    }
    std::vector<unsigned>& members = groups[group];
    std::sort(members.begin(), members.end());
    do {
      order(x, groups, group + 1, tried);
    } while (tried <= kMaxOrdersPerCandidate && std::next_permutation(members.begin(), members.end()));
  }

  void judge(const Execution& candidate, const std::vector<std::vector<unsigned>>& groups) {
    Execution x = candidate;
    x.co = Relation(x.size);
    x.fenceScOrder = Relation(x.size);
    for (std::size_t group = 0; group + 1 < groups.size(); ++group) {
      const std::vector<unsigned>& writes = groups[group];
      for (std::size_t at = 0; at < writes.size(); ++at) {
        x.co.add(x.initialWriteOf[group], writes[at]);
        for (std::size_t later = at + 1; later < writes.size(); ++later) {
          x.co.add(writes[at], writes[later]);
        }
      }
    }
    const std::vector<unsigned>& fences = groups.back();
    for (std::size_t at = 0; at < fences.size(); ++at) {
      for (std::size_t later = at + 1; later < fences.size(); ++later) {
        x.fenceScOrder.add(fences[at], fences[later]);
      }
    }
    model_.narrowTotalOrders(x);
    const std::vector<std::size_t> broken = model_.brokenAxioms(x);
    if (broken.empty()) {
      return;  // an order the model allows: pictured as allowed, if at all
    }
    // Several total orders narrow to one candidate: picture it once. Its
    // identity is its paths (the enumerator's, which stay put for the whole
    // run) and its choices; values follow from them.
    std::vector<EventSet> key;
    for (unsigned event = 0; event < x.size; ++event) {
      key.push_back(x.co.successors(event));
      key.push_back(x.fenceScOrder.successors(event));
      key.push_back(x.rf.successors(event));
      key.push_back(x.barrierSync.successors(event));
    }
    for (const ThreadPath* path : x.paths) {
      key.push_back(reinterpret_cast<std::uintptr_t>(path));
    }
    if (!seen_.insert(std::move(key)).second) {
      return;
    }
    picture(x, broken);
  }

  void picture(const Execution& x, const std::vector<std::size_t>& broken) {
    const std::vector<litmus::FinalState> states = finalStates(x, terms_);
    const litmus::Condition& condition = test_.condition;
    bool anyKept = false;
    bool propositionHolds = false;
    bool propositionFails = false;
    std::string finals;
    for (const litmus::FinalState& state : states) {
      if (condition.filter && !litmus::holds(*condition.filter, terms_, state)) {
        continue;  // herd: executions failing the filter are discarded
      }
      anyKept = true;
      const bool holds = litmus::holds(condition.proposition, terms_, state);
      propositionHolds = propositionHolds || holds;
      propositionFails = propositionFails || !holds;
      finals += (finals.empty() ? "" : " | ") +
                litmus::formatHerdState(test_, terms_, litmus::displayedPart(terms_, state));
    }
    if (!anyKept || !selected(propositionHolds, propositionFails, !broken.empty())) {
      return;
    }
    DotPicture dot;
    dot.name = test_.name;
    dot.style = options_.style;
    const std::size_t number = shown_.pictures.size() + 1;
    dot.caption.push_back(test_.name + ": " + (broken.empty() ? "execution " : "candidate ") +
                          std::to_string(number) + ", " + (broken.empty() ? "allowed" : "rejected") + " by " +
                          std::string(model_.name()));
    dot.caption.push_back("final state: " + finals);
    ShownExecution& shown = shown_.pictures.emplace_back();
    shown.allowed = broken.empty();
    for (const std::size_t axiom : broken) {
      shown.brokenAxioms.emplace_back(model_.axioms()[axiom].name);
    }
    shown.dot = executionDot(x, withBrokenAxioms(std::move(dot), model_, x, broken));
    if (full()) {
      shown_.limitReached = true;
    }
  }

  bool selected(bool holds, bool fails, bool rejected) const {
    if (rejected && options_.show == ShowSelection::Rejected) {
      return true;
    }
    const litmus::Quantifier quantifier = test_.condition.quantifier;
    switch (options_.show) {
      case ShowSelection::None:
      case ShowSelection::Rejected:
        return false;
      case ShowSelection::Prop:
        return holds;
      case ShowSelection::Neg:
        return fails;
      case ShowSelection::All:
        return true;
      case ShowSelection::Cond:
        return quantifier == litmus::Quantifier::NotExists ? fails : holds;
      case ShowSelection::Wit:
        return quantifier == litmus::Quantifier::Forall ? fails : holds;
    }
    return false;
  }

  const litmus::Test& test_;
  const AxiomaticModel& model_;
  const ShowOptions& options_;
  ShownOutcome& shown_;
  litmus::ObservedTerms terms_;
  std::set<std::vector<EventSet>> seen_;
};

// Hands the model's verdicts on to the enumerator's sink, picturing the
// accepted executions and noting whether any candidate was rejected.
class TapSink final : public CandidateSink {
 public:
  TapSink(CandidateSink& sink, Pictures& pictures) : sink_(sink), pictures_(pictures) {}
  void accept(const Execution& execution) override {
    pictures_.allowed(execution);
    sink_.accept(execution);
  }
  void reject(std::size_t axiom) override {
    rejected = true;
    sink_.reject(axiom);
  }
  bool rejected = false;

 private:
  CandidateSink& sink_;
  Pictures& pictures_;
};

// MODEL, unchanged, with every complete and rejected candidate seen.
class ShowingModel final : public ForwardingModel {
 public:
  ShowingModel(const AxiomaticModel& model, Pictures& pictures)
      : ForwardingModel(model), pictures_(pictures) {}

  std::optional<std::size_t> rejectReadsFrom(const Execution& execution) const override {
    const std::optional<std::size_t> axiom = model().rejectReadsFrom(execution);
    if (axiom && pictures_.wantsRejected()) {
      Execution candidate = execution;
      candidate.barrierSync = Relation(candidate.size);  // not chosen yet
      pictures_.rejected(candidate);
    }
    return axiom;
  }

  void completeAndCheck(Execution& execution, CandidateSink& sink) const override {
    TapSink tap(sink, pictures_);
    model().completeAndCheck(execution, tap);
    if (tap.rejected && pictures_.wantsRejected()) {
      pictures_.rejected(execution);
    }
  }

 private:
  Pictures& pictures_;
};

}  // namespace

std::optional<ShowSelection> showSelectionNamed(std::string_view word) {
  static constexpr std::pair<std::string_view, ShowSelection> kWords[] = {
      {"none", ShowSelection::None},         {"prop", ShowSelection::Prop}, {"neg", ShowSelection::Neg},
      {"all", ShowSelection::All},           {"cond", ShowSelection::Cond}, {"wit", ShowSelection::Wit},
      {"rejected", ShowSelection::Rejected},
  };
  for (const auto& [name, selection] : kWords) {
    if (name == word) {
      return selection;
    }
  }
  return std::nullopt;
}

ShownOutcome checkAndShow(const litmus::Test& test, const AxiomaticModel& model, const CheckOptions& check,
                          const std::string& file, const ShowOptions& options) {
  ShownOutcome shown;
  Pictures pictures(test, model, options, shown);
  const ShowingModel showing(model, pictures);
  shown.outcome = checkTest(test, showing, check, file);
  return shown;
}

}  // namespace opcheck::axiomcheck

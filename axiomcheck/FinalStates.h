// The final states an execution ends in, as herd reads them: the values of
// the registers the condition names and, for each location it names, the
// value of a co-maximal write. With a partial co (ptx) a location may have
// several co-maximal writes, each a possible final value (docs/architecture.md "Axiomatic models"), so an
// execution may end in several states.
//
// Used where outcomes are collected (CandidateEnumerator.cpp) and where an
// execution must pass the condition's filter before it counts (herd: an
// execution that fails the filter is discarded; RaceCheck.cpp).
#pragma once

#include <cstddef>
#include <vector>

#include "axiomcheck/Execution.h"
#include "litmus/FinalState.h"
#include "litmus/Proxies.h"
#include "litmus/Test.h"

namespace opcheck::axiomcheck {

// Keeps its buffers from one execution to the next: collecting outcomes
// calls it for every candidate.
class FinalStates {
 public:
  FinalStates(const litmus::Test& test, const litmus::ObservedTerms& terms) : test_(test), terms_(terms) {}

  // Calls visit(state) for each final state of EXECUTION (a
  // litmus::FinalState over the observed terms; valid during the call).
  template <typename Visit>
  void forEach(const Execution& execution, Visit&& visit) {
    const std::vector<litmus::ConditionTerm>& terms = terms_.terms();
    state_.assign(terms.size(), litmus::Value{});
    choices_.clear();
    for (std::size_t index = 0; index < terms.size(); ++index) {
      const litmus::ConditionTerm& term = terms[index];
      if (term.kind == litmus::ConditionTerm::Kind::Register) {
        const ThreadPath& path = *execution.paths[term.thread];
        state_[index] = execution.evaluate(term.thread, path.finalRegisters[term.index]);
        continue;
      }
      // An alias ends with the value of the memory it names (litmus/Proxies.h).
      const EventSet located =
          execution.writesAt(litmus::physicalLocation(test_, static_cast<litmus::LocationId>(term.index)));
      if (located == 0) {
        state_[index] = litmus::Value::of(test_.locations[term.index].initialValue);
        continue;
      }
      EventSet maximal = 0;
      forEachEvent(located, [&](unsigned write) {
        if ((execution.co.successors(write) & located) == 0) {
          maximal |= eventBit(write);
        }
      });
      choices_.push_back({index, maximal});
    }
    choose(execution, 0, visit);
  }

  // Whether some final state of EXECUTION satisfies the condition's filter
  // (true without a filter).
  bool passFilter(const Execution& execution) {
    const std::optional<litmus::Proposition>& filter = test_.condition.filter;
    if (!filter) {
      return true;
    }
    bool passes = false;
    forEach(execution, [&](const litmus::FinalState& state) {
      passes = passes || litmus::holds(*filter, terms_, state);
    });
    return passes;
  }

 private:
  struct LocationChoice {
    std::size_t term;
    EventSet maximal;
  };

  template <typename Visit>
  void choose(const Execution& execution, std::size_t choice, Visit& visit) {
    if (choice < choices_.size()) {
      forEachEvent(choices_[choice].maximal, [&](unsigned write) {
        state_[choices_[choice].term] = execution.values[write];
        choose(execution, choice + 1, visit);
      });
      return;
    }
    visit(static_cast<const litmus::FinalState&>(state_));
  }

  const litmus::Test& test_;
  const litmus::ObservedTerms& terms_;
  litmus::FinalState state_;
  std::vector<LocationChoice> choices_;
};

}  // namespace opcheck::axiomcheck

// Rebuilds a path from the initial state to a state of interest (a final
// state with a given outcome, a hang). The parallel explorer keeps only
// fingerprints, so traces are found again on demand by a breadth-first
// search that keeps parents: the shortest trace, at the price of a second,
// single-threaded walk that stops as soon as the target is found.
#pragma once

#include <deque>
#include <optional>
#include <unordered_map>
#include <vector>

#include "statespace/FingerprintSet.h"
#include "statespace/Machine.h"

namespace opcheck::statespace {

template <typename State>
struct TraceStep {
  Transition transition;
  State state;  // the state after the transition
};

template <typename State>
struct Trace {
  State initial;
  std::vector<TraceStep<State>> steps;
};

template <Machine M, typename IsTarget>
std::optional<Trace<typename M::State>> findTrace(const M& machine, IsTarget isTarget) {
  using State = typename M::State;
  struct Parent {
    Fingerprint from;
    Transition transition;
  };
  const State initial = machine.initialState();
  std::unordered_map<Fingerprint, std::pair<State, std::optional<Parent>>, FingerprintHash> visited;
  std::deque<Fingerprint> queue;
  visited.emplace(fingerprintOf(initial), std::make_pair(initial, std::nullopt));
  queue.push_back(fingerprintOf(initial));
  while (!queue.empty()) {
    const Fingerprint current = queue.front();
    queue.pop_front();
    const State state = visited.at(current).first;
    if (isTarget(state, current)) {
      Trace<State> trace{initial, {}};
      for (Fingerprint at = current; visited.at(at).second;) {
        const Parent& parent = *visited.at(at).second;
        trace.steps.insert(trace.steps.begin(), TraceStep<State>{parent.transition, visited.at(at).first});
        at = parent.from;
      }
      return trace;
    }
    machine.forEachSuccessor(state, [&](const Transition& transition, const State& next) {
      const Fingerprint fingerprint = fingerprintOf(next);
      if (visited.emplace(fingerprint, std::make_pair(next, Parent{current, transition})).second) {
        queue.push_back(fingerprint);
      }
    });
  }
  return std::nullopt;
}

}  // namespace opcheck::statespace

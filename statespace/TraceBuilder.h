// Rebuilds a path from the initial state to a state of interest (a final
// state with a given outcome, a hang, a recorded execution graph).
//
// Two ways. An exploration with one job can keep, per state, how it was
// first reached (ExplorationOptions::keepRuns: 8 bytes a state, asked for by
// the explorations whose runs are shown, such as compare's recording): it
// is then breadth-first, and keptTrace reads a run off its links. Elsewhere
// a second search on demand, bounded, finds the run: links kept by every
// exploration would cost every run memory for the few that show traces
// (--witness, hangs), and a link found by a parallel, partially reduced
// exploration is whichever worker got there first, so the trace would
// change with --jobs. The search here is breadth-first and single-threaded
// over the successors in the machine's order (every one, or those the
// partial-order reduction keeps: searchTraces), so its trace is canonical:
// a shortest one, and among those the first in that order, whatever --jobs
// the exploration had. It keeps a parent fingerprint and a transition per
// state (no states: the trace is replayed with Machine::apply) and only the
// frontier's states, and it obeys the same limits as the exploration
// (--max-states, counted afresh; the deadline of --timeout, shared with the
// exploration; an interrupt); a cut search says why and gives no trace.
//
// The two agree: a breadth-first exploration expands the states in the
// order the search visits them (the same reduced graph, the same order of
// successors, the same first-come links), so the run keptTrace reads to the
// first state of interest in that order is the one the search finds.
#pragma once

#include <deque>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "statespace/Exploration.h"
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

template <typename State>
struct TraceSearch {
  std::optional<Trace<State>> trace;  // none when no state matches or a limit stopped the search
  StopReason stopReason = StopReason::Completed;
  std::uint64_t states = 0;  // distinct states the search visited
};

// What searchTraces found.
template <typename State>
struct TracesSearch {
  std::vector<std::optional<Trace<State>>> traces;  // per target; none when not found
  StopReason stopReason = StopReason::Completed;
  std::uint64_t states = 0;  // distinct states the search visited
};

// Several traces from one search: TARGETOF(state, fingerprint) names the
// targets a state is (a list of indices below TARGETS, perhaps empty), and
// each target gets a shortest path to the first state that is it. The
// search stops when each has its trace, or at LIMITS; its order does not
// depend on the targets, so every trace is the one a search for that target
// alone finds (searchTrace below is this search with one target), and a
// limit stops it where it would have stopped the searches for the targets
// not yet found.
//
// REDUCE: the search follows the exploration's partial-order reduction
// (ExplorationOptions::reduceLocalSteps) where the machine says its local
// steps form no cycle: the first local step of a state alone. The reduced graph
// is then one whatever the order of the search (Explorer.h), so the search
// visits the very states the exploration stored, every target of theirs
// included, and far fewer than the unreduced graph holds; a run is then a
// shortest one of the reduced graph. Elsewhere (the cycle proviso makes the
// reduced graph depend on the order) it searches the unreduced graph.
template <Machine M, typename TargetsOf>
TracesSearch<typename M::State> searchTraces(const M& machine, std::size_t targets, TargetsOf targetsOf,
                                             const ExplorationLimits& limits, bool reduce = false) {
  using State = typename M::State;
  struct Parent {
    Fingerprint from;
    Transition transition;
  };
  TracesSearch<State> search;
  search.traces.resize(targets);
  if (targets == 0) {
    return search;
  }
  std::size_t left = targets;
  const State initial = machine.initialState();
  const Fingerprint root = fingerprintOf(initial);
  std::unordered_map<Fingerprint, std::optional<Parent>, FingerprintHash> parents;
  std::deque<std::pair<State, Fingerprint>> queue;
  parents.emplace(root, std::nullopt);
  queue.emplace_back(initial, root);
  const bool reduceLocalSteps = reduce && localStepsFormNoCycle(machine);
  std::vector<std::pair<Transition, State>> successors;
  std::uint64_t polls = 0;
  while (!queue.empty() && left > 0) {
    if (polls++ % 256 == 0) {
      if (limits.interrupted != nullptr && limits.interrupted->load(std::memory_order_relaxed)) {
        search.stopReason = StopReason::Interrupted;
        break;
      }
      if (limits.deadline.passed()) {
        search.stopReason = StopReason::Timeout;
        break;
      }
    }
    const auto [state, current] = queue.front();
    queue.pop_front();
    for (const std::size_t target : targetsOf(state, current)) {
      if (target >= targets || search.traces[target]) {
        continue;
      }
      std::vector<Transition> path;
      for (Fingerprint at = current;;) {
        const std::optional<Parent>& step = parents.at(at);
        if (!step) {
          break;
        }
        const Parent& parent = *step;
        path.push_back(parent.transition);
        at = parent.from;
      }
      Trace<State> trace{initial, {}};
      State before = initial;
      for (auto it = path.rbegin(); it != path.rend(); ++it) {
        before = machine.apply(before, *it);
        trace.steps.push_back(TraceStep<State>{*it, before});
      }
      search.traces[target] = std::move(trace);
      --left;
    }
    if (left == 0) {
      break;
    }
    successors.clear();
    bool alone = false;
    machine.forEachSuccessor(state, [&](const Transition& transition, const State& next) {
      if (alone) {
        return false;
      }
      if (reduceLocalSteps && transition.local) {
        successors.clear();
        alone = true;
      }
      successors.emplace_back(transition, next);
      return !alone;
    });
    bool full = false;
    for (const auto& [transition, next] : successors) {
      const Fingerprint fingerprint = fingerprintOf(next);
      if (parents.emplace(fingerprint, Parent{current, transition}).second) {
        queue.emplace_back(next, fingerprint);
        full = limits.maxStates != 0 && parents.size() >= limits.maxStates;
        if (full) {
          break;
        }
      }
    }
    if (full) {
      search.stopReason = StopReason::MaxStates;
      break;
    }
  }
  search.states = parents.size();
  return search;
}

// A shortest path to a state ISTARGET(state, fingerprint) accepts, within
// LIMITS (ExplorationLimits::maxStates counts the states this search visits).
template <Machine M, typename IsTarget>
TraceSearch<typename M::State> searchTrace(const M& machine, IsTarget isTarget,
                                           const ExplorationLimits& limits, bool reduce = false) {
  using State = typename M::State;
  static const std::vector<std::size_t> kTheTarget{0};
  static const std::vector<std::size_t> kNone;
  TracesSearch<State> search = searchTraces(
      machine, 1,
      [&](const State& state, const Fingerprint& fingerprint) -> const std::vector<std::size_t>& {
        return isTarget(state, fingerprint) ? kTheTarget : kNone;
      },
      limits, reduce);
  return TraceSearch<State>{std::move(search.traces.front()), search.stopReason, search.states};
}

// The run an exploration that kept its runs (ExplorationResult::runLinks)
// took to state NUMBER: its links followed back to the initial state, and
// the steps replayed from there with Machine::apply.
template <Machine M>
Trace<typename M::State> keptTrace(const M& machine, const std::vector<RunLink>& links,
                                   std::uint64_t number) {
  using State = typename M::State;
  std::vector<std::uint32_t> steps;
  for (std::uint64_t at = number; at != 0; at = links.at(at).from) {
    steps.push_back(links.at(at).step);
  }
  Trace<State> trace{machine.initialState(), {}};
  State before = trace.initial;
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    const Transition transition{*it, false};
    before = machine.apply(before, transition);
    trace.steps.push_back(TraceStep<State>{transition, before});
  }
  return trace;
}

// searchTrace without limits.
template <Machine M, typename IsTarget>
std::optional<Trace<typename M::State>> findTrace(const M& machine, IsTarget isTarget) {
  return searchTrace(machine, isTarget, ExplorationLimits{}).trace;
}

}  // namespace opcheck::statespace

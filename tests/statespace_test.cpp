// The generic explorer on small machines whose state spaces are known by
// hand: counts, final states, reduction, hangs, limits, traces, jobs.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <set>
#include <unordered_set>

#include "statespace/Explorer.h"
#include "statespace/TraceBuilder.h"

using namespace opcheck::statespace;

namespace {

// Two threads, each counting its own counter from 0 to kLimit, then writing
// its id to a shared cell. Counting is local; the write is not.
struct CountThenWrite {
  static constexpr std::uint32_t kLimit = 3;
  struct State {
    std::uint32_t counter[2];
    std::uint32_t written[2];  // 1 once the thread wrote
    std::uint32_t cell;        // the last writer's id (1 or 2), 0 at first
  };
  enum Step : std::uint32_t { Count0, Count1, Write0, Write1 };

  State initialState() const { return State{{0, 0}, {0, 0}, 0}; }

  State apply(const State& state, const Transition& transition) const {
    State next = state;
    const std::uint32_t thread = transition.id % 2;
    if (transition.id < 2) {
      ++next.counter[thread];
    } else {
      next.written[thread] = 1;
      next.cell = thread + 1;
    }
    return next;
  }

  template <typename Sink>
  void forEachSuccessor(const State& state, Sink&& sink) const {
    for (std::uint32_t thread = 0; thread < 2; ++thread) {
      if (state.counter[thread] < kLimit) {
        const Transition count{thread, true};
        sink(count, apply(state, count));
      } else if (!state.written[thread]) {
        const Transition write{2 + thread, false};
        sink(write, apply(state, write));
      }
    }
  }

  bool isFinal(const State& state) const { return state.written[0] && state.written[1]; }
};

// The same machine, saying that its local steps form no cycle (the
// counters only grow): the explorer's reduction needs no proviso.
struct AcyclicCountThenWrite : CountThenWrite {
  bool localStepsFormNoCycle() const { return true; }
};

// The same counts and writes, every count offered before every write and
// the machine saying so: the explorer follows successors as they come.
struct CountsFirstThenWrite : AcyclicCountThenWrite {
  template <typename Sink>
  void forEachSuccessor(const State& state, Sink&& sink) const {
    for (std::uint32_t thread = 0; thread < 2; ++thread) {
      const Transition count{thread, true};
      if (state.counter[thread] < kLimit && !offer(sink, count, apply(state, count))) {
        return;
      }
    }
    for (std::uint32_t thread = 0; thread < 2; ++thread) {
      const Transition write{2 + thread, false};
      if (state.counter[thread] == kLimit && !state.written[thread] &&
          !offer(sink, write, apply(state, write))) {
        return;
      }
    }
  }
  bool offersLocalStepFirst() const { return true; }
};

// The same order, unsaid: the explorer keeps a state's successors until it
// knows whether one is local.
struct CountsFirstUnsaid : CountsFirstThenWrite {
  bool offersLocalStepFirst() const { return false; }
};

// 0 -> 1 -> 0 (a spin), 0 -> 2 (final), 1 -> 3 -> 4 -> 3 (a livelock),
// 0 -> 5 (stuck: no successor, not final).
struct SpinAndStuck {
  struct State {
    std::uint32_t node;
  };
  static constexpr std::uint32_t kEdges[][2] = {{0, 1}, {1, 0}, {0, 2}, {1, 3}, {3, 4}, {4, 3}, {0, 5}};

  State initialState() const { return State{0}; }
  State apply(const State&, const Transition& transition) const { return State{kEdges[transition.id][1]}; }
  template <typename Sink>
  void forEachSuccessor(const State& state, Sink&& sink) const {
    for (std::uint32_t edge = 0; edge < std::size(kEdges); ++edge) {
      if (kEdges[edge][0] == state.node) {
        sink(Transition{edge, false}, State{kEdges[edge][1]});
      }
    }
  }
  bool isFinal(const State& state) const { return state.node == 2; }
};

static_assert(Machine<CountThenWrite>);
static_assert(Machine<SpinAndStuck>);

std::set<std::uint32_t> finalCells(const ExplorationResult<CountThenWrite::State>& result) {
  std::set<std::uint32_t> cells;
  for (const auto& state : result.finalStates) {
    cells.insert(state.cell);
  }
  return cells;
}

ExplorationOptions options(int jobs, bool reduce) {
  ExplorationOptions result;
  result.jobs = jobs;
  result.reduceLocalSteps = reduce;
  return result;
}

}  // namespace

TEST_CASE("without reduction every interleaving's state is counted once", "[statespace]") {
  const auto result = explore(CountThenWrite{}, options(1, false));
  // Per thread: counter 0..3 not written (4) or 3 and written (1): 5 local
  // states, 25 pairs, and the cell is determined but for both-written states
  // (2 values): 24 + 2 = 26.
  CHECK(result.statistics.states == 26);
  CHECK(result.statistics.stopReason == StopReason::Completed);
  CHECK(finalCells(result) == std::set<std::uint32_t>{1, 2});
  CHECK(result.finalStates.size() == 2);
  CHECK(result.hangStates == 0);
}

TEST_CASE("reducing local steps explores fewer states and reaches the same final states", "[statespace]") {
  const auto full = explore(CountThenWrite{}, options(1, false));
  const auto reduced = explore(CountThenWrite{}, options(1, true));
  CHECK(reduced.statistics.states < full.statistics.states);
  CHECK(finalCells(reduced) == finalCells(full));
}

TEST_CASE("one job and two jobs find the same final states and state count", "[statespace]") {
  for (const bool reduce : {false, true}) {
    const auto one = explore(CountThenWrite{}, options(1, reduce));
    const auto two = explore(CountThenWrite{}, options(2, reduce));
    CHECK(finalCells(one) == finalCells(two));
    if (!reduce) {
      CHECK(one.statistics.states == two.statistics.states);
    }
  }
}

TEST_CASE("a machine without cycles is reduced the same way for any number of jobs", "[statespace]") {
  const auto full = explore(AcyclicCountThenWrite{}, options(1, false));
  const auto one = explore(AcyclicCountThenWrite{}, options(1, true));
  const auto two = explore(AcyclicCountThenWrite{}, options(2, true));
  // Each thread counts first, thread 0 before thread 1: 1 + 3 + 3 counted
  // states, then the two orders of the writes (2 + 2).
  CHECK(one.statistics.states == 11);
  CHECK(two.statistics.states == one.statistics.states);
  CHECK(finalCells(one) == finalCells(full));
}

TEST_CASE("successors followed as they come are reduced as successors kept are", "[statespace]") {
  for (const int jobs : {1, 2}) {
    const auto streamed = explore(CountsFirstThenWrite{}, options(jobs, true));
    const auto kept = explore(CountsFirstUnsaid{}, options(jobs, true));
    INFO(jobs << " jobs");
    // As in the test above: 1 + 3 + 3 counted states, then the two orders
    // of the writes (2 + 2).
    CHECK(streamed.statistics.states == 11);
    CHECK(kept.statistics.states == 11);
    CHECK(streamed.statistics.transitions == kept.statistics.transitions);
    CHECK(finalCells(streamed) == std::set<std::uint32_t>{1, 2});
    CHECK(finalCells(kept) == finalCells(streamed));
    CHECK(streamed.hangStates == 0);
  }
}

TEST_CASE("a trace search over a machine without cycles visits the reduced states only", "[statespace]") {
  const AcyclicCountThenWrite machine;
  const auto nothing = [](const CountThenWrite::State&, const Fingerprint&) { return false; };
  const auto reducedSearch = searchTrace(machine, nothing, ExplorationLimits{}, /*reduce=*/true);
  const auto fullSearch = searchTrace(machine, nothing, ExplorationLimits{}, /*reduce=*/false);
  CHECK(reducedSearch.states == explore(machine, options(1, true)).statistics.states);
  CHECK(fullSearch.states == 26);
  const auto trace = searchTrace(
      machine, [&](const CountThenWrite::State& state, const Fingerprint&) { return state.cell == 2; },
      ExplorationLimits{}, /*reduce=*/true);
  REQUIRE(trace.trace.has_value());
  CountThenWrite::State state = trace.trace->initial;
  for (const auto& step : trace.trace->steps) {
    state = machine.apply(state, step.transition);
  }
  CHECK(state.cell == 2);
  // The counts first (thread 0's, then thread 1's), then thread 1's write.
  CHECK(trace.trace->steps.size() == 7);
}

TEST_CASE("states that cannot reach a final state are reported as hangs", "[statespace]") {
  const auto result = explore(SpinAndStuck{}, options(1, false));
  CHECK(result.statistics.states == 6);
  REQUIRE(result.finalStates.size() == 1);
  CHECK(result.finalStates[0].node == 2);
  // 3 and 4 spin forever; 5 is stuck. 0 and 1 can still finish.
  CHECK(result.hangStates == 3);
}

TEST_CASE("without edge recording a stuck state is still a hang", "[statespace]") {
  ExplorationOptions noEdges = options(1, false);
  noEdges.detectHangs = false;
  const auto result = explore(SpinAndStuck{}, noEdges);
  CHECK(result.hangStates == 1);
}

TEST_CASE("a state limit of N stops the exploration at N states on any number of threads and says why",
          "[statespace]") {
  for (const int jobs : {1, 2, 4}) {
    ExplorationOptions limited = options(jobs, false);
    limited.limits.maxStates = 10;
    const auto result = explore(CountThenWrite{}, limited);
    CHECK(result.statistics.stopReason == StopReason::MaxStates);
    CHECK(result.statistics.states == 10);
  }
}

TEST_CASE("a rebuilt trace replays from the initial state to its target", "[statespace]") {
  const CountThenWrite machine;
  const auto trace = findTrace(machine, [&](const CountThenWrite::State& state, const Fingerprint&) {
    return machine.isFinal(state) && state.cell == 1;
  });
  REQUIRE(trace.has_value());
  CountThenWrite::State state = trace->initial;
  for (const auto& step : trace->steps) {
    state = machine.apply(state, step.transition);
    CHECK(fingerprintOf(state) == fingerprintOf(step.state));
  }
  CHECK(state.cell == 1);
  CHECK(trace->steps.size() == 8);  // 6 counts and 2 writes, the second by thread 0
}

TEST_CASE("one search gives several traces, each the one a search for it alone gives", "[statespace]") {
  const CountThenWrite machine;
  // Targets: the final state written last by thread 0 (cell 1), by thread 1
  // (cell 2), and a state no run reaches (cell 3).
  auto targetsOf = [&](const CountThenWrite::State& state, const Fingerprint&) {
    std::vector<std::size_t> targets;
    if (machine.isFinal(state)) {
      targets.push_back(state.cell - 1);
    }
    return targets;
  };
  const auto together = searchTraces(machine, 3, targetsOf, ExplorationLimits{});
  REQUIRE(together.traces.size() == 3);
  CHECK_FALSE(together.traces[2].has_value());
  CHECK(together.stopReason == StopReason::Completed);
  for (std::uint32_t cell = 1; cell <= 2; ++cell) {
    const auto alone = findTrace(machine, [&](const CountThenWrite::State& state, const Fingerprint&) {
      return machine.isFinal(state) && state.cell == cell;
    });
    REQUIRE(alone.has_value());
    REQUIRE(together.traces[cell - 1].has_value());
    const auto& trace = *together.traces[cell - 1];
    REQUIRE(trace.steps.size() == alone->steps.size());
    for (std::size_t step = 0; step < trace.steps.size(); ++step) {
      CHECK(trace.steps[step].transition.id == alone->steps[step].transition.id);
    }
    CHECK(trace.steps.back().state.cell == cell);
  }
}

// The runs an exploration keeps are those of a breadth-first search in the
// same reduced graph: per final state, the search for that state's
// fingerprint finds the very steps the kept links give.
template <typename M>
void checkKeptRunsAreSearchedRuns(const M& machine, bool reduce) {
  ExplorationOptions keeping = options(1, reduce);
  keeping.keepRuns = true;
  const auto kept = explore(machine, keeping);
  const auto plain = explore(machine, options(1, reduce));
  CHECK(kept.statistics.states == plain.statistics.states);
  REQUIRE(kept.runLinks.size() == kept.statistics.states);
  REQUIRE(kept.finalNumbers.size() == kept.finalStates.size());
  REQUIRE_FALSE(kept.finalStates.empty());
  for (std::size_t at = 0; at < kept.finalStates.size(); ++at) {
    const Fingerprint target = fingerprintOf(kept.finalStates[at]);
    const auto run = keptTrace(machine, kept.runLinks, kept.finalNumbers[at]);
    const auto searched = searchTrace(
        machine, [&](const typename M::State&, const Fingerprint& state) { return state == target; },
        ExplorationLimits{}, reduce);
    REQUIRE(searched.trace.has_value());
    REQUIRE(run.steps.size() == searched.trace->steps.size());
    for (std::size_t step = 0; step < run.steps.size(); ++step) {
      CHECK(run.steps[step].transition.id == searched.trace->steps[step].transition.id);
      CHECK(fingerprintOf(run.steps[step].state) == fingerprintOf(searched.trace->steps[step].state));
    }
  }
}

TEST_CASE("an exploration that keeps its runs gives each final state the run a search finds",
          "[statespace]") {
  checkKeptRunsAreSearchedRuns(CountThenWrite{}, false);
  checkKeptRunsAreSearchedRuns(AcyclicCountThenWrite{}, true);
  checkKeptRunsAreSearchedRuns(CountsFirstThenWrite{}, true);
  checkKeptRunsAreSearchedRuns(CountsFirstUnsaid{}, true);
}

TEST_CASE("a kept run replays to its final state, a shortest one", "[statespace]") {
  const CountThenWrite machine;
  ExplorationOptions keeping = options(1, false);
  keeping.keepRuns = true;
  const auto kept = explore(machine, keeping);
  bool found = false;
  for (std::size_t at = 0; at < kept.finalStates.size(); ++at) {
    if (kept.finalStates[at].cell != 1) {
      continue;
    }
    found = true;
    const auto run = keptTrace(machine, kept.runLinks, kept.finalNumbers[at]);
    CHECK(fingerprintOf(run.steps.back().state) == fingerprintOf(kept.finalStates[at]));
    // Every run to it: 6 counts and 2 writes, the second by thread 0.
    CHECK(run.steps.size() == 8);
  }
  CHECK(found);
}

TEST_CASE("an exploration with several jobs keeps no runs", "[statespace]") {
  ExplorationOptions keeping = options(2, true);
  keeping.keepRuns = true;
  const auto result = explore(AcyclicCountThenWrite{}, keeping);
  CHECK(result.runLinks.empty());
  CHECK(result.finalNumbers.empty());
  CHECK(result.statistics.states == explore(AcyclicCountThenWrite{}, options(1, true)).statistics.states);
}

TEST_CASE("a search for several traces stops where the state limit stops a search for one", "[statespace]") {
  const CountThenWrite machine;
  ExplorationLimits limits;
  limits.maxStates = 5;
  const auto cut = searchTraces(
      machine, 2,
      [&](const CountThenWrite::State& state, const Fingerprint&) {
        return machine.isFinal(state) ? std::vector<std::size_t>{state.cell - 1} : std::vector<std::size_t>{};
      },
      limits);
  CHECK(cut.stopReason == StopReason::MaxStates);
  CHECK_FALSE(cut.traces[0].has_value());
  CHECK_FALSE(cut.traces[1].has_value());
  CHECK(cut.states <= 5);
}

TEST_CASE("the fingerprint set grows past its first size and never loses an entry whether shared or not",
          "[statespace]") {
  const bool shared = GENERATE(true, false);
  FingerprintSet set(16, shared);
  for (std::uint64_t value = 0; value < 100000; ++value) {
    REQUIRE(set.insert(Fingerprint{value * 0x9E3779B97F4A7C15ull, value}));
  }
  CHECK(set.size() == 100000);
  for (std::uint64_t value = 0; value < 100000; value += 997) {
    CHECK_FALSE(set.insert(Fingerprint{value * 0x9E3779B97F4A7C15ull, value}));
    CHECK(set.contains(Fingerprint{value * 0x9E3779B97F4A7C15ull, value}));
  }
  CHECK(set.bytesReserved() >= 100000 * sizeof(Fingerprint));
}

TEST_CASE("a trace search obeys the state limit and says why it found no trace", "[statespace]") {
  const CountThenWrite machine;
  auto writtenByOne = [&](const CountThenWrite::State& state, const Fingerprint&) {
    return machine.isFinal(state) && state.cell == 1;
  };
  ExplorationLimits limits;
  limits.maxStates = 5;
  const auto cut = searchTrace(machine, writtenByOne, limits);
  CHECK_FALSE(cut.trace.has_value());
  CHECK(cut.stopReason == StopReason::MaxStates);
  CHECK(cut.states <= 5);
  const auto whole = searchTrace(machine, writtenByOne, ExplorationLimits{});
  CHECK(whole.trace.has_value());
  CHECK(whole.stopReason == StopReason::Completed);
}

TEST_CASE("an interrupt flag stops the exploration and the trace search as a limit does", "[statespace]") {
  const std::atomic<bool> interrupted{true};
  ExplorationOptions stopped = options(2, false);
  stopped.limits.interrupted = &interrupted;
  const auto result = explore(CountThenWrite{}, stopped);
  CHECK(result.statistics.stopReason == StopReason::Interrupted);
  CHECK(result.statistics.states < 26);
  const auto search = searchTrace(
      CountThenWrite{}, [](const CountThenWrite::State&, const Fingerprint&) { return false; },
      stopped.limits);
  CHECK(search.stopReason == StopReason::Interrupted);
  CHECK_FALSE(search.trace.has_value());
}

TEST_CASE("the example hang is the nearest to the initial state, whatever the number of jobs",
          "[statespace]") {
  // Every hang is kept; the trace goes to the nearest (5, one step away),
  // not to whichever a worker found first.
  for (const int jobs : {1, 2}) {
    const auto result = explore(SpinAndStuck{}, options(jobs, false));
    CHECK(result.hangExamples.size() == 3);
    const std::unordered_set<Fingerprint, FingerprintHash> hangs(result.hangExamples.begin(),
                                                                 result.hangExamples.end());
    const auto trace = findTrace(SpinAndStuck{}, [&](const SpinAndStuck::State&, const Fingerprint& at) {
      return hangs.contains(at);
    });
    REQUIRE(trace.has_value());
    REQUIRE(trace->steps.size() == 1);
    CHECK(trace->steps[0].state.node == 5);
  }
}

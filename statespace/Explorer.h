// The parallel explicit-state explorer (docs/architecture.md "Exploration").
//
// Work-stealing over the frontier with oneTBB: each worker expands a stack
// of states of its own, pushing each successor whose fingerprint is new,
// and hands half of its stack to a task that idle workers steal when few
// such tasks wait. The fingerprint set is the only structure every state
// meets. With one job the frontier is one stack, expanded in a loop
// without tasks.
//
// Partial-order reduction: when a state has a local transition (see
// Transition::local) whose successor is new, only that transition is
// followed; the others stay enabled in the successor because local steps
// commute with them. Where local steps may form a cycle, a state whose local
// successor was seen before is expanded fully: that proviso keeps a cycle of
// local steps from hiding the other threads' steps forever (the ignoring
// problem). A machine whose local steps form no cycle
// (localStepsFormNoCycle, Machine.h) needs none: each cycle leaves some
// state by a step that is not local, and that state is expanded fully. Its
// reduced graph is then the same in every order of discovery.
//
// Keeping runs (ExplorationOptions::keepRuns, one job): the frontier is a
// queue instead of a stack, so states are expanded breadth-first in the
// order reached, and each new state's link names the state being expanded
// (whose number is the count of states expanded before it) and the step.
#pragma once

#include <tbb/concurrent_vector.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "statespace/Exploration.h"
#include "statespace/FingerprintSet.h"
#include "statespace/HangAnalysis.h"
#include "statespace/Machine.h"

namespace opcheck::statespace {

template <typename State>
struct Successor {
  Transition transition;
  State state;
  Fingerprint fingerprint;
};

// A state waiting to be expanded, with its fingerprint, so that it is hashed
// once, when it is reached.
template <typename State>
struct FrontierEntry {
  State state;
  Fingerprint fingerprint;
};

// Calls a progress callback about once a second on a thread of its own
// until finish() (or destruction); does nothing without a callback.
class ProgressReporter {
 public:
  ProgressReporter(const std::function<void(const ExplorationProgress&)>& callback,
                   std::function<ExplorationProgress()> sample) {
    if (!callback) {
      return;
    }
    thread_ = std::thread([this, callback, sample = std::move(sample)] {
      std::unique_lock lock(mutex_);
      while (!done_) {
        if (!wake_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; })) {
          callback(sample());
        }
      }
    });
  }
  ~ProgressReporter() { finish(); }
  ProgressReporter(const ProgressReporter&) = delete;
  ProgressReporter& operator=(const ProgressReporter&) = delete;

  void finish() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) {
      thread_.join();
    }
  }

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

// Takes a state off the frontier's count (when one is kept) as it goes out
// of scope: a state counts as expanded whichever way its expansion returns.
class FrontierDeparture {
 public:
  explicit FrontierDeparture(std::atomic<std::uint64_t>* frontier) : frontier_(frontier) {}
  ~FrontierDeparture() {
    if (frontier_ != nullptr) {
      frontier_->fetch_sub(1, std::memory_order_relaxed);
    }
  }
  FrontierDeparture(const FrontierDeparture&) = delete;
  FrontierDeparture& operator=(const FrontierDeparture&) = delete;

 private:
  std::atomic<std::uint64_t>* frontier_;
};

template <Machine M>
ExplorationResult<typename M::State> explore(const M& machine, const ExplorationOptions& options) {
  using State = typename M::State;
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();

  const bool noLocalCycle = localStepsFormNoCycle(machine);
  // Successors followed as they come: without the reduction, or where the
  // first successor offered is the only one that can be local.
  const bool streaming = !options.reduceLocalSteps || (noLocalCycle && offersLocalStepFirst(machine));
  FingerprintSet seen(std::size_t{1} << 12, options.jobs > 1);
  tbb::concurrent_vector<State> finals;
  tbb::concurrent_vector<Fingerprint> deadlocks;
  tbb::enumerable_thread_specific<std::vector<Edge>> edges;
  // Counted per worker and added up at the end: a counter that every worker
  // writes on every step would bounce between their caches.
  struct Counts {
    std::uint64_t transitions = 0;
    std::uint64_t revisits = 0;
  };
  tbb::enumerable_thread_specific<Counts> counts;
  // With a state limit only: the states reached so far, exactly.
  std::atomic<std::uint64_t> reached{1};
  // States handed to the workers and not yet expanded (for progress only).
  // Counted only when someone watches: a shared counter costs every step.
  std::atomic<std::uint64_t> frontier{1};
  const bool countFrontier = static_cast<bool>(options.progress);
  std::atomic<int> stopReason{static_cast<int>(StopReason::Completed)};

  // Cancelled at a stop: the states still waiting in the frontier are then
  // dropped at once rather than handed one by one to workers that would
  // return straight away, which after a long run takes seconds past the
  // deadline.
  tbb::task_group_context work;
  auto stop = [&](StopReason reason) {
    int expected = static_cast<int>(StopReason::Completed);
    if (stopReason.compare_exchange_strong(expected, static_cast<int>(reason))) {
      work.cancel_group_execution();
    }
  };
  auto stopped = [&] { return stopReason.load(std::memory_order_relaxed) != 0; };

  const State initial = machine.initialState();
  seen.insert(fingerprintOf(initial));

  // keepRuns: the links of the states reached, the numbers of the final
  // ones, and the number of the state being expanded.
  bool keepingRuns = options.keepRuns && options.jobs <= 1;
  std::vector<RunLink> runLinks;
  std::vector<std::uint64_t> finalNumbers;
  std::uint64_t expanding = 0;
  if (keepingRuns) {
    runLinks.push_back(RunLink{});  // the initial state's
  }

  auto expand = [&](const FrontierEntry<State>& entry, auto& feeder) {
    const State& state = entry.state;
    const FrontierDeparture expanded(countFrontier ? &frontier : nullptr);
    if (stopped()) {
      return;
    }
    if (options.limits.interrupted != nullptr &&
        options.limits.interrupted->load(std::memory_order_relaxed)) {
      stop(StopReason::Interrupted);
      return;
    }
    if (options.limits.deadline.passed()) {
      stop(StopReason::Timeout);
      return;
    }
    const Fingerprint& from = entry.fingerprint;
    Counts& mine = counts.local();
    std::vector<Edge>* myEdges = options.detectHangs ? &edges.local() : nullptr;
    auto follow = [&](const Transition& transition, const State& next, const Fingerprint& fingerprint) {
      ++mine.transitions;
      if (myEdges != nullptr) {
        myEdges->push_back(Edge{from, fingerprint});
      }
      if (options.limits.maxStates != 0 && !seen.contains(fingerprint)) {
        // --max-states N stores N states, no more: a slot is taken before
        // the state is stored, and given back when another worker stored
        // it first.
        if (reached.fetch_add(1, std::memory_order_relaxed) >= options.limits.maxStates) {
          reached.fetch_sub(1, std::memory_order_relaxed);
          stop(StopReason::MaxStates);
          return;
        }
        if (!seen.insert(fingerprint)) {
          reached.fetch_sub(1, std::memory_order_relaxed);
          ++mine.revisits;
          return;
        }
      } else if (!seen.insert(fingerprint)) {
        ++mine.revisits;
        return;
      }
      if (countFrontier) {
        frontier.fetch_add(1, std::memory_order_relaxed);
      }
      if (keepingRuns) {
        if (runLinks.size() > std::numeric_limits<std::uint32_t>::max()) {
          // Past what a link's number holds: no runs are kept.
          keepingRuns = false;
          std::vector<RunLink>().swap(runLinks);
          std::vector<std::uint64_t>().swap(finalNumbers);
        } else {
          runLinks.push_back(RunLink{static_cast<std::uint32_t>(expanding), transition.id});
        }
      }
      feeder.add(FrontierEntry<State>{next, fingerprint});
    };
    bool any = false;
    bool final = false;
    if (streaming) {
      // Every successor offered is followed, but a local one offered first,
      // which is followed alone: nothing is kept until the machine is done.
      final = statespace::expand(machine, state, [&](const Transition& transition, const State& next) {
        const bool first = !any;
        any = true;
        follow(transition, next, fingerprintOf(next));
        return !(first && transition.local && options.reduceLocalSteps);
      });
    } else {
      // Reused from one state to the next (no allocation per state).
      thread_local std::vector<Successor<State>> successors;
      successors.clear();
      // Partial-order reduction: the first local step is followed alone, and
      // the machine need not build the rest. Where its local steps may form a
      // cycle, only a step to a state not yet seen (the proviso: a seen one
      // may close a cycle that leaves the other steps out for ever).
      // A successor is hashed once it is known to be followed: those built
      // before a local step are dropped unhashed.
      bool alone = false;
      bool hashed = false;
      final = statespace::expand(machine, state, [&](const Transition& transition, const State& next) {
        if (alone) {
          return false;
        }
        if (options.reduceLocalSteps && transition.local) {
          if (noLocalCycle) {
            successors.clear();
            alone = true;
          } else if (const Fingerprint fingerprint = fingerprintOf(next); !seen.contains(fingerprint)) {
            successors.clear();
            successors.push_back(Successor<State>{transition, next, fingerprint});
            hashed = true;
            return false;
          }
        }
        successors.push_back(Successor<State>{transition, next, Fingerprint{}});
        return !alone;
      });
      if (!hashed) {
        for (Successor<State>& successor : successors) {
          successor.fingerprint = fingerprintOf(successor.state);
        }
      }
      any = !successors.empty();
      for (const Successor<State>& successor : successors) {
        follow(successor.transition, successor.state, successor.fingerprint);
      }
    }
    if (final) {
      finals.push_back(state);
      if (keepingRuns) {
        finalNumbers.push_back(expanding);
      }
    } else if (!any) {
      deadlocks.push_back(from);  // stuck before the end: a hang
    }
  };

  ProgressReporter reporter(options.progress, [&] {
    return ExplorationProgress{seen.size(), frontier.load(std::memory_order_relaxed), residentBytes(),
                               std::chrono::duration<double>(Clock::now() - start).count()};
  });
  if (keepingRuns) {
    // Breadth-first, a level at a time: the states are expanded in the
    // order reached, so the one being expanded is numbered by the count of
    // those before it. Two vectors, reused from level to level (a deque
    // of states this large allocates a block per state).
    struct Level {
      std::vector<FrontierEntry<State>> entries;
      void add(const FrontierEntry<State>& entry) { entries.push_back(entry); }
    } level, next;
    level.add(FrontierEntry<State>{initial, fingerprintOf(initial)});
    while (!level.entries.empty() && !stopped()) {
      for (const FrontierEntry<State>& entry : level.entries) {
        if (stopped()) {
          break;
        }
        expand(entry, next);
        ++expanding;
      }
      std::swap(level.entries, next.entries);
      next.entries.clear();
    }
  } else if (options.jobs <= 1) {
    // One worker: the frontier is a plain stack. The tasks, feeder and
    // arena the parallel search needs cost about a tenth of a small
    // state's expansion, and nobody is there to steal the work.
    struct Stack {
      std::vector<FrontierEntry<State>> entries;
      void add(const FrontierEntry<State>& entry) { entries.push_back(entry); }
    } stack;
    stack.add(FrontierEntry<State>{initial, fingerprintOf(initial)});
    while (!stack.entries.empty() && !stopped()) {
      const FrontierEntry<State> entry = stack.entries.back();
      stack.entries.pop_back();
      expand(entry, stack);
    }
  } else {
    // Several workers: each expands, depth first, a stack of its own, and
    // hands the older half of it (the shallower states, whose subtrees are
    // the largest) to a new task only when fewer than two such tasks wait
    // to be stolen. A task per state, as a parallel loop with a feeder
    // makes, costs a shared queue operation and a copy of the state for
    // every state: at 16 workers that, not the work, bounds the speed-up.
    struct Stack {
      std::vector<FrontierEntry<State>> entries;
      void add(const FrontierEntry<State>& entry) { entries.push_back(entry); }
    };
    constexpr int kWaitingTasks = 2;
    std::atomic<int> waiting{0};
    tbb::task_group group(work);
    std::function<void(Stack&)> drain = [&](Stack& stack) {
      while (!stack.entries.empty() && !stopped()) {
        const FrontierEntry<State> entry = std::move(stack.entries.back());
        stack.entries.pop_back();
        expand(entry, stack);
        if (stack.entries.size() >= 2 && waiting.load(std::memory_order_relaxed) < kWaitingTasks) {
          const auto half = stack.entries.begin() + static_cast<std::ptrdiff_t>(stack.entries.size() / 2);
          // oneTBB runs a task's function as const: the stack it hands on
          // is held through a pointer.
          auto shared = std::make_shared<Stack>(
              Stack{{std::make_move_iterator(stack.entries.begin()), std::make_move_iterator(half)}});
          stack.entries.erase(stack.entries.begin(), half);
          waiting.fetch_add(1, std::memory_order_relaxed);
          group.run([&drain, &waiting, shared] {
            waiting.fetch_sub(1, std::memory_order_relaxed);
            drain(*shared);
          });
        }
      }
    };
    tbb::task_arena arena(options.jobs);
    arena.execute([&] {
      group.run([&] {
        Stack root;
        root.add(FrontierEntry<State>{initial, fingerprintOf(initial)});
        drain(root);
      });
      group.wait();
    });
  }
  reporter.finish();

  ExplorationResult<State> result;
  result.finalStates = std::move(finals);
  if (keepingRuns) {
    result.runLinks = std::move(runLinks);
    result.finalNumbers = std::move(finalNumbers);
  }
  ExplorationStatistics& statistics = result.statistics;
  statistics.states = seen.size();
  for (const Counts& worker : counts) {
    statistics.transitions += worker.transitions;
    statistics.revisits += worker.revisits;
  }
  statistics.fingerprintBytes = seen.bytesReserved();
  statistics.stopReason = static_cast<StopReason>(stopReason.load());

  // The states where hangs end, in no particular order: the trace search
  // picks the example (the order in which workers found them varies with
  // --jobs). Without edges, the stuck states are those.
  std::vector<Fingerprint> examples(deadlocks.begin(), deadlocks.end());
  result.hangStates = deadlocks.size();
  if (options.detectHangs && statistics.stopReason == StopReason::Completed) {
    std::vector<Fingerprint> finalFingerprints;
    for (const State& state : result.finalStates) {
      finalFingerprints.push_back(fingerprintOf(state));
    }
    std::vector<Edge> allEdges;
    for (std::vector<Edge>& local : edges) {
      allEdges.insert(allEdges.end(), local.begin(), local.end());
      std::vector<Edge>().swap(local);
    }
    Hangs hangs = analyseHangs(fingerprintOf(initial), allEdges, finalFingerprints);
    result.hangStates = hangs.cannotFinish.size();
    examples = std::move(hangs.ends);  // the stuck states are among them
  }
  result.hangExamples = std::move(examples);
  statistics.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  statistics.peakResidentBytes = peakResidentBytes();
  return result;
}

}  // namespace opcheck::statespace

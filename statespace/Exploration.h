// What an exploration found and what it cost.
#pragma once

#include <tbb/concurrent_vector.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "statespace/Deadline.h"
#include "statespace/Fingerprint.h"

namespace opcheck::statespace {

// The limits of one exploration, and of the trace searches after it
// (TraceBuilder.h), which count their states afresh and share the deadline.
struct ExplorationLimits {
  std::uint64_t maxStates = 0;  // at most this many distinct states; 0: no limit
  Deadline deadline;            // none: no time limit
  // Set by another thread or a signal handler (Ctrl-C): stop as at a limit.
  const std::atomic<bool>* interrupted = nullptr;
};

// How far an exploration has gone, for a progress display.
struct ExplorationProgress {
  std::uint64_t states = 0;    // distinct states reached so far
  std::uint64_t frontier = 0;  // states reached but not yet expanded
  std::uint64_t residentBytes = 0;
  double seconds = 0;  // since the exploration started
};

struct ExplorationOptions {
  int jobs = 1;
  bool reduceLocalSteps = true;  // partial-order reduction of local transitions
  bool detectHangs = true;       // record edges, find states that cannot finish
  // Keep how each state was first reached (RunLink), so that a run to any
  // state is read off the exploration (keptTrace, TraceBuilder.h) rather
  // than found by a second search. Kept with one job only: the exploration
  // is then breadth-first, and each state's link is the one a breadth-first
  // search from the initial state sets (TraceBuilder.h says what that run
  // is). With several jobs nothing is kept: a link would be whichever
  // worker got there first.
  bool keepRuns = false;
  ExplorationLimits limits;
  // When set, called about once a second from a thread of its own while the
  // exploration runs (never after explore returns), so that a long run can
  // show that it is alive; the exploration itself never waits for it.
  std::function<void(const ExplorationProgress&)> progress;
};

// How an exploration that keeps its runs first reached a state: the number
// of the state it came from (states are numbered in the order reached, the
// initial state 0) and the step's Transition::id. 8 bytes a state.
struct RunLink {
  std::uint32_t from = 0;
  std::uint32_t step = 0;
};

enum class StopReason { Completed, MaxStates, Timeout, Interrupted };

struct ExplorationStatistics {
  std::uint64_t states = 0;       // distinct states reached (fingerprints stored)
  std::uint64_t transitions = 0;  // transitions followed
  std::uint64_t revisits = 0;     // transitions into states already seen
  std::uint64_t fingerprintBytes = 0;
  std::uint64_t peakResidentBytes = 0;
  double seconds = 0;
  StopReason stopReason = StopReason::Completed;
};

template <typename State>
struct ExplorationResult {
  // Distinct; in no particular order. Kept as the workers filled it: a run
  // may end with millions of final states, whose copy would take seconds
  // past the deadline.
  tbb::concurrent_vector<State> finalStates;
  // States from which no final state can be reached (deadlocks and
  // livelocks such as a spin loop that can never exit), when detectHangs.
  std::uint64_t hangStates = 0;
  // The states where hangs end (stuck states, and cycles that cannot be
  // left: HangAnalysis.h); a trace to one of them is rebuilt by findTrace,
  // which picks the nearest to the initial state, so that the example does
  // not depend on which worker found what (--jobs).
  std::vector<Fingerprint> hangExamples;
  // With ExplorationOptions::keepRuns (and one job): per state, in the
  // order reached, how it was first reached (the initial state's link is
  // unused), and per final state, in finalStates' order, its number.
  // Empty otherwise, and past 2^32 states.
  std::vector<RunLink> runLinks;
  std::vector<std::uint64_t> finalNumbers;
  ExplorationStatistics statistics;
};

// Peak resident memory of this process so far (VmHWM), in bytes; 0 where
// the system does not say.
std::uint64_t peakResidentBytes();

// Resident memory of this process now (VmRSS), in bytes; 0 where the system
// does not say.
std::uint64_t residentBytes();

}  // namespace opcheck::statespace

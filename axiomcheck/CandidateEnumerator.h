// Runs an axiomatic model on a litmus test (docs/architecture.md "Axiomatic models"):
// enumerates the candidate executions (one path per thread, rf, values along
// rf and dependencies, barrier synchronization), lets the model make its own
// choices and check its axioms, and collects the final states of the
// executions the model allows, as herd does.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "axiomcheck/AxiomaticModel.h"
#include "litmus/Outcome.h"
#include "litmus/Test.h"
#include "statespace/Deadline.h"

namespace opcheck::axiomcheck {

// How far a long enumeration has gone (CheckOptions::progress).
struct CandidateProgress {
  std::uint64_t candidates = 0;  // counted so far (Outcome::candidates)
  double seconds = 0;            // since the enumeration started
};

struct CheckOptions {
  unsigned unroll = 2;  // --unroll K: backward jumps taken at most K times
  // Limits on one test (docs/architecture.md "Limits"): candidates counted
  // as Outcome::candidates (--max-candidates), the deadline of the test's
  // run (--timeout; shared with ptx-op's side where a command runs both),
  // and a flag another thread or a signal handler sets (Ctrl-C, SIGTERM).
  // 0 / none / null: no limit.
  // A limit reached ends the enumeration with the outcome so far and
  // Outcome::stopped set: the report is partial.
  std::uint64_t maxCandidates = 0;
  statespace::Deadline deadline;
  const std::atomic<bool>* interrupted = nullptr;
  // When set, called about once a second from the enumerating thread while
  // the enumeration runs, so that a long run can show that it is alive.
  std::function<void(const CandidateProgress&)> progress;
};

// Throws litmus::InputError (naming FILE) when the model cannot judge TEST.
litmus::Outcome checkTest(const litmus::Test& test, const AxiomaticModel& model, const CheckOptions& options,
                          const std::string& file);

}  // namespace opcheck::axiomcheck

// The limits of one model's run on one test, as every command that runs
// models takes them (README "Use"): the states ptx-op explores (and, counted
// apart, each trace search after it), the candidate executions an axiomatic
// model enumerates, seconds per test, and an interrupt (Ctrl-C, SIGTERM)
// that stops every run as a limit does. A plain struct: the command line
// reads it (cli/Limits.h), and cross-validation and tests fill it in.
//
// The seconds become one deadline per run of a test (deadlineFromNow),
// which every search of that run shares: ptx-op's exploration, its hang and
// witness traces, the axiomatic enumeration, and compare's searches for the
// runs to show. A fresh timeout per search would let a test take several
// times --timeout.
#pragma once

#include <atomic>
#include <cstdint>

#include "axiomcheck/CandidateEnumerator.h"
#include "opsem/OperationalModel.h"
#include "statespace/Deadline.h"

namespace opcheck::crosscheck {

struct RunLimits {
  std::uint64_t maxStates = 0;      // 0: no limit
  std::uint64_t maxCandidates = 0;  // 0: no limit
  double timeoutSeconds = 0;        // 0: no limit
  // Set by a signal handler or another thread: stop as at a limit.
  const std::atomic<bool>* interrupted = nullptr;

  // The deadline of a run that starts now (none without a timeout).
  statespace::Deadline deadlineFromNow() const { return statespace::Deadline::after(timeoutSeconds); }
};

// LIMITS' counts and interrupt in each model's options; the time limit is
// the run's deadline (setDeadline), set when the run starts.
void applyLimits(const RunLimits& limits, opsem::OperationalOptions& options);
void applyLimits(const RunLimits& limits, axiomcheck::CheckOptions& options);

// DEADLINE as the time limit of every search OPTIONS are given to.
void setDeadline(const statespace::Deadline& deadline, opsem::OperationalOptions& options);
void setDeadline(const statespace::Deadline& deadline, axiomcheck::CheckOptions& options);

}  // namespace opcheck::crosscheck

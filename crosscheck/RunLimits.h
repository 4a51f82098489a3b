// The limits of one model's run on one test, as every command that runs
// models takes them (README "Use"): the states ptx-op explores (and, counted
// afresh, each trace search after it), the candidate executions an
// axiomatic model enumerates, seconds per test and model, and an interrupt
// (Ctrl-C) that stops every run as a limit does. A plain struct: the command
// line reads it (cli/Limits.h), and cross-validation and tests fill it in.
#pragma once

#include <atomic>
#include <cstdint>

#include "axiomcheck/CandidateEnumerator.h"
#include "opsem/OperationalModel.h"

namespace opcheck::crosscheck {

struct RunLimits {
  std::uint64_t maxStates = 0;      // 0: no limit
  std::uint64_t maxCandidates = 0;  // 0: no limit
  double timeoutSeconds = 0;        // 0: no limit
  // Set by a signal handler or another thread: stop as at a limit.
  const std::atomic<bool>* interrupted = nullptr;
};

// LIMITS in each model's options.
void applyLimits(const RunLimits& limits, opsem::OperationalOptions& options);
void applyLimits(const RunLimits& limits, axiomcheck::CheckOptions& options);

}  // namespace opcheck::crosscheck

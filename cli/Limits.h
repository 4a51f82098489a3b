// The limits every command that runs models takes (issue 17): --max-states
// (ptx-op's exploration and its trace searches), --max-candidates (the
// axiomatic models' enumeration), --timeout SECONDS (fractions allowed; per
// test and model, also bounding the wait for an input file such as a FIFO
// with no writer), and Ctrl-C, which stops every run as a limit does.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "axiomcheck/CandidateEnumerator.h"
#include "opsem/OperationalModel.h"

namespace opcheck::cli {

struct RunLimits {
  std::uint64_t maxStates = 0;      // 0: no limit
  std::uint64_t maxCandidates = 0;  // 0: no limit
  double timeoutSeconds = 0;        // 0: no limit
};

// --max-states N, --max-candidates N and --timeout SECONDS on APP, read
// into LIMITS.
void addLimitOptions(CLI::App& app, RunLimits& limits);

// LIMITS, with the interrupt flag, in each model's options.
void applyLimits(const RunLimits& limits, opsem::OperationalOptions& options);
void applyLimits(const RunLimits& limits, axiomcheck::CheckOptions& options);

// Also makes readFileUpTo give up waiting for input after the timeout.
void applyInputLimits(const RunLimits& limits);

}  // namespace opcheck::cli

// The limits every command that runs models takes, read from the command
// line into crosscheck::RunLimits (crosscheck/RunLimits.h): --max-states
// (ptx-op's exploration and its trace searches), --max-candidates (the
// axiomatic models' enumeration), --timeout SECONDS (fractions allowed; per
// test and model, also bounding the wait for an input file such as a FIFO
// with no writer), and Ctrl-C, which stops every run as a limit does.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "crosscheck/RunLimits.h"

namespace opcheck::cli {

using crosscheck::applyLimits;
using crosscheck::RunLimits;

// --max-states N, --max-candidates N and --timeout SECONDS on APP, read
// into LIMITS, which Ctrl-C (cli/Interrupt.h) also stops.
void addLimitOptions(CLI::App& app, RunLimits& limits);

// Also makes readFileUpTo give up waiting for input after the timeout.
void applyInputLimits(const RunLimits& limits);

}  // namespace opcheck::cli

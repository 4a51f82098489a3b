// The limits every command that runs models takes, read from the command
// line into crosscheck::RunLimits (crosscheck/RunLimits.h): --max-states N
// (ptx-op's exploration, and apart each trace search after it),
// --max-candidates N (the axiomatic models' enumeration), --timeout SECONDS
// (fractions allowed; one deadline per test shared by every search of its
// run, also bounding the wait for an input file such as a FIFO with no
// writer), and Ctrl-C or SIGTERM, which stop every run as a limit does.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "crosscheck/RunLimits.h"

namespace opcheck::cli {

using crosscheck::applyLimits;
using crosscheck::RunLimits;
using crosscheck::setDeadline;

// --max-states N, --max-candidates N and --timeout SECONDS on APP, read
// into LIMITS, which Ctrl-C and SIGTERM (cli/Interrupt.h) also stop.
void addLimitOptions(CLI::App& app, RunLimits& limits);

// Also makes readFileUpTo give up waiting for input after the timeout.
void applyInputLimits(const RunLimits& limits);

}  // namespace opcheck::cli

// The progress line of a long exploration or enumeration: when standard
// error is a terminal, about once a second one line there is overwritten
// with the states explored, the rate, the frontier, the memory in use and
// the time elapsed (ptx-op), or the candidates checked, the rate and the
// time elapsed (an axiomatic model), and cleared at the end. Never when standard error is not a
// terminal (CI, tests, a log file) unless --progress forces it; --no-progress
// turns it off. statespace/ and axiomcheck/ report the numbers
// (ExplorationProgress, CandidateProgress); this file only words them.
#pragma once

#include <string>

#include "axiomcheck/CandidateEnumerator.h"
#include "statespace/Exploration.h"

namespace opcheck::cli {

// --progress (On), --no-progress (Off), or neither (Auto).
enum class ProgressMode { Auto, On, Off };

// Whether to show progress: as MODE forces, else when standard error is a
// terminal.
bool showProgress(ProgressMode mode, bool standardErrorIsTerminal);

// "exploring: 1,234,567 states, 18,848 states/s, frontier 12,345, 19.0 MiB,
// 1:05" (elapsed as M:SS, or H:MM:SS past an hour).
std::string progressLine(const statespace::ExplorationProgress& progress);

// "checking: 1,234,567 candidates, 98,765 candidates/s, 0:12".
std::string progressLine(const axiomcheck::CandidateProgress& progress);

// What writes LINE over the previous one on a terminal: carriage return,
// erase to the end of the line (ECMA-48 EL, "\033[K"), then LINE.
std::string overwriting(const std::string& line);

}  // namespace opcheck::cli

// Ctrl-C (SIGINT) and SIGTERM as a limit: the handler only sets a flag,
// which the exploration, the candidate enumeration, the trace searches,
// input reading and the loops over tests poll; each command then prints what
// it has (finished tests in full, the rest marked partial), writes its
// --report, and exits 128 + the signal's number (130 for SIGINT, 143 for
// SIGTERM), as a shell reports a process that the signal ended. A second
// signal ends the process at once (the handler is reset after the first).
#pragma once

#include <atomic>

namespace opcheck::cli {

// Installs the handler for SIGINT and SIGTERM (once, from main).
void installInterruptHandler();

// The flag the handler sets; lock-free, so setting it is signal-safe.
const std::atomic<bool>& interruptFlag();

inline bool interrupted() { return interruptFlag().load(std::memory_order_relaxed); }

// The exit status after an interrupt: 128 + the number of the first signal
// (kInterrupted for SIGINT, kTerminated for SIGTERM).
int interruptStatus();

}  // namespace opcheck::cli

// Ctrl-C (SIGINT) as a limit: the handler only sets a flag, which the
// exploration, the candidate enumeration, the trace searches, input reading
// and the loops over tests poll; each command then prints what it has
// (finished tests in full, the rest marked partial) and exits 130, as a shell
// reports a process ended by SIGINT. A second Ctrl-C ends the process at once
// (the handler is reset after the first).
#pragma once

#include <atomic>

namespace opcheck::cli {

// Installs the handler (once, from main).
void installInterruptHandler();

// The flag the handler sets; lock-free, so setting it is signal-safe.
const std::atomic<bool>& interruptFlag();

inline bool interrupted() { return interruptFlag().load(std::memory_order_relaxed); }

}  // namespace opcheck::cli

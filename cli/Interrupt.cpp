#include "cli/Interrupt.h"

#include <signal.h>

namespace opcheck::cli {

namespace {

std::atomic<bool> flag{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs a lock-free flag");

extern "C" void onInterrupt(int) { flag.store(true, std::memory_order_relaxed); }

}  // namespace

void installInterruptHandler() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  // No SA_RESTART: a read or open blocked on input (a FIFO with no writer)
  // returns EINTR and the command goes on to report. SA_RESETHAND: a second
  // Ctrl-C kills as usual.
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
}

const std::atomic<bool>& interruptFlag() { return flag; }

}  // namespace opcheck::cli

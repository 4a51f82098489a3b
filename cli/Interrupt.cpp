#include "cli/Interrupt.h"

#include <signal.h>

#include "cli/ExitStatus.h"

namespace opcheck::cli {

namespace {

std::atomic<bool> flag{false};
std::atomic<int> firstSignal{0};
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs a lock-free flag");
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free signal number");

extern "C" void onInterrupt(int signal) {
  int none = 0;
  firstSignal.compare_exchange_strong(none, signal, std::memory_order_relaxed);
  flag.store(true, std::memory_order_relaxed);
}

}  // namespace

void installInterruptHandler() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  // No SA_RESTART: a read or open blocked on input (a FIFO with no writer)
  // returns EINTR and the command goes on to report. SA_RESETHAND: a second
  // signal of the same kind kills as usual.
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

const std::atomic<bool>& interruptFlag() { return flag; }

int interruptStatus() {
  return firstSignal.load(std::memory_order_relaxed) == SIGTERM ? kTerminated : kInterrupted;
}

}  // namespace opcheck::cli

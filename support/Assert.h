// OPCHECK_ASSERT(cond, "message"): a precondition or invariant of opcheck's
// own code, checked in every build (CBMC's INVARIANT, style.md "Invariants
// stated in code"). A broken one is a bug in opcheck, never bad input: it
// prints "FILE:LINE: internal error: MESSAGE (COND)" and aborts. Bad input
// is a litmus::InputError or a usage error, with exit status 2.
//
// It costs a branch; keep it out of the explorer's inner loop (a step, a
// successor, a hash), where the invariant build's checks
// (OPCHECK_CHECK_INVARIANTS, opsem/StateInvariants.h) belong.
//
// The lowest module: every library may include it (it links nothing).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace opcheck::support {

// The line OPCHECK_ASSERT prints for a broken CONDITION at FILE:LINE.
inline std::string assertionMessage(const char* file, int line, const char* condition, const char* message) {
  return std::string(file) + ":" + std::to_string(line) + ": internal error: " + message + " (" + condition +
         ")";
}

[[noreturn]] inline void assertionFailed(const char* file, int line, const char* condition,
                                         const char* message) {
  std::fprintf(stderr, "%s\n", assertionMessage(file, line, condition, message).c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace opcheck::support

#define OPCHECK_ASSERT(condition, message)                                          \
  do {                                                                              \
    if (!(condition)) [[unlikely]] {                                                \
      ::opcheck::support::assertionFailed(__FILE__, __LINE__, #condition, message); \
    }                                                                               \
  } while (false)

// opcheck's exit statuses (design.md "Command line").
#pragma once

namespace opcheck::cli {

enum ExitStatus : int {
  kSuccess = 0,      // everything ran, whatever the verdicts
  kCheckFailed = 1,  // compare/harness found an unsound outcome
  kBadInput = 2,     // bad input or usage
  // Ctrl-C: what had finished was printed (128 + SIGINT, as a shell reports
  // a process that SIGINT ended).
  kInterrupted = 130,
};

}  // namespace opcheck::cli

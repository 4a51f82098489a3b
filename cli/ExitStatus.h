// opcheck's exit statuses (docs/architecture.md "Exit status").
#pragma once

namespace opcheck::cli {

enum ExitStatus : int {
  kSuccess = 0,  // everything ran, whatever the verdicts
  // compare/harness found an unsound outcome; with --strict also a run a
  // limit cut, a hang, a race (docs/json.md "Exit status")
  kCheckFailed = 1,
  kBadInput = 2,  // bad input or usage, or output that could not be written
  // Ctrl-C: what had finished was printed (128 + SIGINT, as a shell reports
  // a process that SIGINT ended).
  kInterrupted = 130,
  // SIGTERM, as for Ctrl-C (128 + SIGTERM).
  kTerminated = 143,
};

}  // namespace opcheck::cli

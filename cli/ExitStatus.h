// opcheck's exit statuses (design.md "Command line").
#pragma once

namespace opcheck::cli {

enum ExitStatus : int {
  kSuccess = 0,      // everything ran, whatever the verdicts
  kCheckFailed = 1,  // compare/harness found an unsound outcome
  kBadInput = 2,     // bad input or usage
};

}  // namespace opcheck::cli

#include "cli/Limits.h"

#include <charconv>
#include <cmath>
#include <limits>

#include "cli/CommandLine.h"
#include "cli/Interrupt.h"
#include "cli/ModelChoice.h"
#include "litmus/FileReading.h"

namespace opcheck::cli {

namespace {

// A positive number of seconds, fractions allowed ("0.5", "2", "1e-3").
std::string secondsProblem(const std::string& text) {
  double seconds = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error == std::errc() && end == text.data() + text.size() && std::isfinite(seconds) && seconds > 0) {
    return "";
  }
  return "takes a number of seconds above 0 (e.g. 0.5), not '" + text + "'";
}

}  // namespace

void addLimitOptions(CLI::App& app, RunLimits& limits) {
  limits.interrupted = &interruptFlag();
  constexpr std::uint64_t kMost = std::numeric_limits<std::uint64_t>::max();
  addWholeNumberOption(app, "--max-states", "N", limits.maxStates, std::uint64_t{1}, kMost,
                       "ptx-op: states explored, and (counted apart) in each trace search after it (hang, "
                       "witness)");
  addWholeNumberOption(app, "--max-candidates", "N", limits.maxCandidates, std::uint64_t{1}, kMost,
                       "axiomatic models (" + axiomaticModelNames() + "): candidate executions enumerated");
  app.add_option_function<std::string>(
         "--timeout",
         [&limits](const std::string& text) {
           std::from_chars(text.data(), text.data() + text.size(), limits.timeoutSeconds);
         },
         "seconds per test, for every search of its run together, fractions allowed; also bounds the "
         "wait for input (a FIFO)")
      ->type_name("SECONDS")
      ->check(CLI::Validator(secondsProblem, ""));
}

void applyInputLimits(const RunLimits& limits) {
  litmus::setInputWaitLimit(limits.timeoutSeconds, &interruptFlag());
}

}  // namespace opcheck::cli

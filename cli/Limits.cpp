#include "cli/Limits.h"

#include <charconv>
#include <cmath>

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
  app.add_option("--max-states", limits.maxStates,
                 "ptx-op: states explored, and in each trace search after it (hang, witness)")
      ->type_name("N")
      ->check(CLI::Range(std::uint64_t{1}, ~std::uint64_t{0}).description(""));
  app.add_option("--max-candidates", limits.maxCandidates,
                 "axiomatic models (" + axiomaticModelNames() + "): candidate executions enumerated")
      ->type_name("N")
      ->check(CLI::Range(std::uint64_t{1}, ~std::uint64_t{0}).description(""));
  app.add_option_function<std::string>(
         "--timeout",
         [&limits](const std::string& text) {
           std::from_chars(text.data(), text.data() + text.size(), limits.timeoutSeconds);
         },
         "seconds per test and model, fractions allowed; also bounds the wait for input (a FIFO)")
      ->type_name("SECONDS")
      ->check(CLI::Validator(secondsProblem, ""));
}

void applyInputLimits(const RunLimits& limits) {
  litmus::setInputWaitLimit(limits.timeoutSeconds, &interruptFlag());
}

}  // namespace opcheck::cli

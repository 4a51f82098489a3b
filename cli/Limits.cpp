#include "cli/Limits.h"

#include <charconv>
#include <cmath>
#include <iostream>

#include "cli/Interrupt.h"
#include "litmus/FileReading.h"

namespace opcheck::cli {

namespace {

// A positive number of seconds, fractions allowed ("0.5", "2", "1e-3").
std::optional<double> readSeconds(ArgumentReader& reader, const std::string& option) {
  const std::optional<std::string> text = reader.value();
  if (text) {
    double seconds = 0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), seconds);
    if (error == std::errc() && end == text->data() + text->size() && std::isfinite(seconds) && seconds > 0) {
      return seconds;
    }
  }
  std::cerr << "opcheck: error: " << option << " takes a number of seconds above 0 (e.g. 0.5)\n";
  return std::nullopt;
}

}  // namespace

LimitOption readLimitOption(const std::string& argument, ArgumentReader& reader, RunLimits& limits) {
  if (argument == "--max-states") {
    const auto limit = reader.number<std::uint64_t>(1, ~std::uint64_t{0}, "a number of states (1 or more)");
    if (!limit) {
      return LimitOption::Bad;
    }
    limits.maxStates = *limit;
    return LimitOption::Read;
  }
  if (argument == "--max-candidates") {
    const auto limit =
        reader.number<std::uint64_t>(1, ~std::uint64_t{0}, "a number of candidate executions (1 or more)");
    if (!limit) {
      return LimitOption::Bad;
    }
    limits.maxCandidates = *limit;
    return LimitOption::Read;
  }
  if (argument == "--timeout") {
    const std::optional<double> seconds = readSeconds(reader, argument);
    if (!seconds) {
      return LimitOption::Bad;
    }
    limits.timeoutSeconds = *seconds;
    return LimitOption::Read;
  }
  return LimitOption::NotALimit;
}

void applyLimits(const RunLimits& limits, opsem::OperationalOptions& options) {
  options.exploration.limits.maxStates = limits.maxStates;
  options.exploration.limits.timeoutSeconds = limits.timeoutSeconds;
  options.exploration.limits.interrupted = &interruptFlag();
}

void applyLimits(const RunLimits& limits, axiomcheck::CheckOptions& options) {
  options.maxCandidates = limits.maxCandidates;
  options.timeoutSeconds = limits.timeoutSeconds;
  options.interrupted = &interruptFlag();
}

void applyInputLimits(const RunLimits& limits) {
  litmus::setInputWaitLimit(limits.timeoutSeconds, &interruptFlag());
}

}  // namespace opcheck::cli

#include "cli/ProgressLine.h"

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace opcheck::cli {

namespace {

// 1234567 as "1,234,567".
std::string grouped(std::uint64_t number) {
  std::string digits = std::to_string(number);
  for (std::size_t at = digits.size(); at > 3; at -= 3) {
    digits.insert(at - 3, ",");
  }
  return digits;
}

std::string elapsed(double seconds) {
  const auto whole = static_cast<std::uint64_t>(seconds);
  char text[32];
  if (whole >= 3600) {
    std::snprintf(text, sizeof text, "%llu:%02llu:%02llu", static_cast<unsigned long long>(whole / 3600),
                  static_cast<unsigned long long>(whole / 60 % 60),
                  static_cast<unsigned long long>(whole % 60));
  } else {
    std::snprintf(text, sizeof text, "%llu:%02llu", static_cast<unsigned long long>(whole / 60),
                  static_cast<unsigned long long>(whole % 60));
  }
  return text;
}

// NUMBER a second over SECONDS, rounded (0 before any time has passed).
std::uint64_t rate(std::uint64_t number, double seconds) {
  return seconds > 0 ? static_cast<std::uint64_t>(std::llround(static_cast<double>(number) / seconds)) : 0;
}

}  // namespace

bool showProgress(ProgressMode mode, bool standardErrorIsTerminal) {
  return mode == ProgressMode::On || (mode == ProgressMode::Auto && standardErrorIsTerminal);
}

std::string progressLine(const statespace::ExplorationProgress& progress) {
  char memory[32];
  std::snprintf(memory, sizeof memory, "%.1f MiB", static_cast<double>(progress.residentBytes) / (1 << 20));
  return "exploring: " + grouped(progress.states) + " states, " +
         grouped(rate(progress.states, progress.seconds)) + " states/s, frontier " +
         grouped(progress.frontier) + ", " + memory + ", " + elapsed(progress.seconds);
}

std::string progressLine(const axiomcheck::CandidateProgress& progress) {
  return "checking: " + grouped(progress.candidates) + " candidates, " +
         grouped(rate(progress.candidates, progress.seconds)) + " candidates/s, " + elapsed(progress.seconds);
}

std::string overwriting(const std::string& line) { return "\r\033[K" + line; }

}  // namespace opcheck::cli

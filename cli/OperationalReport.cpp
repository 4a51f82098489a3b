#include "cli/OperationalReport.h"

#include <cstdio>

#include "litmus/JsonPrinter.h"

namespace opcheck::cli {

namespace {

std::string_view stopWords(statespace::StopReason reason) {
  switch (reason) {
    case statespace::StopReason::Completed:
      return "completed";
    case statespace::StopReason::MaxStates:
      return "max-states";
    case statespace::StopReason::Timeout:
      return "timeout";
  }
  return {};
}

std::string mebibytes(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1fMiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

std::string steps(const std::vector<std::string>& lines) {
  std::string text;
  for (std::size_t index = 0; index < lines.size(); ++index) {
    text += "  " + std::to_string(index + 1) + ". " + lines[index] + "\n";
  }
  return text;
}

std::string jsonList(const std::vector<std::string>& lines) {
  std::string text = "[";
  for (std::size_t index = 0; index < lines.size(); ++index) {
    text += (index == 0 ? "" : ", ") + litmus::jsonString(lines[index]);
  }
  return text + "]";
}

}  // namespace

std::string operationalHerdLines(const litmus::Test& test, const opsem::OperationalResult& result) {
  const statespace::ExplorationStatistics& statistics = result.statistics;
  const double perSecond =
      statistics.seconds > 0 ? static_cast<double>(statistics.states) / statistics.seconds : 0;
  std::string text =
      "Explored " + test.name + " states " + std::to_string(statistics.states) + " transitions " +
      std::to_string(statistics.transitions) + " fingerprints " + std::to_string(statistics.states) +
      " fingerprint-memory " + mebibytes(statistics.fingerprintBytes) + " state-bytes " +
      std::to_string(result.stateBytes) + " peak-memory " + mebibytes(statistics.peakResidentBytes) +
      " states/s " + std::to_string(static_cast<std::uint64_t>(perSecond)) + "\n";
  if (statistics.stopReason != statespace::StopReason::Completed) {
    text += "Stopped " + test.name + " at the " +
            (statistics.stopReason == statespace::StopReason::Timeout ? std::string("time limit")
                                                                      : std::string("state limit")) +
            ": outcomes may be missing\n";
  }
  if (result.hangStates > 0) {
    text += "Hangs " + test.name + " " + std::to_string(result.hangStates) +
            " states from which no final state is reachable; one of them:\n" + steps(result.hangTrace);
  }
  if (result.witnessRequested) {
    text += result.witnessFound ? "Witness " + test.name + "\n" + steps(result.witnessTrace)
                                : "Witness " + test.name + " none: no final state matches the condition\n";
  }
  return text;
}

std::string operationalJsonMembers(const opsem::OperationalResult& result) {
  const statespace::ExplorationStatistics& statistics = result.statistics;
  std::string text = "\"exploration\": {\"states\": " + std::to_string(statistics.states) +
                     ", \"transitions\": " + std::to_string(statistics.transitions) +
                     ", \"revisits\": " + std::to_string(statistics.revisits) +
                     ", \"fingerprint_bytes\": " + std::to_string(statistics.fingerprintBytes) +
                     ", \"state_bytes\": " + std::to_string(result.stateBytes) +
                     ", \"peak_resident_bytes\": " + std::to_string(statistics.peakResidentBytes) +
                     ", \"stopped\": " + litmus::jsonString(stopWords(statistics.stopReason)) + "}";
  text += ", \"hang_states\": " + std::to_string(result.hangStates);
  if (result.hangStates > 0) {
    text += ", \"hang_trace\": " + jsonList(result.hangTrace);
  }
  if (result.witnessRequested) {
    text += ", \"witness\": " + (result.witnessFound ? jsonList(result.witnessTrace) : std::string("null"));
  }
  return text;
}

std::string operationalWarning(const std::string& file, const opsem::OperationalResult& result) {
  switch (result.statistics.stopReason) {
    case statespace::StopReason::Completed:
      return {};
    case statespace::StopReason::MaxStates:
      return file + ": warning: exploration stopped at the state limit (--max-states) after " +
             std::to_string(result.statistics.states) + " states; the report is partial";
    case statespace::StopReason::Timeout:
      return file + ": warning: exploration stopped at the time limit (--timeout) after " +
             std::to_string(result.statistics.states) + " states; the report is partial";
  }
  return {};
}

}  // namespace opcheck::cli

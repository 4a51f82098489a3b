#include "cli/OperationalReport.h"

#include <cstdio>

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
    case statespace::StopReason::Interrupted:
      return "interrupted";
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

}  // namespace

std::string stopPhrase(std::string_view stopped) {
  return stopped == "max-candidates" ? "at the candidate limit"
         : stopped == "max-states"   ? "at the state limit"
         : stopped == "timeout"      ? "at the time limit"
                                     : "by an interrupt";
}

namespace {

std::string reasonPhrase(statespace::StopReason reason) {
  return reason == statespace::StopReason::Completed ? std::string() : stopPhrase(stopWords(reason));
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
    text +=
        "Stopped " + test.name + " " + reasonPhrase(statistics.stopReason) + ": outcomes may be missing\n";
  }
  // A trace search cut by a limit found no trace; say so rather than
  // "none".
  const std::string traceCut = "the trace search stopped " + reasonPhrase(result.traceStopReason);
  if (result.hangStates > 0) {
    text += "Hangs " + test.name + " " + std::to_string(result.hangStates) +
            " states from which no final state is reachable; " +
            (result.hangTrace.empty() && result.traceStopReason != statespace::StopReason::Completed
                 ? "no example: " + traceCut + "\n"
                 : "one of them:\n" + steps(result.hangTrace));
  }
  if (result.witnessRequested) {
    text += result.witnessFound ? "Witness " + test.name + "\n" + steps(result.witnessTrace)
            : result.traceStopReason != statespace::StopReason::Completed
                ? "Witness " + test.name + " unknown: " + traceCut + "\n"
                : "Witness " + test.name + " none: no final state matches the condition\n";
  }
  return text;
}

void addOperationalJson(litmus::Json& object, const opsem::OperationalResult& result) {
  const statespace::ExplorationStatistics& statistics = result.statistics;
  litmus::Json exploration;
  exploration["states"] = statistics.states;
  exploration["transitions"] = statistics.transitions;
  exploration["revisits"] = statistics.revisits;
  exploration["fingerprint_bytes"] = statistics.fingerprintBytes;
  exploration["state_bytes"] = result.stateBytes;
  exploration["peak_resident_bytes"] = statistics.peakResidentBytes;
  exploration["stopped"] = stopWords(statistics.stopReason);
  object["exploration"] = std::move(exploration);
  object["hang_states"] = result.hangStates;
  if (result.hangStates > 0) {
    object["hang_trace"] = result.hangTrace;
  }
  if (result.witnessRequested) {
    object["witness"] = result.witnessFound ? litmus::Json(result.witnessTrace) : litmus::Json(nullptr);
  }
  if (result.traceStopReason != statespace::StopReason::Completed) {
    object["trace_stopped"] = stopWords(result.traceStopReason);
  }
}

litmus::Outcome reportedOutcome(const opsem::OperationalResult& result) {
  litmus::Outcome outcome = result.outcome;
  if (result.statistics.stopReason != statespace::StopReason::Completed) {
    outcome.stopped = std::string(stopWords(result.statistics.stopReason));
  }
  return outcome;
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
    case statespace::StopReason::Interrupted:
      return file + ": warning: exploration stopped by an interrupt after " +
             std::to_string(result.statistics.states) + " states; the report is partial";
  }
  return {};
}

}  // namespace opcheck::cli

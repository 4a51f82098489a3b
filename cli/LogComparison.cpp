#include "cli/LogComparison.h"

#include <algorithm>
#include <set>

#include "cli/JsonDocument.h"
#include "cli/OrderedParallel.h"
#include "cli/Wording.h"
#include "litmus/Diagnostic.h"
#include "litmus/FileReading.h"
#include "litmus/HerdHash.h"
#include "litmus/HerdLogReader.h"
#include "litmus/JsonPrinter.h"
#include "litmus/Limits.h"

namespace opcheck::cli {

namespace fs = std::filesystem;

bool LogComparisonSuite::forbidsSeen() const {
  return kind == LogKind::Litmus7 &&
         std::any_of(tests.begin(), tests.end(),
                     [](const LogTestComparison& test) { return test.complete && !test.logOnly.empty(); });
}

bool LogComparisonSuite::anyDifference() const {
  return !onlyInLog.empty() || !onlyGiven.empty() ||
         std::any_of(tests.begin(), tests.end(), [](const LogTestComparison& test) { return !test.equal(); });
}

bool LogComparisonSuite::partial() const {
  return interrupted || std::any_of(tests.begin(), tests.end(),
                                    [](const LogTestComparison& test) { return !test.complete; });
}

std::vector<ObservationGroup> readLog(const fs::path& log, LogKind& kind) {
  const std::string file = log.string();
  std::error_code error;
  if (log != litmus::kStandardInput && !fs::exists(log, error)) {
    litmus::fail(file, {}, "no such file or directory");
  }
  const std::string text = litmus::readFileUpTo(log, litmus::kMaxLogBytes, "logs");
  if (!litmus::isHerdLog(text)) {
    kind = LogKind::Litmus7;
    return litmus7Groups(text, file);
  }
  kind = LogKind::Herd;
  std::vector<ObservationGroup> groups;
  for (litmus::HerdRun& run : litmus::readHerdLog(text, file)) {
    ObservationGroup& group = groups.emplace_back();
    group.test = run.test;
    group.file = file;
    group.position = run.position;
    group.observations = std::move(run.states);
    group.histogram = true;
    group.chip = "herd7";
    group.runs = group.observations.size();
    group.hash = std::move(run.hash);
  }
  return groups;
}

namespace {

// The model's STATE over the log's terms, in the order of the group's
// first state.
LogState modelState(const litmus::Test& test, const litmus::FinalState& state, const ObservationGroup& group,
                    const ObservedAt& positions) {
  LogState projected;
  const std::vector<litmus::ObservedValue>& terms = group.observations.front().outcome;
  for (std::size_t term = 0; term < terms.size(); ++term) {
    projected.emplace_back(litmus::formatObservedTerm(terms[term]),
                           litmus::formatHerdValue(test, state[positions[term].first]));
  }
  return projected;
}

// The log's OBSERVATION in the order of the group's first state.
LogState logState(const litmus::Observation& observation, const ObservationGroup& group) {
  LogState state;
  for (const litmus::ObservedValue& term : group.observations.front().outcome) {
    const auto same = std::find_if(observation.outcome.begin(), observation.outcome.end(),
                                   [&](const litmus::ObservedValue& value) {
                                     return value.thread == term.thread && value.name == term.name;
                                   });
    state.emplace_back(litmus::formatObservedTerm(term), std::to_string(same->value));
  }
  return state;
}

}  // namespace

LogComparisonSuite compareWithLog(const ModelChoice& model, LogKind kind,
                                  const std::vector<ObservationGroup>& groups,
                                  const std::vector<GivenTest>& given, unsigned unroll,
                                  const RunLimits& limits, unsigned jobs) {
  LogComparisonSuite suite;
  suite.kind = kind;
  suite.model = model.name;
  suite.unroll = unroll;
  const Matching matching = matchObservations(groups, given);
  suite.errors = matching.errors;
  for (const UnmatchedGroup& unmatched : matching.unmatched) {
    const ObservationGroup& group = groups[unmatched.group];
    suite.onlyInLog.push_back(group.test + " (" + group.file + ":" + std::to_string(group.position.line) +
                              "): " + unmatched.reason);
  }
  suite.onlyGiven = matching.testsWithoutObservations;

  // A run Ctrl-C kept from starting stays incomplete.
  ModelStates notRun;
  notRun.complete = false;
  std::vector<ModelStates> states(matching.tests.size(), notRun);
  std::size_t done = 0;
  runInOrder<ModelStates>(
      matching.tests.size(), jobs,
      [&](std::size_t index) { return computeModelStates(model, matching.tests[index], unroll, limits); },
      [&](ModelStates result) { states[done++] = std::move(result); });

  for (std::size_t index = 0; index < matching.tests.size(); ++index) {
    const CheckedTest& checked = matching.tests[index];
    for (std::size_t member = 0; member < checked.groups.size(); ++member) {
      const ObservationGroup& group = groups[checked.groups[member]];
      LogTestComparison& comparison = suite.tests.emplace_back();
      comparison.test = group.test;
      comparison.file = checked.origin;
      comparison.logLine = group.position.line;
      comparison.hash = group.hash;
      const auto source = std::find_if(given.begin(), given.end(),
                                       [&](const GivenTest& test) { return test.file == checked.origin; });
      if (source != given.end()) {
        comparison.testHash = litmus::herdHash(source->test).value_or("");
      }
      comparison.complete = states[index].complete;
      comparison.error = states[index].error;
      if (!comparison.error.empty()) {
        suite.errors.push_back(comparison.error);
        continue;
      }
      std::set<LogState> log;
      for (const litmus::Observation& observation : group.observations) {
        if (observation.count > 0) {
          log.insert(logState(observation, group));
        }
      }
      std::set<LogState> allowed;
      if (!group.observations.empty()) {
        for (const litmus::FinalState& state : states[index].states) {
          allowed.insert(modelState(checked.test, state, group, checked.observed[member].front()));
        }
      }
      comparison.logStates = log.size();
      comparison.modelStates = allowed.size();
      std::set_difference(allowed.begin(), allowed.end(), log.begin(), log.end(),
                          std::back_inserter(comparison.modelOnly));
      std::set_difference(log.begin(), log.end(), allowed.begin(), allowed.end(),
                          std::back_inserter(comparison.logOnly));
    }
  }
  // In the log's order.
  std::stable_sort(suite.tests.begin(), suite.tests.end(),
                   [](const LogTestComparison& left, const LogTestComparison& right) {
                     return left.logLine < right.logLine;
                   });
  suite.interrupted = interrupted();
  return suite;
}

namespace {

// herd's "1:r0=0; 1:r2=1;".
std::string herdText(const LogState& state) {
  std::string text;
  for (const auto& [term, value] : state) {
    text.append(text.empty() ? "" : " ").append(term).append("=").append(value).append(";");
  }
  return text;
}

litmus::Json stateJson(const LogState& state) {
  std::string outcome;
  for (const auto& [term, value] : state) {
    outcome.append(outcome.empty() ? "" : " /\\ ").append(term).append("=").append(value);
  }
  return litmus::outcomeTextJson(outcome);
}

litmus::Json statesJson(const std::vector<LogState>& states) {
  litmus::Json array = litmus::Json::array();
  for (const LogState& state : states) {
    array.push_back(stateJson(state));
  }
  return array;
}

}  // namespace

std::string logComparisonText(const LogComparisonSuite& suite) {
  const bool hardware = suite.kind == LogKind::Litmus7;
  const std::string modelOnly =
      hardware ? "Allowed by " + suite.model + ", not seen: " : "Only " + suite.model + ": ";
  const std::string logOnly = hardware ? "Seen, forbidden by " + suite.model + ": " : "Only in the log: ";
  std::string text = "Against " + std::string(hardware ? "litmus7" : "herd7") + " log " + suite.log +
                     ", model " + suite.model + "\n";
  std::size_t equal = 0;
  std::size_t withModelOnly = 0;
  std::size_t withLogOnly = 0;
  for (const LogTestComparison& test : suite.tests) {
    text += "Test " + test.test + " ";
    if (!test.error.empty()) {
      text += "not checked: " + test.error + "\n";
      continue;
    }
    equal += test.equal() ? 1 : 0;
    withModelOnly += test.modelOnly.empty() ? 0 : 1;
    withLogOnly += test.logOnly.empty() ? 0 : 1;
    text += std::string(test.equal() ? "equal" : "differs") + " (" + suite.model + " " +
            plural(test.modelStates, "state") + ", log " + std::to_string(test.logStates) + ")" +
            (test.complete ? "" : " ?? (" + suite.model + "'s run was cut)") +
            (test.hashDiffers() ? " (Hash= differs: the log's " + test.test + " is another program)" : "") +
            "\n";
    for (const LogState& state : test.logOnly) {
      text += "  " + logOnly + herdText(state) + "\n";
    }
    for (const LogState& state : test.modelOnly) {
      text += "  " + modelOnly + herdText(state) + "\n";
    }
  }
  for (const std::string& test : suite.onlyInLog) {
    text += "Only in the log: " + test + "\n";
  }
  for (const std::string& test : suite.onlyGiven) {
    text += "Not in the log: " + test + "\n";
  }
  text += "Summary: " + plural(suite.tests.size(), "test") + " on both sides, " + std::to_string(equal) +
          " equal, " + std::to_string(withLogOnly) +
          (hardware ? " with states seen that " + suite.model + " forbids, "
                    : " with states only the log has, ") +
          std::to_string(withModelOnly) + " with states only " + suite.model + " allows; " +
          std::to_string(suite.onlyInLog.size()) + " only in the log, " +
          std::to_string(suite.onlyGiven.size()) + " only given" +
          (suite.interrupted ? " (interrupted: partial)" : "") + "\n";
  return text;
}

std::string logComparisonJson(const LogComparisonSuite& suite) {
  using litmus::Json;
  Json object = jsonDocument("compare-against");
  object["model"] = suite.model;
  object["log"] = suite.log;
  object["log_kind"] = suite.kind == LogKind::Litmus7 ? "litmus7" : "herd7";
  object["unroll"] = suite.unroll;
  Json tests = Json::array();
  for (const LogTestComparison& test : suite.tests) {
    Json entry;
    entry["test"] = test.test;
    entry["file"] = test.file;
    entry["log_line"] = test.logLine;
    entry["equal"] = test.equal();
    entry["model_states"] = test.modelStates;
    entry["log_states"] = test.logStates;
    entry["model_only"] = statesJson(test.modelOnly);
    entry["log_only"] = statesJson(test.logOnly);
    entry["complete"] = test.complete;
    entry["error"] = test.error.empty() ? Json(nullptr) : Json(test.error);
    entry["log_hash"] = test.hash.empty() ? Json(nullptr) : Json(test.hash);
    entry["hash"] = test.testHash.empty() ? Json(nullptr) : Json(test.testHash);
    tests.push_back(std::move(entry));
  }
  object["tests"] = std::move(tests);
  object["only_in_log"] = suite.onlyInLog;
  object["only_given"] = suite.onlyGiven;
  object["errors"] = suite.errors;
  object["forbids_seen"] = suite.forbidsSeen();
  object["partial"] = suite.partial();
  object["interrupted"] = suite.interrupted;
  return litmus::dumpJson(object) + "\n";
}

}  // namespace opcheck::cli

#include "cli/HarnessReport.h"

#include <algorithm>

#include "cli/JsonDocument.h"
#include "cli/Wording.h"
#include "litmus/JsonPrinter.h"

namespace opcheck::cli {

namespace {

std::string padded(const std::string& text, std::size_t width) {
  return text + std::string(width > text.size() ? width - text.size() : 1, ' ');
}

void trimEnd(std::string& text) {
  while (!text.empty() && text.back() == ' ') {
    text.pop_back();
  }
}

std::string source(const Finding& finding) {
  return finding.source.empty() ? "" : " (" + finding.source + ")";
}

// "187/100000", or nothing when the observation gives no counts.
std::string counts(const Finding& finding) {
  return finding.countsKnown ? " " + std::to_string(finding.count) + "/" + std::to_string(finding.runs) : "";
}

std::string unseenLine(const std::string& model, const Finding& finding) {
  return model + " allows " + finding.test + " " + finding.outcome + ", never seen on " + finding.chip +
         (finding.countsKnown ? " in " + std::to_string(finding.runs) + " runs" : "") + source(finding);
}

std::string inconclusiveLine(const std::string& model, const Finding& finding) {
  return model + " did not finish " + finding.test + " (a bound cut it short): " + finding.outcome +
         " seen on " + finding.chip + counts(finding) + source(finding) + " is not known to be forbidden";
}

// "6 rows of observations.csv" or "the histogram of log.txt:41 (10 states)"
std::string groupText(const ObservationGroup& group) {
  if (group.histogram) {
    return "the histogram of " + group.file + ":" + std::to_string(group.position.line) + " (" +
           plural(group.observations.size(), "state") + ", " + group.chip + ")";
  }
  return plural(group.observations.size(), "row") + " of " + group.file;
}

std::string modelHeading(const ModelChoice& model) {
  return model.claimsPtx()
             ? model.name
             : model.name + " (does not claim PTX; what it forbids still counts in the exit status)";
}

litmus::Json findingJson(const Finding& finding) {
  litmus::Json object;
  object["test"] = finding.test;
  object["chip"] = finding.chip;
  object["outcome"] = litmus::outcomeTextJson(finding.outcome);
  object["count"] = finding.countsKnown ? litmus::Json(finding.count) : litmus::Json(nullptr);
  object["runs"] = finding.countsKnown ? litmus::Json(finding.runs) : litmus::Json(nullptr);
  object["source"] = finding.source;
  object["file"] = finding.file;
  object["line"] = finding.line;
  return object;
}

litmus::Json findingsJson(const std::vector<Finding>& findings) {
  litmus::Json list = litmus::Json::array();
  for (const Finding& finding : findings) {
    list.push_back(findingJson(finding));
  }
  return list;
}

}  // namespace

bool HarnessReport::unsound() const {
  return std::any_of(models.begin(), models.end(), [](const ModelVerdict& model) { return model.unsound(); });
}

std::string forbiddenLine(const std::string& model, const Finding& finding) {
  return model + " forbids " + finding.test + " " + finding.outcome + " seen on " + finding.chip +
         counts(finding) + source(finding);
}

std::string harnessText(const HarnessReport& report) {
  std::size_t rows = 0;
  std::size_t histograms = 0;
  std::size_t states = 0;
  for (const ObservationGroup& group : report.groups) {
    (group.histogram ? states : rows) += group.observations.size();
    histograms += group.histogram ? 1 : 0;
  }
  std::string text = report.interrupted ? "Partial: interrupted; runs the interrupt stopped or kept from "
                                          "starting are inconclusive\n"
                                        : "";
  text += "Observations: " + plural(report.observationFiles.size(), "file") + ", " + plural(rows, "row") +
          " and " + plural(histograms, "histogram") + " (" + plural(states, "state") + ") on " +
          plural(report.chips.size(), "chip") + "\n";

  text += "\nTests (" + std::to_string(report.matching.tests.size()) + " checked):\n";
  std::size_t nameWidth = 0;
  for (const CheckedTest& test : report.matching.tests) {
    nameWidth = std::max(nameWidth, test.name.size() + 2);
  }
  for (const CheckedTest& test : report.matching.tests) {
    std::string groups;
    for (const std::size_t group : test.groups) {
      groups += (groups.empty() ? "" : "; ") + groupText(report.groups[group]);
    }
    text += "  " + padded(test.name, nameWidth) + test.origin + ": " + groups + "\n";
  }
  for (const std::string& note : report.matching.notes) {
    text += "  note: " + note + "\n";
  }
  if (!report.matching.testsWithoutObservations.empty()) {
    std::string names;
    for (const std::string& name : report.matching.testsWithoutObservations) {
      names += (names.empty() ? "" : ", ") + name;
    }
    text += "  given tests no observation names: " + names + "\n";
  }
  if (!report.matching.unmatched.empty()) {
    text += "\nUnmatched (" + plural(report.matching.unmatched.size(), "group") +
            " of observations not checked):\n";
    for (const UnmatchedGroup& unmatched : report.matching.unmatched) {
      const ObservationGroup& group = report.groups[unmatched.group];
      text += "  " + group.test + ", " + groupText(group) + ": " + unmatched.reason + "\n";
    }
  }

  // Unsound first: every model's forbidden outcomes, then what each allows
  // that was never seen.
  for (const ModelVerdict& model : report.models) {
    const std::string& name = model.model.name;
    text += "\n" + modelHeading(model.model) + ": " + plural(model.forbiddenSeen.size(), "outcome") +
            " seen on hardware that " + name + " forbids\n";
    for (const Finding& finding : model.forbiddenSeen) {
      text += "  " + forbiddenLine(name, finding) + "\n";
    }
    for (const Finding& finding : model.inconclusive) {
      text += "  " + inconclusiveLine(name, finding) + "\n";
    }
    for (const std::string& error : model.errors) {
      text += "  error: " + error + "\n";
    }
  }
  for (const ModelVerdict& model : report.models) {
    const std::string& name = model.model.name;
    text.append("\n").append(name).append(": ").append(plural(model.allowedUnseen.size(), "outcome"));
    text.append(" ").append(name).append(" allows that were never seen\n");
    for (const Finding& finding : model.allowedUnseen) {
      text += "  " + unseenLine(name, finding) + "\n";
    }
  }

  text += "\nSummary: observations checked / seen on hardware but forbidden by the model\n";
  std::size_t modelWidth = 7;
  for (const ModelVerdict& model : report.models) {
    modelWidth = std::max(modelWidth, model.model.name.size() + 2);
  }
  text += padded("model", modelWidth);
  for (std::size_t chip = 0; chip < report.chips.size(); ++chip) {
    text += padded(report.chips[chip], std::max<std::size_t>(report.chips[chip].size(), 9) + 2);
  }
  trimEnd(text);
  text += "\n";
  for (const ModelVerdict& model : report.models) {
    text += padded(model.model.name, modelWidth);
    for (std::size_t chip = 0; chip < report.chips.size(); ++chip) {
      const ChipTally& tally = model.chips[chip];
      text += padded(std::to_string(tally.checked) + " / " + std::to_string(tally.forbiddenSeen),
                     std::max<std::size_t>(report.chips[chip].size(), 9) + 2);
    }
    trimEnd(text);
    text += "\n";
  }

  std::string unsound;
  for (const ModelVerdict& model : report.models) {
    if (model.unsound()) {
      unsound += (unsound.empty() ? "" : ", ") + model.model.name + " (" +
                 std::to_string(model.forbiddenSeen.size()) + ")";
    }
  }
  text += unsound.empty() ? "\nNo model forbids an outcome seen on hardware.\n"
                          : "\nForbidding outcomes seen on hardware: " + unsound + ".\n";
  return text;
}

std::string harnessJson(const HarnessReport& report) {
  using litmus::Json;
  Json object = jsonDocument("harness");
  object["observation_files"] = report.observationFiles;
  object["chips"] = report.chips;
  Json tests = Json::array();
  for (const CheckedTest& test : report.matching.tests) {
    Json entry;
    entry["test"] = test.name;
    entry["from"] = test.origin;
    entry["embedded"] = test.embedded;
    Json observations = Json::array();
    for (const std::size_t index : test.groups) {
      const ObservationGroup& group = report.groups[index];
      Json item;
      item["file"] = group.file;
      item["line"] = group.position.line;
      item["histogram"] = group.histogram;
      item["count"] = group.observations.size();
      observations.push_back(std::move(item));
    }
    entry["observations"] = std::move(observations);
    tests.push_back(std::move(entry));
  }
  object["tests"] = std::move(tests);
  Json unmatched = Json::array();
  for (const UnmatchedGroup& group : report.matching.unmatched) {
    const ObservationGroup& observations = report.groups[group.group];
    Json item;
    item["test"] = observations.test;
    item["file"] = observations.file;
    item["line"] = observations.position.line;
    item["observations"] = observations.observations.size();
    item["reason"] = group.reason;
    unmatched.push_back(std::move(item));
  }
  object["unmatched"] = std::move(unmatched);
  object["notes"] = report.matching.notes;
  object["tests_without_observations"] = report.matching.testsWithoutObservations;
  Json models = Json::array();
  bool inconclusive = false;
  for (const ModelVerdict& model : report.models) {
    inconclusive = inconclusive || !model.inconclusive.empty();
    Json entry;
    entry["model"] = model.model.name;
    entry["claims_ptx"] = model.model.claimsPtx();
    entry["unsound"] = model.unsound();
    entry["forbidden_seen"] = findingsJson(model.forbiddenSeen);
    entry["inconclusive"] = findingsJson(model.inconclusive);
    entry["allowed_unseen"] = findingsJson(model.allowedUnseen);
    Json chips = Json::array();
    for (const ChipTally& tally : model.chips) {
      Json chip;
      chip["chip"] = tally.chip;
      chip["checked"] = tally.checked;
      chip["forbidden_seen"] = tally.forbiddenSeen;
      chips.push_back(std::move(chip));
    }
    entry["chips"] = std::move(chips);
    entry["errors"] = model.errors;
    models.push_back(std::move(entry));
  }
  object["models"] = std::move(models);
  object["errors"] = report.errors;
  object["unsound"] = report.unsound();
  object["partial"] = report.interrupted || inconclusive;
  object["interrupted"] = report.interrupted;
  return litmus::dumpJson(object) + "\n";
}

}  // namespace opcheck::cli

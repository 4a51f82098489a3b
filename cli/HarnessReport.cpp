#include "cli/HarnessReport.h"

#include <algorithm>

#include "litmus/JsonPrinter.h"

namespace opcheck::cli {

namespace {

using litmus::jsonString;

std::string plural(std::size_t count, const std::string& word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

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

std::string findingJson(const Finding& finding) {
  return "{\"test\": " + jsonString(finding.test) + ", \"chip\": " + jsonString(finding.chip) +
         ", \"outcome\": " + jsonString(finding.outcome) +
         ", \"count\": " + (finding.countsKnown ? std::to_string(finding.count) : "null") +
         ", \"runs\": " + (finding.countsKnown ? std::to_string(finding.runs) : "null") +
         ", \"source\": " + jsonString(finding.source) + ", \"file\": " + jsonString(finding.file) +
         ", \"line\": " + std::to_string(finding.line) + "}";
}

template <typename Item, typename Print>
std::string jsonArray(const std::vector<Item>& items, Print print) {
  std::string text = "[";
  for (std::size_t index = 0; index < items.size(); ++index) {
    text += (index == 0 ? "" : ", ") + print(items[index]);
  }
  return text + "]";
}

std::string stringArray(const std::vector<std::string>& items) {
  return jsonArray(items, [](const std::string& item) { return jsonString(item); });
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
    text += "\n" + name + ": " + plural(model.allowedUnseen.size(), "outcome") + " " + name +
            " allows that were never seen\n";
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
  std::string text = "{\"partial\": " + std::string(report.interrupted ? "true" : "false") +
                     ", \"observationFiles\": " + stringArray(report.observationFiles) +
                     ", \"chips\": " + stringArray(report.chips) + ",\n\"tests\": ";
  text += jsonArray(report.matching.tests, [&](const CheckedTest& test) {
    return "{\"test\": " + jsonString(test.name) + ", \"from\": " + jsonString(test.origin) +
           ", \"embedded\": " + (test.embedded ? "true" : "false") + ", \"observations\": " +
           jsonArray(test.groups,
                     [&](std::size_t index) {
                       const ObservationGroup& group = report.groups[index];
                       return "{\"file\": " + jsonString(group.file) +
                              ", \"line\": " + std::to_string(group.position.line) +
                              ", \"histogram\": " + (group.histogram ? "true" : "false") +
                              ", \"count\": " + std::to_string(group.observations.size()) + "}";
                     }) +
           "}";
  });
  text += ",\n\"unmatched\": " + jsonArray(report.matching.unmatched, [&](const UnmatchedGroup& unmatched) {
            const ObservationGroup& group = report.groups[unmatched.group];
            return "{\"test\": " + jsonString(group.test) + ", \"file\": " + jsonString(group.file) +
                   ", \"line\": " + std::to_string(group.position.line) +
                   ", \"observations\": " + std::to_string(group.observations.size()) +
                   ", \"reason\": " + jsonString(unmatched.reason) + "}";
          });
  text += ",\n\"notes\": " + stringArray(report.matching.notes) +
          ", \"testsWithoutObservations\": " + stringArray(report.matching.testsWithoutObservations);
  text += ",\n\"models\": [";
  for (std::size_t index = 0; index < report.models.size(); ++index) {
    const ModelVerdict& model = report.models[index];
    text += std::string(index == 0 ? "\n" : ",\n") + "{\"model\": " + jsonString(model.model.name) +
            ", \"claimsPtx\": " + (model.model.claimsPtx() ? "true" : "false") +
            ", \"unsound\": " + (model.unsound() ? "true" : "false") +
            ",\n \"forbiddenSeen\": " + jsonArray(model.forbiddenSeen, findingJson) +
            ",\n \"inconclusive\": " + jsonArray(model.inconclusive, findingJson) +
            ",\n \"allowedUnseen\": " + jsonArray(model.allowedUnseen, findingJson) + ",\n \"chips\": " +
            jsonArray(model.chips,
                      [](const ChipTally& tally) {
                        return "{\"chip\": " + jsonString(tally.chip) +
                               ", \"checked\": " + std::to_string(tally.checked) +
                               ", \"forbiddenSeen\": " + std::to_string(tally.forbiddenSeen) + "}";
                      }) +
            ", \"errors\": " + stringArray(model.errors) + "}";
  }
  text += "],\n\"errors\": " + stringArray(report.errors) +
          ", \"unsound\": " + (report.unsound() ? "true" : "false") + "}\n";
  return text;
}

}  // namespace opcheck::cli

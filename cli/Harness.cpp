#include "cli/Harness.h"

#include <algorithm>
#include <map>
#include <memory>
#include <new>
#include <string>

#include "axiomcheck/CandidateEnumerator.h"
#include "cli/OrderedParallel.h"
#include "crosscheck/CheckedModel.h"
#include "litmus/Diagnostic.h"
#include "litmus/FileReading.h"
#include "litmus/Limits.h"
#include "litmus/Litmus7LogReader.h"
#include "litmus/ObservationCsvReader.h"
#include "litmus/Proxies.h"
#include "litmus/SeenTableReader.h"
#include "opsem/OperationalModel.h"
#include "parser/CodeColumns.h"
#include "parser/LitmusReader.h"
#include "support/Assert.h"

namespace opcheck::cli {

namespace fs = std::filesystem;
using litmus::ConditionTerm;

namespace {

std::string readText(const fs::path& path) {
  if (path == litmus::kStandardInput) {
    return litmus::readFileUpTo(path, litmus::kMaxFileBytes, "litmus files");
  }
  std::error_code error;
  if (!fs::exists(path, error)) {
    litmus::fail(path.string(), {}, "no such file or directory");
  }
  if (fs::is_directory(path, error)) {
    litmus::fail(path.string(), {}, "is a directory, not a file");
  }
  return litmus::readFileUpTo(path, litmus::kMaxFileBytes, "observation files");
}

std::string where(const std::string& file, litmus::SourcePosition position) {
  return file + ":" + std::to_string(position.line);
}

// The test's register or location an observed term names.
ConditionTerm resolveTerm(const litmus::Test& test, const std::string& origin,
                          const litmus::ObservedValue& value, const std::string& file) {
  ConditionTerm term;
  if (value.thread) {
    const std::size_t thread = *value.thread;
    if (thread >= test.threads.size()) {
      litmus::fail(file, value.position,
                   "outcome names thread " + std::to_string(thread) + ", but test " + test.name + " (" +
                       origin + ") has " + std::to_string(test.threads.size()) + " threads");
    }
    const std::optional<litmus::RegisterId> id = test.findRegister(thread, value.name);
    if (!id) {
      litmus::fail(file, value.position,
                   "outcome names " + formatObservedTerm(value) + ", but P" + std::to_string(thread) +
                       " of test " + test.name + " (" + origin + ") has no register " + value.name);
    }
    term.kind = ConditionTerm::Kind::Register;
    term.thread = static_cast<std::uint16_t>(thread);
    term.index = *id;
    return term;
  }
  std::optional<litmus::LocationId> id = test.findLocation(value.name);
  if (!id) {
    litmus::fail(file, value.position,
                 "outcome names location " + value.name + ", which test " + test.name + " (" + origin +
                     ") does not have");
  }
  id = litmus::physicalLocation(test, *id);  // an alias names its memory
  term.kind = ConditionTerm::Kind::Location;
  term.index = *id;
  return term;
}

// The two tests say the same thing, whatever their names and notes.
bool sameProgram(litmus::Test left, const litmus::Test& right) {
  left.name = right.name;
  left.documentation = right.documentation;
  return left == right;
}

std::string fileList(const std::vector<GivenTest>& given, const std::vector<std::size_t>& indices) {
  std::string text;
  for (const std::size_t index : indices) {
    text += (text.empty() ? "" : ", ") + given[index].file;
  }
  return text;
}

// Where a group's test comes from: a given test or the program its log shows.
struct Source {
  std::optional<std::size_t> given;
  std::optional<litmus::Test> embedded;
};

}  // namespace

std::vector<ObservationGroup> litmus7Groups(std::string_view text, const std::string& file) {
  std::vector<ObservationGroup> groups;
  for (litmus::Litmus7Run& run : litmus::readLitmus7Log(text, file)) {
    ObservationGroup group;
    group.test = run.test;
    group.file = file;
    group.position = run.position;
    group.observations = std::move(run.states);
    group.histogram = true;
    group.chip = run.chip;
    group.runs = run.runs;
    group.program = std::move(run.program);
    group.programLine = run.programLine;
    groups.push_back(std::move(group));
  }
  return groups;
}

std::vector<ObservationGroup> readObservationFile(const fs::path& path) {
  const std::string file = path.string();
  const std::string text = readText(path);
  std::vector<ObservationGroup> groups;
  if (path.extension() == ".csv" && litmus::isSeenTableHeader(text)) {
    for (const litmus::SeenTableRow& row : litmus::readSeenTable(text, file)) {
      ObservationGroup& group = groups.emplace_back();
      group.test = row.test;
      group.file = file;
      group.position = row.position;
      for (std::size_t gpu = 0; gpu < row.seen.size(); ++gpu) {
        litmus::Observation& observation = group.observations.emplace_back();
        observation.test = row.test;
        observation.chip = row.seen[gpu].first;
        observation.count = row.seen[gpu].second ? 1 : 0;
        observation.countsKnown = false;
        observation.conditionOutcome = true;
        // No figure or run to cite: the row itself.
        observation.source = path.filename().string() + ":" + std::to_string(row.position.line);
        observation.file = file;
        observation.position = row.seenPositions[gpu];
      }
    }
    return groups;
  }
  if (path.extension() == ".csv") {
    std::map<std::string, std::size_t> byTest;
    for (litmus::Observation& row : litmus::readObservationCsv(text, file)) {
      auto [found, added] = byTest.try_emplace(row.test, groups.size());
      if (added) {
        ObservationGroup group;
        group.test = row.test;
        group.file = file;
        group.position = row.position;
        groups.push_back(std::move(group));
      }
      groups[found->second].observations.push_back(std::move(row));
    }
    return groups;
  }
  return litmus7Groups(text, file);
}

GivenTest readGivenTest(const fs::path& path) {
  const std::string text = readText(path);
  GivenTest given;
  given.file = litmus::inputName(path);
  given.test = parser::readLitmusText(text, given.file);
  given.code = parser::codeColumns(text);
  return given;
}

std::vector<GivenTest> readGivenTests(const std::vector<fs::path>& files, unsigned jobs,
                                      std::vector<std::string>& errors) {
  struct ReadTest {
    std::optional<GivenTest> test;
    std::string error;
  };
  std::vector<GivenTest> given;
  runInOrder<ReadTest>(
      files.size(), jobs,
      [&](std::size_t index) {
        try {
          return ReadTest{readGivenTest(files[index]), {}};
        } catch (const litmus::InputError& error) {
          return ReadTest{std::nullopt, error.what()};
        }
      },
      [&](ReadTest read) {
        if (read.test) {
          given.push_back(std::move(*read.test));
        } else {
          errors.push_back(read.error);
        }
      });
  return given;
}

namespace {

// The outcome TEST's condition names, as observed terms: nothing unless it
// is an exists of equalities between a register or location and a number.
std::optional<std::vector<litmus::ObservedValue>> conditionOutcome(const litmus::Test& test) {
  using Kind = litmus::Proposition::Kind;
  if (test.condition.quantifier != litmus::Quantifier::Exists || test.condition.filter) {
    return std::nullopt;
  }
  std::vector<const litmus::Proposition*> equalities;
  const litmus::Proposition& proposition = test.condition.proposition;
  if (proposition.kind == Kind::And) {
    for (const litmus::Proposition& operand : proposition.operands) {
      equalities.push_back(&operand);
    }
  } else {
    equalities.push_back(&proposition);
  }
  std::vector<litmus::ObservedValue> outcome;
  for (const litmus::Proposition* equality : equalities) {
    if (equality->kind != Kind::Equal || equality->right.kind != litmus::ConditionTerm::Kind::Integer) {
      return std::nullopt;
    }
    const litmus::ConditionTerm& term = equality->left;
    litmus::ObservedValue& value = outcome.emplace_back();
    value.value = equality->right.value;
    if (term.kind == litmus::ConditionTerm::Kind::Register) {
      value.thread = term.thread;
      value.name = test.threads[term.thread].registers[term.index].name;
    } else if (term.kind == litmus::ConditionTerm::Kind::Location) {
      value.name = test.locations[term.index].name;
    } else {
      return std::nullopt;
    }
  }
  return outcome;
}

}  // namespace

std::vector<std::string> expandConditionOutcomes(std::vector<ObservationGroup>& groups,
                                                 const std::vector<GivenTest>& given) {
  std::map<std::string, const GivenTest*> byName;
  for (const GivenTest& test : given) {
    byName.try_emplace(test.test.name, &test);
  }
  std::vector<std::string> errors;
  for (ObservationGroup& group : groups) {
    const auto test = byName.find(group.test);
    const bool fromTable = std::any_of(group.observations.begin(), group.observations.end(),
                                       [](const litmus::Observation& row) { return row.conditionOutcome; });
    if (!fromTable || test == byName.end()) {
      continue;
    }
    const std::optional<std::vector<litmus::ObservedValue>> outcome = conditionOutcome(test->second->test);
    if (!outcome) {
      errors.push_back(litmus::Diagnostic{group.file, group.position,
                                          "a seen-table row stands for its test's condition, but the "
                                          "condition of " +
                                              group.test + " (" + test->second->file +
                                              ") is not an exists of equalities of registers and "
                                              "locations to numbers"}
                           .format());
      group.observations.clear();
      continue;
    }
    for (litmus::Observation& observation : group.observations) {
      if (observation.conditionOutcome) {
        observation.outcome = *outcome;
      }
    }
  }
  return errors;
}

namespace {

// Which test GROUP's observations are of: among the CANDIDATES (the given
// tests of its name), the one holding the program its log shows, or the
// only program they hold; else the program the log shows. Nothing when none
// fits (then MATCHING lists the group as unmatched, with the reason).
Source settleSource(const std::vector<ObservationGroup>& groups, std::size_t index,
                    const std::vector<std::size_t>& candidates, const std::vector<GivenTest>& given,
                    Matching& matching) {
  const ObservationGroup& group = groups[index];
  Source source;
  if (group.histogram && !group.program.empty()) {
    // The log shows what ran: a given test must hold that program.
    const auto shown = parser::codeColumns(group.program);
    std::vector<std::size_t> holding;
    for (const std::size_t candidate : candidates) {
      if (shown && given[candidate].code == shown) {
        holding.push_back(candidate);
      }
    }
    if (!holding.empty()) {
      // The copy kept beside the log, if there is one.
      const auto beside = std::find_if(holding.begin(), holding.end(), [&](std::size_t candidate) {
        return fs::path(given[candidate].file).parent_path() == fs::path(group.file).parent_path();
      });
      source.given = beside != holding.end() ? *beside : holding.front();
      if (holding.size() < candidates.size()) {
        matching.notes.push_back(
            group.test + " (" + where(group.file, group.position) + "): " + given[*source.given].file +
            " holds the program the log shows; other tests named " + group.test + " do not");
      }
      return source;
    }
    try {
      // Blank lines first, so that messages give the log's lines.
      const std::string text = std::string(group.programLine - 1, '\n') + group.program;
      source.embedded = parser::readLitmusText(text, group.file);
    } catch (const litmus::InputError& error) {
      matching.unmatched.push_back(
          {index,
           (candidates.empty() ? "no given test is named " + group.test
                               : "the given tests named " + group.test + " (" + fileList(given, candidates) +
                                     ") hold other programs than the log shows") +
               ", and the program the log shows does not read as a test: " + error.what()});
    }
    return source;
  }
  if (candidates.empty()) {
    matching.unmatched.push_back({index, "no given test is named " + group.test});
    return source;
  }
  const bool allSame = std::all_of(candidates.begin(), candidates.end(), [&](std::size_t candidate) {
    return sameProgram(given[candidate].test, given[candidates.front()].test);
  });
  if (!allSame) {
    matching.unmatched.push_back({index, std::to_string(candidates.size()) + " given tests are named " +
                                             group.test + " and hold different programs (" +
                                             fileList(given, candidates) +
                                             "): the observations do not say which ran"});
    return source;
  }
  source.given = candidates.front();
  return source;
}

// Makes CHECKED show exactly the TERMS its observations name (condition
// true, so that nothing else is displayed) and records where each observed
// term sits in the final states.
void showObservedTerms(CheckedTest& checked,
                       const std::vector<std::vector<std::vector<ConditionTerm>>>& terms,
                       const std::vector<ObservationGroup>& groups) {
  checked.test.shownLocations.clear();
  for (const std::size_t group : checked.groups) {
    for (const std::vector<ConditionTerm>& observation : terms[group]) {
      for (const ConditionTerm& term : observation) {
        if (std::find(checked.test.shownLocations.begin(), checked.test.shownLocations.end(), term) ==
            checked.test.shownLocations.end()) {
          checked.test.shownLocations.push_back(term);
        }
      }
    }
  }
  checked.test.condition.proposition = litmus::Proposition{};
  const litmus::ObservedTerms shown = litmus::ObservedTerms::of(checked.test);
  for (const std::size_t group : checked.groups) {
    std::vector<ObservedAt>& observed = checked.observed.emplace_back();
    for (std::size_t row = 0; row < terms[group].size(); ++row) {
      ObservedAt& values = observed.emplace_back();
      for (std::size_t term = 0; term < terms[group][row].size(); ++term) {
        const std::optional<std::size_t> index = shown.indexOf(terms[group][row][term]);
        OPCHECK_ASSERT(index.has_value(), "every observed term was added to the shown locations above");
        values.emplace_back(*index,
                            litmus::Value::ofInteger(groups[group].observations[row].outcome[term].value));
      }
    }
  }
}

}  // namespace

Matching matchObservations(const std::vector<ObservationGroup>& groups, const std::vector<GivenTest>& given) {
  Matching matching;
  std::map<std::string, std::vector<std::size_t>> byName;
  for (std::size_t index = 0; index < given.size(); ++index) {
    byName[given[index].test.name].push_back(index);
  }

  // Resolve the observed terms in each group's test; a term the test lacks
  // is bad input, and its group is not checked.
  std::map<std::size_t, std::size_t> checkedOfGiven;
  std::vector<std::vector<std::vector<ConditionTerm>>> terms(groups.size());
  for (std::size_t index = 0; index < groups.size(); ++index) {
    const ObservationGroup& group = groups[index];
    const Source source = settleSource(groups, index, byName[group.test], given, matching);
    if (!source.given && !source.embedded) {
      continue;
    }
    const litmus::Test& test = source.given ? given[*source.given].test : *source.embedded;
    const std::string origin = source.given
                                   ? given[*source.given].file
                                   : "the program shown in " + where(group.file, {group.programLine, 1});
    try {
      for (const litmus::Observation& observation : group.observations) {
        std::vector<ConditionTerm>& resolved = terms[index].emplace_back();
        for (const litmus::ObservedValue& value : observation.outcome) {
          resolved.push_back(resolveTerm(test, origin, value, group.file));
        }
      }
    } catch (const litmus::InputError& error) {
      matching.errors.push_back(error.what());
      continue;
    }
    std::size_t checked = matching.tests.size();
    if (source.given) {
      checked = checkedOfGiven.try_emplace(*source.given, matching.tests.size()).first->second;
    }
    if (checked == matching.tests.size()) {
      CheckedTest added;
      added.name = test.name;
      added.origin = origin;
      added.embedded = source.embedded.has_value();
      added.test = test;
      matching.tests.push_back(std::move(added));
    }
    matching.tests[checked].groups.push_back(index);
  }
  for (CheckedTest& checked : matching.tests) {
    showObservedTerms(checked, terms, groups);
  }

  for (std::size_t index = 0; index < given.size(); ++index) {
    if (!checkedOfGiven.contains(index)) {
      const std::string& name = given[index].test.name;
      // A name several tests share says which by its file.
      matching.testsWithoutObservations.push_back(
          byName[name].size() > 1 ? name + " (" + given[index].file + ")" : name);
    }
  }
  return matching;
}

ModelStates computeModelStates(const ModelChoice& model, const CheckedTest& test, unsigned unroll,
                               const RunLimits& limits) {
  ModelStates result;
  const std::string file = test.origin;
  const std::unique_ptr<crosscheck::CheckedModel> checked =
      model.operational() ? crosscheck::checkedOperationalModel(model.name, model.architecture)
                          : crosscheck::checkedAxiomaticModel(*model.axiomatic);
  try {
    crosscheck::ModelFinalStates found = checked->finalStates(test.test, file, unroll, limits);
    result.states = std::move(found.states);
    result.complete = found.complete;
  } catch (const litmus::InputError& error) {
    result.error = model.name + " cannot check " + test.name + ": " + error.what();
  } catch (const std::bad_alloc&) {
    // As opcheck FILE reports it: this test fails, the others go on.
    result.states.clear();
    result.error = model.name + " cannot check " + test.name + ": " + file +
                   ": error: out of memory while checking this test";
  }
  return result;
}

std::vector<std::string> chipsOf(const std::vector<ObservationGroup>& groups) {
  std::vector<std::string> chips;
  for (const ObservationGroup& group : groups) {
    for (const litmus::Observation& observation : group.observations) {
      if (std::find(chips.begin(), chips.end(), observation.chip) == chips.end()) {
        chips.push_back(observation.chip);
      }
    }
  }
  return chips;
}

namespace {

bool agrees(const litmus::FinalState& state,
            const std::vector<std::pair<std::size_t, litmus::Value>>& observed) {
  return std::all_of(observed.begin(), observed.end(),
                     [&](const auto& term) { return state[term.first] == term.second; });
}

Finding findingOf(const litmus::Observation& observation) {
  Finding finding{observation.test,   observation.chip, litmus::formatOutcome(observation.outcome),
                  observation.count,  observation.runs, observation.countsKnown,
                  observation.source, observation.file, observation.position.line};
  return finding;
}

}  // namespace

ModelVerdict classifyObservations(const ModelChoice& model, const std::vector<ObservationGroup>& groups,
                                  const Matching& matching, const std::vector<ModelStates>& states,
                                  const std::vector<std::string>& chips) {
  ModelVerdict verdict;
  verdict.model = model;
  for (const std::string& chip : chips) {
    verdict.chips.push_back({chip, 0, 0});
  }
  auto tally = [&](const std::string& chip) -> ChipTally& {
    return *std::find_if(verdict.chips.begin(), verdict.chips.end(),
                         [&](const ChipTally& entry) { return entry.chip == chip; });
  };
  for (std::size_t index = 0; index < matching.tests.size(); ++index) {
    const CheckedTest& test = matching.tests[index];
    const ModelStates& model = states[index];
    if (!model.error.empty()) {
      verdict.errors.push_back(model.error);
      continue;
    }
    for (std::size_t member = 0; member < test.groups.size(); ++member) {
      const ObservationGroup& group = groups[test.groups[member]];
      const auto& observed = test.observed[member];
      for (std::size_t row = 0; row < group.observations.size(); ++row) {
        const litmus::Observation& observation = group.observations[row];
        const bool allowed =
            std::any_of(model.states.begin(), model.states.end(),
                        [&](const litmus::FinalState& state) { return agrees(state, observed[row]); });
        ChipTally& chip = tally(observation.chip);
        ++chip.checked;
        if (observation.count > 0 && !allowed) {
          if (model.complete) {
            ++chip.forbiddenSeen;
            verdict.forbiddenSeen.push_back(findingOf(observation));
          } else {
            verdict.inconclusive.push_back(findingOf(observation));
          }
        } else if (observation.count == 0 && allowed) {
          verdict.allowedUnseen.push_back(findingOf(observation));
        }
      }
      if (!group.histogram || group.observations.empty()) {
        continue;
      }
      // A histogram lists every state seen: the model's other states, over
      // the histogram's terms, were never seen.
      std::set<std::string> unseen;
      for (const litmus::FinalState& state : model.states) {
        const bool seen = std::any_of(observed.begin(), observed.end(),
                                      [&](const auto& values) { return agrees(state, values); });
        if (seen) {
          continue;
        }
        std::vector<litmus::ObservedValue> outcome = group.observations.front().outcome;
        std::string text;
        for (std::size_t term = 0; term < outcome.size(); ++term) {
          const litmus::Value& value = state[observed.front()[term].first];
          text += (term == 0 ? "" : " /\\ ") + litmus::formatObservedTerm(outcome[term]) + "=" +
                  litmus::formatHerdValue(test.test, value);
        }
        if (unseen.insert(text).second) {
          verdict.allowedUnseen.push_back(Finding{group.test, group.chip, text, 0, group.runs, true,
                                                  group.observations.front().source, group.file,
                                                  group.position.line});
        }
      }
    }
  }
  // Per chip, in CHIPS order; input order within a chip.
  auto byChip = [&](std::vector<Finding>& findings) {
    std::stable_sort(findings.begin(), findings.end(), [&](const Finding& left, const Finding& right) {
      return std::find(chips.begin(), chips.end(), left.chip) <
             std::find(chips.begin(), chips.end(), right.chip);
    });
  };
  byChip(verdict.forbiddenSeen);
  byChip(verdict.allowedUnseen);
  byChip(verdict.inconclusive);
  return verdict;
}

}  // namespace opcheck::cli

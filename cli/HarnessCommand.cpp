// opcheck harness --observations FILE... [--model M]... [--format herd|json]
// [--jobs N] [--unroll K] [--max-states N] [--max-candidates N]
// [--timeout S] FILE|DIR...: checks models against outcomes seen
// on real GPUs (design.md "Hardware observations"). Exit status 1 when some
// model forbids an outcome seen on hardware (whether or not the model claims
// to implement PTX; also when some input was bad, as compare does), else 2
// for bad input or usage, else 0. A bad file is reported and the run goes on.
#include <filesystem>
#include <iostream>
#include <optional>

#include "axiomcheck/Models.h"
#include "cli/Arguments.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/Harness.h"
#include "cli/HarnessReport.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/Limits.h"
#include "cli/OrderedParallel.h"
#include "cli/Output.h"
#include "litmus/Diagnostic.h"

namespace opcheck::cli {

namespace {

namespace fs = std::filesystem;

struct HarnessOptions {
  std::vector<std::string> observations;
  std::vector<std::string> inputs;
  std::vector<ModelChoice> models;
  bool json = false;
  // --strict: exit 1 too when a limit cut a run (an inconclusive outcome).
  bool strict = false;
  unsigned jobs = 1;
  unsigned unroll = 2;
  RunLimits limits;
};

std::string modelNames() {
  std::string names;
  for (const axiomcheck::AxiomaticModel* model : axiomcheck::allModels()) {
    names += std::string(model->name()) + ", ";
  }
  return names + "ptx-op, ptx-op,PRESET";
}

// After --observations, the files up to the next option; a directory or a
// .litmus file is a test input and ends the list.
bool isObservationFile(const std::string& argument) {
  std::error_code error;
  return !argument.starts_with("-") && !fs::is_directory(argument, error) && !argument.ends_with(".litmus");
}

std::optional<HarnessOptions> parseHarnessArguments(const std::vector<std::string>& arguments) {
  HarnessOptions options;
  ArgumentReader reader(arguments);
  while (!reader.done()) {
    const std::string argument = reader.next();
    const LimitOption limit = readLimitOption(argument, reader, options.limits);
    if (limit == LimitOption::Bad) {
      return std::nullopt;
    }
    if (limit == LimitOption::Read) {
      continue;
    }
    if (argument == "--observations") {
      const std::optional<std::string> file = reader.value();
      if (!file) {
        return std::nullopt;
      }
      options.observations.push_back(*file);
      while (reader.peek() != nullptr && isObservationFile(*reader.peek())) {
        options.observations.push_back(reader.next());
      }
    } else if (argument == "--model") {
      const std::optional<std::string> name = reader.value();
      if (!name) {
        return std::nullopt;
      }
      const std::optional<ModelChoice> model = findModelChoice(*name);
      if (!model) {
        std::cerr << "opcheck: error: unknown model '" << *name << "' (harness checks " << modelNames()
                  << "; see opcheck models)\n";
        return std::nullopt;
      }
      options.models.push_back(*model);
    } else if (argument == "--format") {
      const std::optional<std::string> format = reader.value();
      if (!format) {
        return std::nullopt;
      }
      if (*format != "herd" && *format != "json") {
        std::cerr << "opcheck: error: --format is herd or json, not '" << *format << "'\n";
        return std::nullopt;
      }
      options.json = *format == "json";
    } else if (argument == "--strict") {
      options.strict = true;
    } else if (argument == "--jobs" || argument == "-j") {
      const std::optional<unsigned> jobs =
          reader.number<unsigned>(1, 1024, "a number of threads (1 or more)");
      if (!jobs) {
        return std::nullopt;
      }
      options.jobs = *jobs;
    } else if (argument == "--unroll") {
      const std::optional<unsigned> unroll =
          reader.number<unsigned>(0, 1000, "a number of iterations (0 or more)");
      if (!unroll) {
        return std::nullopt;
      }
      options.unroll = *unroll;
    } else if (argument.size() > 1 && argument[0] == '-') {
      std::cerr << "opcheck: error: unknown option '" << argument << "'\n";
      return std::nullopt;
    } else {
      options.inputs.push_back(argument);
    }
  }
  if (options.observations.empty()) {
    std::cerr << "opcheck harness: error: give observation files with --observations FILE... (CSV or litmus7 "
                 "logs)\n";
    return std::nullopt;
  }
  if (options.models.empty()) {
    options.models = harnessDefaultModels();
  }
  return options;
}

}  // namespace

// The command, before its output is checked (finishOutput).
static int runHarnessCommandUnchecked(const std::vector<std::string>& arguments) {
  const std::optional<HarnessOptions> parsed = parseHarnessArguments(arguments);
  if (!parsed) {
    return kBadInput;
  }
  const HarnessOptions& options = *parsed;
  applyInputLimits(options.limits);
  HarnessReport report;
  auto badInput = [&](const std::string& message) {
    std::cerr << message << '\n';
    report.errors.push_back(message);
  };

  for (const std::string& file : options.observations) {
    report.observationFiles.push_back(file);
    try {
      std::vector<ObservationGroup> groups = readObservationFile(file);
      report.groups.insert(report.groups.end(), std::make_move_iterator(groups.begin()),
                           std::make_move_iterator(groups.end()));
    } catch (const litmus::InputError& error) {
      badInput(error.what());
    }
  }

  const InputFiles inputs = collectLitmusFiles(options.inputs);
  for (const std::string& problem : inputs.problems) {
    badInput(problem);
  }
  std::vector<GivenTest> given;
  struct ReadTest {
    std::optional<GivenTest> test;
    std::string error;
  };
  runInOrder<ReadTest>(
      inputs.files.size(), options.jobs,
      [&](std::size_t index) {
        try {
          return ReadTest{readGivenTest(inputs.files[index]), {}};
        } catch (const litmus::InputError& error) {
          return ReadTest{std::nullopt, error.what()};
        }
      },
      [&](ReadTest read) {
        if (read.test) {
          given.push_back(std::move(*read.test));
        } else {
          badInput(read.error);
        }
      });

  for (const std::string& error : expandConditionOutcomes(report.groups, given)) {
    badInput(error);
  }
  report.matching = matchObservations(report.groups, given);
  for (const std::string& error : report.matching.errors) {
    badInput(error);
  }
  report.chips = chipsOf(report.groups);
  if (report.matching.tests.empty() && report.errors.empty()) {
    badInput(
        "opcheck harness: error: no observation names a given test (give the litmus tests the "
        "observations are of)");
  }
  if (!report.matching.unmatched.empty()) {
    const std::size_t count = report.matching.unmatched.size();
    std::cerr << "opcheck harness: warning: " << count << (count == 1 ? " group" : " groups")
              << " of observations " << (count == 1 ? "matches" : "match") << " no given test and "
              << (count == 1 ? "is" : "are") << " not checked (see the report)\n";
  }

  // Every model on every checked test, side by side.
  const std::size_t testCount = report.matching.tests.size();
  // A run Ctrl-C kept from starting stays as this: not complete, so that
  // nothing it lacks is called forbidden.
  ModelStates notRun;
  notRun.complete = false;
  std::vector<std::vector<ModelStates>> states(options.models.size(),
                                               std::vector<ModelStates>(testCount, notRun));
  std::size_t done = 0;  // results arrive in item order
  runInOrder<ModelStates>(
      options.models.size() * testCount, options.jobs,
      [&](std::size_t item) {
        return computeModelStates(options.models[item / testCount], report.matching.tests[item % testCount],
                                  options.unroll, options.limits);
      },
      [&](ModelStates result) {
        states[done / testCount][done % testCount] = std::move(result);
        ++done;
      });
  for (std::size_t model = 0; model < options.models.size(); ++model) {
    report.models.push_back(classifyObservations(options.models[model], report.groups, report.matching,
                                                 states[model], report.chips));
    for (const std::string& error : report.models.back().errors) {
      badInput(error);
    }
  }

  report.interrupted = interrupted();
  if (!report.groups.empty()) {
    std::cout << (options.json ? harnessJson(report) : harnessText(report));
  }
  if (report.interrupted) {
    std::cerr << "opcheck harness: interrupted: the report is partial\n";
    return kInterrupted;
  }
  if (report.unsound()) {
    return kCheckFailed;
  }
  if (!report.errors.empty()) {
    return kBadInput;
  }
  const bool cut = std::any_of(report.models.begin(), report.models.end(),
                               [](const ModelVerdict& model) { return !model.inconclusive.empty(); });
  return options.strict && cut ? kCheckFailed : kSuccess;
}

int runHarnessCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runHarnessCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

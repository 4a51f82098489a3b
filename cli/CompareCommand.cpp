// opcheck compare FILE|DIR... [--op ptx-op[,PRESET]] [--ax ptx,rmo]
// [--executions] [--report FILE.md|FILE.json] [--jobs N] [--unroll K]
// [--max-states N] [--max-candidates N] [--timeout S] [--quiet]: operational ⊆ axiomatic, test by
// test, and with --executions run by run (design.md "Cross-validation").
// Exit status 1 when some test is unsound.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <optional>

#include "axiomcheck/Models.h"
#include "cli/Arguments.h"
#include "cli/Commands.h"
#include "cli/ComparisonReport.h"
#include "cli/ExitStatus.h"
#include "cli/GraphOutput.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/Limits.h"
#include "cli/ModelChoice.h"
#include "cli/OrderedParallel.h"
#include "cli/Output.h"

namespace opcheck::cli {

namespace {

struct CompareOptions {
  std::vector<std::string> inputs;
  ComparisonOptions comparison;
  std::string operationalName = findOperationalModel("ptx-op")->name;  // the default preset
  std::vector<std::string> axiomaticNames;
  std::string report;
  RunLimits limits;
  unsigned jobs = 1;
  bool quiet = false;
  // --strict: exit 1 too when a limit cut a run (an inconclusive test).
  bool strict = false;
};

std::vector<std::string> splitCommas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    parts.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return parts;
}

std::optional<CompareOptions> parseCompareArguments(const std::vector<std::string>& arguments) {
  CompareOptions options;
  std::string axiomatic = "ptx";
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
    if (argument == "--op") {
      const auto value = reader.value();
      if (!value) {
        return std::nullopt;
      }
      const std::optional<ModelChoice> operational = findOperationalModel(*value);
      if (!operational) {
        std::cerr << "opcheck: error: --op is ptx-op or ptx-op,PRESET (see opcheck models), not '" << *value
                  << "'\n";
        return std::nullopt;
      }
      options.comparison.operational.architecture = operational->architecture;
      options.operationalName = operational->name;
    } else if (argument == "--ax") {
      const auto value = reader.value();
      if (!value) {
        return std::nullopt;
      }
      axiomatic = *value;
    } else if (argument == "--report") {
      const auto value = reader.value();
      if (!value) {
        return std::nullopt;
      }
      options.report = *value;
    } else if (argument == "--jobs" || argument == "-j") {
      const auto jobs = reader.number<unsigned>(1, 1024, "a number of threads (1 or more)");
      if (!jobs) {
        return std::nullopt;
      }
      options.jobs = *jobs;
    } else if (argument == "--unroll") {
      const auto unroll = reader.number<unsigned>(0, 1000, "a number of iterations (0 or more)");
      if (!unroll) {
        return std::nullopt;
      }
      options.comparison.check.unroll = *unroll;
    } else if (argument == "--executions") {
      options.comparison.executions = true;
    } else if (argument == "--quiet" || argument == "-q") {
      options.quiet = true;
    } else if (argument == "--strict") {
      options.strict = true;
    } else if (argument.size() > 1 && argument[0] == '-') {
      std::cerr << "opcheck: error: unknown option '" << argument << "'\n";
      return std::nullopt;
    } else {
      options.inputs.push_back(argument);
    }
  }
  for (const std::string& name : splitCommas(axiomatic)) {
    const axiomcheck::AxiomaticModel* model = axiomcheck::findModel(name);
    if (model == nullptr) {
      std::cerr << "opcheck: error: --ax takes axiomatic models (ptx, rmo, sc), not '" << name << "'\n";
      return std::nullopt;
    }
    options.comparison.axiomatic.push_back(model);
    options.axiomaticNames.push_back(name);
  }
  const bool markdown = options.report.ends_with(".md");
  if (!options.report.empty() && !markdown && !options.report.ends_with(".json")) {
    std::cerr << "opcheck: error: --report writes FILE.md or FILE.json\n";
    return std::nullopt;
  }
  if (options.inputs.empty()) {
    std::cerr << "opcheck compare: error: give one or more litmus files or directories\n";
    return std::nullopt;
  }
  applyLimits(options.limits, options.comparison.operational);
  applyLimits(options.limits, options.comparison.check);
  return options;
}

}  // namespace

// The command, before its output is checked (finishOutput).
static int runCompareCommandUnchecked(const std::vector<std::string>& arguments) {
  std::optional<CompareOptions> parsed = parseCompareArguments(arguments);
  if (!parsed) {
    return kBadInput;
  }
  CompareOptions& options = *parsed;
  applyInputLimits(options.limits);
  const InputFiles inputs = collectLitmusFiles(options.inputs);
  for (const std::string& problem : inputs.problems) {
    std::cerr << problem << '\n';
  }
  // One test explores on every job; many tests run side by side instead.
  options.comparison.operational.exploration.jobs =
      inputs.files.size() == 1 ? static_cast<int>(options.jobs) : 1;
  const bool progress = !options.quiet && inputs.files.size() > 1 && isatty(STDERR_FILENO) != 0;

  ComparisonSuite suite;
  suite.operationalModel = options.operationalName;
  suite.axiomaticModels = options.axiomaticNames;
  suite.unroll = options.comparison.check.unroll;
  bool badInput = !inputs.problems.empty();
  runInOrder<TestComparison>(
      inputs.files.size(), options.jobs,
      [&](std::size_t index) { return compareTest(inputs.files[index], options.comparison); },
      [&](TestComparison comparison) {
        if (!comparison.error.empty()) {
          badInput = true;
          std::cerr << (progress ? "\r\033[K" : "") << comparison.error << '\n';
        } else {
          std::cout << comparisonLine(comparison) << '\n';
        }
        suite.tests.push_back(std::move(comparison));
        if (progress) {
          std::cerr << "\r\033[K" << suite.tests.size() << "/" << inputs.files.size() << " tests"
                    << std::flush;
        }
      });
  if (progress) {
    std::cerr << "\r\033[K";
  }
  suite.interrupted = interrupted();
  suite.inputCount = inputs.files.size();
  // Unsound tests first (design.md), each group in input order.
  std::stable_partition(suite.tests.begin(), suite.tests.end(),
                        [](const TestComparison& test) { return test.unsound(); });
  std::cout << summaryText(suite);
  // --executions: the graphs that break an axiom, beside the report.
  if (!options.report.empty() && options.comparison.executions &&
      !writeComparisonPictures(suite, options.report)) {
    badInput = true;
  }
  if (!options.report.empty()) {
    if (const std::optional<std::string> problem = writeTextFile(
            options.report, options.report.ends_with(".md") ? markdownReport(suite) : jsonReport(suite))) {
      std::cerr << "opcheck: error: " << *problem << "\n";
      return kBadInput;
    }
  }
  if (suite.interrupted) {
    std::cerr << "opcheck compare: interrupted: the report is partial\n";
    return kInterrupted;
  }
  const bool unsound = std::any_of(suite.tests.begin(), suite.tests.end(),
                                   [](const TestComparison& test) { return test.unsound(); });
  if (unsound) {
    return kCheckFailed;
  }
  if (badInput) {
    return kBadInput;
  }
  const bool cut = std::any_of(suite.tests.begin(), suite.tests.end(), [](const TestComparison& test) {
    return !test.operationalComplete ||
           std::any_of(test.models.begin(), test.models.end(),
                       [](const ModelComparison& model) { return !model.stopped.empty(); });
  });
  return options.strict && cut ? kCheckFailed : kSuccess;
}

int runCompareCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runCompareCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

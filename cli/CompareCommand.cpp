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
#include "cli/CommandLine.h"
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

// Reads the arguments; nothing when the comparison goes on, else the exit
// status (after the usage, or a usage error).
std::optional<int> parseCompareArguments(const std::vector<std::string>& arguments, CompareOptions& options) {
  CLI::App app{
      "Checks that ptx-op's outcomes (--executions: and each run's execution graph) are ones the "
      "axiomatic models allow. The two sides are named as --model names models elsewhere.",
      "opcheck compare"};
  setUpApp(app);
  app.footer(
      "Exit status: 0 when every test is sound, 1 when some test is unsound, 2 for bad input or usage.");
  std::string operational = "ptx-op";
  std::string axiomatic = "ptx";
  addInputs(app, options.inputs);
  app.add_option("--op", operational, "the operational side: ptx-op or ptx-op,PRESET (opcheck models)")
      ->type_name("MODEL")
      ->capture_default_str();
  app.add_option("--ax", axiomatic, "the axiomatic side, models separated by commas: ptx, rmo, sc")
      ->type_name("MODEL,...")
      ->capture_default_str();
  // compare has two sides: --model would not say which (README "Use").
  std::string model;
  app.add_option("--model", model)->group("");
  app.add_flag("--executions", options.comparison.executions,
               "also check each ptx-op run's execution graph against the axioms");
  app.add_option(
         "--report", options.report,
         "write a report (Markdown or JSON); with --executions, the graphs that break an axiom beside it")
      ->type_name("FILE.md|FILE.json");
  addJobsOption(app, options.jobs);
  addUnrollOption(app, options.comparison.check.unroll);
  addQuietOption(app, options.quiet);
  addStrictOption(app, options.strict, "");
  addLimitOptions(app, options.limits);
  std::vector<std::string> skippedAxioms;
  addSkipAxiomOption(app, skippedAxioms);
  if (const std::optional<int> status = parseCommandLine(app, arguments)) {
    return status;
  }
  if (app.count("--model") > 0) {
    return usageError("compare names its two sides --op ptx-op[,PRESET] and --ax ptx,rmo,sc, not --model " +
                      model);
  }
  const std::optional<ModelChoice> operationalModel = findOperationalModel(operational);
  if (!operationalModel) {
    return usageError("--op is ptx-op or ptx-op,PRESET (see opcheck models), not '" + operational + "'");
  }
  options.comparison.operational.architecture = operationalModel->architecture;
  options.operationalName = operationalModel->name;
  for (const std::string& name : splitCommas(axiomatic)) {
    const axiomcheck::AxiomaticModel* model = axiomcheck::findModel(name);
    if (model == nullptr) {
      return usageError("--ax takes axiomatic models (ptx, rmo, sc), not '" + name + "'");
    }
    options.comparison.axiomatic.push_back(model);
    options.axiomaticNames.push_back(name);
  }
  if (const std::optional<std::string> problem = skipAxioms(options.comparison.axiomatic, skippedAxioms)) {
    return usageError(*problem);
  }
  const bool markdown = options.report.ends_with(".md");
  if (!options.report.empty() && !markdown && !options.report.ends_with(".json")) {
    return usageError("--report writes FILE.md or FILE.json");
  }
  if (options.inputs.empty()) {
    return usageError("give one or more litmus files or directories (opcheck compare --help)");
  }
  applyLimits(options.limits, options.comparison.operational);
  applyLimits(options.limits, options.comparison.check);
  return std::nullopt;
}

}  // namespace

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runCompareCommandUnchecked(const std::vector<std::string>& arguments) {
  CompareOptions options;
  if (const std::optional<int> status = parseCompareArguments(arguments, options)) {
    return *status;
  }
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

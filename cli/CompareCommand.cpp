// opcheck compare FILE|DIR... [--op ptx-op[,PRESET]] [--ax ptx,rmo]
// [--executions] [--report FILE.md|FILE.json] [--jobs N] [--unroll K]
// [--max-states N] [--max-candidates N] [--timeout S] [--quiet]: operational ⊆ axiomatic, test by
// test, and with --executions run by run (docs/architecture.md "Cross-validation").
// Exit status 1 when some test is unsound.
//
// opcheck compare FILE|DIR... --source MODEL --mapping NAME [--ax MODEL] [--op ptx-op]: a C -> PTX
// mapping checked on C tests (docs/mappings.md); exit status 1 when it is unsound on some test.
//
// opcheck compare FILE|DIR... --against LOG [--model MODEL] [--format herd|json]: one model's
// final states against a herd7 or litmus7 log, as mcompare7 compares logs (cli/LogComparison.h).
#include <unistd.h>

#include <array>
#include <fstream>
#include <iostream>
#include <optional>
#include <span>
#include <string_view>

#include "axiomcheck/Models.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ComparisonReport.h"
#include "cli/ExitStatus.h"
#include "cli/GraphOutput.h"
#include "cli/Harness.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/Limits.h"
#include "cli/LogComparison.h"
#include "cli/MappingCheck.h"
#include "cli/ModelChoice.h"
#include "cli/OrderedParallel.h"
#include "cli/Output.h"
#include "cli/TestLabels.h"
#include "litmus/Diagnostic.h"
#include "support/Assert.h"

namespace opcheck::cli {

namespace {

struct CompareOptions {
  std::vector<std::string> inputs;
  ComparisonOptions comparison;
  std::string operationalName = defaultOperationalModel().name;
  std::vector<std::string> axiomaticNames;
  std::string report;
  RunLimits limits;
  unsigned jobs = 1;
  bool quiet = false;
  // --strict: exit 1 too when a limit cut a run (an inconclusive test).
  bool strict = false;
  // --against LOG: the model under test (--model) against a log.
  std::string against;
  std::optional<ModelChoice> model;
  bool json = false;
  // --source MODEL --mapping NAME: the mapping check.
  std::optional<compile::Mapping> mapping;
  crosscheck::MappingCheckOptions mappingCheck;
  // --all-programs N: every C program of up to N events instead of files,
  // with the --program-* options that bound them.
  std::size_t allPrograms = 0;
  generate::CProgramBound programBound;
  std::string programOrders;
  std::string programEvents;
};

// The options that narrow the programs of --all-programs N.
constexpr std::array<const char*, 5> kProgramBoundOptions = {
    "--program-threads", "--program-ctas", "--program-gpus", "--program-orders", "--program-events"};

// "a, b or c": the names an option takes.
std::string joinedNames(std::span<const std::string_view> names) {
  std::string text;
  for (std::size_t index = 0; index < names.size(); ++index) {
    text += index == 0 ? "" : index + 1 == names.size() ? " or " : ", ";
    text += names[index];
  }
  return text;
}

// OPTION (--program-orders or --program-events), when given: MASK from the
// names its LIST takes out of NAMES; a usage error for another name.
std::optional<int> readNamedMask(const CLI::App& app, const char* option, const std::string& list,
                                 std::span<const std::string_view> names, std::uint8_t& mask) {
  if (!given(app, option)) {
    return std::nullopt;
  }
  const std::optional<std::uint8_t> read = generate::namedMask(list, names);
  if (!read) {
    return usageError(std::string(option) + " takes a list of " + joinedNames(names) + ", not '" + list +
                      "'");
  }
  mask = *read;
  return std::nullopt;
}

// --source MODEL --mapping NAME: the C tests' outcomes under MODEL against
// the compiled tests' under --ax (one model) and, where --op is given,
// ptx-op's.
std::optional<int> parseMappingArguments(const CLI::App& app, const std::string& source,
                                         const std::string& mapping, const std::string& axiomatic,
                                         const std::string& operational, CompareOptions& options) {
  for (const char* option : {"--report", "--against", "--model", "--format", "--skip-axiom"}) {
    if (given(app, option)) {
      return usageError(std::string(option) + " does not apply to compare --source MODEL --mapping NAME");
    }
  }
  if (source.empty() || mapping.empty()) {
    return usageError("the mapping check takes both --source MODEL (the C model) and --mapping NAME (" +
                      mappingNames() + ", a FILE.map, or a compiler such as clang-19:sm_90)");
  }
  options.mappingCheck.source = axiomcheck::findModel(source);
  if (options.mappingCheck.source == nullptr) {
    return usageError("--source takes an axiomatic model that reads C tests, not '" + source + "'");
  }
  const std::vector<std::string> targets = splitCommas(axiomatic);
  if (targets.size() != 1) {
    return usageError("the mapping check takes one --ax model, the PTX model the compiled tests run on");
  }
  options.mappingCheck.target = findAxiomaticModel(targets.front());
  if (options.mappingCheck.target == nullptr) {
    return usageError("--ax takes axiomatic models (" + axiomaticModelNames() + "), not '" + targets.front() +
                      "'");
  }
  if (given(app, "--op")) {
    const std::optional<ModelChoice> operationalModel = findOperationalModel(operational);
    if (!operationalModel) {
      return usageError("--op is ptx-op or ptx-op,PRESET (see opcheck models), not '" + operational + "'");
    }
    opsem::OperationalOptions run;
    run.architecture = operationalModel->architecture;
    applyLimits(options.limits, run);
    options.mappingCheck.operational = run;
    options.mappingCheck.executions = options.comparison.executions;
  } else if (options.comparison.executions) {
    return usageError(
        "--executions checks ptx-op's execution graphs of the compiled tests: it needs --op ptx-op");
  }
  int status = kSuccess;
  options.mapping = chooseMapping(mapping, status);
  if (!options.mapping) {
    return status;
  }
  if (options.allPrograms > 0 && !options.inputs.empty()) {
    return usageError("--all-programs checks generated programs; it takes no test files");
  }
  if (given(app, "--all-programs") &&
      (options.allPrograms < 2 || options.allPrograms > generate::kMaxCProgramEvents)) {
    return usageError("--all-programs takes a number of events from 2 (two threads of one event) to " +
                      std::to_string(generate::kMaxCProgramEvents));
  }
  for (const char* option : kProgramBoundOptions) {
    if (given(app, option) && options.allPrograms == 0) {
      return usageError(std::string(option) + " bounds the programs of --all-programs N");
    }
  }
  if (options.programBound.maxThreads < 2 || options.programBound.maxThreads > 4) {
    return usageError("--program-threads takes 2, 3 or 4 (the threads of a generated program)");
  }
  if (options.programBound.maxCtas < 1 || options.programBound.maxCtas > 4) {
    return usageError("--program-ctas takes 1 to 4");
  }
  if (options.programBound.maxGpus < 1 || options.programBound.maxGpus > 2) {
    return usageError("--program-gpus takes 1 or 2");
  }
  if (const std::optional<int> status = readNamedMask(app, "--program-orders", options.programOrders,
                                                      generate::kCOrderNames, options.programBound.orders)) {
    return status;
  }
  if (const std::optional<int> status =
          readNamedMask(app, "--program-events", options.programEvents, generate::kCEventKindNames,
                        options.programBound.kinds)) {
    return status;
  }
  options.programBound.events = options.allPrograms;
  if (options.inputs.empty() && options.allPrograms == 0) {
    return usageError(
        "give one or more C litmus files or directories, or --all-programs N (opcheck compare --help)");
  }
  applyLimits(options.limits, options.mappingCheck.check);
  options.mappingCheck.check.unroll = options.comparison.check.unroll;
  options.mappingCheck.timeoutSeconds = options.limits.timeoutSeconds;
  return std::nullopt;
}

// --against LOG: one model against a log. The options of the two-sided
// comparison do not apply (an option a command would ignore is an error:
// docs/architecture.md "Command line").
std::optional<int> parseAgainstArguments(const CLI::App& app, const std::string& model,
                                         CompareOptions& options) {
  for (const char* option : {"--op", "--ax", "--executions", "--report"}) {
    if (given(app, option)) {
      return usageError(std::string(option) +
                        " does not apply to compare --against LOG, which checks one model (--model MODEL)");
    }
  }
  options.model = findModelChoice(model);
  if (!options.model) {
    return usageError("--model takes " + modelNames() + ", not '" + model + "'");
  }
  if (!options.model->operational() && given(app, "--max-states")) {
    return usageError(doesNotApply(
        "--max-states", model, "it limits ptx-op's exploration; the axiomatic models take --max-candidates"));
  }
  if (options.model->operational() && given(app, "--max-candidates")) {
    return usageError(doesNotApply(
        "--max-candidates", model,
        "it limits the axiomatic models (" + axiomaticModelNames() + "); ptx-op takes --max-states"));
  }
  if (options.inputs.empty()) {
    return usageError("give the litmus files or directories the log's tests are of (opcheck compare --help)");
  }
  return std::nullopt;
}

// Reads the arguments; nothing when the comparison goes on, else the exit
// status (after the usage, or a usage error).
std::optional<int> parseCompareArguments(const std::vector<std::string>& arguments, CompareOptions& options) {
  CLI::App app{
      "Checks that ptx-op's outcomes (--executions: and each run's execution graph) are ones the "
      "axiomatic models allow. The two sides are named as --model names models elsewhere. With --against "
      "LOG: "
      "one model's final states against a herd7 or litmus7 log (--model, --format).",
      "opcheck compare"};
  setUpApp(app);
  app.footer(
      "Exit status: 0 when every test is sound, 1 when some test is unsound, 2 for bad input or usage, "
      "130 after Ctrl-C, 143 after SIGTERM.\n"
      "With --against LOG: 1 when the model forbids a state a litmus7 log saw (--strict: also when a test "
      "differs from the log, is on one side only, or a limit cut its run).");
  std::string operational(opsem::kOperationalModelName);
  std::string axiomatic = defaultModelName();
  addInputs(app, options.inputs);
  app.add_option("--op", operational, "the operational side: ptx-op or ptx-op,PRESET (opcheck models)")
      ->type_name("MODEL")
      ->capture_default_str();
  app.add_option("--ax", axiomatic,
                 "the axiomatic side, models separated by commas: " + axiomaticModelNames())
      ->type_name("MODEL,...")
      ->capture_default_str();
  app.add_option("--against", options.against,
                 "compare one model (--model) with a herd7 log (its states must be equal) or a litmus7 log "
                 "(every state seen must be allowed), as mcompare7 does")
      ->type_name("LOG");
  // Without --against compare has two sides, and --model would not say which (README "Use").
  std::string model = defaultModelName();
  app.add_option("--model", model,
                 "with --against, the model under test (default " + model + "): " + modelNames())
      ->type_name("MODEL");
  addFormatOption(app, options.json);
  bool styleGiven = false;
  addPictureStyleOptions(app, options.comparison.pictureStyle, styleGiven,
                         "the pictures of --executions --report FILE");
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
  std::string source;
  app.add_option("--source", source, "with --mapping, the C model the C tests are judged by")
      ->type_name("MODEL");
  std::string mapping;
  app.add_option("--mapping", mapping,
                 "check a mapping from C to PTX (" + mappingNames() +
                     ", a FILE.map, or a compiler such as clang-19:sm_90) on C tests: every outcome of a "
                     "compiled test under --ax must be one "
                     "--source allows (docs/mappings.md)")
      ->type_name("NAME");
  app.add_option("--all-programs", options.allPrograms,
                 "with --mapping, instead of test files: every C program of 2 to N events (N at most 16; "
                 "accesses and fences, 2 locations), smallest first, up to the first size where the mapping "
                 "is unsound "
                 "(docs/mappings.md)")
      ->type_name("N");
  app.add_option("--program-threads", options.programBound.maxThreads,
                 "with --all-programs, the most threads a program has (2 to 4; default 3)")
      ->type_name("T");
  app.add_option("--program-ctas", options.programBound.maxCtas,
                 "with --all-programs, the most CTAs its threads are placed in (1 to 4; default 4)")
      ->type_name("C");
  app.add_option("--program-gpus", options.programBound.maxGpus,
                 "with --all-programs, the most GPUs its threads are placed on (1 or 2; default 2)")
      ->type_name("G");
  app.add_option("--program-orders", options.programOrders,
                 "with --all-programs, the memory orders its events may take (" +
                     joinedNames(generate::kCOrderNames) + "; default all)")
      ->type_name("LIST");
  app.add_option("--program-events", options.programEvents,
                 "with --all-programs, the kinds of event it may hold (" +
                     joinedNames(generate::kCEventKindNames) + "; default all)")
      ->type_name("LIST");
  if (const std::optional<int> status = parseCommandLine(app, arguments)) {
    return status;
  }
  if (styleGiven && (!options.comparison.executions || options.report.empty() || !options.against.empty() ||
                     given(app, "--source") || given(app, "--mapping"))) {
    return usageError(
        "--show-events, --graph and --mono style the pictures compare --op ptx-op --executions --report FILE "
        "writes: give --executions and --report too");
  }
  if (given(app, "--source") || given(app, "--mapping")) {
    return parseMappingArguments(app, source, mapping, axiomatic, operational, options);
  }
  if (given(app, "--all-programs")) {
    return usageError("--all-programs checks a mapping: it needs --source MODEL and --mapping NAME");
  }
  for (const char* option : kProgramBoundOptions) {
    if (given(app, option)) {
      return usageError(std::string(option) +
                        " bounds the programs of --all-programs N, which checks a mapping: it needs --source "
                        "MODEL and --mapping NAME");
    }
  }
  if (!options.against.empty()) {
    return parseAgainstArguments(app, model, options);
  }
  if (app.count("--model") > 0) {
    return usageError("compare names its two sides --op ptx-op[,PRESET] and --ax ptx,rmo,sc, not --model " +
                      model + " (--model names the model under test of --against LOG)");
  }
  const std::optional<ModelChoice> operationalModel = findOperationalModel(operational);
  if (!operationalModel) {
    return usageError("--op is ptx-op or ptx-op,PRESET (see opcheck models), not '" + operational + "'");
  }
  options.comparison.operational.architecture = operationalModel->architecture;
  options.operationalName = operationalModel->name;
  for (const std::string& name : splitCommas(axiomatic)) {
    const axiomcheck::AxiomaticModel* model = findAxiomaticModel(name);
    if (model == nullptr) {
      return usageError("--ax takes axiomatic models (" + axiomaticModelNames() + ", or a FILE.cat), not '" +
                        name + "'");
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
  options.comparison.timeoutSeconds = options.limits.timeoutSeconds;
  return std::nullopt;
}

// compare --against LOG. Exit status: 1 when the model forbids a state a
// litmus7 log saw (as harness), with --strict also when any test differs, is
// on one side only, or was cut; 2 for bad input; 0 otherwise.
int runAgainstLog(const CompareOptions& options) {
  OPCHECK_ASSERT(options.model.has_value(), "parseAgainstArguments chose the model");
  std::vector<std::string> errors;
  auto badInput = [&](const std::string& message) {
    std::cerr << message << '\n';
    errors.push_back(message);
  };
  LogKind kind = LogKind::Herd;
  std::vector<ObservationGroup> groups;
  try {
    groups = readLog(options.against, kind);
  } catch (const litmus::InputError& error) {
    badInput(error.what());
    return kBadInput;
  }
  const InputFiles inputs = collectLitmusFiles(options.inputs);
  for (const std::string& problem : inputs.problems) {
    badInput(problem);
  }
  std::vector<std::string> readErrors;
  const std::vector<GivenTest> given = readGivenTests(inputs.files, options.jobs, readErrors);
  for (const std::string& error : readErrors) {
    badInput(error);
  }
  LogComparisonSuite suite = compareWithLog(*options.model, kind, groups, given,
                                            options.comparison.check.unroll, options.limits, options.jobs);
  suite.log = options.against;
  for (const std::string& error : suite.errors) {
    badInput(error);
  }
  suite.errors = errors;
  std::cout << (options.json ? logComparisonJson(suite) : logComparisonText(suite));
  if (suite.interrupted) {
    std::cerr << "opcheck compare: interrupted: the report is partial\n";
    return interruptStatus();
  }
  if (suite.forbidsSeen()) {
    return kCheckFailed;
  }
  if (!errors.empty()) {
    return kBadInput;
  }
  return options.strict && (suite.anyDifference() || suite.partial()) ? kCheckFailed : kSuccess;
}

}  // namespace

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runCompareCommandUnchecked(const std::vector<std::string>& arguments) {
  CompareOptions options;
  if (const std::optional<int> status = parseCompareArguments(arguments, options)) {
    return *status;
  }
  applyInputLimits(options.limits);
  if (!options.against.empty()) {
    return runAgainstLog(options);
  }
  if (options.mapping) {
    options.mappingCheck.mapping = &*options.mapping;
    if (options.allPrograms > 0) {
      return runBoundedMappingCheck(options.programBound, options.mappingCheck, options.jobs);
    }
    const InputFiles inputs = collectLitmusFiles(options.inputs);
    for (const std::string& problem : inputs.problems) {
      std::cerr << problem << '\n';
    }
    return runMappingCheck(inputs.files, !inputs.problems.empty(), options.mappingCheck, options.jobs);
  }
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
  const TestLabels labels(inputs.files);
  runInOrder<TestComparison>(
      inputs.files.size(), options.jobs,
      [&](std::size_t index) {
        TestComparison comparison = compareTest(inputs.files[index], options.comparison);
        comparison.label = labels.label(comparison.name, comparison.file);
        return comparison;
      },
      [&](TestComparison comparison) {
        if (!comparison.error.empty()) {
          badInput = true;
          std::cerr << (progress ? "\r\033[K" : "") << comparison.error << '\n';
        } else if (!options.json) {
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
  // Unsound tests first (docs/architecture.md "Cross-validation"), each group in input order.
  std::stable_partition(suite.tests.begin(), suite.tests.end(),
                        [](const TestComparison& test) { return test.unsound(); });
  // --format json: the report's JSON document on standard output instead
  // of the lines and the summary.
  std::cout << (options.json ? jsonReport(suite) : summaryText(suite));
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
    return interruptStatus();
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

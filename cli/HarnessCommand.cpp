// opcheck harness --observations FILE... [--model M]... [--format herd|json]
// [--jobs N] [--unroll K] [--max-states N] [--max-candidates N]
// [--timeout S] FILE|DIR...: checks models against outcomes seen
// on real GPUs (docs/architecture.md "Hardware observations"). Exit status 1 when some
// model forbids an outcome seen on hardware (whether or not the model claims
// to implement PTX; also when some input was bad, as compare does), else 2
// for bad input or usage, else 0. A bad file is reported and the run goes on.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>

#include "axiomcheck/Models.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/Harness.h"
#include "cli/HarnessReport.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/Limits.h"
#include "cli/OrderedParallel.h"
#include "cli/Output.h"
#include "cli/ProgressLine.h"
#include "litmus/Diagnostic.h"
#include "opsem/OperationalModel.h"

namespace opcheck::cli {

namespace {

// What --model's help says harness checks without it: its axiomatic
// models, then ptx-op's presets.
std::string harnessDefaultNames() {
  std::string names;
  for (const ModelChoice& choice : harnessDefaultModels()) {
    if (!choice.operational()) {
      names += std::string(choice.name) + ", ";
    }
  }
  return names + "and every " + std::string(opsem::kOperationalModelName) + " preset but the broken-* ones";
}

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
  bool quiet = false;
  RunLimits limits;
};

// After --observations, the files up to the next option; a directory or a
// .litmus file is a test input and ends the list.
bool isObservationFile(const std::string& argument) {
  std::error_code error;
  return !argument.starts_with("@") && argument != "-" && !fs::is_directory(argument, error) &&
         !argument.ends_with(".litmus");
}

// Reads the arguments; nothing when the check goes on, else the exit status
// (after the usage, or a usage error).
std::optional<int> parseHarnessArguments(const std::vector<std::string>& arguments, HarnessOptions& options) {
  CLI::App app{"Checks models against outcomes seen on real GPUs.", "opcheck harness"};
  setUpApp(app);
  app.footer(
      "Observation files: CSV (test,chip,outcome,observed,runs,source), seen tables (test,GPU...: seen / not "
      "seen, one row per test, its condition the outcome) and litmus7 logs, up to the next option, "
      "directory, "
      ".litmus file or @INDEX; FILE|DIR are the litmus tests they are of (matched by name).\n"
      "Exit status: 1 when a model checked forbids an outcome seen (even one that does not claim PTX, "
      "ptx-op,fermi), 2 for bad input or usage, else 0.");
  std::vector<std::string> observed;  // observation files, then maybe tests
  std::vector<std::string> models;
  addInputs(app, options.inputs);
  app.add_option("--observations", observed, "observation files (CSV, seen tables, litmus7 logs)")
      ->type_name("FILE")
      ->required()
      ->expected(1, CLI::detail::expected_max_vector_size)
      ->take_all();
  app.add_option("--model", models,
                 std::string("a model to check, as often as wanted: ") + modelNames() + "; default " +
                     harnessDefaultNames())
      ->type_name("MODEL")
      ->expected(1)
      ->allow_extra_args(false)
      ->take_all();
  addFormatOption(app, options.json);
  addStrictOption(app, options.strict, "");
  addJobsOption(app, options.jobs);
  addUnrollOption(app, options.unroll);
  addQuietOption(app, options.quiet);
  addLimitOptions(app, options.limits);
  std::vector<std::string> skippedAxioms;
  addSkipAxiomOption(app, skippedAxioms);
  if (const std::optional<int> status = parseCommandLine(app, arguments)) {
    return status;
  }
  // --observations takes what follows it up to a test input; the rest are tests.
  const auto firstTest = std::find_if_not(observed.begin(), observed.end(), isObservationFile);
  options.observations.assign(observed.begin(), firstTest);
  options.inputs.insert(options.inputs.begin(), firstTest, observed.end());
  if (options.observations.empty()) {
    return usageError("give observation files with --observations FILE... (CSV or litmus7 logs)");
  }
  for (const std::string& name : models) {
    const std::optional<ModelChoice> model = findModelChoice(name);
    if (!model) {
      return usageError("unknown model '" + name + "' (--model is " + modelNames() + ")");
    }
    options.models.push_back(*model);
  }
  if (options.models.empty()) {
    options.models = harnessDefaultModels();
  }
  if (!skippedAxioms.empty()) {
    std::vector<const axiomcheck::AxiomaticModel*> axiomatic;
    for (const ModelChoice& model : options.models) {
      if (!model.operational()) {
        axiomatic.push_back(model.axiomatic);
      }
    }
    if (const std::optional<std::string> problem = skipAxioms(axiomatic, skippedAxioms)) {
      return usageError(*problem);
    }
    auto next = axiomatic.begin();
    for (ModelChoice& model : options.models) {
      if (!model.operational()) {
        model.axiomatic = *next++;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runHarnessCommandUnchecked(const std::vector<std::string>& arguments) {
  HarnessOptions options;
  if (const std::optional<int> status = parseHarnessArguments(arguments, options)) {
    return *status;
  }
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
  std::vector<std::string> readErrors;
  std::vector<GivenTest> given = readGivenTests(inputs.files, options.jobs, readErrors);
  for (const std::string& error : readErrors) {
    badInput(error);
  }

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
  const std::size_t runs = options.models.size() * testCount;
  // On a terminal, the runs done so far, overwritten as they finish.
  const bool progress = !options.quiet && runs > 1 && isatty(STDERR_FILENO) != 0;
  runInOrder<ModelStates>(
      runs, options.jobs,
      [&](std::size_t item) {
        return computeModelStates(options.models[item / testCount], report.matching.tests[item % testCount],
                                  options.unroll, options.limits);
      },
      [&](ModelStates result) {
        states[done / testCount][done % testCount] = std::move(result);
        ++done;
        if (progress) {
          std::cerr << overwriting(std::to_string(done) + "/" + std::to_string(runs) + " model runs")
                    << std::flush;
        }
      });
  if (progress) {
    std::cerr << overwriting("") << std::flush;
  }
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
    return interruptStatus();
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

// opcheck FILE|DIR... [--model M] [--jobs N] [--format herd|json] [--unroll K]
// [--quiet] [--max-states N | --max-candidates N] [--timeout S] (cli/Limits.h):
// runs a model on every test and prints its verdicts, herd-style
// by default (docs/architecture.md "Command line"). Tests run in parallel with --jobs
// (oneTBB) and are printed in input order. A bad file is reported as
// FILE:LINE:COL: error and the run goes on; the exit status is 2 at the end
// if any file was bad.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/IgnoredQualifiers.h"
#include "axiomcheck/Models.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/GraphOutput.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/JsonDocument.h"
#include "cli/Limits.h"
#include "cli/ModelChoice.h"
#include "cli/OperationalReport.h"
#include "cli/OrderedParallel.h"
#include "cli/Output.h"
#include "cli/ProgressLine.h"
#include "litmus/Diagnostic.h"
#include "litmus/HerdPrinter.h"
#include "litmus/JsonPrinter.h"
#include "opsem/OperationalModel.h"
#include "opsem/Reductions.h"
#include "parser/LitmusReader.h"

namespace opcheck::cli {

namespace {

enum class Format { Herd, Json };

struct RunOptions {
  std::vector<std::string> inputs;
  // An axiomatic model, or the operational one (ptx-op) when null.
  const axiomcheck::AxiomaticModel* model = nullptr;
  opsem::OperationalOptions operational;
  axiomcheck::CheckOptions check;
  RunLimits limits;
  unsigned jobs = 1;
  Format format = Format::Herd;
  unsigned unroll = 2;
  bool quiet = false;
  ProgressMode progress = ProgressMode::Auto;  // --progress, --no-progress
  // --strict: exit 1 when a limit cut a run or ptx-op found a hang
  // (docs/json.md "Exit status").
  bool strict = false;
  GraphOptions graphs;  // --show, --through, --nshow, -o (docs/graphs.md)
};

// The run command's options, declared once (its --help is made from them).
struct RunCommandLine {
  CLI::App app{"Runs a model on each litmus test and prints its verdicts, herd7's way.", "opcheck"};
  std::string model = defaultModelName();
  std::string arch;
  std::string noReduction;  // "all", or the ids given after =
  bool json = false;
  bool races = false;
  std::vector<std::string> skippedAxioms;

  explicit RunCommandLine(RunOptions& options) {
    setUpApp(app);
    app.footer(
        "The subcommands are listed below; opcheck SUBCOMMAND --help (or opcheck help SUBCOMMAND) gives "
        "each one's options. herd7's single-dash options (-model, -show, -skipcheck, ...) are read as "
        "these.\n"
        "Exit status: 0 when everything ran, 1 with --strict when a limit cut a run or ptx-op found hang "
        "states, 2 for bad input or usage, 130 after Ctrl-C, 143 after SIGTERM.");
    addInputs(app, options.inputs);
    app.add_option("--model", model, "the model: " + modelNames() + "; default " + model)->type_name("MODEL");
    app.add_option("--arch", arch, "ptx-op: a preset, as --model ptx-op,PRESET names it")
        ->type_name("PRESET");
    app.add_flag("--witness", options.operational.witness,
                 "ptx-op: a step-by-step run to the condition's outcome");
    app.add_flag("--no-reduction{all}", noReduction,
                 "ptx-op: turn the state-space reductions off: all, or those named (=RED-1,RED-3,...; "
                 "opcheck models lists them)")
        ->option_text("[=RED-n,...]");
    addJobsOption(app, options.jobs);
    addFormatOption(app, json);
    addUnrollOption(app, options.unroll);
    addQuietOption(app, options.quiet);
    app.add_flag_callback(
        "--progress", [&options] { options.progress = ProgressMode::On; },
        "show progress on standard error even when it is not a terminal (tests done; for a single test: "
        "ptx-op's states, states/s, frontier, memory and time, or an axiomatic model's candidates, "
        "candidates/s and time)");
    app.add_flag_callback(
        "--no-progress", [&options] { options.progress = ProgressMode::Off; },
        "never show progress (default: on a terminal)");
    addStrictOption(app, options.strict, "ptx-op found hang states");
    addLimitOptions(app, options.limits);
    addGraphOptions(app, options.graphs);
    addSkipAxiomOption(app, skippedAxioms);
    app.add_flag("--races", races, "the data races of every allowed execution (opcheck races --help)");
  }
};

// Reads the arguments; nothing when the run goes on, else the exit status
// (after the usage, or a usage error).
std::optional<int> parseArguments(const std::vector<std::string>& arguments, RunOptions& options) {
  RunCommandLine line(options);
  if (const std::optional<int> status = parseCommandLine(line.app, arguments)) {
    return status;
  }
  options.format = line.json ? Format::Json : Format::Herd;
  const std::optional<ModelChoice> model = findModelChoice(line.model);
  if (!model) {
    return usageError("unknown model '" + line.model + "' (--model is " + modelNames() + ")");
  }
  options.model = model->axiomatic;
  // --arch PRESET is --model ptx-op,PRESET said the old way.
  if (given(line.app, "--arch")) {
    const std::optional<ModelChoice> preset =
        findOperationalModel(std::string(opsem::kOperationalModelName) + "," + line.arch);
    if (!preset) {
      return usageError("unknown --arch preset '" + line.arch + "' (see opcheck models)");
    }
    if (!model->operational()) {
      return usageError(
          doesNotApply("--arch", line.model, "for ptx-op's presets give --model ptx-op," + line.arch));
    }
    // --model ptx-op names no preset; ptx-op,PRESET one, which must be --arch's.
    if (line.model != opsem::kOperationalModelName && preset->name != model->name) {
      return usageError("--arch " + line.arch + " and --model " + line.model + " name two presets");
    }
    options.operational.architecture = preset->architecture;
  } else if (model->operational()) {
    options.operational.architecture = model->architecture;
  }
  if (given(line.app, "--no-reduction")) {
    const std::optional<opsem::Reductions> reductions =
        line.noReduction == "all" ? opsem::Reductions::none() : opsem::reductionsWithout(line.noReduction);
    if (!reductions || line.noReduction.empty()) {
      return usageError("--no-reduction= takes ids among " + opsem::reductionIdRange() +
                        ", separated by commas, not '" + line.noReduction + "'");
    }
    options.operational.reductions = *reductions;
  }
  // An option that does not apply to the chosen model is an error
  // (docs/architecture.md "Command line").
  if (!model->operational()) {
    for (const char* option : {"--witness", "--no-reduction", "--max-states"}) {
      if (given(line.app, option)) {
        return usageError(doesNotApply(option, line.model,
                                       std::string(option) == "--max-states"
                                           ? "it limits ptx-op's exploration; the axiomatic models take "
                                             "--max-candidates"
                                           : "it is ptx-op's"));
      }
    }
    if (!line.skippedAxioms.empty()) {
      std::vector<const axiomcheck::AxiomaticModel*> models = {options.model};
      if (const std::optional<std::string> problem = skipAxioms(models, line.skippedAxioms)) {
        return usageError(*problem);
      }
      options.model = models.front();
    }
  } else if (given(line.app, "--unroll") &&
             !(options.operational.witness && !options.graphs.directory.empty())) {
    // ptx-op follows a loop as long as it runs (a loop that cannot end is a
    // hang); only the recording of --witness's graph cuts runs at a bound.
    return usageError(doesNotApply("--unroll", line.model,
                                   "ptx-op follows loops to their end; --unroll bounds the axiomatic models' "
                                   "paths and, with --witness -o DIR, the witness graph's recording"));
  } else if (given(line.app, "--skip-axiom")) {
    return usageError(
        doesNotApply("--skip-axiom", line.model, "it names an axiom of " + axiomaticModelNames(" or ")));
  } else if (given(line.app, "--max-candidates")) {
    return usageError(doesNotApply(
        "--max-candidates", line.model,
        "it limits the axiomatic models (" + axiomaticModelNames() + "); ptx-op takes --max-states"));
  }
  if (const auto problem =
          graphOptionsProblem(options.graphs, options.model != nullptr, options.operational.witness)) {
    return usageError(*problem);
  }
  if (options.inputs.empty()) {
    return usageError("give one or more litmus files or directories (opcheck --help)");
  }
  applyLimits(options.limits, options.operational);
  options.check.unroll = options.unroll;
  applyLimits(options.limits, options.check);
  return std::nullopt;
}

struct TestResult {
  std::string output;   // the printed verdict, empty for a bad file
  bool cut = false;     // a limit cut the run: the verdict is "??"
  bool hang = false;    // ptx-op found states from which no final state is reachable
  std::string error;    // FILE:LINE:COL: error: ..., empty for a good file
  std::string warning;  // a limit cut an exploration short
  std::string note;     // what the model ignores of the test (IgnoredQualifiers.h)
  std::string name;     // the test's, for its pictures' file names
  std::vector<std::pair<std::string, std::string>> pictures;  // suffix, DOT (-o DIR)
};

// ptx-op: herd's block, then opcheck's own lines (or JSON members).
void runOperational(const litmus::Test& test, const std::string& file, const RunOptions& options,
                    const statespace::Deadline& deadline, TestResult& result) {
  opsem::OperationalOptions limited = options.operational;
  setDeadline(deadline, limited);
  const opsem::OperationalResult operational = opsem::runPtxOp(test, file, limited);
  const litmus::Outcome outcome = reportedOutcome(operational);
  result.cut = !outcome.stopped.empty();
  result.hang = operational.hangStates > 0;
  if (options.format == Format::Herd) {
    // opcheck's lines follow Time, before the blank line that ends the block.
    std::string block = litmus::printHerd(test, outcome);
    if (block.ends_with("\n\n")) {
      block.pop_back();
    }
    result.output = block + operationalHerdLines(test, operational) + "\n";
  } else {
    litmus::Json object = litmus::outcomeJson(test, outcome, file);
    addOperationalJson(object, operational);
    result.output = litmus::dumpJson(object);
  }
  result.warning = operationalWarning(file, operational);
  if (!options.graphs.directory.empty() && operational.witnessFound) {
    if (auto dot = witnessGraphDot(test, file, limited, operational.witnessTrace, options.unroll,
                                   options.graphs.show.style)) {
      result.pictures.emplace_back("witness", std::move(*dot));
    }
  }
}

TestResult runOne(const std::filesystem::path& file, const RunOptions& options) {
  TestResult result;
  // The test's one deadline: its exploration and the trace searches after
  // it, or its enumeration, all within --timeout.
  const statespace::Deadline deadline = options.limits.deadlineFromNow();
  try {
    const litmus::Test test = parser::readLitmusFile(file);
    result.name = test.name;
    if (options.model == nullptr) {
      runOperational(test, file.string(), options, deadline, result);
      return result;
    }
    axiomcheck::CheckOptions check = options.check;
    setDeadline(deadline, check);
    axiomcheck::ShownOutcome shown =
        axiomcheck::checkAndShow(test, *options.model, check, file.string(), options.graphs.show);
    const litmus::Outcome& outcome = shown.outcome;
    result.cut = !outcome.stopped.empty();
    for (std::size_t index = 0; index < shown.pictures.size(); ++index) {
      result.pictures.emplace_back(std::to_string(index + 1), std::move(shown.pictures[index].dot));
    }
    if (options.format == Format::Herd) {
      result.output = litmus::printHerd(test, outcome);
      if (!outcome.stopped.empty()) {
        // As for ptx-op: a line of opcheck's own after Time.
        result.output.pop_back();
        result.output +=
            "Stopped " + test.name + " " + stopPhrase(outcome.stopped) + ": outcomes may be missing\n\n";
      }
    } else {
      result.output = litmus::dumpJson(litmus::outcomeJson(test, outcome, file.string()));
    }
    result.note = axiomcheck::ignoredQualifiersNote(*options.model, outcome.ignored, file.string());
    if (!outcome.stopped.empty()) {
      result.warning = file.string() + ": warning: the enumeration stopped " + stopPhrase(outcome.stopped) +
                       " after " + std::to_string(outcome.candidates) + " candidates; the report is partial";
    }
  } catch (const litmus::InputError& error) {
    result.error = error.what();
  } catch (const std::bad_alloc&) {
    result.error = file.string() + ": error: out of memory while checking this test";
  }
  return result;
}

}  // namespace

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runModelCommandUnchecked(const std::vector<std::string>& arguments) {
  // --races: the run, and the races of its executions (RacesCommand.cpp).
  if (std::find(arguments.begin(), arguments.end(), "--races") != arguments.end()) {
    return runRacesCommand(arguments);
  }
  RunOptions options;
  if (const std::optional<int> status = parseArguments(arguments, options)) {
    return *status;
  }
  applyInputLimits(options.limits);
  const InputFiles inputs = collectLitmusFiles(options.inputs);
  // One test explores on every job; many tests run side by side instead.
  options.operational.exploration.jobs = inputs.files.size() == 1 ? static_cast<int>(options.jobs) : 1;
  bool allGood = inputs.problems.empty();
  for (const std::string& problem : inputs.problems) {
    std::cerr << problem << '\n';
  }
  const std::vector<std::filesystem::path>& files = inputs.files;
  // --quiet keeps the terminal's default quiet; --progress overrides it.
  const bool show = showProgress(
      options.quiet && options.progress == ProgressMode::Auto ? ProgressMode::Off : options.progress,
      isatty(STDERR_FILENO) != 0);
  const bool progress = show && files.size() > 1;
  // A single test: its exploration's (ptx-op) or enumeration's (an
  // axiomatic model) progress, overwritten once a second and cleared before
  // the result is printed.
  std::atomic<bool> explorationShown{false};
  if (show && files.size() == 1) {
    const auto showLine = [&explorationShown](const auto& now) {
      std::cerr << overwriting(progressLine(now)) << std::flush;
      explorationShown = true;
    };
    if (options.model == nullptr) {
      options.operational.exploration.progress = showLine;
    } else {
      options.check.progress = showLine;
    }
  }

  std::vector<std::string> errors;
  // JSON: the envelope (docs/json.md) around one test object a line, printed
  // as each test finishes.
  if (options.format == Format::Json) {
    litmus::Json head = jsonDocument("run");
    head["model"] = options.model != nullptr ? options.model->name() : opsem::kOperationalModelName;
    head["unroll"] = options.unroll;
    const std::string text = litmus::dumpJson(head);
    std::cout << text.substr(0, text.size() - 1) << ",\"tests\":[";
  }
  bool anyCut = false;
  bool anyHang = false;
  bool firstJson = true;
  std::size_t done = 0;
  std::set<std::string> pictureStems;  // tests of one name get pictures apart
  auto print = [&](const TestResult& result) {
    if (explorationShown.exchange(false)) {
      std::cerr << overwriting("") << std::flush;
    }
    ++done;
    anyCut = anyCut || result.cut;
    anyHang = anyHang || result.hang;
    if (!result.pictures.empty()) {
      std::string stem = pictureStem(result.name);
      for (int again = 2; !pictureStems.insert(stem).second; ++again) {
        stem = pictureStem(result.name);
        stem.append("_").append(std::to_string(again));
      }
      for (const auto& [suffix, dot] : result.pictures) {
        std::string name = stem;
        name.append("-").append(suffix);
        allGood = writePicture(options.graphs.directory, name, dot).has_value() && allGood;
      }
    }
    for (const std::string* line : {&result.note, &result.warning}) {
      if (!line->empty()) {
        std::cout.flush();
        std::cerr << (progress ? "\r\033[K" : "") << *line << '\n';
      }
    }
    if (!result.error.empty()) {
      std::cout.flush();
      std::cerr << (progress ? "\r\033[K" : "") << result.error << '\n';
      errors.push_back(result.error);
      allGood = false;
    } else if (options.format == Format::Json) {
      std::cout << (firstJson ? "\n" : ",\n") << result.output;
      firstJson = false;
    } else {
      std::cout << result.output;
    }
    if (progress && (done % 64 == 0 || done == files.size())) {
      std::cout.flush();
      std::cerr << "\r\033[K" << done << "/" << files.size() << " tests" << std::flush;
    }
  };
  runInOrder<TestResult>(
      files.size(), options.jobs, [&](std::size_t index) { return runOne(files[index], options); }, print);
  std::cout.flush();
  if (progress) {
    std::cerr << "\r\033[K";
  }
  if (options.format == Format::Json) {
    errors.insert(errors.end(), inputs.problems.begin(), inputs.problems.end());
    litmus::Json tail;
    tail["errors"] = errors;
    tail["partial"] = anyCut || interrupted();
    tail["interrupted"] = interrupted();
    std::cout << "\n]," << litmus::dumpJson(tail).substr(1) << "\n";
  }
  if (interrupted()) {
    std::cerr << "opcheck: interrupted: " << done << " of " << files.size()
              << " tests reported (those stopped by the interrupt are partial)\n";
    return interruptStatus();
  }
  if (!allGood) {
    return kBadInput;
  }
  return options.strict && (anyCut || anyHang) ? kCheckFailed : kSuccess;
}

int runModelCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runModelCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

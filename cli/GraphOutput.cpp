#include "cli/GraphOutput.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>

#include "axiomcheck/Models.h"
#include "cli/CommandLine.h"
#include "cli/ModelChoice.h"
#include "cli/Output.h"
#include "crosscheck/ExecutionCheck.h"
#include "litmus/FinalState.h"
#include "opsem/ExecutionGraph.h"

extern char** environ;

namespace opcheck::cli {

namespace {

// At most this many recorded runs are searched for the witness run (each
// search rebuilds a trace); tests with more runs to the witness's outcome
// get the first of them.
constexpr std::size_t kWitnessRunsSearched = 64;

// Runs `dot -Tsvg -o SVG DOT` without a shell (no quoting of paths).
bool renderSvg(const std::filesystem::path& dot, const std::filesystem::path& svg) {
  std::string program = "dot";
  std::string format = "-Tsvg";
  std::string output = "-o" + svg.string();
  std::string input = dot.string();
  char* arguments[] = {program.data(), format.data(), output.data(), input.data(), nullptr};
  pid_t child = 0;
  if (posix_spawnp(&child, "dot", nullptr, nullptr, arguments, environ) != 0) {
    return false;
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) {
      return false;
    }
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

void addGraphOptions(CLI::App& app, GraphOptions& options) {
  app.add_option_function<std::string>(
         "--show",
         [&options](const std::string& word) {
           options.show.show = *axiomcheck::showSelectionNamed(word);
           options.showGiven = true;
         },
         "axiomatic models: picture these executions into -o DIR (docs/graphs.md)")
      ->type_name("prop|neg|all|cond|wit|rejected|none")
      ->check(CLI::IsMember({"prop", "neg", "all", "cond", "wit", "rejected", "none"}).description(""));
  app.add_option_function<std::string>(
         "--through",
         [&options](const std::string& word) {
           // herd: for models given as cat files, all and invalid both let
           // every rejected candidate through; opcheck's models are such models.
           options.show.through = word != "none";
           options.showGiven = true;
         },
         "let rejected candidates through to --show's selection")
      ->type_name("invalid|all|none")
      ->check(CLI::IsMember({"invalid", "all", "none"}).description(""));
  addWholeNumberOption(
      app, "--nshow", "N", 1, 1000000,
      [&options](std::uint64_t limit) {
        options.show.limit = static_cast<std::size_t>(limit);
        options.showGiven = true;
        options.limitGiven = true;
      },
      "at most N pictures per test");
  addPictureStyleOptions(app, options.show.style, options.styleGiven, "--show's and --witness's pictures");
  app.add_option("-o,--output", options.directory,
                 "the folder for the pictures (--show; ptx-op: --witness's execution graph)")
      ->type_name("DIR")
      ->check(CLI::Validator(
          [](const std::string& directory) { return directory.empty() ? std::string("needs a folder") : ""; },
          ""));
}

void addPictureStyleOptions(CLI::App& app, axiomcheck::DotStyle& style, bool& given,
                            const std::string& pictures) {
  app.add_option_function<std::string>(
         "--show-events",
         [&style, &given](const std::string& word) {
           // herd's noregs hides register events, which opcheck's pictures
           // never have: it draws what all draws.
           style.events = word == "mem" ? axiomcheck::ShownEvents::Memory : axiomcheck::ShownEvents::All;
           given = true;
         },
         pictures + ": every event, or the memory accesses alone (mem)")
      ->type_name("all|mem|noregs")
      ->check(CLI::IsMember({"all", "mem", "noregs"}).description(""));
  app.add_option_function<std::string>(
         "--graph",
         [&style, &given](const std::string& word) {
           style.layout = word == "columns" ? axiomcheck::GraphLayout::Columns
                          : word == "free"  ? axiomcheck::GraphLayout::Free
                                            : axiomcheck::GraphLayout::Cluster;
           given = true;
         },
         pictures +
             ": threads in their GPU, cluster and CTA boxes (cluster), in columns without them, or "
             "placed freely")
      ->type_name("cluster|columns|free")
      ->check(CLI::IsMember({"cluster", "columns", "free"}).description(""));
  app.add_flag_callback(
      "--mono",
      [&style, &given] {
        style.mono = true;
        given = true;
      },
      pictures + " in black and white, edges told apart by their labels");
}

std::optional<std::string> graphOptionsProblem(const GraphOptions& options, bool axiomatic, bool witness) {
  const bool showing = options.show.show != axiomcheck::ShowSelection::None || options.show.through;
  if (!axiomatic && options.showGiven) {
    return "--show, --through and --nshow picture an axiomatic model's executions (--model " +
           axiomaticModelNames(" or ") +
           "); for ptx-op, --witness -o DIR pictures the witness run's execution graph";
  }
  if (options.show.through && options.show.show == axiomcheck::ShowSelection::None) {
    return "--through lets rejected candidates through to --show's selection: give --show too";
  }
  if (options.limitGiven && options.show.show == axiomcheck::ShowSelection::None) {
    return "--nshow N limits the pictures --show selects: give --show too";
  }
  if (options.styleGiven && options.show.show == axiomcheck::ShowSelection::None &&
      (!witness || options.directory.empty())) {
    return "--show-events, --graph and --mono style the pictures of --show, or of --witness with ptx-op: "
           "give one of them, and -o DIR";
  }
  if (axiomatic && showing && options.directory.empty()) {
    return "--show needs -o DIR, the folder the pictures go to";
  }
  if (!options.directory.empty() && axiomatic && !showing) {
    return "-o DIR holds pictures: give --show prop|neg|all|cond|wit|rejected";
  }
  if (!options.directory.empty() && !axiomatic && !witness) {
    return "-o DIR with ptx-op holds the witness run's execution graph: give --witness";
  }
  return std::nullopt;
}

bool graphvizFound() {
  static const bool found = [] {
    const char* path = std::getenv("PATH");
    std::string_view rest = path != nullptr ? path : "";
    while (true) {
      const std::size_t colon = rest.find(':');
      const std::filesystem::path candidate = std::filesystem::path(rest.substr(0, colon)) / "dot";
      std::error_code error;
      if (!candidate.parent_path().empty() && std::filesystem::is_regular_file(candidate, error) &&
          access(candidate.c_str(), X_OK) == 0) {
        return true;
      }
      if (colon == std::string_view::npos) {
        return false;
      }
      rest.remove_prefix(colon + 1);
    }
  }();
  return found;
}

std::string pictureStem(const std::string& name) {
  std::string stem = name.empty() ? "test" : name;
  for (char& c : stem) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '+' && c != '-' && c != '_') {
      c = '_';
    }
  }
  if (stem.front() == '.') {
    stem.front() = '_';
  }
  return stem;
}

std::optional<std::filesystem::path> writePicture(const std::filesystem::path& directory,
                                                  const std::string& stem, const std::string& dot) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  std::filesystem::path dotFile = directory / (stem + ".dot");
  if (const std::optional<std::string> problem = writeTextFile(dotFile, dot)) {
    std::cerr << "opcheck: error: " << *problem << "\n";
    return std::nullopt;
  }
  if (!graphvizFound()) {
    static std::once_flag said;
    std::call_once(said, [] {
      std::cerr << "opcheck: note: Graphviz's dot is not on PATH: writing DOT files only (install graphviz "
                   "for SVG)\n";
    });
    return dotFile;
  }
  std::filesystem::path svgFile = directory / (stem + ".svg");
  if (!renderSvg(dotFile, svgFile)) {
    std::cerr << dotFile.string() << ": warning: dot -Tsvg failed; the DOT file is kept\n";
    return dotFile;
  }
  return svgFile;
}

std::optional<std::string> witnessGraphDot(const litmus::Test& test, const std::string& file,
                                           const opsem::OperationalOptions& options,
                                           const std::vector<std::string>& witnessTrace, unsigned unroll,
                                           const axiomcheck::DotStyle& style) {
  const opsem::RecordedExecutions recorded = opsem::recordExecutions(test, file, options, unroll);
  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  const bool wanted = test.condition.quantifier != litmus::Quantifier::Forall;
  // The recorded runs to the witness's kind of outcome. The recording
  // machine's final states also differ in what the caches hold, so a
  // shortest run to one may go on after the witness's last step (an L1
  // fill): a recorded run is the witness run when its trace starts with the
  // witness's. A run may also take the witness's steps in another
  // interleaving; failing both, the first run to such an outcome is drawn.
  // The caption says which it is.
  enum Match { Outcome, Steps, Trace };
  const opsem::ExecutionGraph* chosen = nullptr;
  Match match = Outcome;
  std::vector<std::string> witnessSteps = witnessTrace;
  std::sort(witnessSteps.begin(), witnessSteps.end());
  std::size_t searched = 0;
  for (const opsem::ExecutionGraph& graph : recorded.graphs) {
    if (litmus::holds(test.condition.proposition, terms, graph.finalState) != wanted) {
      continue;
    }
    if (chosen == nullptr) {
      chosen = &graph;
    }
    if (++searched > kWitnessRunsSearched) {
      break;
    }
    std::vector<std::string> trace = opsem::traceToGraph(test, file, options, unroll, graph.machineState);
    if (trace.size() >= witnessTrace.size() &&
        std::equal(witnessTrace.begin(), witnessTrace.end(), trace.begin())) {
      chosen = &graph;
      match = Trace;
      break;
    }
    std::sort(trace.begin(), trace.end());
    if (match == Outcome &&
        std::includes(trace.begin(), trace.end(), witnessSteps.begin(), witnessSteps.end())) {
      chosen = &graph;
      match = Steps;
    }
  }
  if (chosen == nullptr) {
    return std::nullopt;
  }
  const char* which = match == Trace   ? "the witness run of ptx-op"
                      : match == Steps ? "the witness's steps in ptx-op, in another order"
                                       : "a run of ptx-op to the witness's outcome";
  std::vector<std::string> caption = {
      test.name + ": " + which + " (" + options.architecture.name + "), as a candidate execution of ptx",
      "final state: " + litmus::formatHerdState(test, terms, chosen->finalState)};
  return crosscheck::executionGraphDot(test, file, axiomcheck::ptxModel(), unroll, *chosen,
                                       std::move(caption), style);
}

bool writeComparisonPictures(ComparisonSuite& suite, const std::filesystem::path& report) {
  const std::filesystem::path folderName = report.stem().string() + "-graphs";
  const std::filesystem::path folder = report.parent_path() / folderName;
  bool good = true;
  std::set<std::string> testStems;  // tests of one name get pictures apart
  for (TestComparison& test : suite.tests) {
    if (!std::any_of(test.models.begin(), test.models.end(), [](const ModelComparison& model) {
          return model.executions && !model.executions->broken.empty();
        })) {
      continue;
    }
    std::string testStem = pictureStem(test.name);
    for (int again = 2; !testStems.insert(testStem).second; ++again) {
      testStem = pictureStem(test.name) + "_" + std::to_string(again);
    }
    for (ModelComparison& model : test.models) {
      if (!model.executions) {
        continue;
      }
      std::size_t number = 0;
      for (BrokenGraph& graph : model.executions->broken) {
        const std::string stem = testStem + "-" + model.model + "-" + std::to_string(++number);
        const std::optional<std::filesystem::path> written = writePicture(folder, stem, graph.dot);
        if (!written) {
          good = false;
          continue;
        }
        graph.picture = (folderName / written->filename()).generic_string();
      }
    }
  }
  return good;
}

}  // namespace opcheck::cli

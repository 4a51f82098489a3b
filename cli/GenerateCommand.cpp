// opcheck generate: litmus tests from diy7 cycles, classic shapes and the
// cuda-litmus families (docs/generate.md). Each way of choosing tests is a
// mode: it reads its own options in parseArguments and makes its tests in
// testsOf; the printing and writing are shared.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/Output.h"
#include "generate/ClassicShapes.h"
#include "generate/CudaLitmusFamilies.h"
#include "generate/CycleToTest.h"
#include "generate/GenerationError.h"
#include "generate/RandomTests.h"
#include "generate/ThreadGrouping.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"

namespace opcheck::cli {

namespace {

enum class Mode { Cycle, Shape, Family, Random, List };

struct GenerateOptions {
  Mode mode = Mode::Cycle;
  std::string cycle;              // Mode::Cycle: the words given, joined
  std::string shape;              // Mode::Shape
  std::string family;             // Mode::Family
  std::uint64_t randomCount = 0;  // Mode::Random
  std::uint64_t randomSeed = 0;
  litmus::Scope scope = litmus::Scope::Gpu;
  std::optional<std::string> ctaGroups;
  std::optional<std::string> gpuGroups;
  std::string name;
  std::optional<std::filesystem::path> outputDirectory;
};

// Reads the arguments; nothing when the command goes on, else the exit
// status (after the usage, or a usage error).
std::optional<int> parseArguments(const std::vector<std::string>& arguments, GenerateOptions& options) {
  CLI::App app{
      "Litmus tests from diy7 cycles, classic shapes and the cuda-litmus families (docs/generate.md).",
      "opcheck generate"};
  setUpApp(app);
  app.footer(
      "CYCLE: diy7 relations, e.g. 'Rfe PodRR Fre PodWW' (Rfe Rfi Fre Fri Wse Wsi Coe Coi, Pos|Pod DIR DIR, "
      "DpAddr|DpData|DpCtrl s|d DIR, Fence.sc|acq_rel[.cta|.gpu|.sys][s|d DIR DIR], suffix PP..SS: the "
      "source's and target's strength, P relaxed A acquire L release S sc). Give one of CYCLE, --shape, "
      "--family, --random or --list.");
  std::vector<std::string> cycle;
  std::string scope = "gpu";
  std::string ctaGroups;
  std::string gpuGroups;
  std::string outputDirectory;
  app.add_option("CYCLE", cycle, "diy7 relations, as words or one quoted argument")->take_all();
  app.add_option("--shape", options.shape, "a classic shape (--list)")->type_name("NAME");
  app.add_option("--family", options.family,
                 "a cuda-litmus family (iriw isa2 rwc wrc wrw_2w wwc 2_2w 3_2w z6_3), corpus (the six of "
                 "corpora/cuda-litmus) or all")
      ->type_name("NAME|corpus|all");
  addWholeNumberOption(app, "--random", "N", options.randomCount, std::uint64_t{1}, std::uint64_t{1'000'000},
                       "N small random tests (for scripts/fuzz-models.sh), named random-S-I; the same seed "
                       "gives the same tests");
  addWholeNumberOption(app, "--seed", "S", options.randomSeed, std::uint64_t{0},
                       std::numeric_limits<std::uint64_t>::max(), "--random's series (default 0)");
  bool list = false;
  app.add_flag("--list", list, "list the shapes and families");
  app.add_option("--scope", scope, "the accesses' scope")
      ->type_name("cta|gpu|sys")
      ->check(CLI::IsMember({"cta", "gpu", "sys"}).description(""))
      ->capture_default_str();
  app.add_option("--cta-groups", ctaGroups,
                 "threads into CTAs, cuda-litmus style: 0_12 (default: one CTA each)")
      ->type_name("G");
  app.add_option("--gpu-groups", gpuGroups, "threads into GPUs, same form (default: one GPU)")
      ->type_name("G");
  app.add_option("--name", options.name, "the test's name")->type_name("N");
  app.add_option("-o,--output", outputDirectory,
                 "write NAME.litmus files into DIR instead of printing the tests")
      ->type_name("DIR");
  if (const std::optional<int> status = parseCommandLine(app, arguments)) {
    return status;
  }
  std::vector<Mode> modes;
  if (!cycle.empty()) {
    modes.push_back(Mode::Cycle);
  }
  for (const auto& [option, mode] : {std::pair{"--shape", Mode::Shape}, std::pair{"--family", Mode::Family},
                                     std::pair{"--random", Mode::Random}, std::pair{"--list", Mode::List}}) {
    if (given(app, option)) {
      modes.push_back(mode);
    }
  }
  if (modes.size() != 1) {
    return usageError(
        "give one of a cycle, --shape, --family, --random or --list (see opcheck generate --help)");
  }
  options.mode = modes.front();
  for (const std::string& word : cycle) {
    options.cycle += (options.cycle.empty() ? "" : " ") + word;
  }
  options.scope = scope == "cta"   ? litmus::Scope::Cta
                  : scope == "sys" ? litmus::Scope::System
                                   : litmus::Scope::Gpu;
  if (given(app, "--cta-groups")) {
    options.ctaGroups = ctaGroups;
  }
  if (given(app, "--gpu-groups")) {
    options.gpuGroups = gpuGroups;
  }
  if (given(app, "--output")) {
    options.outputDirectory = outputDirectory;
  }
  if (options.mode != Mode::Random && given(app, "--seed")) {
    return usageError("--seed applies to --random");
  }
  const bool single = options.mode == Mode::Cycle || options.mode == Mode::Shape;
  if (!single && (options.ctaGroups || options.gpuGroups || !options.name.empty() || given(app, "--scope"))) {
    // A family's tests carry cuda-litmus's own scopes; --random draws its own.
    return usageError("--scope, --cta-groups, --gpu-groups and --name apply to one cycle or --shape");
  }
  return std::nullopt;
}

litmus::Test testOfCycle(const std::string& cycleText, const GenerateOptions& options) {
  const generate::Cycle cycle = generate::parseCycle(cycleText);
  const unsigned threads = generate::countThreads(cycle);
  generate::GenerationOptions generation;
  generation.scope = options.scope;
  generation.name = options.name;
  if (options.ctaGroups) {
    generation.ctas = generate::parseThreadGrouping(*options.ctaGroups, threads);
  }
  if (options.gpuGroups) {
    generation.gpus = generate::parseThreadGrouping(*options.gpuGroups, threads);
  }
  return generate::buildTest(cycle, generation);
}

// The tests a mode asks for. Throws GenerationError.
std::vector<litmus::Test> testsOf(const GenerateOptions& options) {
  switch (options.mode) {
    case Mode::Cycle:
      return {testOfCycle(options.cycle, options)};
    case Mode::Shape: {
      const std::optional<generate::ClassicShape> shape = generate::findClassicShape(options.shape);
      if (!shape) {
        throw generate::GenerationError("unknown shape '" + options.shape + "' (opcheck generate --list)");
      }
      GenerateOptions named = options;
      if (named.name.empty()) {
        named.name = std::string(shape->name);
      }
      return {testOfCycle(std::string(shape->cycle), named)};
    }
    case Mode::Family: {
      std::vector<litmus::Test> tests;
      for (const generate::Family& family : generate::cudaLitmusFamilies()) {
        const bool wanted = options.family == "all" || (options.family == "corpus" && family.inCorpus) ||
                            generate::findFamily(options.family) == &family;
        if (wanted) {
          std::vector<litmus::Test> more = generate::generateFamily(family);
          tests.insert(tests.end(), more.begin(), more.end());
        }
      }
      if (tests.empty()) {
        throw generate::GenerationError("unknown family '" + options.family + "' (opcheck generate --list)");
      }
      return tests;
    }
    case Mode::Random: {
      // Parsed back, so a test the generator writes wrongly is an error
      // here, not a surprise in the models.
      std::vector<litmus::Test> tests;
      for (std::uint64_t index = 0; index < options.randomCount; ++index) {
        const std::string text = generate::randomTest(options.randomSeed, index);
        tests.push_back(parser::readLitmusText(
            text, "random-" + std::to_string(options.randomSeed) + "-" + std::to_string(index) + ".litmus"));
      }
      return tests;
    }
    case Mode::List:
      return {};
  }
  return {};
}

void printList() {
  std::cout << "Shapes (--shape NAME):\n";
  for (const generate::ClassicShape& shape : generate::classicShapes()) {
    std::cout << "  " << shape.name << std::string(shape.name.size() < 8 ? 8 - shape.name.size() : 1, ' ')
              << shape.cycle << '\n';
  }
  std::cout << "Families (--family NAME; corpus = the six of corpora/cuda-litmus, all = every one):\n";
  for (const generate::Family& family : generate::cudaLitmusFamilies()) {
    std::cout << "  " << family.prefix
              << std::string(family.prefix.size() < 8 ? 8 - family.prefix.size() : 1, ' ') << family.shape
              << (family.inCorpus ? "" : " (not in the corpus)") << '\n';
  }
}

int writeTests(const std::vector<litmus::Test>& tests, const std::filesystem::path& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) {
    std::cerr << "opcheck: error: cannot create " << directory.string() << ": " << error.message() << '\n';
    return kBadInput;
  }
  for (const litmus::Test& test : tests) {
    const std::filesystem::path file = directory / (test.name + ".litmus");
    if (const std::optional<std::string> problem = writeTextFile(file, litmus::printCanonical(test))) {
      std::cerr << "opcheck: error: " << *problem << '\n';
      return kBadInput;
    }
  }
  std::cerr << "opcheck generate: wrote " << tests.size() << " test" << (tests.size() == 1 ? "" : "s")
            << " to " << directory.string() << '\n';
  return kSuccess;
}

}  // namespace

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runGenerateCommandUnchecked(const std::vector<std::string>& arguments) {
  GenerateOptions parsed;
  if (const std::optional<int> status = parseArguments(arguments, parsed)) {
    return *status;
  }
  const GenerateOptions* options = &parsed;
  if (options->mode == Mode::List) {
    printList();
    return kSuccess;
  }
  std::vector<litmus::Test> tests;
  try {
    tests = testsOf(*options);
  } catch (const generate::GenerationError& error) {
    std::cerr << "opcheck: error: " << error.what() << '\n';
    return kBadInput;
  } catch (const litmus::InputError& error) {
    std::cerr << error.what() << '\n';
    return kBadInput;
  }
  if (options->outputDirectory) {
    return writeTests(tests, *options->outputDirectory);
  }
  bool first = true;
  for (const litmus::Test& test : tests) {
    std::cout << (first ? "" : "\n") << litmus::printCanonical(test);
    first = false;
  }
  return kSuccess;
}

int runGenerateCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runGenerateCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

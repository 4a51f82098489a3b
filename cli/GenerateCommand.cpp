// opcheck generate: litmus tests from diy7 cycles, classic shapes and the
// cuda-litmus families (docs/generate.md). Each way of choosing tests is a
// mode: it reads its own options in parseArguments and makes its tests in
// testsOf; the printing and writing are shared.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/Arguments.h"
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

constexpr const char* kGenerateUsage =
    "usage: opcheck generate CYCLE [--scope cta|gpu|sys] [--cta-groups G] [--gpu-groups G] [--name N] [-o "
    "DIR]\n"
    "       opcheck generate --shape NAME [--scope ...] [--cta-groups G] [--gpu-groups G] [--name N] [-o "
    "DIR]\n"
    "       opcheck generate --family NAME|corpus|all [-o DIR]\n"
    "       opcheck generate --random N [--seed S] [-o DIR]\n"
    "       opcheck generate --list\n"
    "  CYCLE   diy7 relations, e.g. 'Rfe PodRR Fre PodWW' (Rfe Rfi Fre Fri Wse Wsi Coe Coi,\n"
    "          Pos|Pod DIR DIR, DpAddr|DpData|DpCtrl s|d DIR, Fence.sc|acq_rel[.cta|.gpu|.sys][s|d DIR "
    "DIR],\n"
    "          suffix PP..SS: the source's and target's strength, P relaxed A acquire L release S sc)\n"
    "  --scope          the accesses' scope (default gpu)\n"
    "  --cta-groups G   threads into CTAs, cuda-litmus style: 0_12 (default: one CTA each)\n"
    "  --gpu-groups G   threads into GPUs, same form (default: one GPU)\n"
    "  --family NAME    a cuda-litmus family (iriw isa2 rwc wrc wrw_2w wwc 2_2w 3_2w z6_3),\n"
    "                   corpus (the six of corpora/cuda-litmus) or all\n"
    "  --random N       N small random tests (loads, stores, atomics, reductions, fences,\n"
    "                   barriers, forward branches, 32- and 64-bit arithmetic; for\n"
    "                   scripts/fuzz-models.sh), named random-S-I; the same seed gives the same tests\n"
    "  --seed S         the random series (default 0)\n"
    "  -o DIR           write NAME.litmus files into DIR instead of printing the tests\n";

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

std::optional<GenerateOptions> parseArguments(const std::vector<std::string>& arguments) {
  GenerateOptions options;
  bool modeGiven = false;
  const auto setMode = [&](Mode mode) {
    if (modeGiven && options.mode != mode) {
      std::cerr << "opcheck: error: give one of a cycle, --shape, --family or --list\n";
      return false;
    }
    modeGiven = true;
    options.mode = mode;
    return true;
  };
  ArgumentReader reader(arguments);
  while (!reader.done()) {
    const std::string argument = reader.next();
    if (argument == "--shape" || argument == "--family" || argument == "--name" || argument == "--scope" ||
        argument == "--cta-groups" || argument == "--gpu-groups" || argument == "-o" ||
        argument == "--output") {
      const std::optional<std::string> value = reader.value();
      if (!value) {
        return std::nullopt;
      }
      if (argument == "--shape") {
        if (!setMode(Mode::Shape)) {
          return std::nullopt;
        }
        options.shape = *value;
      } else if (argument == "--family") {
        if (!setMode(Mode::Family)) {
          return std::nullopt;
        }
        options.family = *value;
      } else if (argument == "--name") {
        options.name = *value;
      } else if (argument == "--scope") {
        if (*value == "cta") {
          options.scope = litmus::Scope::Cta;
        } else if (*value == "gpu") {
          options.scope = litmus::Scope::Gpu;
        } else if (*value == "sys") {
          options.scope = litmus::Scope::System;
        } else {
          std::cerr << "opcheck: error: --scope is cta, gpu or sys, not '" << *value << "'\n";
          return std::nullopt;
        }
      } else if (argument == "--cta-groups") {
        options.ctaGroups = *value;
      } else if (argument == "--gpu-groups") {
        options.gpuGroups = *value;
      } else {
        options.outputDirectory = *value;
      }
    } else if (argument == "--random") {
      const auto count = reader.number<std::uint64_t>(1, 1'000'000, "a number of tests from 1 to 1000000");
      if (!count || !setMode(Mode::Random)) {
        return std::nullopt;
      }
      options.randomCount = *count;
    } else if (argument == "--seed") {
      const auto seed = reader.number<std::uint64_t>(0, UINT64_MAX, "a whole number");
      if (!seed) {
        return std::nullopt;
      }
      options.randomSeed = *seed;
    } else if (argument == "--list") {
      if (!setMode(Mode::List)) {
        return std::nullopt;
      }
    } else if (argument.size() > 1 && argument[0] == '-') {
      std::cerr << "opcheck: error: unknown option '" << argument
                << "' for generate (see opcheck generate --help)\n";
      return std::nullopt;
    } else {
      if (!setMode(Mode::Cycle)) {
        return std::nullopt;
      }
      options.cycle += (options.cycle.empty() ? "" : " ") + argument;
    }
  }
  if (!modeGiven) {
    std::cerr << "opcheck: error: give a cycle, --shape, --family or --list (see opcheck generate --help)\n";
    return std::nullopt;
  }
  if (options.mode != Mode::Random && options.randomSeed != 0) {
    std::cerr << "opcheck: error: --seed applies to --random\n";
    return std::nullopt;
  }
  const bool single = options.mode == Mode::Cycle || options.mode == Mode::Shape;
  if (!single && (options.ctaGroups || options.gpuGroups || !options.name.empty())) {
    std::cerr << "opcheck: error: --cta-groups, --gpu-groups and --name apply to one cycle or --shape\n";
    return std::nullopt;
  }
  return options;
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

// The command, before its output is checked (finishOutput).
static int runGenerateCommandUnchecked(const std::vector<std::string>& arguments) {
  if (!arguments.empty() && (arguments.front() == "--help" || arguments.front() == "-h")) {
    std::cout << kGenerateUsage;
    return kSuccess;
  }
  const std::optional<GenerateOptions> options = parseArguments(arguments);
  if (!options) {
    return kBadInput;
  }
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

// opcheck gpu FILE|DIR... [--emit-ptx DIR] [--iterations N] [--incantations
// LIST] [--ctas N] [--seed N] [-o DIR]: each PTX test run on an NVIDIA GPU
// through a PTX harness (docs/gpu.md), its histogram written as a litmus7
// log that `harness --observations` and `compare --against` read.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/Output.h"
#include "gpu/CudaRunner.h"
#include "gpu/Harness.h"
#include "gpu/Histogram.h"
#include "gpu/OrderCheck.h"
#include "litmus/Diagnostic.h"
#include "litmus/FileReading.h"
#include "litmus/Limits.h"
#include "parser/LitmusReader.h"

namespace opcheck::cli {

namespace {

bool makeDirectory(const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) {
    std::cerr << "opcheck: error: cannot create " << directory << ": " << error.message() << '\n';
    return false;
  }
  return true;
}

}  // namespace

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runGpuCommandUnchecked(const std::vector<std::string>& arguments) {
  CLI::App app{
      "Runs each PTX test on an NVIDIA GPU (sm_90 or later) through a PTX harness with seed 000's "
      "incantations and prints the histogram of final states as a litmus7 log.",
      "opcheck gpu"};
  setUpApp(app);
  app.footer(
      "Exit status: 0 when every test ran (or, with --emit-ptx, every harness was written), 2 for bad input, "
      "a "
      "test the harness cannot run, no CUDA driver, or a usage error.");
  std::vector<std::string> files;
  addInputs(app, files);
  std::string emitDirectory;
  app.add_option(
         "--emit-ptx", emitDirectory,
         "write each test's harness as DIR/NAME.ptx (and what its SASS must hold as NAME.sass-order) and "
         "run nothing (no GPU needed)")
      ->type_name("DIR");
  std::uint64_t iterations = 100000;
  addWholeNumberOption(app, "--iterations", "N", iterations, std::uint64_t{1}, std::uint64_t{1} << 40,
                       "instances of each test to run (default 100000)");
  std::string incantationList = "stress,shuffle,sync,spread";
  app.add_option("--incantations", incantationList,
                 "seed 000's incantations to use, comma-separated: stress, shuffle, sync, spread, or none "
                 "(default: all four)")
      ->type_name("LIST");
  unsigned ctas = 0;
  addWholeNumberOption(app, "--ctas", "N", ctas, 1u, 65535u, "CTAs per launch (default: one per SM)");
  std::uint64_t seed = 1;
  addWholeNumberOption(app, "--seed", "N", seed, std::uint64_t{0}, ~std::uint64_t{0},
                       "seed of the shuffle incantation's random placements (default 1)");
  std::string outputDirectory;
  app.add_option(
         "-o,--output", outputDirectory,
         "write each log as DIR/NAME.log instead of printing it, with the harness (NAME.ptx), the cubin "
         "the driver made of it (NAME.cubin) and what its SASS must hold (NAME.sass-order)")
      ->type_name("DIR");
  std::string library = "libcuda.so.1";
  app.add_option("--cuda-library", library, "the CUDA driver library to open (default libcuda.so.1)")
      ->type_name("FILE");
  if (const std::optional<int> status = parseCommandLine(app, arguments)) {
    return *status;
  }
  if (files.empty()) {
    return usageError("give one or more PTX litmus files or directories (opcheck gpu --help)");
  }
  std::string problem;
  const std::optional<gpu::Incantations> incantations = gpu::parseIncantations(incantationList, problem);
  if (!incantations) {
    return usageError("--incantations: " + problem);
  }
  if (given(app, "--seed") && !incantations->shuffle) {
    return usageError("--seed does not apply without the shuffle incantation, which is what it seeds");
  }
  const bool emitOnly = !emitDirectory.empty();
  if (emitOnly) {
    for (const char* option : {"--iterations", "--ctas", "--seed", "--output", "--cuda-library"}) {
      if (given(app, option)) {
        return usageError(std::string(option) + " does not apply to --emit-ptx, which runs nothing");
      }
    }
    if (!makeDirectory(emitDirectory)) {
      return kBadInput;
    }
  }
  if (!outputDirectory.empty() && !makeDirectory(outputDirectory)) {
    return kBadInput;
  }
  const InputFiles inputs = collectLitmusFiles(files);
  bool allRan = inputs.problems.empty();
  for (const std::string& inputProblem : inputs.problems) {
    std::cerr << inputProblem << '\n';
  }
  std::unique_ptr<gpu::CudaDevice> device;
  if (!emitOnly) {
    try {
      device = gpu::CudaDevice::open(library);
    } catch (const gpu::DriverError& error) {
      return usageError(error.what());
    }
  }
  for (const std::filesystem::path& file : inputs.files) {
    if (interrupted()) {
      std::cout.flush();
      std::cerr << "opcheck gpu: interrupted\n";
      return interruptStatus();
    }
    const std::string name = litmus::inputName(file);
    try {
      const std::string source = litmus::readFileUpTo(file, litmus::kMaxFileBytes, "litmus files");
      const litmus::Test test = parser::readLitmusText(source, name);
      const gpu::Harness harness = gpu::writeHarness(test, name, *incantations);
      // optcheck before anything runs: the harness must hold the test's
      // operations (seed 000 Sec. 4.4).
      const std::vector<std::string> differences = gpu::checkOrder(test, harness);
      if (!differences.empty()) {
        for (const std::string& difference : differences) {
          std::cerr << name << ": error: the harness does not keep the test's operations: " << difference
                    << '\n';
        }
        allRan = false;
        continue;
      }
      if (emitOnly) {
        const std::filesystem::path out = std::filesystem::path(emitDirectory) / test.name;
        for (const auto& [extension, text] :
             {std::pair{".ptx", &harness.ptx}, std::pair{".sass-order", &harness.sassOrder}}) {
          if (const std::optional<std::string> written = writeTextFile(out.string() + extension, *text)) {
            std::cerr << "opcheck: error: " << *written << '\n';
            return kBadInput;
          }
        }
        continue;
      }
      gpu::RunSettings settings;
      settings.iterations = iterations;
      settings.ctas = ctas;
      settings.seed = seed;
      const gpu::DeviceRun run = device->run(test, harness, settings);
      const std::string log = gpu::writeLitmus7Log(test, std::filesystem::path(name).filename().string(),
                                                   source, run.histogram, run.description);
      if (outputDirectory.empty()) {
        std::cout << log << std::flush;
        continue;
      }
      // Beside the log, what scripts/gpu-run.sh checks the SASS with.
      const std::filesystem::path out = std::filesystem::path(outputDirectory) / test.name;
      for (const auto& [extension, text] :
           {std::pair{".log", &log}, std::pair{".ptx", &harness.ptx},
            std::pair{".sass-order", &harness.sassOrder}, std::pair{".cubin", &run.cubin}}) {
        if (const std::optional<std::string> written = writeTextFile(out.string() + extension, *text)) {
          std::cerr << "opcheck: error: " << *written << '\n';
          return kBadInput;
        }
      }
    } catch (const litmus::InputError& error) {
      std::cout.flush();
      std::cerr << error.what() << '\n';
      allRan = false;
    } catch (const gpu::DriverError& error) {
      std::cout.flush();
      std::cerr << name << ": error: " << error.what() << '\n';
      allRan = false;
    }
  }
  return allRan ? kSuccess : kBadInput;
}

int runGpuCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runGpuCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

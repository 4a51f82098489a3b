// opcheck: a model checker for GPU (NVIDIA PTX) memory consistency.
//
//   opcheck FILE|DIR... [--model M]  run a model, print herd-style verdicts
//   opcheck compare FILE|DIR...      operational outcomes against axiomatic ones
//   opcheck compile FILE|DIR... --mapping NAME
//                                    C tests compiled to PTX with a mapping
//   opcheck harness --observations FILE... FILE|DIR...
//                                    models against outcomes seen on real GPUs
//   opcheck gpu FILE|DIR...          tests run on an NVIDIA GPU, as a litmus7 log
//   opcheck generate CYCLE | --shape NAME | --family NAME
//                                    litmus tests from diy7 cycles
//   opcheck races FILE|DIR...        the data races of every allowed execution
//   opcheck parse FILE|DIR...        print each test as opcheck understood it
//   opcheck models                   list the models
//   opcheck help [SUBCOMMAND]        the usage, generated from each command's options
#include <malloc.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/Interrupt.h"
#include "litmus/Diagnostic.h"
#include "litmus/FileReading.h"

namespace {

using Command = int (*)(const std::vector<std::string>&);

struct Subcommand {
  const char* name;
  Command run;
  const char* summary;
};

// The subcommands, in the order usage lists them; each answers --help with
// its own options (cli/CommandLine.h).
constexpr Subcommand kSubcommands[] = {
    {"compare", opcheck::cli::runCompareCommand, "ptx-op's outcomes against the axiomatic models'"},
    {"compile", opcheck::cli::runCompileCommand, "C tests compiled to PTX with a mapping"},
    {"harness", opcheck::cli::runHarnessCommand, "models against outcomes seen on real GPUs"},
    {"gpu", opcheck::cli::runGpuCommand, "litmus tests run on an NVIDIA GPU, written as a litmus7 log"},
    {"generate", opcheck::cli::runGenerateCommand, "litmus tests from diy7 cycles, shapes and families"},
    {"races", opcheck::cli::runRacesCommand, "the data races of every allowed execution, explained"},
    {"parse", opcheck::cli::runParseCommand, "each litmus test in canonical form"},
    {"models", opcheck::cli::runModelsCommand, "the models, their axioms and ptx-op's presets"},
};

const Subcommand* findSubcommand(const std::string& name) {
  for (const Subcommand& subcommand : kSubcommands) {
    if (name == subcommand.name) {
      return &subcommand;
    }
  }
  return nullptr;
}

// The number of single-character edits that turn A into B (Levenshtein).
std::size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) {
    row[j] = j;
  }
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// The subcommand WORD is a slip of ("compar", "race"), when WORD names no
// file: the run command would otherwise report a missing file.
const Subcommand* misspeltSubcommand(const std::string& word) {
  std::error_code error;
  if (word.empty() || word.front() == '-' || word.find_first_of("/.") != std::string::npos ||
      std::filesystem::exists(word, error)) {
    return nullptr;
  }
  for (const Subcommand& subcommand : kSubcommands) {
    if (editDistance(word, subcommand.name) <= 2) {
      return &subcommand;
    }
  }
  return nullptr;
}

// glibc gives freed memory back to the system once 128 KiB lie free at
// the top of the heap, and serves larger blocks from mmap: a command that
// builds and frees a test's tables test after test (compare --executions'
// recording, races) then faults its pages in again for every test, a
// quarter of its time (docs/benchmarks.md "What compare costs"). Freed
// memory is kept for the next test instead; the peak is unchanged.
void keepFreedMemory() {
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
}

// "compare, compile, ...": the subcommands help takes.
std::string subcommandNames() {
  std::string names;
  for (const Subcommand& subcommand : kSubcommands) {
    names += (names.empty() ? "" : ", ") + std::string(subcommand.name);
  }
  return names;
}

// opcheck --help: the subcommands, then the run command's own usage.
int printUsage() {
  std::cout << "usage: opcheck FILE|DIR|@INDEX|-... [OPTIONS]   run a model on each test (options below)\n";
  for (const Subcommand& subcommand : kSubcommands) {
    const std::string name = subcommand.name;
    std::cout << "       opcheck " << name << " ..." << std::string(12 - name.size(), ' ')
              << subcommand.summary << '\n';
  }
  std::cout << "       opcheck help [SUBCOMMAND] | SUBCOMMAND --help | --version\n\n";
  return opcheck::cli::runModelCommand({"--help"});
}

}  // namespace

int main(int argc, char** argv) {
  using namespace opcheck::cli;
  keepFreedMemory();
  installInterruptHandler();
  // Ctrl-C also ends a wait for input (a FIFO) in commands without --timeout.
  opcheck::litmus::setInputWaitLimit(0, &interruptFlag());
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  if (arguments.empty()) {
    std::cerr << "usage: opcheck FILE|DIR|@INDEX|-... [OPTIONS] | opcheck SUBCOMMAND ... (opcheck --help)\n";
    return kBadInput;
  }
  const std::string& command = arguments.front();
  const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
  if (command == "--help" || command == "-h" || (command == "help" && rest.empty())) {
    return printUsage();
  }
  if (command == "help") {
    // opcheck help SUBCOMMAND is opcheck SUBCOMMAND --help.
    if (const Subcommand* subcommand = findSubcommand(rest.front());
        subcommand != nullptr && rest.size() == 1) {
      return subcommand->run({"--help"});
    }
    std::cerr << "opcheck: error: help takes one subcommand among " << subcommandNames() << "\n";
    return kBadInput;
  }
  // Anywhere on the line, and in herd7's spelling too.
  if (std::find_if(arguments.begin(), arguments.end(), [](const std::string& argument) {
        return argument == "--version" || argument == "-version";
      }) != arguments.end()) {
    std::cout << "opcheck " << OPCHECK_VERSION << '\n';
    return kSuccess;
  }
  const Subcommand* subcommand = findSubcommand(command);
  if (const Subcommand* meant = misspeltSubcommand(command); subcommand == nullptr && meant != nullptr) {
    std::cerr << "opcheck: error: '" << command
              << "' is neither a file nor a subcommand: did you mean 'opcheck " << meant->name << "'?\n";
    return kBadInput;
  }
  // Not a subcommand: files and directories to run a model on.
  int status = kBadInput;
  try {
    status = subcommand != nullptr ? subcommand->run(rest) : runModelCommand(arguments);
  } catch (const opcheck::litmus::InputError& error) {
    // A model named on the command line that cannot be read (a .cat file,
    // cli/ModelChoice.h): FILE:LINE:COL: error: ... (docs/architecture.md "Bad input").
    std::cerr << error.diagnostic().format() << '\n';
    return kBadInput;
  }
  // A signal that came while a command had nothing to stop (generate,
  // models) still ends it as the signal would have.
  return interrupted() ? interruptStatus() : status;
}

// opcheck compile FILE|DIR... --mapping NAME [-o DIR]: each C test compiled
// to PTX with a mapping (docs/mappings.md), printed or written into DIR.
#include <filesystem>
#include <iostream>

#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/MappingCheck.h"
#include "cli/Output.h"
#include "compile/ClangCompiler.h"
#include "compile/Compiler.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"

namespace opcheck::cli {

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runCompileCommandUnchecked(const std::vector<std::string>& arguments) {
  CLI::App app{"Compiles each C test to a PTX test with a mapping from C's atomics to PTX instructions.",
               "opcheck compile"};
  setUpApp(app);
  app.footer("Exit status: 0 when every test was compiled, 2 for bad input or usage.");
  std::vector<std::string> files;
  addInputs(app, files);
  std::string mappingName;
  app.add_option("--mapping", mappingName,
                 "the mapping: " + mappingNames() + ", a FILE.map, or a compiler such as clang-19:sm_90")
      ->type_name("NAME");
  std::string outputDirectory;
  app.add_option("-o,--output", outputDirectory,
                 "write NAME.litmus files into DIR instead of printing the tests")
      ->type_name("DIR");
  if (const std::optional<int> status = parseCommandLine(app, arguments)) {
    return *status;
  }
  if (files.empty()) {
    return usageError("give one or more C litmus files or directories (opcheck compile --help)");
  }
  if (mappingName.empty()) {
    return usageError("compile needs --mapping NAME (" + mappingNames() +
                      ", a FILE.map, or a compiler such as clang-19:sm_90)");
  }
  int status = kSuccess;
  const std::optional<compile::Mapping> mapping = chooseMapping(mappingName, status);
  if (!mapping) {
    return status;
  }
  if (!outputDirectory.empty()) {
    std::error_code error;
    std::filesystem::create_directories(outputDirectory, error);
    if (error) {
      std::cerr << "opcheck: error: cannot create " << outputDirectory << ": " << error.message() << '\n';
      return kBadInput;
    }
  }
  const InputFiles inputs = collectLitmusFiles(files);
  bool allCompiled = inputs.problems.empty();
  for (const std::string& problem : inputs.problems) {
    std::cerr << problem << '\n';
  }
  bool first = true;
  std::size_t written = 0;
  for (const std::filesystem::path& file : inputs.files) {
    if (interrupted()) {
      std::cout.flush();
      std::cerr << "opcheck compile: interrupted\n";
      return interruptStatus();
    }
    try {
      const litmus::Test test = parser::readLitmusFile(file);
      const std::string text =
          litmus::printCanonical(compile::compileTest(test, file.string(), *mapping).test);
      if (outputDirectory.empty()) {
        std::cout << (first ? "" : "\n") << text;
        first = false;
        continue;
      }
      const std::filesystem::path out = std::filesystem::path(outputDirectory) / (test.name + ".litmus");
      if (const std::optional<std::string> problem = writeTextFile(out, text)) {
        std::cerr << "opcheck: error: " << *problem << '\n';
        return kBadInput;
      }
      ++written;
    } catch (const litmus::InputError& error) {
      std::cout.flush();
      std::cerr << error.what() << '\n';
      allCompiled = false;
    } catch (const compile::CompilerRefusal& refusal) {
      std::cout.flush();
      std::cerr << file.string() << ": error: " << refusal.what() << '\n';
      allCompiled = false;
    }
  }
  if (!outputDirectory.empty()) {
    std::cerr << "opcheck compile: wrote " << written << " test" << (written == 1 ? "" : "s") << " to "
              << outputDirectory << '\n';
  }
  return allCompiled ? kSuccess : kBadInput;
}

int runCompileCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runCompileCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

// opcheck parse FILE|DIR...: each test as opcheck understood it.
#include <iostream>

#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/Output.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"

namespace opcheck::cli {

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runParseCommandUnchecked(const std::vector<std::string>& arguments) {
  CLI::App app{"Prints each litmus test as opcheck understood it, in canonical form.", "opcheck parse"};
  setUpApp(app);
  app.footer("Exit status: 0 when every test was read, 2 for bad input or usage.");
  std::vector<std::string> files;
  addInputs(app, files);
  if (const std::optional<int> status = parseCommandLine(app, arguments)) {
    return *status;
  }
  if (files.empty()) {
    return usageError("give one or more litmus files or directories (opcheck parse --help)");
  }
  const InputFiles inputs = collectLitmusFiles(files);
  bool allRead = inputs.problems.empty();
  for (const std::string& problem : inputs.problems) {
    std::cerr << problem << '\n';
  }
  // A bad file is reported and the rest are still read (docs/architecture.md "Bad input").
  bool first = true;
  for (const std::filesystem::path& file : inputs.files) {
    if (interrupted()) {
      // Ctrl-C: the tests printed so far stand (a FIFO being waited for
      // gives up at once).
      std::cout.flush();
      std::cerr << "opcheck parse: interrupted\n";
      return interruptStatus();
    }
    try {
      const litmus::Test test = parser::readLitmusFile(file);
      std::cout << (first ? "" : "\n") << litmus::printCanonical(test);
      first = false;
    } catch (const litmus::InputError& error) {
      std::cout.flush();
      std::cerr << error.what() << '\n';
      allRead = false;
    }
  }
  if (interrupted()) {
    std::cerr << "opcheck parse: interrupted\n";
    return interruptStatus();
  }
  return allRead ? kSuccess : kBadInput;
}

int runParseCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runParseCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

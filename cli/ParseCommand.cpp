#include <iostream>

#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/Output.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"

namespace opcheck::cli {

// The command, before its output is checked (finishOutput).
static int runParseCommandUnchecked(const std::vector<std::string>& arguments) {
  if (arguments.empty()) {
    std::cerr << "opcheck parse: error: give one or more litmus files or directories\n";
    return kBadInput;
  }
  for (const std::string& argument : arguments) {
    if (argument.size() > 1 && argument[0] == '-') {
      std::cerr << "opcheck parse: error: unknown option '" << argument << "'\n";
      return kBadInput;
    }
  }
  const InputFiles inputs = collectLitmusFiles(arguments);
  bool allRead = inputs.problems.empty();
  for (const std::string& problem : inputs.problems) {
    std::cerr << problem << '\n';
  }
  // A bad file is reported and the rest are still read (design.md "Bad input").
  bool first = true;
  for (const std::filesystem::path& file : inputs.files) {
    if (interrupted()) {
      // Ctrl-C: the tests printed so far stand (a FIFO being waited for
      // gives up at once).
      std::cout.flush();
      std::cerr << "opcheck parse: interrupted\n";
      return kInterrupted;
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
    return kInterrupted;
  }
  return allRead ? kSuccess : kBadInput;
}

int runParseCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runParseCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

// opcheck: a model checker for GPU (NVIDIA PTX) memory consistency.
//
//   opcheck parse FILE|DIR...   print each test as opcheck understood it
//   opcheck models              list the models
#include <iostream>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "cli/ExitStatus.h"

namespace {

constexpr const char* kUsage =
    "usage: opcheck parse FILE|DIR...   print each litmus test in canonical form\n"
    "       opcheck models              list the models and their options\n"
    "       opcheck --help | --version\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace opcheck::cli;
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  if (arguments.empty()) {
    std::cerr << kUsage;
    return kBadInput;
  }
  const std::string& command = arguments.front();
  const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
  if (command == "--help" || command == "-h") {
    std::cout << kUsage;
    return kSuccess;
  }
  if (command == "--version") {
    std::cout << "opcheck 0.1.0\n";
    return kSuccess;
  }
  if (command == "parse") {
    return runParseCommand(rest);
  }
  if (command == "models") {
    return runModelsCommand(rest);
  }
  std::cerr << "opcheck: error: unknown command '" << command << "'\n" << kUsage;
  return kBadInput;
}

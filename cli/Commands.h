// opcheck's subcommands; each takes the arguments after its name and
// returns an ExitStatus.
#pragma once

#include <string>
#include <vector>

namespace opcheck::cli {

// opcheck parse FILE|DIR...: print each test in canonical form.
int runParseCommand(const std::vector<std::string>& arguments);

// opcheck models: list the models and their options.
int runModelsCommand(const std::vector<std::string>& arguments);

}  // namespace opcheck::cli

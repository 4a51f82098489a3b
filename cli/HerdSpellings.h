// herd7's single-dash options, for users who type them from habit. Where
// opcheck has the feature the option is rewritten into opcheck's spelling
// (-model M is --model M); every other herd7 option is a usage error that
// says what opcheck offers instead, never a silent surprise (CLI11 alone
// reads -hexa as -h and prints the help).
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace opcheck::cli {

struct HerdRewrite {
  std::vector<std::string> arguments;  // in opcheck's spellings
  std::string error;                   // a usage error, when not empty
};

// ARGUMENTS with herd7's options rewritten for APP, whose options decide
// which words are values (never rewritten) and whether the rewritten option
// exists in this command.
HerdRewrite rewriteHerdSpellings(const CLI::App& app, const std::vector<std::string>& arguments);

}  // namespace opcheck::cli

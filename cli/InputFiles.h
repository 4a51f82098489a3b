// Expands the FILE|DIR arguments of a command into litmus files: a
// directory stands for every *.litmus below it, in sorted order, so that
// output order never depends on the file system.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace opcheck::cli {

struct InputFiles {
  std::vector<std::filesystem::path> files;
  std::vector<std::string> problems;  // "PATH: error: no such file or directory"
};

InputFiles collectLitmusFiles(const std::vector<std::string>& arguments);

}  // namespace opcheck::cli

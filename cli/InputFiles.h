// Expands the FILE|DIR|@INDEX|- arguments of a command into litmus files: a
// directory stands for every *.litmus below it, in sorted order, so that
// output order never depends on the file system; @INDEX for the files an
// index lists (herd7 and diy7's @all: one a line, relative to the index's
// folder, blank lines and # comments skipped); "-" for one test read from
// standard input (parser::readLitmusFile names it <stdin>).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace opcheck::cli {

struct InputFiles {
  std::vector<std::filesystem::path> files;
  // "PATH: error: no such file or directory", "INDEX:LINE:COL: error: ..."
  std::vector<std::string> problems;
};

InputFiles collectLitmusFiles(const std::vector<std::string>& arguments);

}  // namespace opcheck::cli

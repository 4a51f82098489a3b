#include "cli/InputFiles.h"

#include <algorithm>

namespace opcheck::cli {

namespace fs = std::filesystem;

InputFiles collectLitmusFiles(const std::vector<std::string>& arguments) {
  InputFiles result;
  for (const std::string& argument : arguments) {
    const fs::path path(argument);
    std::error_code error;
    if (fs::is_directory(path, error)) {
      std::vector<fs::path> found;
      for (fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, error),
           end;
           !error && it != end; it.increment(error)) {
        if (it->is_regular_file(error) && it->path().extension() == ".litmus") {
          found.push_back(it->path());
        }
      }
      if (error) {
        result.problems.push_back(argument + ": error: cannot read directory: " + error.message());
      }
      std::sort(found.begin(), found.end());
      result.files.insert(result.files.end(), found.begin(), found.end());
    } else if (fs::exists(path, error)) {
      result.files.push_back(path);
    } else {
      result.problems.push_back(argument + ": error: no such file or directory");
    }
  }
  return result;
}

}  // namespace opcheck::cli

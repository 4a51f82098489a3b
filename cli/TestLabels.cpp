#include "cli/TestLabels.h"

#include <fstream>
#include <sstream>

namespace opcheck::cli {

namespace {

// The second word of the first line that has one: the test's name.
std::string headerName(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string architecture;
    std::string name;
    if (words >> architecture) {
      words >> name;
      return name;
    }
  }
  return {};
}

}  // namespace

TestLabels::TestLabels(const std::vector<std::filesystem::path>& files) {
  for (const std::filesystem::path& file : files) {
    if (std::string name = headerName(file); !name.empty()) {
      ++files_[name];
    }
  }
}

std::string TestLabels::label(const std::string& name, const std::string& file) const {
  const auto found = files_.find(name);
  return found != files_.end() && found->second > 1 ? name + " (" + file + ")" : name;
}

}  // namespace opcheck::cli

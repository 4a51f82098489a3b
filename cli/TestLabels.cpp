#include "cli/TestLabels.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace opcheck::cli {

namespace {

// The second word of the first line that has one, within the file's first
// kibibytes (a file that never ends, such as /dev/zero, is read no further):
// the test's name.
std::string headerName(const std::filesystem::path& file) {
  constexpr std::size_t kHeaderBytes = 4096;
  std::ifstream in(file, std::ios::binary);
  std::string head(kHeaderBytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  std::istringstream lines(head);
  std::string line;
  while (std::getline(lines, line)) {
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

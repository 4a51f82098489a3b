// How reports name a test: by its name, as herd does, but by its name and
// its file when another input of the same run has that name too (a corpus
// may hold several files of one name with different programs), so that no
// line of a report stands for two tests.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace opcheck::cli {

class TestLabels {
 public:
  // Reads the name on the first line of each of FILES ("PTX NAME",
  // "GPU_PTX NAME", "C NAME"); a file that cannot be read counts for nothing.
  explicit TestLabels(const std::vector<std::filesystem::path>& files);

  // NAME, or "NAME (FILE)" when several of the run's files are named NAME.
  std::string label(const std::string& name, const std::string& file) const;

 private:
  std::map<std::string, unsigned, std::less<>> files_;  // name -> files of that name
};

}  // namespace opcheck::cli

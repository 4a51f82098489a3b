// ptx-op's rules are named by ids (SMQ-3, PART-5, ...) stated once, beside
// the code that enforces them (opsem/Hardware.h lists the files). These
// tests keep the names honest: each id is defined exactly once, every id
// cited anywhere in the project names a defined rule, and every rule is
// cited at least once outside its own definition (where it is enforced or
// relied on).
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

const fs::path kRoot = OPCHECK_SOURCE_DIR;

// The files that may define or cite rules: sources, tests and docs.
std::vector<fs::path> projectFiles() {
  std::vector<fs::path> files;
  for (const char* folder : {"opsem", "statespace", "cli", "tests", "docs", "catalogue", "bench"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / folder)) {
      const std::string extension = entry.path().extension().string();
      if (entry.is_regular_file() && (extension == ".h" || extension == ".cpp" || extension == ".md" ||
                                      extension == ".tsv" || extension == ".sh")) {
        files.push_back(entry.path());
      }
    }
  }
  files.push_back(kRoot / "README.md");
  return files;
}

// A definition: the id in square brackets at the start of a comment line.
const std::regex kDefinition(R"(//\s*\[([A-Z][A-Z0-9]*-[0-9]+)\])");
const std::regex kId(R"(\b([A-Z][A-Z0-9]*)-([0-9]+)\b)");

struct RuleIndex {
  std::map<std::string, std::vector<std::string>> definitions;  // id -> where
  std::map<std::string, std::vector<std::string>> citations;    // id -> where, definitions left out
};

RuleIndex indexRules() {
  RuleIndex index;
  const std::vector<fs::path> files = projectFiles();
  std::map<fs::path, std::string> texts;
  for (const fs::path& file : files) {
    texts[file] = testing::readFile(file);
    const std::string& text = texts[file];
    for (auto match = std::sregex_iterator(text.begin(), text.end(), kDefinition);
         match != std::sregex_iterator(); ++match) {
      index.definitions[(*match)[1]].push_back(fs::relative(file, kRoot).string());
    }
  }
  std::set<std::string> prefixes;
  for (const auto& [id, where] : index.definitions) {
    prefixes.insert(id.substr(0, id.find('-')));
  }
  for (const auto& [file, text] : texts) {
    std::size_t lineNumber = 1;
    std::size_t lineStart = 0;
    for (auto match = std::sregex_iterator(text.begin(), text.end(), kId); match != std::sregex_iterator();
         ++match) {
      if (prefixes.count((*match)[1]) == 0) {
        continue;
      }
      const auto position = static_cast<std::size_t>(match->position());
      for (; lineStart < position; ++lineStart) {
        lineNumber += text[lineStart] == '\n' ? 1 : 0;
      }
      const bool isDefinition = position > 0 && text[position - 1] == '[';
      if (!isDefinition) {
        index.citations[match->str()].push_back(fs::relative(file, kRoot).string() + ":" +
                                                std::to_string(lineNumber));
      }
    }
  }
  return index;
}

}  // namespace

TEST_CASE("every ptx-op rule id is defined exactly once", "[opsem][rules]") {
  const RuleIndex index = indexRules();
  CHECK(index.definitions.size() >= 40);
  for (const auto& [id, where] : index.definitions) {
    INFO(id << " is defined in " << where.size() << " places, the first " << where.front());
    CHECK(where.size() == 1);
  }
}

TEST_CASE("every rule id cited in the project names a defined rule", "[opsem][rules]") {
  const RuleIndex index = indexRules();
  for (const auto& [id, where] : index.citations) {
    INFO(id << " is cited at " << where.front() << " but defined nowhere");
    CHECK(index.definitions.count(id) == 1);
  }
}

TEST_CASE("every ptx-op rule is cited outside its definition, where it is enforced or relied on",
          "[opsem][rules]") {
  const RuleIndex index = indexRules();
  for (const auto& [id, where] : index.definitions) {
    INFO(id << " (" << where.front() << ") is cited nowhere else");
    CHECK(index.citations.count(id) == 1);
  }
}

// A model is its definition (docs/adding-a-model.md): its name is written
// there and in allModels(), and every other place asks the model. This
// test reads the sources of the modules that choose, run and report models
// and fails on a string literal that is a model's name (a test of a name,
// or a default spelled by hand) or a hand-written list of them (a help text
// that a new model would leave stale).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "axiomcheck/Models.h"
#include "opsem/OperationalModel.h"

namespace fs = std::filesystem;

namespace {

// Where the names are defined: the model files, allModels() and the alias,
// and ptx-op's name.
const std::set<std::string> kDefinitions = {
    "axiomcheck/Ptx.cpp",  "axiomcheck/Rmo.cpp",    "axiomcheck/Sc.cpp",        "axiomcheck/Src11.cpp",
    "axiomcheck/Models.h", "axiomcheck/Models.cpp", "opsem/OperationalModel.h",
};

// Literals that are a model's name by coincidence, each with its reason.
struct Coincidence {
  std::string file;
  std::string literal;
  std::string reason;
};
const std::vector<Coincidence> kCoincidences = {
    {"axiomcheck/ExecutionDot.cpp", "sc", "the Fence-SC order's edge label in pictures, a relation"},
};

// The string literals of C++ SOURCE, comments and character literals left out.
std::vector<std::string> stringLiterals(const std::string& source) {
  std::vector<std::string> literals;
  for (std::size_t at = 0; at < source.size();) {
    if (source.compare(at, 2, "//") == 0) {
      at = source.find('\n', at);
    } else if (source.compare(at, 2, "/*") == 0) {
      at = source.find("*/", at);
      at = at == std::string::npos ? at : at + 2;
    } else if (source[at] == '\'' || source[at] == '"') {
      const char quote = source[at];
      std::string literal;
      for (++at; at < source.size() && source[at] != quote; ++at) {
        if (source[at] == '\\' && at + 1 < source.size()) {
          ++at;
        }
        literal += source[at];
      }
      ++at;
      if (quote == '"') {
        literals.push_back(literal);
      }
      continue;
    } else {
      ++at;
    }
    if (at == std::string::npos) {
      break;
    }
  }
  return literals;
}

std::vector<std::string> sourcesOf(const std::vector<std::string>& modules) {
  std::vector<std::string> files;
  for (const std::string& module : modules) {
    for (const fs::directory_entry& entry : fs::directory_iterator(fs::path(OPCHECK_SOURCE_DIR) / module)) {
      const std::string extension = entry.path().extension().string();
      if (extension == ".cpp" || extension == ".h") {
        files.push_back(module + "/" + entry.path().filename().string());
      }
    }
  }
  return files;
}

std::string contentsOf(const std::string& file) {
  std::ifstream in(fs::path(OPCHECK_SOURCE_DIR) / file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("String literals outside the definitions name no model", "[model-names]") {
  std::set<std::string> names = {std::string(opcheck::axiomcheck::ptxModel().name()),
                                 std::string(opcheck::opsem::kOperationalModelName)};
  std::string alternatives = std::string(opcheck::axiomcheck::ptxModel().name());
  for (const opcheck::axiomcheck::AxiomaticModel* model : opcheck::axiomcheck::allModels()) {
    names.insert(std::string(model->name()));
    alternatives += "|" + std::string(model->name());
  }
  // Two axiomatic models in a row, as a list in a text gives them.
  const std::regex list("(^|[^\\w-])(" + alternatives + ")(, | or )(" + alternatives + ")(?![\\w-])");
  const std::vector<std::string> files =
      sourcesOf({"axiomcheck", "cli", "crosscheck", "opsem", "statespace"});
  REQUIRE(files.size() > 50);
  std::vector<std::string> found;
  std::set<std::pair<std::string, std::string>> coincidencesSeen;
  for (const std::string& file : files) {
    if (kDefinitions.contains(file)) {
      continue;
    }
    for (const std::string& literal : stringLiterals(contentsOf(file))) {
      const bool coincidence = std::any_of(
          kCoincidences.begin(), kCoincidences.end(),
          [&](const Coincidence& known) { return known.file == file && known.literal == literal; });
      if (coincidence) {
        coincidencesSeen.insert({file, literal});
      } else if (names.contains(literal)) {
        found.push_back(file + ": the model name \"" + literal + "\"");
      } else if (std::regex_search(literal, list)) {
        found.push_back(file + ": a list of models in \"" + literal + "\"");
      }
    }
  }
  CHECK(found == std::vector<std::string>{});
  // Each coincidence is still where it says (so the list cannot hide a new one).
  CHECK(coincidencesSeen.size() == kCoincidences.size());
}

TEST_CASE("The model-name check finds a name and a list in literals and skips comments", "[model-names]") {
  const std::vector<std::string> literals = stringLiterals(
      "// \"rmo\" in a comment\n"
      "if (name == \"rmo\") { say(\"models: ptx, ptx60 or sc\", 'x', '\\\"'); } /* \"sc\" */ \"a \\\" b\"\n");
  CHECK(literals == std::vector<std::string>{"rmo", "models: ptx, ptx60 or sc", "a \" b"});
}

// The reference cat files (../shared/docs/reference-models/, read as they
// are) against opcheck's built-in models, which the conformance suites
// check against herd7 and Dat3M (axiomatic_conformance_test.cpp):
//  - rmo-asplos15-herd2015.cat prints rmo's output byte for byte (but the
//    Time line) on diy t1 and t2 and a sample of t3 (bench/cat_t3.sh: all
//    of t3);
//  - ptx-v6.0-dat3m.cat and ptx-v7.5-dat3m.cat give ptx60's and ptx75's
//    verdicts (Observation and States) on every corpus test and the
//    catalogue, t3 sampled. A test
//    where they differ is a finding about one side, listed with its reason
//    in tests/cat-known-differences.tsv.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/Models.h"
#include "cat/CatModel.h"
#include "litmus/Diagnostic.h"
#include "litmus/HerdPrinter.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

fs::path referenceModel(const fs::path& corpora, const std::string& name) {
  return corpora.parent_path() / "docs" / "reference-models" / name;
}

// herd's output of MODEL on FILE without its Time line, or the error that
// refused the test.
std::string herdOutput(const fs::path& file, const axiomcheck::AxiomaticModel& model) {
  try {
    const litmus::Test test = parser::readLitmusFile(file);
    const litmus::Outcome outcome = axiomcheck::checkTest(test, model, {}, file.string());
    std::istringstream lines(litmus::printHerd(test, outcome));
    std::string text;
    for (std::string line; std::getline(lines, line);) {
      if (!line.starts_with("Time ")) {
        text += line + "\n";
      }
    }
    return text;
  } catch (const litmus::InputError& error) {
    return "refused: " + error.diagnostic().message;
  }
}

// The verdict: the Observation line and the States block.
std::string verdictOf(const std::string& output) {
  if (output.starts_with("refused")) {
    return "refused\n";  // the messages differ in the model's name only
  }
  std::istringstream lines(output);
  std::string verdict;
  bool inStates = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("States ")) {
      inStates = true;
    } else if (line == "Ok" || line == "No" || line.starts_with("Loop ")) {
      inStates = false;
    }
    if (inStates) {
      verdict += line + "\n";
    } else if (line.starts_with("Observation ")) {
      // "Observation NAME WORD POSITIVE NEGATIVE": the counts are of
      // different orders (docs/cat.md "Choices a candidate makes").
      std::istringstream fields(line);
      std::string observation, name, word;
      fields >> observation >> name >> word;
      verdict += observation + " " + name + " " + word + "\n";
    }
  }
  return verdict;
}

// FILE as tests/cat-known-differences.tsv names it: below the corpora
// (diy-gpu-ptx/t3/... for t3, unpacked), or below the checkout
// (catalogue/...).
std::string shortName(const fs::path& file) {
  if (const auto t3 = testing::unpackedT3()) {
    const fs::path unpacked = file.lexically_relative(*t3);
    if (!unpacked.empty() && !unpacked.string().starts_with("..")) {
      return "diy-gpu-ptx/t3/" + unpacked.string();
    }
  }
  const fs::path corpus = file.lexically_relative(*testing::corporaDirectory());
  if (!corpus.empty() && !corpus.string().starts_with("..")) {
    return corpus.string();
  }
  return file.lexically_relative(OPCHECK_SOURCE_DIR).string();
}

std::set<std::string> knownDifferences(const std::string& model) {
  std::istringstream rows(
      testing::readFile(fs::path(OPCHECK_SOURCE_DIR) / "tests" / "cat-known-differences.tsv"));
  std::set<std::string> tests;
  std::string line;
  std::getline(rows, line);
  while (std::getline(rows, line)) {
    const std::size_t tab = line.find('\t');
    if (tab != std::string::npos && line.substr(0, tab) == model) {
      tests.insert(line.substr(tab + 1, line.find('\t', tab + 1) - tab - 1));
    }
  }
  return tests;
}

std::vector<fs::path> everyNth(const std::vector<fs::path>& files, std::size_t stride) {
  std::vector<fs::path> kept;
  for (std::size_t at = 0; at < files.size(); at += stride) {
    kept.push_back(files[at]);
  }
  return kept;
}

void checkSameOutput(const std::vector<fs::path>& files, const axiomcheck::AxiomaticModel& cat,
                     const axiomcheck::AxiomaticModel& builtIn) {
  for (const fs::path& file : files) {
    INFO(file.string());
    CHECK(herdOutput(file, cat) == herdOutput(file, builtIn));
  }
}

void checkSameVerdicts(const std::vector<fs::path>& files, const axiomcheck::AxiomaticModel& cat,
                       const axiomcheck::AxiomaticModel& builtIn, const std::string& catName) {
  const std::set<std::string> known = knownDifferences(catName);
  std::set<std::string> differing;
  for (const fs::path& file : files) {
    const std::string catVerdict = verdictOf(herdOutput(file, cat));
    const std::string builtInVerdict = verdictOf(herdOutput(file, builtIn));
    if (catVerdict != builtInVerdict) {
      const std::string name = shortName(file);
      differing.insert(name);
      if (known.count(name) == 0) {
        FAIL_CHECK(name << ":\ncat:\n" << catVerdict << "built-in:\n" << builtInVerdict);
      }
    }
  }
  for (const std::string& name : known) {
    if (std::find_if(files.begin(), files.end(),
                     [&](const fs::path& file) { return shortName(file) == name; }) != files.end()) {
      INFO("listed in tests/cat-known-differences.tsv but agrees: " << name);
      CHECK(differing.count(name) == 1);
    }
  }
}

}  // namespace

TEST_CASE("rmo-asplos15-herd2015.cat prints rmo's output on diy t1 and t2", "[corpus][cat]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const auto& cat = cat::loadCatModel(referenceModel(*corpora, "rmo-asplos15-herd2015.cat").string());
  std::vector<fs::path> files = testing::litmusFilesUnder(*corpora / "diy-gpu-ptx" / "t1");
  const std::vector<fs::path> t2 = testing::litmusFilesUnder(*corpora / "diy-gpu-ptx" / "t2");
  files.insert(files.end(), t2.begin(), t2.end());
  REQUIRE(files.size() == 234 + 1386);
  checkSameOutput(files, cat, axiomcheck::rmoModel());
}

TEST_CASE("rmo-asplos15-herd2015.cat prints rmo's output on a sample of diy t3", "[corpus][cat][t3]") {
  const auto corpora = testing::corporaDirectory();
  const auto t3 = testing::unpackedT3();
  if (!corpora || !t3) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const auto& cat = cat::loadCatModel(referenceModel(*corpora, "rmo-asplos15-herd2015.cat").string());
  checkSameOutput(everyNth(testing::litmusFilesUnder(*t3), 50), cat, axiomcheck::rmoModel());
}

TEST_CASE("the PTX cat files give ptx60's and ptx75's verdicts on a sample of diy t3", "[corpus][cat][t3]") {
  const auto corpora = testing::corporaDirectory();
  const auto t3 = testing::unpackedT3();
  if (!corpora || !t3) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const std::vector<fs::path> sample = everyNth(testing::litmusFilesUnder(*t3), 50);
  checkSameVerdicts(sample, cat::loadCatModel(referenceModel(*corpora, "ptx-v6.0-dat3m.cat").string()),
                    axiomcheck::ptx60Model(), "ptx-v6.0-dat3m.cat");
  checkSameVerdicts(sample, cat::loadCatModel(referenceModel(*corpora, "ptx-v7.5-dat3m.cat").string()),
                    axiomcheck::ptx75Model(), "ptx-v7.5-dat3m.cat");
}

TEST_CASE("ptx-v6.0-dat3m.cat gives ptx60's verdicts on the corpora", "[corpus][cat]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const auto& cat = cat::loadCatModel(referenceModel(*corpora, "ptx-v6.0-dat3m.cat").string());
  checkSameVerdicts(testing::corpusAndCatalogueFilesExceptT3(*corpora), cat, axiomcheck::ptx60Model(),
                    "ptx-v6.0-dat3m.cat");
}

TEST_CASE("ptx-v7.5-dat3m.cat gives ptx75's verdicts on the corpora", "[corpus][cat]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const auto& cat = cat::loadCatModel(referenceModel(*corpora, "ptx-v7.5-dat3m.cat").string());
  checkSameVerdicts(testing::corpusAndCatalogueFilesExceptT3(*corpora), cat, axiomcheck::ptx75Model(),
                    "ptx-v7.5-dat3m.cat");
}

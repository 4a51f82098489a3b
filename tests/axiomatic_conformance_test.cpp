// Conformance of the axiomatic models with the references in
// ../shared/corpora (corpora/README.md "Reading the references"):
//  - rmo against herd7 2015's ptx-nodoc output: the same Observation and the
//    same set of States on every test of herd-gpu-ptx/tests, diy-gpu-ptx t1,
//    t2 (and t3), and hardware/asplos15;
//  - ptx against Dat3M's PTX 6.0 verdicts (dat3m-ptx/expected.csv,
//    ptx60_condition_outcome_reachable), its PTX 7.5 verdicts on the tests
//    without proxies (ptx75_condition_outcome_reachable) and the catalogue's
//    expectations;
//  - sc's final states within ptx's and rmo's on every corpus test.
// A reference that is itself wrong for a test is listed, with the reason, in
// tests/axiomatic-known-differences.tsv; the tests check that exactly the
// listed tests differ.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/Models.h"
#include "crosscheck/Comparison.h"
#include "litmus/Diagnostic.h"
#include "litmus/FinalState.h"
#include "litmus/HerdPrinter.h"
#include "litmus/Outcome.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

// The tests a reference is known to be wrong about:
// (model, reference) -> tests, from tests/axiomatic-known-differences.tsv
// (columns model, reference, test, reason).
std::set<std::string> knownDifferences(const std::string& model, const std::string& reference) {
  std::istringstream rows(
      testing::readFile(fs::path(OPCHECK_SOURCE_DIR) / "tests" / "axiomatic-known-differences.tsv"));
  std::string line;
  std::getline(rows, line);
  REQUIRE(line == "model\treference\ttest\treason");
  std::set<std::string> tests;
  while (std::getline(rows, line)) {
    if (line.empty()) {
      continue;
    }
    const std::vector<std::string> columns = testing::splitFields(line, '\t');
    INFO(line);
    REQUIRE(columns.size() == 4);
    REQUIRE(!columns[3].empty());
    if (columns[0] == model && columns[1] == reference) {
      tests.insert(columns[2]);
    }
  }
  return tests;
}

// One herd7 output block: its States lines, Observation word, and its text
// from "Test" to "Observation" (herd's Hash line, where opcheck prints Time,
// left out).
struct HerdBlock {
  std::set<std::string> states;
  std::string observation;
  std::string text;
};

std::map<std::string, HerdBlock> parseHerdOutput(const std::string& text) {
  std::map<std::string, HerdBlock> blocks;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("Test ", 0) != 0) {
      continue;
    }
    const std::string name = line.substr(5, line.find(' ', 5) - 5);
    HerdBlock block;
    block.text = line + "\n";
    std::getline(lines, line);
    REQUIRE(line.rfind("States ", 0) == 0);
    block.text += line + "\n";
    const int count = std::stoi(line.substr(7));
    for (int index = 0; index < count; ++index) {
      std::getline(lines, line);
      block.states.insert(line);
      block.text += line + "\n";
    }
    while (std::getline(lines, line) && line.rfind("Observation ", 0) != 0) {
      block.text += line + "\n";
    }
    block.text += line + "\n";
    std::istringstream words(line);
    std::string word;
    words >> word >> word >> block.observation;
    blocks[name] = block;
  }
  return blocks;
}

litmus::Outcome run(const litmus::Test& test, const axiomcheck::AxiomaticModel& model,
                    const std::string& file) {
  return axiomcheck::checkTest(test, model, axiomcheck::CheckOptions{}, file);
}

std::set<std::string> herdStates(const litmus::Test& test, const litmus::Outcome& outcome) {
  std::set<std::string> states;
  for (const litmus::FinalState& state : outcome.states) {
    states.insert(litmus::formatHerdState(test, outcome.terms, state));
  }
  return states;
}

struct HerdComparison {
  std::size_t compared = 0;
  std::size_t withoutReference = 0;
  std::set<std::string> differing;  // test names
  std::vector<std::string> details;
};

// printHerd's block up to its Observation line (what herd prints there too).
std::string blockText(const litmus::Test& test, const litmus::Outcome& outcome) {
  const std::string printed = litmus::printHerd(test, outcome);
  return printed.substr(0, printed.find("\nTime ") + 1);
}

// Runs rmo on FILES and compares each with its block in REFERENCE: the
// same States and Observation, and (checked too, though the corpora's
// README asks only for those) herd's very text, counts included.
void compareWithHerd(const std::vector<fs::path>& files, const std::map<std::string, HerdBlock>& reference,
                     HerdComparison& comparison) {
  for (const fs::path& file : files) {
    const litmus::Test test = parser::readLitmusFile(file);
    const auto found = reference.find(test.name);
    if (found == reference.end()) {
      ++comparison.withoutReference;
      continue;
    }
    ++comparison.compared;
    const litmus::Outcome outcome = run(test, axiomcheck::rmoModel(), file.string());
    const std::set<std::string> states = herdStates(test, outcome);
    const HerdBlock& herd = found->second;
    if (states != herd.states || std::string(outcome.observation()) != herd.observation) {
      std::string detail = file.string() + ": herd says " + herd.observation + ", rmo " +
                           std::string(outcome.observation()) + "; states only herd has:";
      for (const std::string& state : herd.states) {
        detail += states.count(state) ? "" : " [" + state + "]";
      }
      detail += "; states only rmo has:";
      for (const std::string& state : states) {
        detail += herd.states.count(state) ? "" : " [" + state + "]";
      }
      comparison.differing.insert(test.name);
      comparison.details.push_back(detail);
    } else if (blockText(test, outcome) != herd.text) {
      comparison.differing.insert(test.name);
      comparison.details.push_back(file.string() + ": same states and observation, other text; herd:\n" +
                                   herd.text + "opcheck:\n" + blockText(test, outcome));
    }
  }
}

void checkAgainstKnown(const HerdComparison& comparison, const std::string& reference) {
  std::string details;
  for (const std::string& detail : comparison.details) {
    details += detail + "\n";
  }
  INFO(details);
  CHECK(comparison.differing == knownDifferences("rmo", reference));
}

}  // namespace

TEST_CASE("rmo agrees with herd7's ptx-nodoc output on herd-gpu-ptx, diy t1, t2 and the ASPLOS'15 tests",
          "[corpus][axiomatic]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  SECTION("herd-gpu-ptx: each folder against its expected/FOLDER.herd2015.ptx-nodoc.txt") {
    HerdComparison comparison;
    for (const fs::directory_entry& folder : fs::directory_iterator(*corpora / "herd-gpu-ptx" / "tests")) {
      const fs::path expected = *corpora / "herd-gpu-ptx" / "expected" /
                                (folder.path().filename().string() + ".herd2015.ptx-nodoc.txt");
      if (!fs::exists(expected)) {
        continue;  // format-variants: LISA spellings of MP without herd output
      }
      compareWithHerd(testing::litmusFilesUnder(folder.path()), parseHerdOutput(testing::readFile(expected)),
                      comparison);
    }
    CHECK(comparison.compared == 14);
    checkAgainstKnown(comparison, "herd-gpu-ptx");
  }
  SECTION("herd-gpu-ptx/format-variants: LISA spellings of MP give herd's states for the GPU_PTX originals") {
    // herd has no output for these files; each is the program of a
    // catalogue-ptx-2019 test under another quantifier.
    const std::map<std::string, HerdBlock> reference = parseHerdOutput(testing::readFile(
        *corpora / "herd-gpu-ptx" / "expected" / "catalogue-ptx-2019.herd2015.ptx-nodoc.txt"));
    const fs::path folder = *corpora / "herd-gpu-ptx" / "tests" / "format-variants";
    struct Variant {
      const char* file;
      const char* original;
      const char* observation;  // of the variant's own proposition
    };
    for (const Variant& variant : {Variant{"MP-notexists.litmus", "MP", "Sometimes"},
                                   Variant{"MP+membar.gls-notexists.litmus", "MP+membar.gls", "Never"},
                                   Variant{"MP+membar.gls-forall.litmus", "MP+membar.gls", "Always"}}) {
      INFO(variant.file);
      const fs::path file = folder / variant.file;
      const litmus::Test test = parser::readLitmusFile(file);
      const litmus::Outcome outcome = run(test, axiomcheck::rmoModel(), file.string());
      CHECK(herdStates(test, outcome) == reference.at(variant.original).states);
      CHECK(std::string(outcome.observation()) == variant.observation);
    }
  }
  SECTION("diy-gpu-ptx t1 and t2") {
    for (const std::string set : {"t1", "t2"}) {
      HerdComparison comparison;
      const fs::path reference = *corpora / "diy-gpu-ptx" / "refout" / (set + ".herd2015.ptx-nodoc.txt");
      compareWithHerd(testing::litmusFilesUnder(*corpora / "diy-gpu-ptx" / set),
                      parseHerdOutput(testing::readFile(reference)), comparison);
      CHECK(comparison.withoutReference == 0);
      CHECK(comparison.compared == (set == "t1" ? 234 : 1386));
      checkAgainstKnown(comparison, "diy-gpu-ptx/" + set);
    }
  }
  SECTION("hardware/asplos15 against expected-herd2015-rmo.txt") {
    HerdComparison comparison;
    const fs::path folder = *corpora / "hardware" / "asplos15";
    compareWithHerd(testing::litmusFilesUnder(folder / "tests"),
                    parseHerdOutput(testing::readFile(folder / "expected-herd2015-rmo.txt")), comparison);
    CHECK(comparison.withoutReference == 0);
    CHECK(comparison.compared == 22);
    checkAgainstKnown(comparison, "hardware/asplos15");
  }
}

TEST_CASE("rmo agrees with herd7's ptx-nodoc output on all 10554 tests of diy t3",
          "[corpus][axiomatic][t3]") {
  const auto corpora = testing::corporaDirectory();
  const auto t3 = testing::unpackedT3();
  if (!corpora || !t3) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const fs::path reference = fs::temp_directory_path() / "opcheck-t3-ptx-nodoc.txt";
  const std::string command =
      "gzip -dc '" + (*corpora / "diy-gpu-ptx" / "refout" / "t3.herd2015.ptx-nodoc.txt.gz").string() +
      "' > '" + reference.string() + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  HerdComparison comparison;
  compareWithHerd(testing::litmusFilesUnder(*t3), parseHerdOutput(testing::readFile(reference)), comparison);
  CHECK(comparison.withoutReference == 0);
  CHECK(comparison.compared == 10554);
  checkAgainstKnown(comparison, "diy-gpu-ptx/t3");
}

TEST_CASE("ptx60 gives Dat3M's PTX 6.0 verdict on every dat3m-ptx test that has one", "[corpus][axiomatic]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const fs::path root = *corpora / "dat3m-ptx";
  std::size_t judged = 0;
  std::size_t refused = 0;
  std::set<std::string> differing;
  std::string details;
  for (const testing::Dat3mVerdict& verdict : testing::readDat3mVerdicts(root)) {
    const fs::path file = root / verdict.test;
    INFO(verdict.test);
    if (!verdict.reachable) {
      // The proxy tests have no 6.0 verdict: ptx60 refuses them, naming the instruction.
      CHECK_THROWS_WITH(run(parser::readLitmusFile(file), axiomcheck::ptx60Model(), file.string()),
                        Catch::Contains("model ptx60 does not support '"));
      ++refused;
      continue;
    }
    ++judged;
    const litmus::Test parsed = parser::readLitmusFile(file);
    const litmus::Outcome outcome = run(parsed, axiomcheck::ptx60Model(), file.string());
    const bool got = testing::conditionOutcomeReached(parsed.condition.quantifier, outcome);
    if (got != *verdict.reachable) {
      differing.insert(verdict.test);
      details += verdict.test + ": Dat3M " + (*verdict.reachable ? "yes" : "no") + ", ptx " +
                 (got ? "yes" : "no") + "\n";
    }
  }
  CHECK(judged == 130);
  CHECK(refused == 7);
  INFO(details);
  CHECK(differing == knownDifferences("ptx", "dat3m-ptx"));
}

TEST_CASE("ptx75 (which ptx names) gives Dat3M's PTX 7.5 verdict on every dat3m-ptx test",
          "[corpus][axiomatic]") {
  // The 130 generic tests and the 7 of Manual/proxy (constant, surface and
  // texture accesses, aliases, fence.proxy: PTX ISA 9.1 8.6, 8.9.5).
  REQUIRE(axiomcheck::findModel("ptx") == &axiomcheck::ptxModel());
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const fs::path root = *corpora / "dat3m-ptx";
  std::size_t judged = 0;
  std::size_t proxyTests = 0;
  std::string details;
  for (const testing::Dat3mVerdict& verdict : testing::readDat3mVerdicts(root)) {
    INFO(verdict.test);
    REQUIRE(verdict.reachable75.has_value());
    const fs::path file = root / verdict.test;
    const litmus::Test parsed = parser::readLitmusFile(file);
    if (!verdict.reachable) {
      ++proxyTests;  // no 6.0 verdict: a mixed-proxy test
    }
    ++judged;
    for (const axiomcheck::AxiomaticModel* model : {&axiomcheck::ptx75Model(), &axiomcheck::ptxModel()}) {
      const litmus::Outcome outcome = run(parsed, *model, file.string());
      const bool got = testing::conditionOutcomeReached(parsed.condition.quantifier, outcome);
      if (got != *verdict.reachable75) {
        details += verdict.test + ": Dat3M 7.5 " + (*verdict.reachable75 ? "yes" : "no") + ", " +
                   std::string(model->name()) + " " + (got ? "yes" : "no") + "\n";
      }
    }
  }
  CHECK(judged == 137);
  CHECK(proxyTests == 7);
  CHECK(details == std::string());  // each disagreement, one a line
}

TEST_CASE("ptx gives the verdict of every catalogue expectation", "[axiomatic][catalogue]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  std::size_t judged = 0;
  for (const testing::CatalogueExpectation& expectation : testing::readCatalogueExpectations(catalogue)) {
    if (expectation.model != "ptx") {
      continue;
    }
    INFO(expectation.test);
    const fs::path file = catalogue / expectation.test;
    const litmus::Test test = parser::readLitmusFile(file);
    const litmus::Outcome outcome = run(test, axiomcheck::ptxModel(), file.string());
    CHECK(testing::conditionOutcomeReached(test.condition.quantifier, outcome) == expectation.allowed);
    ++judged;
  }
  CHECK(judged >= 20);
}

TEST_CASE("the C models give the verdict and the race flag of every C catalogue expectation",
          "[axiomatic][catalogue][src11]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  std::size_t judged = 0;
  for (const testing::CatalogueExpectation& expectation : testing::readCatalogueExpectations(catalogue)) {
    if (expectation.test.rfind("c/", 0) != 0) {
      continue;
    }
    INFO(expectation.model << " " << expectation.test << ": " << expectation.quote);
    const axiomcheck::AxiomaticModel* model = axiomcheck::findModel(expectation.model);
    REQUIRE(model != nullptr);
    const fs::path file = catalogue / expectation.test;
    const litmus::Test test = parser::readLitmusFile(file);
    const litmus::Outcome outcome = run(test, *model, file.string());
    const bool racy = std::find(outcome.flags.begin(), outcome.flags.end(), "racy") != outcome.flags.end();
    CHECK(racy == expectation.undefined);
    if (!expectation.undefined) {
      CHECK(testing::conditionOutcomeReached(test.condition.quantifier, outcome) == expectation.allowed);
    }
    ++judged;
  }
  CHECK(judged == 71);
}

namespace {

struct SubsetCheck {
  std::size_t checked = 0;
  std::size_t refused = 0;
  std::size_t refusedByRmo = 0;
  std::vector<std::string> failures;
};

// Runs sc, ptx and rmo on every file and checks sc's whole final states are
// among ptx's and rmo's.
SubsetCheck checkScWithin(const std::vector<fs::path>& files) {
  SubsetCheck check;
  for (const fs::path& file : files) {
    const litmus::Test test = crosscheck::withEveryTermShown(parser::readLitmusFile(file));
    litmus::Outcome sc;
    try {
      sc = run(test, axiomcheck::scModel(), file.string());
    } catch (const litmus::InputError&) {
      ++check.refused;  // proxy tests: every model refuses them
      continue;
    }
    ++check.checked;
    for (const axiomcheck::AxiomaticModel* model : {&axiomcheck::ptxModel(), &axiomcheck::rmoModel()}) {
      litmus::Outcome other;
      try {
        other = run(test, *model, file.string());
      } catch (const litmus::InputError&) {
        ++check.refusedByRmo;  // clusters rmo does not model (catalogue/isa91/)
        continue;
      }
      for (const litmus::FinalState& state : sc.states) {
        if (!other.states.count(state)) {
          check.failures.push_back(file.string() + ": sc allows [" +
                                   litmus::formatHerdState(test, sc.terms, state) + "], " +
                                   std::string(model->name()) + " does not");
        }
      }
    }
  }
  return check;
}

}  // namespace

TEST_CASE("sc's final states are ptx's and rmo's too, on every corpus test", "[corpus][axiomatic]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const std::vector<fs::path> files = testing::corpusAndCatalogueFilesExceptT3(*corpora);
  const SubsetCheck check = checkScWithin(files);
  INFO(check.failures.size() << " failures; first: "
                             << (check.failures.empty() ? "-" : check.failures.front()));
  CHECK(check.failures.empty());
  // Refused by sc (mixed proxies): dat3m-ptx/Manual/proxy (7), seed004/CoWR* (2)
  // and catalogue/proxies (11).
  CHECK(check.refused == 20);
  CHECK(check.refusedByRmo == 5);  // isa91/: a .cluster operation where a cluster holds two CTAs
  CHECK(check.checked == files.size() - 20);
}

TEST_CASE("sc's final states are ptx's and rmo's too, on all of diy t3", "[corpus][axiomatic][t3]") {
  const auto t3 = testing::unpackedT3();
  if (!t3) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const SubsetCheck check = checkScWithin(testing::litmusFilesUnder(*t3));
  INFO(check.failures.size() << " failures; first: "
                             << (check.failures.empty() ? "-" : check.failures.front()));
  CHECK(check.failures.empty());
  CHECK(check.checked == 10554);
}

// The project's own catalogue (catalogue/): every test parses, and
// expectations.tsv is well formed and covers exactly the catalogue's tests;
// every test survives the canonical printer's round trip; each full outcome
// set of outcomes.tsv is the one its model gives.
#include <catch2/catch.hpp>
#include <set>
#include <sstream>

#include "axiomcheck/Models.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

TEST_CASE("every catalogue test parses and has exactly one well-formed expectation per model",
          "[catalogue]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  std::set<std::string> tests;
  for (const fs::path& file : testing::litmusFilesUnder(catalogue)) {
    INFO(file.string());
    CHECK_NOTHROW(parser::readLitmusFile(file));
    tests.insert(fs::relative(file, catalogue).generic_string());
  }
  REQUIRE(!tests.empty());

  std::istringstream rows(testing::readFile(catalogue / "expectations.tsv"));
  std::string line;
  std::getline(rows, line);
  REQUIRE(line == "test\tmodel\tcondition_outcome\tsource\tquote");
  std::set<std::string> expected;
  while (std::getline(rows, line)) {
    if (line.empty()) {
      continue;
    }
    std::vector<std::string> columns;
    std::istringstream fields(line);
    for (std::string field; std::getline(fields, field, '\t');) {
      columns.push_back(field);
    }
    INFO(line);
    REQUIRE(columns.size() == 5);
    CHECK(tests.count(columns[0]) == 1);
    CHECK((columns[2] == "allowed" || columns[2] == "forbidden" || columns[2] == "undefined"));
    // A seed, or the PTX ISA 9.1 memory-model chapter (catalogue/isa91/).
    CHECK((columns[3].rfind("seed ", 0) == 0 || columns[3].rfind("PTX ISA 9.1 ", 0) == 0));
    CHECK(!columns[4].empty());
    CHECK(expected.insert(columns[0] + "\t" + columns[1]).second);
  }
  for (const std::string& test : tests) {
    INFO("catalogue test without an expectation: " << test);
    // The C tests (catalogue/c) are for the C models, which read no PTX test.
    if (test.rfind("c/", 0) == 0) {
      CHECK(expected.count(test + "\t" + std::string(axiomcheck::rc11Model().name())) == 1);
    } else {
      CHECK(expected.count(test + "\tptx") == 1);
    }
  }
}

TEST_CASE("every catalogue test survives a canonical round trip", "[catalogue][parser]") {
  std::size_t checked = 0;
  for (const fs::path& file : testing::litmusFilesUnder(fs::path(OPCHECK_SOURCE_DIR) / "catalogue")) {
    INFO(file.string());
    const litmus::Test test = parser::readLitmusFile(file);
    const std::string printed = litmus::printCanonical(test);
    const litmus::Test reread = parser::readLitmusText(printed, file.string() + " (reprinted)");
    CHECK(reread == test);
    CHECK(litmus::printCanonical(reread) == printed);
    ++checked;
  }
  CHECK(checked >= 100);
}

// outcomes.tsv: the whole set of final states a reference gives for a test
// under a model, as herd prints them ("States"), separated by " | ". Each
// row says where its set comes from (catalogue/README.md "outcomes.tsv").
TEST_CASE("each full outcome set of outcomes.tsv is the one its model gives", "[catalogue]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  std::istringstream rows(testing::readFile(catalogue / "outcomes.tsv"));
  std::string line;
  std::getline(rows, line);
  REQUIRE(line == "test\tmodel\toutcomes\tsource");
  std::set<std::string> models;
  std::size_t checked = 0;
  while (std::getline(rows, line)) {
    INFO(line);
    const std::vector<std::string> columns = testing::splitFields(line, '\t');
    REQUIRE(columns.size() == 4);
    CHECK(!columns[3].empty());
    std::set<std::string> expected;
    std::istringstream states(columns[2]);
    for (std::string state; std::getline(states, state, '|');) {
      const std::size_t first = state.find_first_not_of(' ');
      const std::size_t last = state.find_last_not_of(' ');
      REQUIRE(first != std::string::npos);
      CHECK(expected.insert(state.substr(first, last - first + 1)).second);
    }
    const testing::CommandResult run =
        testing::runOpcheck({(catalogue / columns[0]).string(), "--model", columns[1]});
    REQUIRE(run.exitStatus == 0);
    // The lines of the States block.
    std::istringstream output(run.standardOutput);
    std::set<std::string> got;
    for (std::string printed; std::getline(output, printed);) {
      if (printed.rfind("States ", 0) == 0) {
        const std::size_t count = std::stoul(printed.substr(7));
        for (std::size_t i = 0; i < count && std::getline(output, printed); ++i) {
          got.insert(printed);
        }
      }
    }
    CHECK(got == expected);
    models.insert(columns[1]);
    ++checked;
  }
  CHECK(checked >= 45);
  CHECK(models == std::set<std::string>{"ptx", "rmo", "sc"});
}

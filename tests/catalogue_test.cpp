// The project's own catalogue (catalogue/): every test parses, and
// expectations.tsv is well formed and covers exactly the catalogue's tests;
// every test survives the canonical printer's round trip.
#include <catch2/catch.hpp>
#include <set>
#include <sstream>

#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"
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
    CHECK((columns[2] == "allowed" || columns[2] == "forbidden"));
    // A seed, or the PTX ISA 9.1 memory-model chapter (catalogue/isa91/).
    CHECK((columns[3].rfind("seed ", 0) == 0 || columns[3].rfind("PTX ISA 9.1 ", 0) == 0));
    CHECK(!columns[4].empty());
    CHECK(expected.insert(columns[0] + "\t" + columns[1]).second);
  }
  for (const std::string& test : tests) {
    INFO("catalogue test without an expectation: " << test);
    CHECK(expected.count(test + "\tptx") == 1);
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

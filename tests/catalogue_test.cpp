// The project's own catalogue (catalogue/): every test parses, and
// expectations.tsv is well formed and covers exactly the catalogue's tests.
#include <catch2/catch.hpp>
#include <set>
#include <sstream>

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
    CHECK(columns[3].rfind("seed ", 0) == 0);
    CHECK(!columns[4].empty());
    CHECK(expected.insert(columns[0] + "\t" + columns[1]).second);
  }
  for (const std::string& test : tests) {
    INFO("catalogue test without an expectation: " << test);
    CHECK(expected.count(test + "\tptx") == 1);
  }
}

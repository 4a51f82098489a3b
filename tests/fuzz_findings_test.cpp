// The differential fuzzer's findings (tests/fuzz-models/), each shrunk to a
// small test and kept with the property it broke: the property must hold
// now, and the condition's outcome must be reached or not as
// tests/fuzz-models/expected.tsv says (with where that comes from).
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/Models.h"
#include "opsem/Architecture.h"
#include "opsem/OperationalModel.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

const fs::path kFindings = fs::path(OPCHECK_SOURCE_DIR) / "tests" / "fuzz-models";

litmus::Outcome ptxOp(const litmus::Test& test, const fs::path& file, opsem::Reductions reductions) {
  opsem::OperationalOptions options;
  options.architecture = *opsem::findArchitecture("volta");
  options.reductions = reductions;
  return opsem::runPtxOp(test, file.string(), options).outcome;
}

litmus::Outcome ptx(const litmus::Test& test, const fs::path& file) {
  return axiomcheck::checkTest(test, *axiomcheck::findModel("ptx"), {}, file.string());
}

}  // namespace

TEST_CASE("the fuzzer's findings keep the property they once broke", "[opsem][fuzz-findings]") {
  std::istringstream rows(testing::readFile(kFindings / "expected.tsv"));
  std::string line;
  std::getline(rows, line);
  REQUIRE(line == "test\tproperty\tcondition\tsource");
  int findings = 0;
  while (std::getline(rows, line)) {
    const std::vector<std::string> fields = testing::splitFields(line, '\t');
    REQUIRE(fields.size() == 4);
    const fs::path file = kFindings / (fields[0] + ".litmus");
    INFO(file.string() << ": " << fields[1] << " (" << fields[3] << ")");
    const litmus::Test test = parser::readLitmusFile(file);
    const bool reached = fields[2] == "reached";
    REQUIRE((reached || fields[2] == "not reached"));
    REQUIRE(fields[1] == "reductions");  // the only property a finding has broken so far
    const litmus::Outcome reduced = ptxOp(test, file, opsem::Reductions{});
    const litmus::Outcome unreduced = ptxOp(test, file, opsem::Reductions::none());
    CHECK(reduced.states == unreduced.states);
    CHECK(testing::conditionOutcomeReached(test.condition.quantifier, reduced) == reached);
    // ptx-op stays within ptx.
    if (reached) {
      CHECK(testing::conditionOutcomeReached(test.condition.quantifier, ptx(test, file)));
    }
    ++findings;
  }
  CHECK(findings == 1);
}

// compare: ptx-op ⊆ ptx over the catalogue and the corpora, and the
// deliberately broken presets of ptx-op (must-fail variants) caught, each
// with the run that shows it.
#include <catch2/catch.hpp>
#include <sstream>

#include "axiomcheck/Models.h"
#include "crosscheck/Comparison.h"
#include "litmus/Proxies.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

crosscheck::ComparisonOptions againstPtx(const std::string& preset) {
  crosscheck::ComparisonOptions options;
  options.operational.architecture = *opsem::findArchitecture(preset);
  options.axiomatic = {&axiomcheck::ptxModel()};
  return options;
}

struct SuiteResult {
  std::size_t compared = 0;
  // ptx-op refuses no test of the catalogue or the corpora (it models
  // proxies and aliases too): a
  // refusal fails the test and is counted here.
  std::size_t refusedTests = 0;
  std::vector<std::string> unsound;  // "file: state"
  std::size_t tracesMissing = 0;
};

SuiteResult compareAll(const std::vector<fs::path>& files, const crosscheck::ComparisonOptions& options) {
  SuiteResult result;
  for (const fs::path& file : files) {
    const crosscheck::TestComparison comparison = crosscheck::compareTest(file, options);
    if (!comparison.error.empty()) {
      INFO(comparison.file << ": " << comparison.error);
      FAIL_CHECK("ptx-op refused it");
      ++result.refusedTests;
      continue;
    }
    ++result.compared;
    for (const crosscheck::ModelComparison& model : comparison.models) {
      if (!model.unsound()) {
        continue;
      }
      result.unsound.push_back(comparison.file);
      for (const auto& trace : model.traces) {
        result.tracesMissing += trace.empty() ? 1 : 0;
      }
    }
  }
  return result;
}

// The catalogue's PTX tests, catalogue/async included: ptx-op runs them on
// its copy engine and ptx reads them.
std::vector<fs::path> catalogueFiles() {
  std::vector<fs::path> files = testing::ptxCatalogueFiles();
  const std::vector<fs::path> async =
      testing::litmusFilesUnder(fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "async");
  files.insert(files.end(), async.begin(), async.end());
  return files;
}

// The presets that claim to implement PTX (each must be sound), or not
// (each must be caught: the broken ones, and fermi, which models a chip that
// did what PTX forbids).
std::vector<std::string> presetsClaimingPtx(bool claims) {
  std::vector<std::string> names;
  for (const opsem::Architecture& architecture : opsem::architecturePresets()) {
    if (architecture.claimsPtx == claims) {
      names.push_back(architecture.name);
    }
  }
  return names;
}

}  // namespace

TEST_CASE("compare shows every register and location in the final states it compares", "[compare]") {
  const litmus::Test test = parser::readLitmusText(R"(PTX T
{ x = 0; y = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 ld.weak r0, x  | st.weak y, 1   ;
exists (P0:r0 == 1)
)",
                                                   "t.litmus");
  const litmus::Test full = crosscheck::withEveryTermShown(test);
  REQUIRE(full.shownLocations.size() == 3);  // P0:r0, x, y
  CHECK(full.shownLocations[0].kind == litmus::ConditionTerm::Kind::Register);
  CHECK(full.shownLocations[2].kind == litmus::ConditionTerm::Kind::Location);
}

TEST_CASE(
    "a value means the same in ptx and ptx-op: large initial values, 32- and 64-bit arithmetic, integers "
    "in ptx-op's bands (tests/values)",
    "[compare]") {
  // tests/values/expected.tsv: per file, the verdict of ptx-op against ptx
  // and why. Each file's exists condition holds by the arithmetic of PTX
  // ISA 9.1, as its doc lines say, and ptx-op reaches it under every preset.
  const fs::path directory = fs::path(OPCHECK_SOURCE_DIR) / "tests" / "values";
  std::istringstream rows(testing::readFile(directory / "expected.tsv"));
  std::string line;
  std::getline(rows, line);
  std::size_t checked = 0;
  while (std::getline(rows, line)) {
    const std::vector<std::string> columns = testing::splitFields(line, '\t');
    REQUIRE(columns.size() == 3);
    const std::string& file = columns[0];
    const std::string& verdict = columns[1];
    INFO(file);
    const crosscheck::TestComparison comparison =
        crosscheck::compareTest(directory / file, againstPtx("volta"));
    const litmus::Test test = parser::readLitmusFile(directory / file);
    REQUIRE(verdict == "equal");
    REQUIRE(comparison.error.empty());
    REQUIRE(comparison.models.size() == 1);
    const crosscheck::ModelComparison& model = comparison.models.front();
    CHECK_FALSE(model.unsound());
    CHECK(model.operationalOnly.empty());
    CHECK(model.axiomaticOnly.empty());
    for (const std::string& preset : presetsClaimingPtx(true)) {
      INFO(preset);
      opsem::OperationalOptions options;
      options.architecture = *opsem::findArchitecture(preset);
      CHECK(testing::conditionOutcomeReached(test.condition.quantifier,
                                             opsem::runPtxOp(test, file, options).outcome));
    }
    ++checked;
  }
  CHECK(checked == testing::litmusFilesUnder(directory).size());
}

TEST_CASE("ptx-op reaches no outcome ptx forbids on the catalogue", "[compare][catalogue]") {
  for (const std::string& preset : presetsClaimingPtx(true)) {
    SECTION(preset) {
      const SuiteResult result = compareAll(catalogueFiles(), againstPtx(preset));
      INFO(preset << ": " << (result.unsound.empty() ? std::string("-") : result.unsound.front()));
      CHECK(result.compared >= 80);
      CHECK(result.refusedTests == 0);
      CHECK(result.unsound.empty());
    }
  }
}

TEST_CASE("ptx-op reaches no outcome ptx forbids on the corpora, t3 aside", "[compare][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  for (const std::string& preset : presetsClaimingPtx(true)) {
    SECTION(preset) {
      const std::vector<fs::path> files = testing::corpusFilesExceptT3(*corpora);
      const SuiteResult result = compareAll(files, againstPtx(preset));
      INFO(preset << ": " << result.unsound.size() << " unsound; first: "
                  << (result.unsound.empty() ? std::string("-") : result.unsound.front()));
      CHECK(result.compared > 2700);
      CHECK(result.unsound.empty());
    }
  }
}

TEST_CASE("compare catches each deliberately broken ptx-op rule, with the run that breaks it",
          "[compare][must-fail]") {
  std::vector<fs::path> files = catalogueFiles();
  if (const auto corpora = testing::corporaDirectory()) {
    const auto dat3m = testing::litmusFilesUnder(*corpora / "dat3m-ptx");
    files.insert(files.end(), dat3m.begin(), dat3m.end());
  }
  const std::vector<std::string> caught = presetsClaimingPtx(false);
  CHECK(caught.size() >= 11);
  for (const std::string& preset : caught) {
    SECTION(preset) {
      const SuiteResult result = compareAll(files, againstPtx(preset));
      INFO(preset << ": " << result.unsound.size() << " unsound tests");
      CHECK_FALSE(result.unsound.empty());
      CHECK(result.tracesMissing == 0);
    }
  }
}

TEST_CASE("compare and races name a test by its file too when another input has its name",
          "[compare][races]") {
  // Two programs under one name (as dat3m-ptx/Memalloy has three files named
  // IRIW_gl_cta), and a third test of its own name.
  const testing::Scratch scratch;
  const std::filesystem::path first = scratch.write("a/MP.litmus", R"(PTX Twice
{ x = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, x  ;
exists (P1:r0 == 1)
)");
  const std::filesystem::path second = scratch.write("b/MP.litmus", R"(PTX Twice
{ x = 0; }
 P0@cta 0,gpu 0 ;
 st.weak x, 2   ;
exists (x == 2)
)");
  const std::filesystem::path alone = scratch.write("Alone.litmus", R"(PTX Alone
{ x = 0; }
 P0@cta 0,gpu 0 ;
 st.weak x, 1   ;
exists (x == 1)
)");
  const testing::CommandResult compared =
      testing::runOpcheck({"compare", first.string(), second.string(), alone.string(), "--ax", "ptx"});
  REQUIRE(compared.exitStatus == 0);
  CHECK_THAT(compared.standardOutput, Catch::Contains("Twice (" + first.string() + "): ptx-op "));
  CHECK_THAT(compared.standardOutput, Catch::Contains("Twice (" + second.string() + "): ptx-op "));
  CHECK_THAT(compared.standardOutput, Catch::Contains("\nAlone: ptx-op "));
  const testing::CommandResult races =
      testing::runOpcheck({"races", first.string(), second.string(), alone.string()});
  REQUIRE(races.exitStatus == 0);
  CHECK_THAT(races.standardOutput, Catch::Contains("Races Twice (" + first.string() + ") 1 "));
  CHECK_THAT(races.standardOutput, Catch::Contains("Races Twice (" + second.string() + ") none"));
  CHECK_THAT(races.standardOutput, Catch::Contains("Races Alone none"));
}

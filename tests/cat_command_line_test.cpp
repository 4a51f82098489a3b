// --model FILE.cat wherever a model is named (docs/cat.md): --skip-axiom by
// the file's check names, compare --ax, pictures of the broken check,
// flags, includes, and races refusing it. Expected verdicts derived by
// hand from the cat files' text, as each case says.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

const fs::path kSbFenceSc =
    fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "seed001" / "Fig6-SB-fence.sc.gpu.litmus";

std::optional<fs::path> referenceModel(const std::string& name) {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    return std::nullopt;
  }
  return corpora->parent_path() / "docs" / "reference-models" / name;
}

void write(const fs::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
}

}  // namespace

TEST_CASE("skip-axiom takes a cat file's check names", "[cat][corpus]") {
  const auto model = referenceModel("ptx-v6.0-dat3m.cat");
  if (!model) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // SB with fence.sc.gpu: Fence-SC (and Causality through sync_fence)
  // forbid both reads seeing 0; without them nothing does (the reads are
  // fr-before writes of other locations: no po-loc, no coherence cycle).
  const testing::CommandResult kept = testing::runOpcheck({kSbFenceSc.string(), "--model", model->string()});
  CHECK(kept.exitStatus == 0);
  CHECK(kept.standardOutput.find("Observation Fig6-SB-fence.sc.gpu Never") != std::string::npos);
  const testing::CommandResult skipped =
      testing::runOpcheck({kSbFenceSc.string(), "--model", model->string(), "--skip-axiom", "axiom-FenceSC",
                           "--skip-axiom", "AXIOM-CAUSALITY"});
  CHECK(skipped.exitStatus == 0);
  CHECK(skipped.standardOutput.find("Observation Fig6-SB-fence.sc.gpu Sometimes") != std::string::npos);
  const testing::CommandResult unknown =
      testing::runOpcheck({kSbFenceSc.string(), "--model", model->string(), "--skip-axiom", "Fence-SC"});
  CHECK(unknown.exitStatus == 2);
  CHECK(unknown.standardError.find("axiom-FenceSC") != std::string::npos);
}

TEST_CASE("compare --ax takes a cat file beside the built-in models", "[cat][corpus]") {
  const auto model = referenceModel("ptx-v6.0-dat3m.cat");
  if (!model) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const testing::CommandResult result =
      testing::runOpcheck({"compare", kSbFenceSc.string(), "--ax", "ptx60," + model->string()});
  CHECK(result.exitStatus == 0);
  CHECK(result.standardOutput.find(model->string() + " 3 equal") != std::string::npos);
  CHECK(result.standardOutput.find("vs " + model->string() + ": 1 tests, 0 unsound") != std::string::npos);
}

TEST_CASE("a picture of a candidate a cat model rejects draws its broken check", "[cat][corpus]") {
  const auto model = referenceModel("rmo-asplos15-herd2015.cat");
  const auto corpora = testing::corporaDirectory();
  if (!model) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  testing::Scratch scratch;
  // 2+2W with membar.cta / membar.gl in one CTA: x=2; y=2 is a cycle of
  // co and the membars, which the cat's cta-constraint (acyclic rmo-cta)
  // forbids.
  const fs::path test = *corpora / "diy-gpu-ptx" / "t1" / "2+2W+fencecta+fencegpu+01-cta.litmus";
  const testing::CommandResult result =
      testing::runOpcheck({test.string(), "--model", model->string(), "--show", "rejected", "--nshow", "1",
                           "-o", scratch.path().string()});
  REQUIRE(result.exitStatus == 0);
  const std::string dot = testing::readFile(scratch.path() / "2+2W+fencecta+fencegpu+01-cta-1.dot");
  CHECK(dot.find("rejected by " + model->string()) != std::string::npos);
  CHECK(dot.find("breaks cta-constraint: acyclic rmo-cta (bold edges)") != std::string::npos);
  CHECK(dot.find("[label=\"co\", color=\"brown\", fontcolor=\"brown\", penwidth=3, style=bold") !=
        std::string::npos);
}

TEST_CASE("a cat model's flag, include and functions, and races refusing it", "[cat]") {
  testing::Scratch scratch;
  // Sequential consistency as herd's manual writes it, in an included file,
  // and a flag raised by any read of another thread's write.
  write(scratch.path() / "sc.cat",
        "let com = rf | co | fr\nlet order(r) = po | r\nacyclic order(com) as sc\n");
  write(scratch.path() / "flagged.cat",
        "\"SC with a flag\"\ninclude \"sc.cat\"\nflag ~empty rfe as reads-external\n");
  const fs::path model = scratch.path() / "flagged.cat";
  // SB without fences: under SC some thread reads the other's write (both
  // reading 0 is the cycle po; fr; po; fr), so the flag is raised and the
  // condition never holds.
  const testing::CommandResult result = testing::runOpcheck({kSbFenceSc.string(), "--model", model.string()});
  CHECK(result.exitStatus == 0);
  CHECK(result.standardOutput.find("Observation Fig6-SB-fence.sc.gpu Never") != std::string::npos);
  CHECK(result.standardOutput.find("Flag reads-external\n") != std::string::npos);
  const testing::CommandResult races =
      testing::runOpcheck({"races", kSbFenceSc.string(), "--model", model.string()});
  CHECK(races.exitStatus == 2);
  CHECK(races.standardError.find("races takes --model") != std::string::npos);
}

TEST_CASE("compare --executions narrows a run's fence.sc order to the pairs sync_fence relates",
          "[cat][corpus]") {
  const auto model = referenceModel("ptx-v6.0-dat3m.cat");
  if (!model) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // SB with fence.sc.cta in two CTAs: the fences are not morally strong
  // (neither scope includes the other thread, PTX ISA 9.1 8.7), so no
  // Fence-SC order relates them (8.9.3) and every outcome is allowed; a
  // run's total order of the two fences, kept whole, would make them
  // synchronize and its graphs break axiom-FenceSC.
  const fs::path test = *testing::corporaDirectory() / "dat3m-ptx" / "Manual" / "SB+sc-cta-outScope.litmus";
  const testing::CommandResult result =
      testing::runOpcheck({"compare", test.string(), "--executions", "--ax", model->string()});
  CHECK(result.exitStatus == 0);
  CHECK(result.standardOutput.find("4 equal") != std::string::npos);
  CHECK(result.standardOutput.find(", 0 break a") != std::string::npos);
}

TEST_CASE("a cat model refuses asynchronous operations at their position, even one that reads proxies",
          "[cat][corpus]") {
  const auto model = referenceModel("ptx-v7.5-dat3m.cat");
  if (!model) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // Line 19, column 2 of the test: P0's mbarrier.arrive.expect_tx, the
  // first asynchronous operation's completion in program order.
  const fs::path test = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "async" / "TMA-load+st.litmus";
  const testing::CommandResult result = testing::runOpcheck({test.string(), "--model", model->string()});
  CHECK(result.exitStatus == 2);
  CHECK(result.standardOutput.empty());
  CHECK_THAT(result.standardError, Catch::Contains(test.string() + ":19:2: error: model "));
  CHECK_THAT(result.standardError, Catch::Contains("async proxy"));
}

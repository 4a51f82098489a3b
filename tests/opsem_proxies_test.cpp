// ptx-op's proxies (opsem/ProxyCaches.h, PROXY-1 to PROXY-6): each rule on a
// small test whose verdict comes from PTX ISA 9.1 8.6 and 8.9.5 (the
// catalogue's expectations, catalogue/proxies/ and seed004/), and the whole
// of Dat3M's proxy tests compared with ptx.
#include <catch2/catch.hpp>
#include <string>

#include "axiomcheck/Models.h"
#include "crosscheck/Comparison.h"
#include "litmus/Diagnostic.h"
#include "opsem/OperationalModel.h"
#include "opsem/Program.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

const fs::path kCatalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";

// Whether ptx-op under PRESET reaches the outcome of FILE's condition
// (catalogue/FILE).
bool reaches(const std::string& file, const std::string& preset = "default") {
  const litmus::Test test = parser::readLitmusFile(kCatalogue / file);
  opsem::OperationalOptions options;
  options.architecture = *opsem::findArchitecture(preset);
  return testing::conditionOutcomeReached(test.condition.quantifier,
                                          opsem::runPtxOp(test, file, options).outcome);
}

}  // namespace

TEST_CASE("a constant or texture load may miss a generic write without its proxy fence (PROXY-1, PROXY-2)",
          "[opsem][proxies]") {
  // PTX ISA 9.1 8.6: a proxy fence is required across proxies; allowed.
  for (const char* preset : {"default", "kepler"}) {
    INFO(preset);
    CHECK(reaches("proxies/CoWR+constant.litmus", preset));
    CHECK(reaches("proxies/CoWR+texture.litmus", preset));
    // A .gpu acquire invalidates the L1, not the constant cache (PROXY-1).
    CHECK(reaches("proxies/MP+rel-acq.gpu+constant+cross-cta.litmus", preset));
  }
}

TEST_CASE("fence.proxy.constant and .texture make their cache see the generic writes (PROXY-4)",
          "[opsem][proxies]") {
  // Forbidden by PTX ISA 9.1 8.6 / 8.9.5 (catalogue/expectations.tsv).
  for (const char* preset : {"default", "kepler", "partitioned-l2"}) {
    INFO(preset);
    CHECK_FALSE(reaches("proxies/CoWR+fence.proxy.constant.litmus", preset));
    CHECK_FALSE(reaches("proxies/CoWR+fence.proxy.texture.litmus", preset));
    CHECK_FALSE(reaches("proxies/MP+rel-acq.gpu+fence.proxy.constant+cross-cta.litmus", preset));
  }
}

TEST_CASE("surface accesses go the generic way, fence.proxy.surface is a fence (PROXY-3)",
          "[opsem][proxies]") {
  CHECK_FALSE(reaches("proxies/CoWR+fence.proxy.surface.litmus"));
  // Allowed by ptx, never reached: the known incompleteness surface-is-generic.
  CHECK_FALSE(reaches("proxies/CoWR+surface.litmus"));
}

TEST_CASE("a virtual alias has its own L1 line, which fence.proxy.alias invalidates (PROXY-5, PROXY-6)",
          "[opsem][proxies]") {
  // Seed 004 Sec. 8.10 CoWR: allowed without the alias fence, forbidden with it.
  CHECK(reaches("seed004/CoWR+aliases+no-fence.litmus"));
  CHECK_FALSE(reaches("seed004/CoWR+fence.proxy.alias.litmus"));
  CHECK(reaches("proxies/MP+rel-acq.cta+alias.litmus"));
  CHECK_FALSE(reaches("proxies/MP+rel-acq.cta+fence.proxy.alias.litmus"));
  // PTX ISA 9.1 8.10.5: one alias is one address to SC-per-Location.
  CHECK_FALSE(reaches("proxies/CoWR+alias.litmus"));
}

TEST_CASE("each broken proxy rule reaches what ptx forbids", "[opsem][proxies][must-fail]") {
  CHECK(reaches("proxies/CoWR+fence.proxy.constant.litmus", "broken-proxy-fill"));
  CHECK(reaches("proxies/CoWR+fence.proxy.constant.litmus", "broken-proxy-fence"));
  CHECK(reaches("proxies/CoWR+fence.proxy.constant.litmus", "broken-proxy-fence-wait"));
  CHECK(reaches("proxies/CoWR+alias.litmus", "broken-alias-write"));
  CHECK(reaches("seed004/CoWR+fence.proxy.alias.litmus", "broken-alias-fence"));
}

TEST_CASE("the proxies' lines follow a program's locations, and a test without proxies has none",
          "[opsem][proxies]") {
  const litmus::Test generic = parser::readLitmusFile(kCatalogue / "seed004/CoRR.litmus");
  const opsem::Program plain = opsem::compileProgram(generic, "CoRR.litmus");
  CHECK(plain.lines == plain.locations);
  CHECK(plain.proxyCacheLines == 0);
  CHECK(plain.aliasLines == 0);

  const litmus::Test constant = parser::readLitmusFile(kCatalogue / "proxies/CoWR+constant.litmus");
  const opsem::Program withConstant = opsem::compileProgram(constant, "CoWR+constant.litmus");
  REQUIRE(withConstant.locations == 1);
  CHECK(withConstant.lines == 2);
  CHECK(withConstant.lineKind[1] == opsem::LineKind::Constant);
  CHECK(withConstant.lineLocation[1] == 0);
  CHECK(withConstant.threads[0][1].line == 1);  // cold reads the constant line

  const litmus::Test alias = parser::readLitmusFile(kCatalogue / "seed004/CoWR+fence.proxy.alias.litmus");
  const opsem::Program withAlias = opsem::compileProgram(alias, "CoWR+fence.proxy.alias.litmus");
  CHECK(withAlias.lines == 2);
  CHECK(withAlias.lineKind[1] == opsem::LineKind::Alias);
  CHECK(withAlias.threads[0][0].line == opsem::CompiledInstruction::kOwnLine);  // st through the location
  CHECK(withAlias.threads[0][2].line == 1);                                     // ld through the alias
}

TEST_CASE("ptx-op refuses a constant load through a register, naming it and its place", "[opsem][proxies]") {
  const litmus::Test test = parser::readLitmusText(R"(PTX P
{ x = 0; c @ constant aliases x; P0:r1 = c; }
 P0@cta 0,gpu 0   ;
 cold.weak r0, [r1] ;
forall (P0:r0 == 0)
)",
                                                   "register.litmus");
  try {
    opsem::runPtxOp(test, "register.litmus", {});
    FAIL("expected an InputError");
  } catch (const litmus::InputError& error) {
    CHECK(error.diagnostic().position.line == 4);
    CHECK(error.diagnostic().message.find("'cold.weak'") != std::string::npos);
  }
}

TEST_CASE("ptx-op refuses an access through a register where a virtual alias has a line (PROXY-5)",
          "[opsem][proxies]") {
  // ptx reads [r1] with r1 = v as an access to v (the same address as the
  // named read of v, SC-per-Location); ptx-op's register holds x's memory.
  const litmus::Test test = parser::readLitmusText(R"(PTX P
{ x = 0; v @ generic aliases x; P0:r1 = v; }
 P0@cta 0,gpu 0   ;
 st.weak [r1], 1  ;
 ld.weak r0, v    ;
exists (P0:r0 == 0)
)",
                                                   "alias-register.litmus");
  try {
    opsem::runPtxOp(test, "alias-register.litmus", {});
    FAIL("expected an InputError");
  } catch (const litmus::InputError& error) {
    CHECK(error.diagnostic().position.line == 4);
    CHECK(error.diagnostic().message.find("'st.weak'") != std::string::npos);
  }
}

TEST_CASE("ptx-op runs Dat3M's proxy tests within ptx and agrees with their 7.5 verdicts",
          "[opsem][proxies][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const fs::path dat3m = *corpora / "dat3m-ptx";
  std::size_t checked = 0;
  for (const testing::Dat3mVerdict& verdict : testing::readDat3mVerdicts(dat3m)) {
    if (verdict.test.rfind("Manual/proxy/", 0) != 0) {
      continue;
    }
    INFO(verdict.test);
    REQUIRE(verdict.reachable75);
    for (const bool executions : {false, true}) {
      crosscheck::ComparisonOptions options;
      options.axiomatic = {&axiomcheck::ptxModel()};
      options.executions = executions;
      const crosscheck::TestComparison comparison = crosscheck::compareTest(dat3m / verdict.test, options);
      REQUIRE(comparison.error.empty());
      CHECK_FALSE(comparison.unsound());
    }
    const litmus::Test test = parser::readLitmusFile(dat3m / verdict.test);
    const bool reached = testing::conditionOutcomeReached(test.condition.quantifier,
                                                          opsem::runPtxOp(test, verdict.test, {}).outcome);
    // Sound: never what 7.5 forbids. Each forbidden verdict here is a fence
    // at work (PROXY-4, PROXY-6); the one allowed, a constant line another
    // CTA's fence leaves stale (PROXY-1), ptx-op reaches too.
    CHECK(reached == *verdict.reachable75);
    ++checked;
  }
  CHECK(checked == 7);
}

// ptx-op: soundness against the seeds' and Dat3M's PTX verdicts, the weak
// behaviours it must show, hangs, witnesses, and independence of the result
// from --jobs and from partial-order reduction.
#include <catch2/catch.hpp>
#include <map>
#include <sstream>
#include <string>

#include "litmus/Diagnostic.h"
#include "opsem/OperationalModel.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

opsem::OperationalResult runOp(const litmus::Test& test, int jobs = 1, bool reduce = true,
                               bool witness = false, const std::string& preset = "default") {
  opsem::OperationalOptions options;
  options.architecture = *opsem::findArchitecture(preset);
  options.exploration.jobs = jobs;
  options.exploration.reduceLocalSteps = reduce;
  options.witness = witness;
  return opsem::runPtxOp(test, "test.litmus", options);
}

// tests/opsem-known-incomplete.tsv: "catalogue:PATH" or "dat3m:PATH" -> reason.
std::map<std::string, std::string> knownIncomplete() {
  std::map<std::string, std::string> known;
  std::istringstream rows(
      testing::readFile(fs::path(OPCHECK_SOURCE_DIR) / "tests" / "opsem-known-incomplete.tsv"));
  std::string line;
  std::getline(rows, line);
  while (std::getline(rows, line)) {
    const std::vector<std::string> columns = testing::splitFields(line, '\t');
    if (columns.size() == 2) {
      known[columns[0]] = columns[1];
    }
  }
  return known;
}

// Checks one verdict: a forbidden outcome must stay unreached (soundness);
// an allowed one must be reached unless the known list explains why not,
// and an explained one must still be unreached (the list stays true).
void checkVerdict(const std::string& key, bool allowed, bool reached,
                  const std::map<std::string, std::string>& known) {
  INFO(key << ": PTX " << (allowed ? "allows" : "forbids") << " the outcome; ptx-op "
           << (reached ? "reaches" : "does not reach") << " it");
  if (!allowed) {
    CHECK_FALSE(reached);
    return;
  }
  const bool explained = known.count(key) == 1;
  CHECK(reached != explained);
}

std::string text(const char* body) { return body; }

bool conditionOutcomeReached(const litmus::Test& test, const std::string& preset) {
  const opsem::OperationalResult result = runOp(test, 1, true, /*witness=*/false, preset);
  return testing::conditionOutcomeReached(test.condition.quantifier, result.outcome);
}

}  // namespace

TEST_CASE("ptx-op never reaches an outcome the seeds forbid, and reaches those they allow",
          "[opsem][catalogue]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  const auto known = knownIncomplete();
  for (const testing::CatalogueExpectation& expectation : testing::readCatalogueExpectations(catalogue)) {
    if (expectation.model != "ptx") {
      continue;
    }
    const litmus::Test test = parser::readLitmusFile(catalogue / expectation.test);
    const opsem::OperationalResult result = runOp(test);
    checkVerdict("catalogue:" + expectation.test, expectation.allowed,
                 testing::conditionOutcomeReached(test.condition.quantifier, result.outcome), known);
  }
}

TEST_CASE("ptx-op is sound against Dat3M's PTX 6.0 verdicts and agrees on barrier hangs", "[opsem][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const fs::path dat3m = *corpora / "dat3m-ptx";
  const auto known = knownIncomplete();
  std::size_t checked = 0;
  for (const testing::Dat3mVerdict& verdict : testing::readDat3mVerdicts(dat3m)) {
    if (!verdict.reachable) {
      continue;  // proxy tests: refused (see the refusal test)
    }
    const litmus::Test test = parser::readLitmusFile(dat3m / verdict.test);
    const opsem::OperationalResult result = runOp(test);
    checkVerdict("dat3m:" + verdict.test, *verdict.reachable,
                 testing::conditionOutcomeReached(test.condition.quantifier, result.outcome), known);
    // Dat3M's liveness verdict counts a spin that may go on forever as a
    // hang; opcheck's (design.md) only a state that can never finish. They
    // must agree wherever the program has no spin loop.
    if (verdict.canHang && test.threads.size() > 0 && verdict.test.rfind("Barrier/", 0) == 0) {
      INFO(verdict.test);
      CHECK((result.hangStates > 0) == *verdict.canHang);
    }
    ++checked;
  }
  CHECK(checked == 130);  // every test with a 6.0 verdict but the proxy ones
}

TEST_CASE("ptx-op refuses proxy instructions, naming the instruction and its place", "[opsem]") {
  const litmus::Test test = parser::readLitmusText(text(R"(PTX P
{ x = 0; s @ surface aliases x; }
 P0@cta 0,gpu 0 ;
 sust.weak s, 1 ;
 ld.weak r0, x  ;
forall (P0:r0 == 1)
)"),
                                                   "proxy.litmus");
  try {
    runOp(test);
    FAIL("expected an InputError");
  } catch (const litmus::InputError& error) {
    CHECK(error.diagnostic().position.line == 4);
    CHECK(error.diagnostic().message.find("'sust.weak'") != std::string::npos);
  }
}

TEST_CASE("a spin on a flag nobody sets is a hang, shown with a trace to it", "[opsem]") {
  const litmus::Test test = parser::readLitmusText(text(R"(PTX Spin
{ flag = 0; x = 0; }
 P0@cta 0,gpu 0          | P1@cta 1,gpu 0 ;
 LC00:                   | st.weak x, 1   ;
 ld.relaxed.gpu r0, flag |                ;
 beq r0, 0, LC00         |                ;
exists (P0:r0 == 1)
)"),
                                                   "spin.litmus");
  const opsem::OperationalResult result = runOp(test);
  CHECK(result.hangStates > 0);
  CHECK(result.outcome.states.empty());
  CHECK_FALSE(result.hangTrace.empty());
}

TEST_CASE("a witness trace leads step by step to the condition's outcome", "[opsem]") {
  const litmus::Test test = parser::readLitmusText(text(R"(PTX SB
{ x = 0; y = 0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 ld.weak r0, y  | ld.weak r1, x  ;
exists (P0:r0 == 0 /\ P1:r1 == 0)
)"),
                                                   "sb.litmus");
  const opsem::OperationalResult result = runOp(test, 1, true, /*witness=*/true);
  REQUIRE(result.witnessFound);
  std::string trace;
  for (const std::string& step : result.witnessTrace) {
    trace += step + "\n";
  }
  INFO(trace);
  CHECK(trace.find("P0 performs  ld.weak r0, y  -> r0 = 0") != std::string::npos);
  CHECK(trace.find("P1 performs  ld.weak r1, x  -> r1 = 0") != std::string::npos);
}

TEST_CASE("ptx-op's outcomes do not depend on the number of jobs or on partial-order reduction",
          "[opsem][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  std::vector<fs::path> files = testing::corpusFilesExceptT3(*corpora);
  std::size_t compared = 0;
  for (const fs::path& file : files) {
    const litmus::Test test = parser::readLitmusFile(file);
    std::optional<opsem::OperationalResult> one;
    try {
      one = runOp(test, 1);
    } catch (const litmus::InputError&) {
      continue;  // proxies: refused alike whatever the options
    }
    const opsem::OperationalResult two = runOp(test, 2);
    INFO(file.string());
    CHECK(one->outcome.states == two.outcome.states);
    ++compared;
    if (file.string().find("dat3m-ptx") != std::string::npos) {
      const opsem::OperationalResult unreduced = runOp(test, 1, /*reduce=*/false);
      CHECK(one->outcome.states == unreduced.outcome.states);
      CHECK(one->statistics.states <= unreduced.statistics.states);
    }
  }
  CHECK(compared > 1700);
}

TEST_CASE("fermi reaches the stale-L1 outcomes seed 000 observed on Fermi; the default preset does not",
          "[opsem][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // Seed 000 Sec. 3.1.2, Figs. 3-4: observed on the Tesla C2075 (and GTX
  // 540m for the fence-free and membar.cta coRR-L2-L1) whatever the fence;
  // Sec. 5.5: ordering between .ca accesses cannot be restored on Fermi.
  const fs::path tests = *corpora / "hardware" / "asplos15" / "tests";
  for (const char* name :
       {"mp-L1", "mp-L1+membar.ctas", "mp-L1+membar.gls", "mp-L1+membar.syss", "coRR-L2-L1",
        "coRR-L2-L1+membar.cta", "coRR-L2-L1+membar.gl", "coRR-L2-L1+membar.sys"}) {
    INFO(name);
    CHECK(conditionOutcomeReached(parser::readLitmusFile(tests / (std::string(name) + ".litmus")), "fermi"));
  }
  // A preset that claims PTX: membar.gl/.sys is fence.sc.gpu/.sys, which
  // invalidates the L1, and the .cg store updates the CTA's L1 line.
  for (const char* name :
       {"mp-L1+membar.gls", "mp-L1+membar.syss", "coRR-L2-L1+membar.gl", "coRR-L2-L1+membar.sys"}) {
    INFO(name);
    CHECK_FALSE(
        conditionOutcomeReached(parser::readLitmusFile(tests / (std::string(name) + ".litmus")), "default"));
  }
}

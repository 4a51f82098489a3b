// ptx-op's packed states (opsem/StateLayout.h, statespace/PackedMachine.h):
// the explorer sees the same states, transitions and outcomes whether it
// stores a test's states in the test's own layout or in the machine's wide
// one, and the layout is a small fraction of the wide state. (The invariant
// build also checks every packed state against its wide state as it is
// built: LAYOUT-* in StateLayout.h.)
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "opsem/ExecutionGraph.h"
#include "opsem/OperationalModel.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

opsem::OperationalResult run(const litmus::Test& test, const std::string& preset, bool packed,
                             std::uint64_t maxStates = 0) {
  opsem::OperationalOptions options;
  options.architecture = *opsem::findArchitecture(preset);
  options.packStates = packed;
  options.exploration.limits.maxStates = maxStates;
  return opsem::runPtxOp(test, "test.litmus", options);
}

// The runs of FILES under PRESET, packed and wide, agree on everything but
// time and memory; returns how many ran to the end both ways.
std::size_t requireSameRuns(const std::vector<fs::path>& files, const std::string& preset) {
  std::size_t compared = 0;
  for (const fs::path& file : files) {
    const litmus::Test test = parser::readLitmusFile(file);
    const opsem::OperationalResult packed = run(test, preset, true, 2'000'000);
    const opsem::OperationalResult wide = run(test, preset, false, 2'000'000);
    INFO(file.string() << " under " << preset);
    REQUIRE(packed.statistics.stopReason == wide.statistics.stopReason);
    if (packed.statistics.stopReason != statespace::StopReason::Completed) {
      continue;
    }
    CHECK(packed.statistics.states == wide.statistics.states);
    CHECK(packed.statistics.transitions == wide.statistics.transitions);
    CHECK(packed.hangStates == wide.hangStates);
    CHECK(packed.outcome.states == wide.outcome.states);
    CHECK(packed.outcome.positive == wide.outcome.positive);
    CHECK(packed.outcome.negative == wide.outcome.negative);
    CHECK(packed.stateBytes < wide.stateBytes);
    ++compared;
  }
  return compared;
}

const char* const kStoreBuffering = R"(PTX SB
{
x = 0; y = 0;
P0:r0 = 0; P1:r0 = 0;
}
 P0@cta 0,gpu 0          | P1@cta 1,gpu 0          ;
 st.relaxed.gpu [x], 1   | st.relaxed.gpu [y], 1   ;
 ld.relaxed.gpu r0, [y]  | ld.relaxed.gpu r0, [x]  ;
exists (P0:r0 = 0 /\ P1:r0 = 0)
)";

}  // namespace

TEST_CASE("a store-buffering test's packed state is a tenth of the wide one", "[opsem][layout]") {
  const litmus::Test test = parser::readLitmusText(kStoreBuffering, "sb.litmus");
  for (const std::string preset : {"volta", "kepler"}) {
    const opsem::OperationalResult packed = run(test, preset, true);
    const opsem::OperationalResult wide = run(test, preset, false);
    INFO(preset);
    CHECK(packed.stateBytes <= 128);
    CHECK(packed.stateBytes * 8 <= wide.stateBytes);
    CHECK(packed.statistics.states == wide.statistics.states);
    CHECK(packed.outcome.states == wide.outcome.states);
  }
}

TEST_CASE("packed and wide states give the same states, transitions and outcomes on the catalogue",
          "[opsem][layout][catalogue]") {
  std::vector<fs::path> files = testing::ptxCatalogueFiles();
  REQUIRE(files.size() > 100);
  // The asynchronous tests too: their copy engines' units (LAYOUT-7).
  const std::vector<fs::path> async =
      testing::litmusFilesUnder(fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "async");
  files.insert(files.end(), async.begin(), async.end());
  // The default preset (volta, a partitioned L2), one without near copies,
  // and fermi (.cg stores that bypass the L1).
  for (const std::string preset : {"volta", "kepler", "fermi"}) {
    CHECK(requireSameRuns(files, preset) == files.size());
  }
}

TEST_CASE("packed and wide states give the same states, transitions and outcomes on the corpora",
          "[opsem][layout][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // Loops, barriers, mbarrier, proxies and several devices are in Dat3M and
  // the hardware tests; every 25th test of the rest.
  const std::vector<fs::path> files = testing::catalogueAndCorpusSample(*corpora, 25);
  CHECK(requireSameRuns(files, "volta") + 10 >= files.size());
}

TEST_CASE("packed and wide recording runs give the same execution graphs and runs to them",
          "[opsem][layout][executions]") {
  // The recording size class packs its execution record too (LAYOUT-6).
  const fs::path seed001 = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "seed001";
  const std::vector<fs::path> files = testing::litmusFilesUnder(seed001);
  REQUIRE(files.size() > 5);
  for (const fs::path& file : files) {
    const litmus::Test test = parser::readLitmusFile(file);
    opsem::OperationalOptions packed;
    opsem::OperationalOptions wide;
    wide.packStates = false;
    const opsem::RecordedExecutions fromPacked = opsem::recordExecutions(test, file.string(), packed, 2);
    const opsem::RecordedExecutions fromWide = opsem::recordExecutions(test, file.string(), wide, 2);
    INFO(file.string());
    CHECK(fromPacked.statistics.states == fromWide.statistics.states);
    CHECK(fromPacked.observedStates == fromWide.observedStates);
    REQUIRE(fromPacked.graphs.size() == fromWide.graphs.size());
    for (std::size_t at = 0; at < fromPacked.graphs.size(); ++at) {
      const opsem::ExecutionGraph& left = fromPacked.graphs[at];
      const opsem::ExecutionGraph& right = fromWide.graphs[at];
      CHECK(left.threads == right.threads);
      CHECK(left.coherence == right.coherence);
      CHECK(left.fenceScOrder == right.fenceScOrder);
      CHECK(left.finalState == right.finalState);
      CHECK(opsem::traceToGraph(test, file.string(), packed, 2, left.machineState) ==
            opsem::traceToGraph(test, file.string(), wide, 2, right.machineState));
    }
  }
}

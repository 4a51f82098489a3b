// ptx-op's copy engine (opsem/CopyEngine.h, COPY-1 to COPY-9): the
// catalogue's asynchronous tests against the verdicts PTX ISA 9.1 gives
// them (catalogue/expectations.tsv, the quotes there), what the engine does
// not model refused at the instruction, and the mbarrier objects it holds.
#include <catch2/catch.hpp>
#include <string>

#include "litmus/Diagnostic.h"
#include "litmus/InstructionSemantics.h"
#include "opsem/OperationalModel.h"
#include "opsem/Program.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

const fs::path kAsyncCatalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "async";

bool engineReaches(const std::string& file, const std::string& preset) {
  const litmus::Test test = parser::readLitmusFile(kAsyncCatalogue / file);
  opsem::OperationalOptions options;
  options.architecture = *opsem::findArchitecture(preset);
  return testing::conditionOutcomeReached(test.condition.quantifier,
                                          opsem::runPtxOp(test, file, options).outcome);
}

// TEXT's first error when ptx-op compiles it.
std::string compileError(const std::string& text) {
  try {
    opsem::compileProgram(parser::readLitmusText(text, "t.litmus"), "t.litmus");
  } catch (const litmus::InputError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the copy engine forbids what PTX ISA 9.1 forbids of each asynchronous catalogue test",
          "[opsem][async][catalogue]") {
  // Forbidden by the sentence of each test's row in catalogue/expectations.tsv.
  for (const char* forbidden :
       {"TMA-load+st+fence.proxy.async.litmus", "TMA-store+st+fence.proxy.async.litmus",
        "TMA-store+reuse+wait_group.read.litmus", "cp.async+wait_group.1+older.litmus",
        "pipeline+release+fence.proxy.async.litmus", "st.async+peer-mbarrier.litmus",
        "DSMEM-copy+st+fence.proxy.async.litmus", "red.async+peer-mbarrier.litmus",
        "TMA-reduce+wait_group.litmus", "TMA-reduce+TMA-reduce.litmus", "DSMEM-reduce+peer-mbarrier.litmus",
        "cp.async+mbarrier.arrive.noinc.litmus", "cp.async+mbarrier.arrive+arrive.litmus",
        "MP+st.async.release.litmus", "MP+red.async.release.litmus"}) {
    for (const char* preset : {"volta", "kepler", "partitioned-l2"}) {
      INFO(forbidden << " under " << preset);
      CHECK_FALSE(engineReaches(forbidden, preset));
    }
  }
  // Allowed, and reached because a copy is not in program order with its
  // thread's later instructions (COPY-1), reads at the L2 past a store
  // still on its way (COPY-2, COPY-3), and a wait_group 1 leaves the newer
  // group pending (COPY-6); a reduction is such a copy (COPY-9), and a
  // cp.async issued after cp.async.mbarrier.arrive is not awaited by its
  // arrive-on (COPY-8).
  for (const char* allowed :
       {"TMA-store+st.litmus", "TMA-store+reuse.litmus", "cp.async+wait_group.1+newer.litmus",
        "pipeline+reuse-before-release.litmus", "DSMEM-copy+st.litmus", "TMA-reduce+no-wait.litmus",
        "cp.async+mbarrier.arrive.noinc+later.litmus"}) {
    INFO(allowed);
    CHECK(engineReaches(allowed, "volta"));
  }
}

TEST_CASE("each broken copy-engine rule reaches the outcome its catalogue test forbids", "[opsem][async]") {
  // tests/broken-preset-axioms.tsv has the axiom compare names for each.
  CHECK(engineReaches("TMA-store+st+fence.proxy.async.litmus", "broken-async-fence"));
  CHECK(engineReaches("TMA-load+st+fence.proxy.async.litmus", "broken-complete-tx"));
  CHECK(engineReaches("TMA-store+reuse+wait_group.read.litmus", "broken-wait-group"));
  CHECK(engineReaches("cp.async+mbarrier.arrive.noinc.litmus", "broken-async-arrive"));
}

TEST_CASE("what the copy engine does not model is refused at the instruction", "[opsem][async][bad-input]") {
  const std::string head = "PTX t\n{\ng=0;\ns=0;\nb=0;\n}\n";
  // Line 8 holds the instruction. A guarded copy, refused at its opcode:
  // the async-groups are read off the code (COPY-6).
  CHECK_THAT(
      compileError(head + " P0@cta 0,gpu 0 ;\n @r1 cp.async.bulk.global.shared::cta.bulk_group g, s, 16 ;\n" +
                   "exists (g == 1)\n"),
      Catch::StartsWith("t.litmus:8:6: error: '") && Catch::Contains("without a guard"));
  // Two devices.
  CHECK_THAT(compileError(head + " P0@cta 0,gpu 0 | P1@cta 1,gpu 1 ;\n" +
                          " cp.async.bulk.global.shared::cta.bulk_group g, s, 16 | st.weak s, 1 ;\n" +
                          "exists (g == 1)\n"),
             Catch::StartsWith("t.litmus:8:2: error: '") && Catch::Contains("one device"));
  // The same tests run without them; fence.proxy.async with a state space
  // runs as the fence without one (opsem/Program.cpp).
  CHECK(compileError(head + " P0@cta 0,gpu 0 ;\n fence.proxy.async.global ;\nexists (g == 1)\n").empty());
  CHECK(compileError(head + " P0@cta 0,gpu 0 ;\n cp.async.bulk.global.shared::cta.bulk_group g, s, 16 ;\n" +
                     "exists (g == 1)\n")
            .empty());
}

TEST_CASE("an mbarrier object with a tx-count packs into 32 bits and back (COPY-7)", "[opsem][async]") {
  // phase 2, expected 3, pending 1, tx-count 16 and -5 (InstructionSemantics.h).
  for (const std::int64_t tx : {std::int64_t{16}, std::int64_t{-5}}) {
    const std::int64_t object = litmus::mbarrierValue({2, 3, 1, tx}).integer;
    const std::optional<opsem::Value> packed = opsem::packedMbarrier(object);
    REQUIRE(packed);
    CHECK(opsem::isPackedMbarrier(*packed));
    CHECK(opsem::unpackedMbarrier(*packed) == object);
  }
  // Counts past 15 do not pack.
  CHECK_FALSE(opsem::packedMbarrier(litmus::mbarrierValue({20, 3, 1, 16}).integer));
}

// generate/: diy7 cycles to PTX litmus tests, the classic shapes, the
// cuda-litmus families, and `opcheck generate`.
//
// The expected programs below are written by hand from diy7's definitions
// of the shapes (diy7 manual, herd.inria.fr/doc/gen.html: each shape's
// cycle, a new thread after each external edge, a new location after each
// "d" edge, write values in coherence order, reads the value the cycle
// makes them read), in the modern PTX dialect with every access relaxed at
// the chosen scope; not from the generator's output.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/Models.h"
#include "generate/ClassicShapes.h"
#include "generate/CudaLitmusFamilies.h"
#include "generate/Cycle.h"
#include "generate/CycleToTest.h"
#include "generate/GenerationError.h"
#include "generate/ThreadGrouping.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/FinalState.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

litmus::Test generated(const std::string& cycle, const std::string& groups = "",
                       litmus::Scope scope = litmus::Scope::Gpu) {
  generate::GenerationOptions options;
  options.scope = scope;
  const generate::Cycle parsed = generate::parseCycle(cycle);
  if (!groups.empty()) {
    options.ctas = generate::parseThreadGrouping(groups, generate::countThreads(parsed));
  }
  return generate::buildTest(parsed, options);
}

// TEXT parsed, with the generated test's name and documentation so that
// only the program and condition are compared.
litmus::Test expected(const std::string& text, const litmus::Test& like) {
  litmus::Test test = parser::readLitmusText(text, "expected.litmus");
  test.name = like.name;
  test.documentation = like.documentation;
  return test;
}

void checkProgram(const litmus::Test& actual, const std::string& text) {
  const litmus::Test wanted = expected(text, actual);
  INFO("generated:\n" << litmus::printCanonical(actual) << "expected:\n" << litmus::printCanonical(wanted));
  CHECK(actual == wanted);
}

}  // namespace

TEST_CASE("the classic shapes become diy7's programs and conditions", "[generate]") {
  SECTION("MP: PodWW Rfe PodRR Fre") {
    const litmus::Test test = generated("PodWW Rfe PodRR Fre");
    CHECK(test.name == "MP");
    checkProgram(test, R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, y ;
 st.relaxed.gpu y, 1 | ld.relaxed.gpu r1, x ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)");
  }
  SECTION("SB: PodWR Fre PodWR Fre, both threads in one CTA at .cta") {
    const litmus::Test test = generated("PodWR Fre PodWR Fre", "01", litmus::Scope::Cta);
    CHECK(test.name == "SB");
    checkProgram(test, R"(PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       ;
 st.relaxed.cta x, 1  | st.relaxed.cta y, 1  ;
 ld.relaxed.cta r0, y | ld.relaxed.cta r0, x ;
exists (P0:r0 == 0 /\ P1:r0 == 0)
)");
  }
  SECTION("LB: PodRW Rfe PodRW Rfe") {
    checkProgram(generated("PodRW Rfe PodRW Rfe"), R"(PTX LB
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
 ld.relaxed.gpu r0, x | ld.relaxed.gpu r0, y ;
 st.relaxed.gpu y, 1  | st.relaxed.gpu x, 1  ;
exists (P0:r0 == 1 /\ P1:r0 == 1)
)");
  }
  SECTION("2+2W: coherence observed by final values, the later write of each location 2") {
    const litmus::Test test = generated("PodWW Wse PodWW Wse");
    CHECK(test.name == "2+2W");
    checkProgram(test, R"(PTX 2+2W
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0      ;
 st.relaxed.gpu x, 2 | st.relaxed.gpu y, 2 ;
 st.relaxed.gpu y, 1 | st.relaxed.gpu x, 1 ;
exists (y == 2 /\ x == 2)
)");
  }
  SECTION("R and S mix a coherence edge with Fr and Rf") {
    checkProgram(generated("PodWW Wse PodWR Fre"), R"(PTX R
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1 | st.relaxed.gpu y, 2  ;
 st.relaxed.gpu y, 1 | ld.relaxed.gpu r0, x ;
exists (P1:r0 == 0 /\ y == 2)
)");
    checkProgram(generated("PodWW Rfe PodRW Wse"), R"(PTX S
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 2 | ld.relaxed.gpu r0, y ;
 st.relaxed.gpu y, 1 | st.relaxed.gpu x, 1  ;
exists (P1:r0 == 1 /\ x == 2)
)");
  }
  SECTION("CoRR: one location, the second read sees the initial value") {
    const litmus::Test test = generated("Rfe PosRR Fre");
    CHECK(test.name == "CoRR");
    checkProgram(test, R"(PTX CoRR
{ x=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;
                     | ld.relaxed.gpu r1, x ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)");
  }
  SECTION("IRIW over the grouping 0_12_3 at .sys") {
    const litmus::Test test = generated("Rfe PodRR Fre Rfe PodRR Fre", "0_12_3", litmus::Scope::System);
    CHECK(test.name == "IRIW");
    checkProgram(test, R"(PTX IRIW
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       | P2@cta 1,gpu 0      | P3@cta 2,gpu 0       ;
 st.relaxed.sys x, 1 | ld.relaxed.sys r0, x | st.relaxed.sys y, 1 | ld.relaxed.sys r0, y ;
                     | ld.relaxed.sys r1, y |                     | ld.relaxed.sys r1, x ;
exists (P1:r0 == 1 /\ P1:r1 == 0 /\ P3:r0 == 1 /\ P3:r1 == 0)
)");
  }
  SECTION("a cycle given from another edge starts after its last external edge") {
    const litmus::Test test = generated("Rfe PodRR Fre PodWW");
    CHECK(test.name == "MP");
    CHECK(test.threads[0].instructions[0].opcode == litmus::Opcode::Store);
  }
  SECTION("every shape of the table builds and reads back equal from its canonical text") {
    for (const generate::ClassicShape& shape : generate::classicShapes()) {
      INFO(shape.name);
      const litmus::Test test = generated(std::string(shape.cycle));
      CHECK(test.name == shape.name);
      CHECK(parser::readLitmusText(litmus::printCanonical(test), "reprint.litmus") == test);
    }
  }
}

TEST_CASE("fences, release/acquire suffixes and dependencies become PTX instructions", "[generate]") {
  SECTION("fences with their directions, and fences that take them from their neighbours") {
    const litmus::Test written = generated("PodWW Rfe Fence.acq_rel.ctadRR Fre");
    const litmus::Test inferred = generated("PodWW Rfe Fence.acq_rel.cta Fre");
    CHECK(written.name == "PodWW+Rfe+Fence.acq_rel.ctadRR+Fre");
    checkProgram(inferred, R"(PTX MP+fence
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, y ;
 st.relaxed.gpu y, 1 | fence.acq_rel.cta    ;
                     | ld.relaxed.gpu r1, x ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)");
    CHECK(written.threads == inferred.threads);
  }
  SECTION("PL and AP: a release store and an acquire load; S: fence.sc then the access") {
    checkProgram(generated("PodWWPL Rfe PodRRAP Fre"), R"(PTX MP+rel+acq
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1 | ld.acquire.gpu r0, y ;
 st.release.gpu y, 1 | ld.relaxed.gpu r1, x ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)");
    checkProgram(generated("PodWRPS Fre PodWRSP Fre"), R"(PTX SB+sc
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1  | fence.sc.gpu         ;
 fence.sc.gpu         | st.release.gpu y, 1  ;
 ld.acquire.gpu r0, y | ld.relaxed.gpu r0, x ;
exists (P0:r0 == 0 /\ P1:r0 == 0)
)");
  }
  SECTION("data and control dependencies as diy7 writes them: xor, add; a branch to the next line") {
    checkProgram(generated("DpDatadW Rfe DpCtrldW Rfe"), R"(PTX LB+data+ctrl
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
 ld.relaxed.gpu r0, x | ld.relaxed.gpu r0, y ;
 xor t0, r0, r0       | beq r0, r0, LC00     ;
 add t0, t0, 1        | LC00:                ;
 st.relaxed.gpu y, t0 | st.relaxed.gpu x, 1  ;
exists (P0:r0 == 1 /\ P1:r0 == 1)
)");
  }
  SECTION("an address dependency: the address plus a zero computed from the read") {
    const litmus::Test test = generated("PodWW Rfe DpAddrdR Fre");
    checkProgram(test, R"(PTX MP+addr
{ x=0; y=0; P1:a0 = x; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0          ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, y    ;
 st.relaxed.gpu y, 1 | xor t0, r0, r0          ;
                     | add t0, a0, t0          ;
                     | ld.relaxed.gpu r1, [t0] ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)");
  }
  SECTION("threads grouped into GPUs as well as CTAs") {
    generate::GenerationOptions options;
    options.ctas = generate::parseThreadGrouping("0_1", 2);
    options.gpus = generate::parseThreadGrouping("0_1", 2);
    const litmus::Test test = generate::buildTest(generate::parseCycle("PodWW Rfe PodRR Fre"), options);
    CHECK(test.threads[0].placement.device == 0);
    CHECK(test.threads[1].placement.device == 1);
    CHECK(parser::readLitmusText(litmus::printCanonical(test), "reprint.litmus") == test);
  }
}

TEST_CASE("bad cycles and groupings are errors that say what is wrong", "[generate]") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(generate::parseCycle("Rfe PodRR Fro PodWW"), Contains("unknown relation 'Fro'"));
  CHECK_THROWS_WITH(generate::parseCycle("PodWX"), Contains("unknown relation 'PodWX'"));
  CHECK_THROWS_WITH(generate::parseCycle("PodWWAP Rfe PodRR Fre"), Contains("A (acquire) annotates a read"));
  CHECK_THROWS_WITH(generate::parseCycle("Fence.seq.gpu"), Contains("Fence.sc or Fence.acq_rel"));
  CHECK_THROWS_WITH(generate::parseCycle("DpDatadR Fre"), Contains("data dependency ends at a write"));
  CHECK_THROWS_WITH(generate::parseCycle(""), Contains("empty"));
  CHECK_THROWS_WITH(generate::parseCycle("Rfe PodWR Fre PodWW"),
                    Contains("not a cycle: 'Rfe' ends at a read"));
  CHECK_THROWS_WITH(generate::parseCycle("Rfe PodRR Fre"), Contains("changes location once"));
  CHECK_THROWS_WITH(generate::parseCycle("PodWW PodWW"), Contains("no communication"));
  CHECK_THROWS_WITH(generate::parseCycle("Fence.sc Fence.sc"), Contains("takes its directions"));
  CHECK_THROWS_WITH(generate::parseThreadGrouping("0_0", 2), Contains("thread 0 is named twice"));
  CHECK_THROWS_WITH(generate::parseThreadGrouping("0", 2), Contains("thread 1 is in no group"));
  CHECK_THROWS_WITH(generate::parseThreadGrouping("0_13", 2), Contains("numbered 0 to 1"));
  CHECK_THROWS_WITH(generate::parseThreadGrouping("0__1", 2), Contains("empty group"));
  CHECK_THROWS_WITH(generate::parseThreadGrouping("0-1", 2), Contains("bad grouping"));
  CHECK_THROWS_WITH(generate::buildTest(generate::parseCycle("Rfe PodRRPA PodRRSP Fre"), {}),
                    Contains("two different strengths"));
  generate::GenerationOptions split;
  split.ctas = generate::parseThreadGrouping("01", 2);
  split.gpus = generate::parseThreadGrouping("0_1", 2);
  CHECK_THROWS_WITH(generate::buildTest(generate::parseCycle("PodWW Rfe PodRR Fre"), split),
                    Contains("share a CTA but not a GPU"));
}

TEST_CASE("thread groupings: every partition, named as cuda-litmus names them", "[generate]") {
  std::set<std::string> three;
  for (const generate::ThreadGrouping& grouping : generate::allThreadGroupings(3)) {
    three.insert(generate::cudaLitmusGroupingName(grouping, 3));
  }
  // The five groupings of corpora/cuda-litmus's three-thread tests.
  CHECK(three == std::set<std::string>{"012", "01_2", "0_12", "0_1_2", "1_02"});
  CHECK(generate::allThreadGroupings(4).size() == 15);  // Bell(4)
  CHECK(generate::allThreadGroupings(2).size() == 2);
}

TEST_CASE("relation names read back as written", "[generate]") {
  for (const char* word : {"Rfe", "Rfi", "Fre", "Fri", "Wse", "Wsi", "PosRR", "PodWR", "PodWWPL", "PodRWAL",
                           "PodWRSS", "Fence.sc.gpudWR", "Fence.acq_rel.ctasRR", "Fence.sc",
                           "Fence.acq_rel.sys", "DpAddrdR", "DpDatadW", "DpCtrlsW", "DpCtrldRAA"}) {
    CHECK(generate::relationName(generate::parseRelation(word)) == word);
  }
  // Coe and Coi are the later names of Wse and Wsi.
  CHECK(generate::parseRelation("Coe") == generate::parseRelation("Wse"));
  CHECK(generate::parseRelation("Coi") == generate::parseRelation("Wsi"));
}

TEST_CASE("each family has one test per grouping, scope and variant of its scheme", "[generate]") {
  // groupings (Bell number) x 2 access scopes x variants, the variants
  // counted by hand from the scheme in CudaLitmusFamilies.h; for the six
  // corpus families these are the corpus's counts (corpora/cuda-litmus).
  const std::map<std::string, std::size_t> expectedCounts = {
      {"iriw", 15 * 2 * (2 + 2 * 3)},   // readers 1, 3: RELAXED, ACQUIRE; 3 fence sets
      {"isa2", 5 * 2 * (3 + 2 * 10)},   // W-W, R-W, R-R
      {"rwc", 5 * 2 * (3 + 2 * 4)},     // R-R, W-R
      {"wrc", 5 * 2 * (3 + 2 * 4)},     // R-W, R-R
      {"wrw_2w", 5 * 2 * (3 + 2 * 4)},  // R-W, W-W
      {"wwc", 5 * 2 * (5 + 2 * 5)},     // R-W, R-W
      {"2_2w", 2 * 2 * (2 + 2 * 3)},    // W-W, W-W
      {"3_2w", 5 * 2 * (2 + 2 * 7)},    // W-W x 3
      {"z6_3", 5 * 2 * (2 + 2 * 7)},    // W-W, W-W, R-R
  };
  for (const generate::Family& family : generate::cudaLitmusFamilies()) {
    INFO(family.prefix);
    const std::vector<litmus::Test> tests = generate::generateFamily(family);
    CHECK(tests.size() == expectedCounts.at(std::string(family.prefix)));
    std::set<std::string> names;
    for (const litmus::Test& test : tests) {
      names.insert(test.name);
    }
    CHECK(names.size() == tests.size());
  }
  // The variants the original harness runs for the shapes the corpus lacks
  // (sohambagchi/cuda-litmus tuning files) are among them.
  std::set<std::string> z63;
  for (const litmus::Test& test : generate::generateFamily(*generate::findFamily("Z6.3"))) {
    z63.insert(test.name);
  }
  CHECK(z63.count("z6_3_TB_02_1_SCOPE_DEVICE_NO_FENCE_ACQ_REL") == 0);  // cuda-litmus spells it 1_02
  CHECK(z63.count("z6_3_TB_1_02_SCOPE_DEVICE_NO_FENCE_ACQ_REL") == 1);
  CHECK(z63.count("z6_3_TB_0_1_2_SCOPE_DEVICE_NO_FENCE_RELAXED") == 1);
  CHECK(generate::findFamily("2+2w") == generate::findFamily("2_2w"));
  CHECK(generate::findFamily("mp") == nullptr);
}

TEST_CASE("every family test reads back equal from its canonical text", "[generate]") {
  std::size_t count = 0;
  for (const generate::Family& family : generate::cudaLitmusFamilies()) {
    for (const litmus::Test& test : generate::generateFamily(family)) {
      INFO(test.name);
      REQUIRE(parser::readLitmusText(litmus::printCanonical(test), test.name + ".litmus") == test);
      ++count;
    }
  }
  CHECK(count > 950);
}

namespace {

std::set<std::string> herdStates(const litmus::Test& test) {
  const litmus::Outcome outcome =
      axiomcheck::checkTest(test, axiomcheck::ptxModel(), axiomcheck::CheckOptions{}, test.name);
  std::set<std::string> states;
  for (const litmus::FinalState& state : outcome.states) {
    states.insert(litmus::formatHerdState(test, outcome.terms, state));
  }
  return states;
}

}  // namespace

TEST_CASE(
    "the cuda-litmus families reproduce corpora/cuda-litmus: the same 950 names, the same outcomes under ptx",
    "[generate][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  std::map<std::string, litmus::Test> generatedTests;
  for (const generate::Family& family : generate::cudaLitmusFamilies()) {
    if (family.inCorpus) {
      for (litmus::Test& test : generate::generateFamily(family)) {
        const std::string name = test.name;
        generatedTests.emplace(name, std::move(test));
      }
    }
  }
  std::set<std::string> corpusNames;
  std::size_t sameProgram = 0;
  std::size_t sameOutcomes = 0;
  for (const fs::path& file : testing::litmusFilesUnder(*corpora / "cuda-litmus" / "tests")) {
    const std::string name = file.stem().string();
    corpusNames.insert(name);
    const auto found = generatedTests.find(name);
    if (found == generatedTests.end()) {
      continue;
    }
    litmus::Test corpus = parser::readLitmusFile(file);
    const litmus::Test& ours = found->second;
    corpus.documentation = ours.documentation;
    sameProgram += corpus == ours ? 1 : 0;
    const std::set<std::string> corpusStates = herdStates(corpus);
    const std::set<std::string> ourStates = herdStates(ours);
    INFO(name << "\ncorpus:\n"
              << litmus::printCanonical(corpus) << "generated:\n"
              << litmus::printCanonical(ours));
    CHECK(!corpusStates.empty());
    CHECK(ourStates == corpusStates);
    sameOutcomes += ourStates == corpusStates ? 1 : 0;
  }
  std::set<std::string> generatedNames;
  for (const auto& [name, test] : generatedTests) {
    generatedNames.insert(name);
  }
  std::vector<std::string> missing;
  std::set_difference(corpusNames.begin(), corpusNames.end(), generatedNames.begin(), generatedNames.end(),
                      std::back_inserter(missing));
  std::vector<std::string> extra;
  std::set_difference(generatedNames.begin(), generatedNames.end(), corpusNames.begin(), corpusNames.end(),
                      std::back_inserter(extra));
  INFO("not generated: " << (missing.empty() ? "" : missing.front()) << " (" << missing.size() << ")");
  INFO("not in the corpus: " << (extra.empty() ? "" : extra.front()) << " (" << extra.size() << ")");
  CHECK(corpusNames.size() == 950);
  CHECK(missing.empty());
  CHECK(extra.empty());
  CHECK(sameOutcomes == 950);
  WARN("cuda-litmus: " << sameOutcomes << " of " << corpusNames.size()
                       << " with the same outcomes under ptx, " << sameProgram
                       << " with the same program and condition");
}

TEST_CASE("opcheck generate prints a test, writes families, and refuses bad input with exit status 2",
          "[generate][cli]") {
  const testing::CommandResult shape = testing::runOpcheck({"generate", "--shape", "mp", "--scope", "cta"});
  CHECK(shape.exitStatus == 0);
  CHECK(shape.standardOutput.find("PTX MP\n") == 0);
  CHECK(shape.standardOutput.find("st.relaxed.cta y, 1") != std::string::npos);

  const testing::CommandResult cycle = testing::runOpcheck(
      {"generate", "PodWR", "Fre", "PodWR", "Fre", "--cta-groups", "01", "--name", "sb-cta"});
  CHECK(cycle.exitStatus == 0);
  CHECK(cycle.standardOutput.find("PTX sb-cta\n") == 0);

  const fs::path directory = fs::temp_directory_path() / ("opcheck-generate-" + std::to_string(::getpid()));
  const testing::CommandResult family =
      testing::runOpcheck({"generate", "--family", "wrc", "-o", directory.string()});
  CHECK(family.exitStatus == 0);
  CHECK(testing::litmusFilesUnder(directory).size() == 110);
  CHECK(fs::exists(directory / "wrc_TB_1_02_SCOPE_BLOCK_FENCE_SCOPE_DEVICE_THREAD_2_FENCE_REL.litmus"));
  fs::remove_all(directory);

  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{
           {"generate", "Rfe", "PodRR", "Frx", "PodWW"},
           {"generate", "Rfe", "PodRR", "Fre"},
           {"generate", "--shape", "MP", "--cta-groups", "0_0"},
           {"generate", "--shape", "nope"},
           {"generate", "--family", "nope"},
           {"generate", "--shape", "MP", "--scope", "warp"},
           {"generate"},
           {"generate", "--shape", "MP", "--bogus"},
       }) {
    const testing::CommandResult result = testing::runOpcheck(bad);
    INFO(bad.back());
    CHECK(result.exitStatus == 2);
    CHECK(result.standardError.find("opcheck: error: ") == 0);
    CHECK(result.standardOutput.empty());
  }
}

// ptx-op: soundness against the seeds' and Dat3M's PTX verdicts, the weak
// behaviours it must show (partitioned-l2: IRIW; fermi: seed 000's stale L1
// lines; every preset: load buffering across CTAs past .cta fences), hangs,
// witnesses, and independence of the result from --jobs and from
// partial-order reduction.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "litmus/Diagnostic.h"
#include "litmus/FinalState.h"
#include "opsem/OperationalModel.h"
#include "opsem/Program.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

opsem::OperationalResult runOp(const litmus::Test& test, int jobs = 1, bool witness = false,
                               const std::string& preset = "default") {
  opsem::OperationalOptions options;
  options.architecture = *opsem::findArchitecture(preset);
  options.exploration.jobs = jobs;
  options.witness = witness;
  return opsem::runPtxOp(test, "test.litmus", options);
}

opsem::OperationalResult runPreset(const litmus::Test& test, const std::string& preset, int jobs = 1) {
  return runOp(test, jobs, /*witness=*/false, preset);
}

// The reasons of tests/opsem-incompleteness-reasons.md that some presets
// overcome: under them, the outcomes listed with that reason are reached.
const std::map<std::string, std::vector<std::string>> kReasonOvercomeBy = {
    {"multi-copy-atomic-l2", {"partitioned-l2", "volta"}},
    {"cta-ordering-is-global", {"volta"}},
};

bool overcomes(const std::string& preset, const std::string& reason) {
  const auto presets = kReasonOvercomeBy.find(reason);
  return presets != kReasonOvercomeBy.end() &&
         std::find(presets->second.begin(), presets->second.end(), preset) != presets->second.end();
}

// tests/opsem-known-incomplete.tsv: "catalogue:PATH" or "dat3m:PATH" -> reason,
// for PRESET (the rows whose reason PRESET overcomes left out).
std::map<std::string, std::string> knownIncomplete(const std::string& preset) {
  std::map<std::string, std::string> known;
  std::istringstream rows(
      testing::readFile(fs::path(OPCHECK_SOURCE_DIR) / "tests" / "opsem-known-incomplete.tsv"));
  std::string line;
  std::getline(rows, line);
  while (std::getline(rows, line)) {
    const std::vector<std::string> columns = testing::splitFields(line, '\t');
    if (columns.size() == 2 && !overcomes(preset, columns[1])) {
      known[columns[0]] = columns[1];
    }
  }
  return known;
}

// Checks one verdict: a forbidden outcome must stay unreached (soundness);
// an allowed one must be reached unless the known list explains why not,
// and an explained one must still be unreached (the list stays true).
void checkVerdict(const std::string& label, bool allowed, bool reached,
                  const std::map<std::string, std::string>& known, const std::string& key) {
  INFO(label << ": PTX " << (allowed ? "allows" : "forbids") << " the outcome; ptx-op "
             << (reached ? "reaches" : "does not reach") << " it");
  if (!allowed) {
    CHECK_FALSE(reached);
    return;
  }
  const bool explained = known.count(key) == 1;
  CHECK(reached != explained);
}

std::string text(const char* body) { return body; }

// Whether ptx-op refuses TEST as bad input (a .cluster operation where a
// cluster holds two CTAs: catalogue/isa91/).
bool refusedByPtxOp(const litmus::Test& test) {
  try {
    opsem::compileProgram(test, "test.litmus");
  } catch (const litmus::InputError&) {
    return true;
  }
  return false;
}

litmus::Test catalogueTest(const std::string& path) {
  return parser::readLitmusFile(fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / path);
}

bool conditionOutcomeReached(const litmus::Test& test, const std::string& preset) {
  return testing::conditionOutcomeReached(test.condition.quantifier, runPreset(test, preset).outcome);
}

// TEST under PRESET with REDUCTIONS, stopped after MAX_STATES (0: no limit).
opsem::OperationalResult runWith(const litmus::Test& test, const std::string& preset,
                                 const opsem::Reductions& reductions, std::uint64_t maxStates) {
  opsem::OperationalOptions options;
  options.architecture = *opsem::findArchitecture(preset);
  options.reductions = reductions;
  options.exploration.limits.maxStates = maxStates;
  return opsem::runPtxOp(test, "test.litmus", options);
}

struct ReductionCheck {
  std::size_t compared = 0;
  std::vector<std::string> cut;  // the files whose unreduced run MAX_STATES stopped
};

// Each of FILES under PRESET, with every reduction and with REDUCTIONS: the
// outcomes must be equal when the second run completes, and the second's a
// subset of the first's when MAX_STATES cut it.
ReductionCheck checkReductions(const std::vector<fs::path>& files, const std::string& preset,
                               const opsem::Reductions& reductions, std::uint64_t maxStates) {
  ReductionCheck check;
  for (const fs::path& file : files) {
    const litmus::Test test = parser::readLitmusFile(file);
    std::optional<opsem::OperationalResult> reduced;
    try {
      reduced = runWith(test, preset, {}, 0);
    } catch (const litmus::InputError&) {
      continue;  // proxies: refused alike whatever the options
    }
    const opsem::OperationalResult unreduced = runWith(test, preset, reductions, maxStates);
    INFO(preset << " " << file.string());
    ++check.compared;
    if (unreduced.statistics.stopReason == statespace::StopReason::Completed) {
      CHECK(reduced->outcome.states == unreduced.outcome.states);
      CHECK(reduced->statistics.states <= unreduced.statistics.states);
    } else {
      check.cut.push_back(file.string());
      CHECK(std::includes(reduced->outcome.states.begin(), reduced->outcome.states.end(),
                          unreduced.outcome.states.begin(), unreduced.outcome.states.end()));
    }
  }
  return check;
}

// PRESET's witness trace to TEST's condition outcome, a step a line; empty
// when there is none.
std::string witnessTrace(const litmus::Test& test, const std::string& preset = "default") {
  std::string trace;
  for (const std::string& step : runOp(test, 1, /*witness=*/true, preset).witnessTrace) {
    trace += step + "\n";
  }
  return trace;
}

// The presets that claim PTX and whose verdicts are checked against the
// seeds' and Dat3M's, with the known incompleteness of each.
const std::vector<std::string> kPresetsCheckedAgainstVerdicts = {"volta", "kepler", "partitioned-l2"};

}  // namespace

TEST_CASE("ptx-op never reaches an outcome the seeds forbid, and reaches those they allow",
          "[opsem][catalogue]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  for (const std::string& preset : kPresetsCheckedAgainstVerdicts) {
    SECTION(preset) {
      const auto known = knownIncomplete(preset);
      for (const testing::CatalogueExpectation& expectation : testing::readCatalogueExpectations(catalogue)) {
        if (expectation.model != "ptx") {
          continue;
        }
        const litmus::Test test = parser::readLitmusFile(catalogue / expectation.test);
        if (refusedByPtxOp(test)) {
          continue;  // clusters ptx-op does not model (see the refusal test)
        }
        const opsem::OperationalResult result = runPreset(test, preset);
        checkVerdict(preset + " catalogue:" + expectation.test, expectation.allowed,
                     testing::conditionOutcomeReached(test.condition.quantifier, result.outcome), known,
                     "catalogue:" + expectation.test);
      }
    }
  }
}

TEST_CASE("ptx-op is sound against Dat3M's PTX 6.0 verdicts and agrees on barrier hangs", "[opsem][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const fs::path dat3m = *corpora / "dat3m-ptx";
  for (const std::string& preset : kPresetsCheckedAgainstVerdicts) {
    SECTION(preset) {
      const auto known = knownIncomplete(preset);
      std::size_t checked = 0;
      for (const testing::Dat3mVerdict& verdict : testing::readDat3mVerdicts(dat3m)) {
        if (!verdict.reachable) {
          continue;  // proxy tests: no 6.0 verdict (opsem_proxies_test.cpp checks the 7.5 ones)
        }
        const litmus::Test test = parser::readLitmusFile(dat3m / verdict.test);
        const opsem::OperationalResult result = runPreset(test, preset);
        checkVerdict(preset + " dat3m:" + verdict.test, *verdict.reachable,
                     testing::conditionOutcomeReached(test.condition.quantifier, result.outcome), known,
                     "dat3m:" + verdict.test);
        // Dat3M's liveness verdict counts a spin that may go on forever as a
        // hang; opcheck's (docs/architecture.md "ptx-op") only a state that can never finish. They
        // must agree wherever the program has no spin loop.
        if (verdict.canHang && test.threads.size() > 0 && verdict.test.rfind("Barrier/", 0) == 0) {
          INFO(preset << " " << verdict.test);
          CHECK((result.hangStates > 0) == *verdict.canHang);
        }
        ++checked;
      }
      CHECK(checked == 130);  // every test with a 6.0 verdict but the proxy ones
    }
  }
}

TEST_CASE(
    "ptx-op performs .cluster at the L2 where a cluster holds two CTAs, as .cta where it holds one (L2-3)",
    "[opsem]") {
  const std::string body = R"(
{ x=0; y=0; }
 P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster CLUSTER,gpu 0 ;
 st.weak x, 1             | ld.acquire.cluster r1, y ;
 st.release.cluster y, 1  | ld.weak r2, x            ;
exists (P1:r1 == 1 /\ P1:r2 == 0)
)";
  const auto withCluster = [&](const std::string& cluster) {
    std::string text = "PTX C" + body;
    text.replace(text.find("CLUSTER"), 7, cluster);
    return parser::readLitmusText(text, "cluster.litmus");
  };
  // One cluster of two CTAs: the release and acquire are morally strong
  // (PTX ISA 9.1 8.5, 8.7) and synchronize, so message passing holds; at
  // the L2, which both CTAs reach, ptx-op keeps it.
  const litmus::Test together = withCluster("0");
  CHECK_FALSE(testing::conditionOutcomeReached(together.condition.quantifier, runOp(together).outcome));
  // ... and the broken preset that performs .cluster at the CTA's L1 does not.
  CHECK(testing::conditionOutcomeReached(together.condition.quantifier,
                                         runWith(together, "broken-cluster-scope", {}, 0).outcome));
  // Clusters of one CTA each: .cluster includes what .cta does, and PTX ISA
  // 9.1 8.5 leaves the release and acquire of different CTAs unsynchronized,
  // so message passing fails.
  const litmus::Test separate = withCluster("1");
  CHECK(testing::conditionOutcomeReached(separate.condition.quantifier, runOp(separate).outcome));
}

TEST_CASE(
    "ptx-op runs barrier.cluster as the cluster's barrier: the k-th wait meets the k-th arrivals (CBAR-2)",
    "[opsem][cluster-barrier]") {
  // PTX ISA 9.1 9.7.13.3: wait "causes the executing thread to wait for all
  // non-exited threads of the cluster to perform barrier.cluster.arrive";
  // 8.9.4 item 3: the arrive synchronizes with the wait. P0's second store
  // follows its second arrival, so P1's read after its first wait must see
  // the first store and may not see the second (no wait orders it).
  const litmus::Test test = parser::readLitmusText(R"(PTX CB
{ x=0; }
 P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;
 st.weak x, 1             | barrier.cluster.arrive   ;
 barrier.cluster.arrive   | barrier.cluster.wait     ;
 barrier.cluster.wait     | ld.weak r1, x            ;
 st.weak x, 2             | barrier.cluster.arrive   ;
 barrier.cluster.arrive   | barrier.cluster.wait     ;
 barrier.cluster.wait     | ld.weak r2, x            ;
exists (P1:r1 == 0 \/ P1:r2 != 2)
)",
                                                   "cluster-barrier.litmus");
  const opsem::OperationalResult result = runOp(test);
  // r1 is 1 or 2 (never 0); after the second wait, r2 is 2.
  CHECK_FALSE(testing::conditionOutcomeReached(test.condition.quantifier, result.outcome));
  CHECK(result.outcome.positive + result.outcome.negative > 0);
  // A thread that exits without arriving holds nobody up: P1 waits once,
  // P0 never arrives (its code holds no arrival), and the run ends.
  const litmus::Test alone = parser::readLitmusText(R"(PTX CB1
{ x=0; }
 P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;
 st.weak x, 1             | barrier.cluster.arrive   ;
                          | barrier.cluster.wait     ;
                          | ld.weak r1, x            ;
exists (P1:r1 == 0)
)",
                                                    "cluster-barrier-alone.litmus");
  CHECK(testing::conditionOutcomeReached(alone.condition.quantifier, runOp(alone).outcome));
}

TEST_CASE("ptx-op refuses barrier.cluster in a loop by position", "[opsem][bad-input]") {
  const litmus::Test test = parser::readLitmusText(R"(PTX L
{ x=0; }
 P0@cta 0,gpu 0         ;
 LC00:                  ;
 barrier.cluster.arrive ;
 barrier.cluster.wait   ;
 ld.relaxed.gpu r0, x   ;
 bne r0, 1, LC00        ;
exists (x == 1)
)",
                                                   "loop.litmus");
  try {
    runOp(test);
    FAIL("expected an InputError");
  } catch (const litmus::InputError& error) {
    CHECK(error.diagnostic().position.line == 5);
    CHECK(error.diagnostic().message.find("barrier.cluster") != std::string::npos);
  }
}

TEST_CASE("a barrier met again waits for the others' next arrivals (BAR-2)", "[opsem]") {
  // The issue's bar2phase, as in catalogue/shapes/MP+bar.cta.sync-reused:
  // P0's second barrier must wait for P1's second, which follows P1's store.
  const litmus::Test test = parser::readLitmusText(text(R"(PTX bar2phase
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 bar.cta.sync 0 | bar.cta.sync 0 ;
 bar.cta.sync 0 | st.weak x, 1   ;
 ld.weak r0, x  | bar.cta.sync 0 ;
exists (P0:r0 == 0)
)"),
                                                   "bar2phase.litmus");
  for (const opsem::Architecture& preset : opsem::architecturePresets()) {
    INFO(preset.name);
    const opsem::OperationalResult result = runPreset(test, preset.name);
    CHECK_FALSE(testing::conditionOutcomeReached(test.condition.quantifier, result.outcome));
    CHECK(result.outcome.states.size() == 1);
    CHECK(result.hangStates == 0);
  }
}

TEST_CASE("a barrier in a loop reuses its slot: the state space stays finite (BAR-2)", "[opsem]") {
  // P0 meets the barrier until it sees P1's flag y, then sets x and meets
  // it once more; P1 meets it, sets y, and goes round until it sees x. Each
  // round is a new instance of barrier 0.
  const litmus::Test test = parser::readLitmusText(text(R"(PTX bar-loop
{ x=0; y=0; }
 P0@cta 0,gpu 0  | P1@cta 0,gpu 0  ;
 LC00:           | LC01:           ;
 bar.cta.sync 0  | bar.cta.sync 0  ;
 ld.weak r0, y   | st.weak y, 1    ;
 bne r0, 1, LC00 | ld.weak r1, x   ;
 st.weak x, 1    | bne r1, 1, LC01 ;
 bar.cta.sync 0  |                 ;
exists (P0:r0 == 1 /\ P1:r1 == 1)
)"),
                                                   "bar-loop.litmus");
  opsem::OperationalOptions options;
  options.exploration.limits.maxStates = 1'000'000;
  const opsem::OperationalResult result = opsem::runPtxOp(test, "bar-loop.litmus", options);
  CHECK(result.statistics.stopReason == statespace::StopReason::Completed);
  CHECK(result.statistics.states < 100'000);
  CHECK(result.outcome.states.size() == 1);
  CHECK(testing::conditionOutcomeReached(test.condition.quantifier, result.outcome));
  // When P1 sees x in its first round and leaves, P0 waits at its last
  // barrier for an arrival that never comes: a barrier without a count waits
  // for every thread of the CTA whose code meets it (ISSUE-4), as bar.sync
  // in divergent code hangs on a GPU. (The axiomatic models let the threads
  // that reach an instance be all it waits for; there P0 goes on.)
  CHECK(result.hangStates > 0);
}

TEST_CASE("integers beyond 32 bits are computed, stored and shown as themselves with any number of jobs",
          "[opsem]") {
  // ptx-op's states hold 32-bit values and the rest by index
  // (opsem/WideIntegers.h); the untyped add computes at 64 bits, past
  // 2^31 - 1 and past 2^32. With two jobs both threads intern their sums at
  // once; the outcomes, by hand: P1 reads y's 0 or P0's 2147484000, plus
  // 2^32.
  const litmus::Test test = parser::readLitmusText(text(R"(PTX wide-two
{ x=2147483000; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0         ;
 ld.weak r0, x        | ld.relaxed.gpu r2, y   ;
 add r1, r0, 1000     | add r3, r2, 4294967296 ;
 st.relaxed.gpu y, r1 |                        ;
exists (P1:r3 == 6442451296)
)"),
                                                   "wide-two.litmus");
  const litmus::FinalState read0{litmus::Value::ofInteger(4294967296)};
  const litmus::FinalState readSum{litmus::Value::ofInteger(6442451296)};
  const opsem::OperationalResult one = runOp(test, 1, /*witness=*/true);
  const opsem::OperationalResult two = runOp(test, 2);
  CHECK(one.outcome.states == std::set<litmus::FinalState>{read0, readSum});
  CHECK(two.outcome.states == one.outcome.states);
  CHECK(two.statistics.states == one.statistics.states);
  const auto shows = [&](const std::string& text) {
    return std::any_of(one.witnessTrace.begin(), one.witnessTrace.end(),
                       [&](const std::string& step) { return step.find(text) != std::string::npos; });
  };
  CHECK(shows("y = 2147484000 reaches"));
  CHECK(shows("-> r2 = 2147484000"));
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
  const std::string trace = witnessTrace(test);
  INFO(trace);
  CHECK(trace.find("P0 performs  ld.weak r0, y  -> r0 = 0") != std::string::npos);
  CHECK(trace.find("P1 performs  ld.weak r1, x  -> r1 = 0") != std::string::npos);
}

TEST_CASE("ptx-op's outcomes do not depend on the number of jobs", "[opsem][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  std::size_t compared = 0;
  for (const fs::path& file : testing::corpusFilesExceptT3(*corpora)) {
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
  }
  CHECK(compared > 2700);
}

TEST_CASE("the reduced states, transitions and hangs are the same for any number of jobs",
          "[opsem][reductions]") {
  // RED-3 needs no cycle proviso (a branch back is never local:
  // InstructionIssue.h), so which steps it follows alone does not depend on
  // what workers saw first, in tests with loops as in tests without.
  std::size_t compared = 0;
  std::size_t looping = 0;
  for (const fs::path& file : testing::ptxCatalogueFiles()) {
    const litmus::Test test = parser::readLitmusFile(file);
    if (refusedByPtxOp(test)) {
      continue;
    }
    looping += opsem::compileProgram(test, "test.litmus").hasBackwardBranch ? 1 : 0;
    const opsem::OperationalResult one = runOp(test, 1);
    const opsem::OperationalResult two = runOp(test, 2);
    INFO(file.string());
    CHECK(one.statistics.states == two.statistics.states);
    CHECK(one.statistics.transitions == two.statistics.transitions);
    CHECK(one.hangStates == two.hangStates);
    ++compared;
  }
  CHECK(compared >= 80);
  CHECK(looping >= 5);
}

TEST_CASE(
    "stores and drains followed alone (RED-4, RED-5, RED-7, RED-8, RED-10) and settled copies (RED-6, "
    "RED-9) keep every outcome",
    "[opsem][reductions][slow]") {
  // Under every preset, the broken ones included: each reorders or skips something that the
  // reductions' tests of what may come first (PerformOrder.h, the SM
  // queue's order) must see. The two runs of a test are differently
  // reduced (RED-3 follows other steps alone), so only the totals of states
  // are compared.
  // RED-8 lets alone every drain RED-7 does (QuietLocations.h), so RED-7 is
  // checked with RED-8 off in both runs.
  const std::vector<fs::path> files = testing::ptxCatalogueFiles();
  const std::pair<std::string, std::string> rules[] = {{"RED-4", ""},      {"RED-5", ""}, {"RED-6", ""},
                                                       {"RED-7", "RED-8"}, {"RED-8", ""}, {"RED-9", ""},
                                                       {"RED-10", ""}};
  for (const auto& [id, offInBoth] : rules) {
    const opsem::Reductions with =
        offInBoth.empty() ? opsem::Reductions{} : *opsem::reductionsWithout(offInBoth);
    const opsem::Reductions without =
        *opsem::reductionsWithout(offInBoth.empty() ? id : id + "," + offInBoth);
    std::uint64_t reducedStates = 0;
    std::uint64_t unreducedStates = 0;
    std::size_t compared = 0;
    for (const opsem::Architecture& preset : opsem::architecturePresets()) {
      for (const fs::path& file : files) {
        const litmus::Test test = parser::readLitmusFile(file);
        if (refusedByPtxOp(test)) {
          continue;
        }
        const opsem::OperationalResult reduced = runWith(test, preset.name, with, 0);
        const opsem::OperationalResult unreduced = runWith(test, preset.name, without, 0);
        INFO(id << " off, " << preset.name << " " << file.string());
        CHECK(reduced.outcome.states == unreduced.outcome.states);
        reducedStates += reduced.statistics.states;
        unreducedStates += unreduced.statistics.states;
        ++compared;
      }
    }
    INFO(id << ": " << reducedStates << " states with it, " << unreducedStates << " without");
    CHECK(compared > 1000);
    CHECK(reducedStates < unreducedStates);
  }
}

// Two threads write x and y in opposite orders (2+2W) while a third loads x
// once; SCOPES places them. Without fences each location's last write may
// be either thread's (PTX ISA 9.1 8.10.5: nothing orders the two stores of
// a thread to different locations), so the four outcomes of x and y, worked
// out by hand, are all reachable.
litmus::Test twoWritersAndAReader(const std::string& scopes) {
  return parser::readLitmusText(R"(GPU_PTX W
{
0:.reg .b64 r8 = x;
0:.reg .b64 r9 = y;
1:.reg .b64 r8 = x;
1:.reg .b64 r9 = y;
2:.reg .s32 r0;
2:.reg .b64 r8 = x;
}
 P0                | P1                | P2                 ;
 st.cg.s32 [r8],1  | st.cg.s32 [r9],1  | ld.cg.s32 r0,[r8]  ;
 st.cg.s32 [r9],2  | st.cg.s32 [r8],2  |                    ;

scopeTree
)" + scopes + R"(

x: global, y: global

exists (x=2 /\ y=2)
)",
                                "w.litmus");
}

TEST_CASE("RED-8, RED-9 and RED-10 each take steps off a test they apply to and keep its outcomes",
          "[opsem][reductions]") {
  const std::set<std::string> expected = {"x=1; y=1;", "x=1; y=2;", "x=2; y=1;", "x=2; y=2;"};
  auto outcomes = [](const litmus::Test& test, const opsem::OperationalResult& result) {
    std::set<std::string> printed;
    for (const litmus::FinalState& state : result.outcome.states) {
      printed.insert(litmus::formatHerdState(test, litmus::ObservedTerms::of(test), state));
    }
    return printed;
  };
  struct Case {
    std::string scopes;
    std::string rule;
  };
  // RED-8: P0 and P1 share a CTA and so an SM queue, whose writes of one
  // address stay in order; RED-9 and RED-10: the writers on two devices.
  for (const Case& each : {Case{"(device (cta P0 P1) (cta P2))", "RED-8"},
                           Case{"(device (cta P0)) (device (cta P1) (cta P2))", "RED-9"},
                           Case{"(device (cta P0)) (device (cta P1) (cta P2))", "RED-10"}}) {
    const litmus::Test test = twoWritersAndAReader(each.scopes);
    const opsem::OperationalResult with = runWith(test, "volta", {}, 0);
    const opsem::OperationalResult without = runWith(test, "volta", *opsem::reductionsWithout(each.rule), 0);
    INFO(each.rule << ": " << with.statistics.transitions << " transitions with it, "
                   << without.statistics.transitions << " without");
    CHECK(outcomes(test, with) == expected);
    CHECK(outcomes(test, without) == expected);
    CHECK(with.statistics.states <= without.statistics.states);
    CHECK(with.statistics.transitions < without.statistics.transitions);
  }
}

TEST_CASE(
    "ptx-op's outcomes do not depend on request gating or order reduction or settled copies (RED-2 to "
    "RED-10)",
    "[opsem][corpus][reductions]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // Every third test of diy t2 and cuda-litmus (all of them take a minute
  // more; bench/no_reduction_t3.sh does the same check over t3). Without
  // RED-3 nothing is followed alone, so RED-4, RED-5, RED-7, RED-8 and RED-10 are off too. Five Dat3M
  // tests (the four barrier-*-id tests and SB+twice-bars-diff) pass 1M
  // states without the two reductions; they are compared as far as the
  // budget goes.
  const std::vector<fs::path> files = testing::catalogueAndCorpusSample(*corpora, 3);
  constexpr std::uint64_t kBudget = 1'000'000;
  opsem::Reductions withoutGatingAndOrderReduction;
  withoutGatingAndOrderReduction.requestGating = false;
  withoutGatingAndOrderReduction.localStepsAlone = false;
  const ReductionCheck check = checkReductions(files, "volta", withoutGatingAndOrderReduction, kBudget);
  INFO(check.cut.size() << " of " << check.compared << " runs cut at " << kBudget << " states; the first: "
                        << (check.cut.empty() ? std::string("-") : check.cut.front()));
  CHECK(check.compared > 1200);
  CHECK(check.cut.size() <= 5);
  // RED-6 alone off: no test passes the budget.
  const ReductionCheck settled = checkReductions(files, "volta", *opsem::reductionsWithout("RED-6"), kBudget);
  INFO(settled.cut.size() << " of " << settled.compared << " runs without RED-6 cut");
  CHECK(settled.compared > 1200);
  CHECK(settled.cut.empty());
  // RED-9 alone off (home lines a device no longer reads): the same.
  const ReductionCheck homeLines =
      checkReductions(files, "volta", *opsem::reductionsWithout("RED-9"), kBudget);
  INFO(homeLines.cut.size() << " of " << homeLines.compared << " runs without RED-9 cut");
  CHECK(homeLines.compared > 1200);
  CHECK(homeLines.cut.empty());
}

TEST_CASE("with every reduction off, dead cache lines (RED-1) included, ptx-op's outcomes stay the same",
          "[opsem][corpus][reductions]") {
  // RED-1 multiplies the states of a test by hundreds when it is off (every
  // cache line nobody reads is kept and filled at any time), so each run
  // here stops after kBudget states. A run that completes must give the
  // reduced outcomes exactly; a run cut short, a subset of them (the
  // reduction lost none of the outcomes found). The catalogue, Dat3M, herd,
  // the hardware tests and t1 in full; every 30th test of t2 and
  // cuda-litmus (in full, the two take 13 minutes here).
  constexpr std::uint64_t kBudget = 400'000;
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const std::vector<fs::path> files = testing::catalogueAndCorpusSample(*corpora, 30);
  const ReductionCheck check = checkReductions(files, "volta", opsem::Reductions::none(), kBudget);
  INFO(check.cut.size() << " of " << check.compared << " runs cut at " << kBudget << " states; the first: "
                        << (check.cut.empty() ? std::string("-") : check.cut.front()));
  CHECK(check.compared > 550);
  CHECK(check.cut.size() * 20 < check.compared);  // at most one run in twenty is cut
}

TEST_CASE(
    "a partitioned L2 reaches IRIW across CTAs with release/acquire or fence.acq_rel, not with fence.sc",
    "[opsem][catalogue]") {
  // PTX is not multi-copy atomic at .gpu scope (seed 001 Sec. 3.4); one L2
  // per device is, so kepler cannot show these.
  for (const char* allowed :
       {"shapes/IRIW+rel-acq.gpu+cross-cta.litmus", "shapes/IRIW+fence.acqrel.gpu+cross-cta.litmus"}) {
    INFO(allowed);
    const litmus::Test test = catalogueTest(allowed);
    CHECK(conditionOutcomeReached(test, "partitioned-l2"));
    CHECK(conditionOutcomeReached(test, "volta"));
    CHECK_FALSE(conditionOutcomeReached(test, "kepler"));
  }
  // Morally strong fence.sc between the reads orders them for both readers
  // (Fence-SC, Causality): the readers' fences wait for the copies.
  for (const char* preset : {"partitioned-l2", "volta"}) {
    INFO(preset);
    CHECK_FALSE(conditionOutcomeReached(catalogueTest("shapes/IRIW+fence.sc.gpu+cross-cta.litmus"), preset));
  }
}

TEST_CASE(
    "a partitioned L2 keeps message passing, WRC and ISA2 with release/acquire forbidden (cumulativity)",
    "[opsem][catalogue]") {
  for (const char* forbidden :
       {"seed001/Fig5-MP-release-acquire.litmus", "shapes/MP+rel-acq.cta+same-cta.litmus",
        "shapes/MP+rel-acq.sys+cross-gpu.litmus", "shapes/WRC+rel-acq.gpu+cross-cta.litmus",
        "shapes/ISA2+rel-acq.gpu+cross-cta.litmus", "shapes/ISA2+rel-acq.cta+rel-acq.gpu+mixed-cta.litmus",
        "seed004/MP+fences.litmus", "seed004/MP+atom.litmus"}) {
    const litmus::Test test = catalogueTest(forbidden);
    REQUIRE(test.condition.quantifier == litmus::Quantifier::NotExists);
    for (const char* preset : {"partitioned-l2", "volta"}) {
      INFO(forbidden << " under " << preset);
      CHECK_FALSE(conditionOutcomeReached(test, preset));
    }
  }
}

TEST_CASE("volta reaches what Volta to Hopper showed and kepler forbids, and no more than ptx allows",
          "[opsem][catalogue]") {
  // SMQ-5: a CTA's writes to different L2 slices reach them in either order
  // (cuda-litmus WWC, WRW+2W, 2+2W-like outcomes with .cta stores).
  const litmus::Test slices = catalogueTest("shapes/2+2W+rel.cta+cross-cta.litmus");
  CHECK(conditionOutcomeReached(slices, "volta"));
  CHECK_FALSE(conditionOutcomeReached(slices, "kepler"));
  const std::string trace = witnessTrace(slices, "volta");
  INFO(trace);
  CHECK(trace.find("(ahead of ") != std::string::npos);
  // REQ-5, REQ-6: a strong load's request passes a .cta fence (cuda-litmus
  // IRIW, ISA2, WRC with .cta fences across CTAs).
  const litmus::Test loads = catalogueTest("shapes/LB+fence.acqrel.cta+relaxed.gpu+cross-cta.litmus");
  CHECK(conditionOutcomeReached(loads, "volta"));
  CHECK_FALSE(conditionOutcomeReached(loads, "kepler"));
  // A .gpu fence waits for the answer (REQ-6); a CTA-mate synchronized at
  // .cta reads no older than the request will (REQ-7, REQ-8).
  for (const char* forbidden : {"shapes/LB+fence.acqrel.gpu+relaxed.gpu+cross-cta.litmus",
                                "shapes/WRC+fence.acqrel.cta+relay+weak-read+mixed-cta.litmus",
                                "shapes/WRC+fence.acqrel.cta+relay+relaxed.gpu-read+mixed-cta.litmus"}) {
    INFO(forbidden);
    CHECK_FALSE(conditionOutcomeReached(catalogueTest(forbidden), "volta"));
  }
}

TEST_CASE(
    "volta reaches every outcome A100, H100 or GH200 showed and forbids every one NVIDIA's Alloy model "
    "forbids "
    "(cuda-litmus)",
    "[opsem][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // results.csv: test,base,strengthened,a100,h100,gh200 (corpora/README.md);
  // no field is quoted, so a plain split reads it without the harness's
  // reader.
  const fs::path directory = *corpora / "cuda-litmus";
  std::istringstream rows(testing::readFile(directory / "results.csv"));
  std::string line;
  std::getline(rows, line);
  REQUIRE(line == "test,base,strengthened,a100,h100,gh200");
  std::size_t seen = 0;
  std::size_t forbiddenByAlloy = 0;
  while (std::getline(rows, line)) {
    const std::vector<std::string> fields = testing::splitFields(line, ',');
    REQUIRE(fields.size() == 6);
    const bool seenOnSomeGpu = fields[3] == "seen" || fields[4] == "seen" || fields[5] == "seen";
    const bool alloyForbids = fields[1] == "UNSAT";
    if (!seenOnSomeGpu && !alloyForbids) {
      continue;
    }
    const litmus::Test test = parser::readLitmusFile(directory / "tests" / (fields[0] + ".litmus"));
    INFO(fields[0]);
    CHECK_FALSE((seenOnSomeGpu && alloyForbids));
    CHECK(conditionOutcomeReached(test, "volta") == seenOnSomeGpu);
    seen += seenOnSomeGpu ? 1 : 0;
    forbiddenByAlloy += alloyForbids ? 1 : 0;
  }
  CHECK(seen == 395);  // corpora/README.md
  CHECK(forbiddenByAlloy == 98);
}

TEST_CASE("partitioned-l2 reaches every final state kepler reaches", "[opsem][catalogue]") {
  // A run of kepler is a run of partitioned-l2 in which every near-partition
  // copy catches up as soon as its home line changes.
  std::vector<fs::path> files = testing::ptxCatalogueFiles();
  if (const auto corpora = testing::corporaDirectory()) {
    const auto dat3m = testing::litmusFilesUnder(*corpora / "dat3m-ptx");
    files.insert(files.end(), dat3m.begin(), dat3m.end());
  }
  std::size_t compared = 0;
  for (const fs::path& file : files) {
    const litmus::Test test = parser::readLitmusFile(file);
    std::optional<opsem::OperationalResult> single;
    try {
      single = runPreset(test, "kepler");
    } catch (const litmus::InputError&) {
      continue;  // proxies
    }
    const opsem::OperationalResult partitioned = runPreset(test, "partitioned-l2");
    INFO(file.string());
    CHECK(std::includes(partitioned.outcome.states.begin(), partitioned.outcome.states.end(),
                        single->outcome.states.begin(), single->outcome.states.end()));
    ++compared;
  }
  CHECK(compared >= 80);
}

TEST_CASE("partitioned-l2's outcomes do not depend on the number of jobs or on the reductions",
          "[opsem][catalogue]") {
  std::size_t compared = 0;
  const std::vector<fs::path> files = testing::ptxCatalogueFiles();
  for (const fs::path& file : files) {
    const litmus::Test test = parser::readLitmusFile(file);
    if (refusedByPtxOp(test)) {
      continue;  // clusters ptx-op does not model
    }
    const opsem::OperationalResult one = runPreset(test, "partitioned-l2", 1);
    const opsem::OperationalResult two = runPreset(test, "partitioned-l2", 2);
    INFO(file.string());
    CHECK(one.outcome.states == two.outcome.states);
    ++compared;
  }
  CHECK(compared >= 80);
  // RED-1 off is covered on volta, which partitions its L2 too.
  opsem::Reductions withoutGatingAndOrderReduction;
  withoutGatingAndOrderReduction.requestGating = false;
  withoutGatingAndOrderReduction.localStepsAlone = false;
  const ReductionCheck check = checkReductions(files, "partitioned-l2", withoutGatingAndOrderReduction, 0);
  CHECK(check.compared == compared);
  CHECK(check.cut.empty());
}

TEST_CASE("fermi reaches the stale-L1 outcomes seed 000 observed on Fermi; kepler and volta do not",
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
    const litmus::Test test = parser::readLitmusFile(tests / (std::string(name) + ".litmus"));
    for (const char* preset : {"kepler", "volta"}) {
      INFO(name << " under " << preset);
      CHECK_FALSE(conditionOutcomeReached(test, preset));
    }
  }
}

TEST_CASE("a .cta fence lets load buffering through across CTAs, as GTX 660 and Titan show, not within one",
          "[opsem][catalogue]") {
  // The verdicts and their derivations: catalogue/expectations.tsv. Across
  // CTAs (seed 000 Sec. 6, lb+membar.ctas) every preset reaches it, fermi too.
  const litmus::Test crossCta = catalogueTest("cache-operators/LB+membar.cta+cg+cross-cta.litmus");
  for (const char* preset :
       {"volta", "kepler", "fifo-store-buffer", "no-l1-fills", "partitioned-l2", "fermi"}) {
    INFO(preset);
    CHECK(conditionOutcomeReached(crossCta, preset));
  }
  const std::string trace = witnessTrace(crossCta, "kepler");
  INFO(trace);
  CHECK(trace.find("requests  ld.weak.cg.s32 r0, [r1]  (the request waits in the SM queue of CTA") !=
        std::string::npos);
  CHECK(trace.find("-> r0 = 1  (the L2 answers its request)") != std::string::npos);
  // Within one CTA, with .gpu fences, or when a CTA-mate passes the order on
  // with a .gpu release, it stays forbidden.
  for (const char* forbidden : {"cache-operators/LB+membar.cta+cg+same-cta.litmus",
                                "cache-operators/LB+membar.gl+cg+cross-cta.litmus",
                                "cache-operators/LB+membar.cta+cg+relay-gpu+mixed-cta.litmus"}) {
    const litmus::Test test = catalogueTest(forbidden);
    for (const char* preset : {"volta", "kepler", "fifo-store-buffer", "no-l1-fills", "partitioned-l2"}) {
      INFO(forbidden << " under " << preset);
      CHECK_FALSE(conditionOutcomeReached(test, preset));
    }
  }
  // The broken preset's one wrong rule reaches the relay's outcome.
  CHECK(conditionOutcomeReached(catalogueTest("cache-operators/LB+membar.cta+cg+relay-gpu+mixed-cta.litmus"),
                                "broken-load-requests"));
}

// compare --executions: every execution graph of ptx-op's runs is a
// candidate execution ptx accepts (catalogue, corpora); the recording
// machine behaves as the plain one; each deliberately broken preset yields
// graphs that break the axiom the spec says, with the run that does it.
#include <algorithm>
#include <catch2/catch.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "axiomcheck/Models.h"
#include "crosscheck/Comparison.h"
#include "crosscheck/ExecutionCheck.h"
#include "litmus/Diagnostic.h"
#include "litmus/Proxies.h"
#include "opsem/ExecutionGraph.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

opsem::OperationalOptions preset(const std::string& name) {
  opsem::OperationalOptions options;
  options.architecture = *opsem::findArchitecture(name);
  return options;
}

struct GraphTotals {
  std::size_t tests = 0;
  std::uint64_t graphs = 0;
  std::vector<std::string> failures;  // "file: what"
};

GraphTotals checkAll(const std::vector<fs::path>& files, const std::string& architecture) {
  GraphTotals totals;
  for (const fs::path& file : files) {
    const litmus::Test test = crosscheck::withEveryTermShown(parser::readLitmusFile(file));
    crosscheck::ExecutionCheck check;
    try {
      check =
          crosscheck::checkExecutions(test, file.string(), axiomcheck::ptxModel(), preset(architecture), {});
    } catch (const litmus::InputError& error) {
      INFO(file.string() << ": " << error.what());
      FAIL_CHECK("ptx-op refused it: it refuses no test of the catalogue or the corpora");
      continue;
    }
    ++totals.tests;
    totals.graphs += check.graphs;
    for (const crosscheck::BrokenGraph& broken : check.broken) {
      totals.failures.push_back(file.string() + ": a graph breaks " + broken.axioms.front());
    }
    for (const std::string& problem : check.untranslatable) {
      totals.failures.push_back(file.string() + ": " + problem);
    }
  }
  return totals;
}

std::vector<fs::path> everyCatalogueFile() { return testing::ptxCatalogueFiles(); }

// The recording machine of preset NAME reaches the plain one's final states
// on FILE (fewer when runs are cut at the unroll bound, never others).
void checkRecordingMatchesPlain(const fs::path& file, const std::string& name) {
  const litmus::Test test = crosscheck::withEveryTermShown(parser::readLitmusFile(file));
  std::optional<opsem::OperationalResult> run;
  try {
    run = opsem::runPtxOp(test, file.string(), preset(name));
  } catch (const litmus::InputError&) {
    // Refused alike by both machines: what ptx-op cannot hold (a value, a
    // barrier.cluster in a loop).
    CHECK_THROWS_AS(opsem::recordExecutions(test, file.string(), preset(name), 2), litmus::InputError);
    return;
  }
  const opsem::OperationalResult& plain = *run;
  const opsem::RecordedExecutions recorded = opsem::recordExecutions(test, file.string(), preset(name), 2);
  std::set<litmus::FinalState> states;
  for (const opsem::ExecutionGraph& graph : recorded.graphs) {
    states.insert(graph.finalState);
  }
  INFO(file.string() << " under " << name);
  if (recorded.cutRuns == 0) {
    CHECK(states == plain.outcome.states);
  } else {
    CHECK(std::includes(plain.outcome.states.begin(), plain.outcome.states.end(), states.begin(),
                        states.end()));
  }
}

}  // namespace

TEST_CASE("every execution graph of ptx-op on the catalogue is one ptx accepts", "[compare][executions]") {
  for (const opsem::Architecture& architecture : opsem::architecturePresets()) {
    if (!architecture.claimsPtx) {
      continue;
    }
    const GraphTotals totals = checkAll(everyCatalogueFile(), architecture.name);
    INFO(architecture.name << ": " << (totals.failures.empty() ? std::string("-") : totals.failures.front()));
    CHECK(totals.tests >= 80);
    CHECK(totals.graphs > totals.tests);
    CHECK(totals.failures.empty());
  }
}

TEST_CASE("every execution graph of ptx-op on the corpora, t3 aside, is one ptx accepts",
          "[compare][executions][corpus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // The default preset over every test; the others over every third (for
  // CI's time: all five over every test took two minutes; compare_t3.sh
  // checks every preset's outcomes over t3).
  const std::vector<fs::path> files = testing::corpusFilesExceptT3(*corpora);
  std::vector<fs::path> everyThird;
  for (std::size_t at = 0; at < files.size(); at += 3) {
    everyThird.push_back(files[at]);
  }
  for (const opsem::Architecture& architecture : opsem::architecturePresets()) {
    if (!architecture.claimsPtx) {
      continue;
    }
    SECTION(architecture.name) {
      const bool whole = architecture.name == opsem::architecturePresets().front().name;
      const GraphTotals totals = checkAll(whole ? files : everyThird, architecture.name);
      INFO(architecture.name << ": " << totals.failures.size() << " failures; first: "
                             << (totals.failures.empty() ? std::string("-") : totals.failures.front()));
      CHECK(totals.tests > (whole ? 2700 : 900));
      CHECK(totals.failures.empty());
    }
  }
}

TEST_CASE("the recording machine reaches exactly the final states of the plain one", "[opsem][executions]") {
  for (const fs::path& file : everyCatalogueFile()) {
    for (const char* name : {"volta", "kepler"}) {
      checkRecordingMatchesPlain(file, name);
    }
  }
}

TEST_CASE("a graph records which write each read took and the order writes reached the L2", "[executions]") {
  const litmus::Test test = parser::readLitmusText(R"(PTX CoRR-one-writer
{ x = 0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;
 st.relaxed.gpu x, 2 | ld.relaxed.gpu r1, x ;
exists (P1:r0 == 2 /\ P1:r1 == 1)
)",
                                                   "t.litmus");
  const opsem::RecordedExecutions recorded = opsem::recordExecutions(test, "t.litmus", preset("default"), 2);
  REQUIRE_FALSE(recorded.graphs.empty());
  for (const opsem::ExecutionGraph& graph : recorded.graphs) {
    // P0's two writes reach the L2 in program order (same address).
    REQUIRE(graph.coherence[0].size() == 2);
    CHECK(graph.coherence[0][0] == opsem::EventReference{0, 0});
    CHECK(graph.coherence[0][1] == opsem::EventReference{0, 1});
    for (const opsem::GraphEvent& read : graph.threads[1]) {
      REQUIRE(read.reads);
      // The value read is that of the write it names.
      const litmus::Value expected = read.readFrom.thread < 0
                                         ? litmus::Value::ofInteger(0)
                                         : litmus::Value::ofInteger(read.readFrom.index + 1);
      CHECK(read.valueRead == expected);
    }
  }
  // Reads of one thread see the writes in coherence order (relaxed.gpu:
  // morally strong, SC-per-Location), so 2 then 1 is never read.
  for (const opsem::ExecutionGraph& graph : recorded.graphs) {
    CHECK_FALSE((graph.threads[1][0].readFrom == opsem::EventReference{0, 1} &&
                 graph.threads[1][1].readFrom == opsem::EventReference{0, 0}));
  }
}

// SB with a fence.sc.cta in each thread: with the threads in one CTA the
// fences are morally strong (PTX ISA 9.1 8.7), and either may come first in
// the Fence-SC order; in two CTAs they are not, and the order of the two is
// no part of the graph the models read (8.8.3).
std::set<std::vector<opsem::EventReference>> fenceScOrders(const std::string& placement) {
  const litmus::Test test =
      parser::readLitmusText("PTX SB+fence.sc.ctas\n{ x = 0; y = 0; }\n" + placement + R"(
 st.relaxed.cta x, 1 | st.relaxed.cta y, 1 ;
 fence.sc.cta        | fence.sc.cta        ;
 ld.relaxed.cta r0, y | ld.relaxed.cta r0, x ;
exists (P0:r0 == 0 /\ P1:r0 == 0)
)",
                             "t.litmus");
  const opsem::RecordedExecutions recorded = opsem::recordExecutions(test, "t.litmus", preset("default"), 2);
  std::set<std::vector<opsem::EventReference>> orders;
  for (const opsem::ExecutionGraph& graph : recorded.graphs) {
    REQUIRE(graph.fenceScOrder.size() == 2);
    orders.insert(graph.fenceScOrder);
  }
  return orders;
}

TEST_CASE("a run's Fence-SC order keeps the morally strong pairs as performed and the others in one order",
          "[executions]") {
  // P0's fence is its second event, P1's too.
  const std::vector<opsem::EventReference> p0First{{0, 1}, {1, 1}};
  const std::vector<opsem::EventReference> p1First{{1, 1}, {0, 1}};
  CHECK(fenceScOrders(" P0@cta 0,gpu 0       | P1@cta 0,gpu 0       ;") ==
        std::set<std::vector<opsem::EventReference>>{p0First, p1First});
  CHECK(fenceScOrders(" P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;") ==
        std::set<std::vector<opsem::EventReference>>{p0First});
}

TEST_CASE("each deliberately broken preset yields graphs that break the axiom the spec names, with the run",
          "[compare][executions][must-fail]") {
  std::istringstream rows(
      testing::readFile(fs::path(OPCHECK_SOURCE_DIR) / "tests" / "broken-preset-axioms.tsv"));
  std::string line;
  std::getline(rows, line);
  std::size_t checked = 0;
  while (std::getline(rows, line)) {
    const std::vector<std::string> columns = testing::splitFields(line, '\t');
    REQUIRE(columns.size() == 4);
    const std::string& architecture = columns[0];
    const std::string& axiom = columns[2];
    INFO(architecture << " on " << columns[1] << " must break " << axiom << " (" << columns[3] << ")");
    crosscheck::ComparisonOptions options;
    options.operational = preset(architecture);
    options.axiomatic = {&axiomcheck::ptxModel()};
    options.executions = true;
    const crosscheck::TestComparison comparison =
        crosscheck::compareTest(fs::path(OPCHECK_SOURCE_DIR) / columns[1], options);
    REQUIRE(comparison.error.empty());
    const crosscheck::ModelComparison& model = comparison.models.front();
    CHECK(model.unsound());
    // Outcome level: each unsound state names the axiom.
    REQUIRE_FALSE(model.operationalOnly.empty());
    for (const std::vector<std::string>& axioms : model.brokenAxioms) {
      CHECK(std::find(axioms.begin(), axioms.end(), axiom) != axioms.end());
    }
    // Execution level: broken graphs, the first with its run.
    REQUIRE(model.executions);
    REQUIRE_FALSE(model.executions->broken.empty());
    const crosscheck::BrokenGraph& first = model.executions->broken.front();
    CHECK(std::find(first.axioms.begin(), first.axioms.end(), axiom) != first.axioms.end());
    CHECK_FALSE(first.trace.empty());
    ++checked;
  }
  // One row for each broken preset.
  std::size_t broken = 0;
  for (const opsem::Architecture& architecture : opsem::architecturePresets()) {
    broken += architecture.name.rfind("broken-", 0) == 0 ? 1 : 0;
  }
  CHECK(checked == broken);
}

// Cross-validation explores ptx-op once per test (docs/crosscheck.md):
// compare with several axiomatic models and --executions, and races, read
// the outcome and the execution graphs from one exploration, and the runs
// they show are read off it (one job) or come from one search for many
// targets, each the run a search for it alone finds.
#include <catch2/catch.hpp>
#include <filesystem>

#include "axiomcheck/Models.h"
#include "crosscheck/Comparison.h"
#include "crosscheck/OperationalSide.h"
#include "opsem/ExecutionGraph.h"
#include "opsem/OperationalModel.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

fs::path seed001Test(const std::string& name) {
  return fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "seed001" / name;
}

crosscheck::ComparisonOptions againstFourModels(bool executions) {
  crosscheck::ComparisonOptions options;
  options.axiomatic = {axiomcheck::findModel("ptx"), axiomcheck::findModel("ptx60"),
                       axiomcheck::findModel("rmo"), axiomcheck::findModel("sc")};
  options.executions = executions;
  return options;
}

}  // namespace

TEST_CASE("compare with four models and --executions explores ptx-op once", "[crosscheck]") {
  const fs::path file = seed001Test("Fig6-SB-no-fence.litmus");
  const std::uint64_t before = opsem::explorationsRun();
  const crosscheck::TestComparison comparison = crosscheck::compareTest(file, againstFourModels(true));
  CHECK(opsem::explorationsRun() - before == 1);
  REQUIRE(comparison.error.empty());
  REQUIRE(comparison.models.size() == 4);
  for (const crosscheck::ModelComparison& model : comparison.models) {
    INFO(model.model);
    REQUIRE(model.executions.has_value());
    CHECK(model.executions->graphs > 0);
  }
  // The outcome read off the recording is the one a run of its own finds.
  const litmus::Test test = crosscheck::withEveryTermShown(parser::readLitmusFile(file));
  const opsem::OperationalResult alone = opsem::runPtxOp(test, file.string(), {});
  CHECK(comparison.operationalStates == alone.outcome.states.size());
  CHECK(comparison.operationalStates == 4);
  // sc forbids r1=0, r2=0, which ptx-op reaches: one state, with its run.
  const crosscheck::ModelComparison& sc = comparison.models.back();
  REQUIRE(sc.operationalOnly.size() == 1);
  REQUIRE(sc.traces.size() == 1);
  CHECK_FALSE(sc.traces.front().empty());
}

TEST_CASE("compare with four models and no --executions explores a sound test once", "[crosscheck]") {
  const std::uint64_t before = opsem::explorationsRun();
  const crosscheck::TestComparison comparison =
      crosscheck::compareTest(seed001Test("Fig6-SB-fence.sc.gpu.litmus"), againstFourModels(false));
  CHECK(opsem::explorationsRun() - before == 1);
  REQUIRE(comparison.error.empty());
  CHECK(comparison.models.size() == 4);
  CHECK_FALSE(comparison.unsound());
}

TEST_CASE("without --executions an unsound test is recorded once more, for its broken axioms",
          "[crosscheck]") {
  // A preset that skips the SM queue at a fence.sc reaches SB's r1=0, r2=0,
  // which ptx forbids: the axioms that the runs reaching it break need the
  // graphs, recorded after the plain exploration found the state.
  crosscheck::ComparisonOptions options;
  options.axiomatic = {axiomcheck::findModel("ptx"), axiomcheck::findModel("rmo")};
  options.operational.architecture = *opsem::findArchitecture("broken-fence-sc");
  const std::uint64_t before = opsem::explorationsRun();
  const crosscheck::TestComparison comparison =
      crosscheck::compareTest(seed001Test("Fig6-SB-fence.sc.gpu.litmus"), options);
  CHECK(opsem::explorationsRun() - before == 2);
  REQUIRE(comparison.error.empty());
  REQUIRE(comparison.models.size() == 2);
  const crosscheck::ModelComparison& ptx = comparison.models.front();
  REQUIRE(ptx.operationalOnly.size() == 1);
  REQUIRE(ptx.brokenAxioms.size() == 1);
  CHECK(ptx.brokenAxioms.front() == std::vector<std::string>{"Causality"});
}

TEST_CASE("with sc among the models compare records ptx-op's runs from the start", "[crosscheck]") {
  // sc forbids SB's r1=0, r2=0, which ptx-op reaches, as it reaches some
  // relaxed outcome of most tests: the graphs for the broken axioms come
  // from the one exploration, and the report is the one two explorations
  // gave (the run to the state is the plain machine's, read off the
  // recording).
  const fs::path file = seed001Test("Fig6-SB-no-fence.litmus");
  const std::uint64_t before = opsem::explorationsRun();
  const crosscheck::TestComparison comparison = crosscheck::compareTest(file, againstFourModels(false));
  CHECK(opsem::explorationsRun() - before == 1);
  REQUIRE(comparison.error.empty());
  REQUIRE(comparison.models.size() == 4);
  const crosscheck::ModelComparison& sc = comparison.models.back();
  REQUIRE(sc.operationalOnly.size() == 1);
  REQUIRE(sc.brokenAxioms.size() == 1);
  CHECK(sc.brokenAxioms.front() == std::vector<std::string>{"SC"});
  REQUIRE(sc.traces.size() == 1);
  const litmus::Test test = crosscheck::withEveryTermShown(parser::readLitmusFile(file));
  const auto searched = opsem::traceToOutcome(test, file.string(), {}, *sc.operationalOnly.begin());
  REQUIRE(searched.has_value());
  CHECK(sc.traces.front() == *searched);
}

TEST_CASE("with sc among the models a test with a loop is still explored before it is recorded",
          "[crosscheck]") {
  // The recording cuts a loop's runs at --unroll, so it cannot stand for
  // the exploration: a sound verdict needs only runPtxOp's.
  const litmus::Test test = parser::readLitmusText(testing::kSpinUntilStored, "spin.litmus");
  crosscheck::ComparisonOptions options;
  options.axiomatic = {axiomcheck::findModel("sc")};
  const std::uint64_t before = opsem::explorationsRun();
  const crosscheck::TestComparison comparison = crosscheck::compareParsedTest(test, "spin.litmus", options);
  CHECK(opsem::explorationsRun() - before == 1);
  REQUIRE(comparison.error.empty());
  CHECK_FALSE(comparison.unsound());
}

TEST_CASE("with one job the runs to operational-only states and broken graphs need no search",
          "[crosscheck]") {
  const std::uint64_t before = opsem::traceSearchesRun();
  const crosscheck::TestComparison comparison =
      crosscheck::compareTest(seed001Test("Fig6-SB-no-fence.litmus"), againstFourModels(true));
  REQUIRE(comparison.error.empty());
  std::size_t traces = 0;
  for (const crosscheck::ModelComparison& model : comparison.models) {
    for (const std::vector<std::string>& trace : model.traces) {
      traces += trace.empty() ? 0 : 1;
    }
    for (const crosscheck::BrokenGraph& broken : model.executions->broken) {
      traces += broken.trace.empty() ? 0 : 1;
    }
  }
  CHECK(traces >= 2);
  CHECK(opsem::traceSearchesRun() - before == 0);
}

TEST_CASE(
    "with several jobs the runs to every model's operational-only states and broken graphs come from "
    "two searches",
    "[crosscheck]") {
  const std::uint64_t before = opsem::traceSearchesRun();
  crosscheck::ComparisonOptions options = againstFourModels(true);
  options.operational.exploration.jobs = 2;
  const crosscheck::TestComparison comparison =
      crosscheck::compareTest(seed001Test("Fig6-SB-no-fence.litmus"), options);
  REQUIRE(comparison.error.empty());
  std::size_t traces = 0;
  for (const crosscheck::ModelComparison& model : comparison.models) {
    traces += model.traces.size();
    for (const crosscheck::BrokenGraph& broken : model.executions->broken) {
      traces += broken.trace.empty() ? 0 : 1;
    }
  }
  CHECK(traces >= 2);
  CHECK(opsem::traceSearchesRun() - before <= 2);
}

TEST_CASE("one search gives the run to each outcome that a search for it alone gives", "[crosscheck]") {
  const fs::path file = seed001Test("Fig6-SB-no-fence.litmus");
  const litmus::Test test = parser::readLitmusFile(file);
  const opsem::OperationalResult run = opsem::runPtxOp(test, file.string(), {});
  const std::vector<litmus::FinalState> states(run.outcome.states.begin(), run.outcome.states.end());
  REQUIRE(states.size() == 4);
  const std::uint64_t before = opsem::traceSearchesRun();
  const auto together = opsem::tracesToOutcomes(test, file.string(), {}, states);
  CHECK(opsem::traceSearchesRun() - before == 1);
  REQUIRE(together.size() == states.size());
  for (std::size_t at = 0; at < states.size(); ++at) {
    const auto alone = opsem::traceToOutcome(test, file.string(), {}, states[at]);
    REQUIRE(alone.has_value());
    REQUIRE(together[at].has_value());
    CHECK(*together[at] == *alone);
  }
}

TEST_CASE("one search gives the run to each recorded graph that a search for it alone gives",
          "[crosscheck]") {
  const fs::path file = seed001Test("Fig5-MP-release-acquire.litmus");
  const litmus::Test test = parser::readLitmusFile(file);
  const opsem::RecordedExecutions recorded = opsem::recordExecutions(test, file.string(), {}, 2);
  std::vector<statespace::Fingerprint> runs;
  for (const opsem::ExecutionGraph& graph : recorded.graphs) {
    runs.push_back(graph.machineState);
  }
  REQUIRE(runs.size() >= 2);
  const std::uint64_t before = opsem::traceSearchesRun();
  const auto together = opsem::tracesToGraphs(test, file.string(), {}, 2, runs);
  CHECK(opsem::traceSearchesRun() - before == 1);
  REQUIRE(together.size() == runs.size());
  for (std::size_t at = 0; at < runs.size(); ++at) {
    CHECK_FALSE(together[at].empty());
    CHECK(together[at] == opsem::traceToGraph(test, file.string(), {}, 2, runs[at]));
  }
}

TEST_CASE("a recording that reaches every final state stands for ptx-op's own exploration", "[crosscheck]") {
  const fs::path file = seed001Test("Fig5-MP-release-acquire.litmus");
  const litmus::Test test = parser::readLitmusFile(file);
  crosscheck::OperationalSideOptions options;
  options.recordGraphs = true;
  const std::uint64_t before = opsem::explorationsRun();
  crosscheck::OperationalSide side(test, file.string(), options);
  CHECK(side.graphs().graphs.size() > 0);
  CHECK(opsem::explorationsRun() - before == 1);
  const opsem::OperationalResult alone = opsem::runPtxOp(test, file.string(), {});
  CHECK(side.outcome().states == alone.outcome.states);
  CHECK(side.outcome().positive == alone.outcome.positive);
  CHECK(side.outcome().negative == alone.outcome.negative);
}

TEST_CASE("a test with a loop is explored as well as recorded, for the runs past the unroll bound",
          "[crosscheck]") {
  const litmus::Test test = parser::readLitmusText(testing::kSpinUntilStored, "spin.litmus");
  crosscheck::OperationalSideOptions options;
  options.recordGraphs = true;
  const std::uint64_t before = opsem::explorationsRun();
  crosscheck::OperationalSide side(test, "spin.litmus", options);
  CHECK(opsem::explorationsRun() - before == 2);
  CHECK(side.graphs().hasBackwardBranch);
  const opsem::OperationalResult alone = opsem::runPtxOp(test, "spin.litmus", {});
  CHECK(side.outcome().states == alone.outcome.states);
}

TEST_CASE("the runs read off a recording are those the searches find", "[crosscheck]") {
  // Every seed 001 test, every term shown: per final state, the run kept by
  // the recording equals the plain machine's search (tracesToOutcomes), and
  // per graph the run to its state equals the recording machine's search.
  for (const auto& entry : fs::directory_iterator(fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "seed001")) {
    const std::string file = entry.path().string();
    INFO(file);
    const litmus::Test test = crosscheck::withEveryTermShown(parser::readLitmusFile(entry.path()));
    const opsem::RecordedExecutions recorded = opsem::recordExecutions(test, file, {}, 2);
    REQUIRE(recorded.reachesEveryFinalState());
    REQUIRE_FALSE(recorded.runLinks.empty());
    const opsem::OperationalResult run = opsem::runPtxOp(test, file, {});
    const std::vector<litmus::FinalState> states(run.outcome.states.begin(), run.outcome.states.end());
    const auto kept = opsem::recordedRunsToOutcomes(test, file, {}, 2, recorded, states);
    REQUIRE(kept.has_value());
    const auto searched = opsem::tracesToOutcomes(test, file, {}, states);
    REQUIRE(kept->size() == states.size());
    for (std::size_t at = 0; at < states.size(); ++at) {
      REQUIRE(searched[at].has_value());
      CHECK((*kept)[at] == *searched[at]);
    }
    std::vector<opsem::RunEnd> ends;
    std::vector<statespace::Fingerprint> machineStates;
    for (const opsem::ExecutionGraph& graph : recorded.graphs) {
      ends.push_back(opsem::RunEnd{graph.machineState, graph.run});
      machineStates.push_back(graph.machineState);
    }
    const std::uint64_t before = opsem::traceSearchesRun();
    const auto keptRuns = opsem::runsToGraphs(test, file, {}, 2, recorded, ends);
    CHECK(opsem::traceSearchesRun() - before == 0);
    const auto searchedRuns = opsem::tracesToGraphs(test, file, {}, 2, machineStates);
    REQUIRE(keptRuns.size() == searchedRuns.size());
    for (std::size_t at = 0; at < keptRuns.size(); ++at) {
      CHECK_FALSE(keptRuns[at].empty());
      CHECK(keptRuns[at] == searchedRuns[at]);
    }
  }
}

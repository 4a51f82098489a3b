// ptx-op's state graph has no cycle but through a branch back (RED-3 in
// opsem/InstructionIssue.h), which is why the steps RED-3 to RED-10 follow
// alone need no cycle proviso: checked on the graphs themselves, every
// state's successors recorded and searched for a cycle.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "opsem/PtxOpMachine.h"
#include "opsem/RunSupport.h"
#include "parser/LitmusReader.h"
#include "statespace/Explorer.h"
#include "statespace/Fingerprint.h"
#include "tests/OpsemPrograms.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

using AcyclicCapacity = opsem::PartitionedL2Capacity<opsem::SmallCapacity>;
using Node = std::pair<std::uint64_t, std::uint64_t>;  // a state's fingerprint

Node nodeOf(const opsem::MachineState<AcyclicCapacity>& state) {
  const statespace::Fingerprint fingerprint = statespace::fingerprintOf(state);
  return {fingerprint.high, fingerprint.low};
}

// MACHINE, with every transition it offers recorded in EDGES.
struct EdgeRecording : testing::PtxOpForwarding<AcyclicCapacity> {
  std::map<Node, std::vector<Node>>* edges;

  template <typename Sink>
  void forEachSuccessor(const State& state, Sink&& sink) const {
    const Node from = nodeOf(state);
    machine.forEachSuccessor(state, [&](const statespace::Transition& transition, const State& next) {
      const bool going = statespace::offer(sink, transition, next);
      // Recorded once offered: a step the explorer follows alone ends the
      // offers, and those it would not follow are not edges of its graph.
      (*edges)[from].push_back(nodeOf(next));
      return going;
    });
  }
};

// Whether EDGES close a cycle: a depth-first search that meets a state
// still on its path.
bool hasCycle(const std::map<Node, std::vector<Node>>& edges) {
  enum class Mark { OnPath, Done };
  std::map<Node, Mark> marks;
  for (const auto& [root, unused] : edges) {
    if (marks.contains(root)) {
      continue;
    }
    std::vector<std::pair<Node, std::size_t>> path = {{root, 0}};
    marks[root] = Mark::OnPath;
    while (!path.empty()) {
      auto& [node, next] = path.back();
      const auto out = edges.find(node);
      if (out == edges.end() || next == out->second.size()) {
        marks[node] = Mark::Done;
        path.pop_back();
        continue;
      }
      const Node to = out->second[next++];
      const auto mark = marks.find(to);
      if (mark == marks.end()) {
        marks[to] = Mark::OnPath;
        path.emplace_back(to, 0);
      } else if (mark->second == Mark::OnPath) {
        return true;
      }
    }
  }
  return false;
}

// How many of FILES without a branch back were explored whole under volta
// with REDUCTIONS (cut at MAX_STATES); each graph is checked for a cycle.
std::size_t checkAcyclic(const std::vector<fs::path>& files, const opsem::Reductions& reductions,
                         std::uint64_t maxStates) {
  const opsem::Architecture volta = *opsem::findArchitecture("volta");
  std::size_t explored = 0;
  for (const fs::path& file : files) {
    const std::optional<opsem::Program> program = testing::programInClass<AcyclicCapacity>(file, volta);
    if (!program || program->hasBackwardBranch) {
      continue;
    }
    const opsem::PtxOpMachine<AcyclicCapacity> machine(*program, volta, reductions);
    std::map<Node, std::vector<Node>> edges;
    statespace::ExplorationOptions options;
    options.reduceLocalSteps = reductions.localStepsAlone;
    options.limits.maxStates = maxStates;
    const auto result = statespace::explore(EdgeRecording{{machine}, &edges}, options);
    INFO(file.string());
    CHECK_FALSE(hasCycle(edges));
    explored += result.statistics.stopReason == statespace::StopReason::Completed ? 1 : 0;
  }
  return explored;
}

}  // namespace

TEST_CASE("a cycle in a recorded graph is found, and a chain has none", "[opsem][reductions]") {
  // Hand-built graphs: 1 -> 2 -> 3 -> 1 is a cycle; 1 -> 2 -> 3, 1 -> 3 is not.
  const Node a{0, 1};
  const Node b{0, 2};
  const Node c{0, 3};
  CHECK(hasCycle({{a, {b}}, {b, {c}}, {c, {a}}}));
  CHECK_FALSE(hasCycle({{a, {b, c}}, {b, {c}}}));
}

TEST_CASE("ptx-op's state graph has no cycle without a branch back, reduced or not", "[opsem][reductions]") {
  const std::vector<fs::path> files = testing::ptxCatalogueFiles();
  CHECK(checkAcyclic(files, opsem::Reductions::none(), 100'000) >= 60);
  CHECK(checkAcyclic(files, opsem::Reductions{}, 100'000) >= 70);
}

TEST_CASE("ptx-op's state graph has no cycle on a t3 sample (several devices)",
          "[opsem][reductions][corpus]") {
  const std::vector<fs::path> sample = testing::t3Sample(100);
  if (sample.empty()) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // Every 100th t3 test, with every reduction (RED-9 and RED-10 act on tests
  // of several devices) and without RED-3 to RED-10's steps followed alone.
  CHECK(checkAcyclic(sample, opsem::Reductions{}, 100'000) >= 100);
  opsem::Reductions noneAlone;
  noneAlone.localStepsAlone = false;
  CHECK(checkAcyclic(sample, noneAlone, 100'000) >= 100);
}

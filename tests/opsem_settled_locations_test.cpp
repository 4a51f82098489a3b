// Settled copies and home lines (RED-6, RED-9, opsem/SettledLocations.h):
// after each step the machine settles only the copies and lines the step can
// have left behind, which must leave every state as settled as settling all
// of them would.
#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "opsem/PtxOpMachine.h"
#include "opsem/RunSupport.h"
#include "parser/LitmusReader.h"
#include "statespace/Explorer.h"
#include "tests/OpsemPrograms.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

using VoltaCapacity = opsem::PartitionedL2Capacity<opsem::SmallCapacity>;

// MACHINE, whose every successor is also settled whole and compared with
// what the machine built: a state that differs counts as unsettled.
struct SettleChecking : testing::PtxOpForwarding<VoltaCapacity> {
  std::size_t* successors;
  std::size_t* unsettled;

  template <typename Sink>
  void forEachSuccessor(const State& state, Sink&& sink) const {
    machine.forEachSuccessor(state, [&](const statespace::Transition& transition, const State& next) {
      State whole = next;
      machine.hardware().settled.settle(whole);
      ++*successors;
      *unsettled += opsem::sameState(whole, next) ? 0 : 1;
      return statespace::offer(sink, transition, next);
    });
  }
};

// How many of FILES' explorations under volta, each cut at MAX_STATES,
// completed; every successor built is counted in SUCCESSORS and, where
// settling it whole changes it, in UNSETTLED.
std::size_t exploreSettling(const std::vector<fs::path>& files, std::uint64_t maxStates,
                            std::size_t& successors, std::size_t& unsettled) {
  const opsem::Architecture volta = *opsem::findArchitecture("volta");
  std::size_t explored = 0;
  for (const fs::path& file : files) {
    const std::optional<opsem::Program> program = testing::programInClass<VoltaCapacity>(file, volta);
    if (!program) {
      continue;
    }
    const opsem::PtxOpMachine<VoltaCapacity> machine(*program, volta);
    statespace::ExplorationOptions options;
    options.limits.maxStates = maxStates;
    const std::size_t before = unsettled;
    const auto result = statespace::explore(SettleChecking{{machine}, &successors, &unsettled}, options);
    INFO(file.string());
    CHECK(unsettled == before);
    explored += result.statistics.stopReason == statespace::StopReason::Completed ? 1 : 0;
  }
  return explored;
}

}  // namespace

TEST_CASE("every state ptx-op builds has each copy a CTA is done with settled, as settling all would",
          "[opsem][reductions]") {
  // volta: the preset with near-partition copies (PART-1) and L1 fills
  // (L1-2), the two things RED-6 settles.
  std::size_t successors = 0;
  std::size_t unsettled = 0;
  const std::size_t explored = exploreSettling(testing::ptxCatalogueFiles(), 200'000, successors, unsettled);
  INFO(explored << " tests explored, " << successors << " successors built");
  CHECK(unsettled == 0);
  CHECK(explored >= 80);
  CHECK(successors > 100'000);
}

TEST_CASE("every state ptx-op builds on a t3 sample has each home line a device is done with settled (RED-9)",
          "[opsem][reductions][corpus]") {
  const std::vector<fs::path> sample = testing::t3Sample(50);
  if (sample.empty()) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // Every 50th t3 test: most have two or three devices, where RED-9 settles
  // home lines after device queue drains, issues and performs.
  std::size_t successors = 0;
  std::size_t unsettled = 0;
  const std::size_t explored = exploreSettling(sample, 200'000, successors, unsettled);
  INFO(explored << " of " << sample.size() << " tests explored, " << successors << " successors built");
  CHECK(unsettled == 0);
  CHECK(explored >= 200);
  CHECK(successors > 100'000);
}

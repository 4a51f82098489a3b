// Settled copies (RED-6, opsem/SettledLocations.h): after each step the
// machine settles only the copies and lines the step can have left behind,
// which must leave every state as settled as settling all of them would.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "opsem/PtxOpMachine.h"
#include "opsem/RunSupport.h"
#include "parser/LitmusReader.h"
#include "statespace/Explorer.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

using VoltaCapacity = opsem::PartitionedL2Capacity<opsem::SmallCapacity>;

// MACHINE, whose every successor is also settled whole and compared with
// what the machine built: a state that differs counts as unsettled.
struct SettleChecking {
  using State = opsem::MachineState<VoltaCapacity>;
  const opsem::PtxOpMachine<VoltaCapacity>& machine;
  std::size_t* successors;
  std::size_t* unsettled;

  State initialState() const { return machine.initialState(); }
  bool isFinal(const State& state) const { return machine.isFinal(state); }
  State apply(const State& state, const statespace::Transition& transition) const {
    return machine.apply(state, transition);
  }
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
  bool localStepsFormNoCycle() const { return true; }
  bool offersLocalStepFirst() const { return true; }
};

}  // namespace

TEST_CASE("every state ptx-op builds has each copy a CTA is done with settled, as settling all would",
          "[opsem][reductions]") {
  // volta: the preset with near-partition copies (PART-1) and L1 fills
  // (L1-2), the two things RED-6 settles.
  const opsem::Architecture volta = *opsem::findArchitecture("volta");
  std::size_t explored = 0;
  std::size_t successors = 0;
  std::size_t unsettled = 0;
  for (const fs::path& file : testing::ptxCatalogueFiles()) {
    const litmus::Test test = parser::readLitmusFile(file);
    opsem::Program program;
    try {
      program = opsem::compileProgram(test, "test.litmus", volta);
    } catch (const litmus::InputError&) {
      continue;  // refused by ptx-op (a .cluster operation across CTAs)
    }
    if (!opsem::fits<VoltaCapacity>(program)) {
      continue;
    }
    const opsem::PtxOpMachine<VoltaCapacity> machine(program, volta);
    statespace::ExplorationOptions options;
    options.limits.maxStates = 200'000;
    const auto result = statespace::explore(SettleChecking{machine, &successors, &unsettled}, options);
    INFO(file.string());
    CHECK(unsettled == 0);
    explored += result.statistics.stopReason == statespace::StopReason::Completed ? 1 : 0;
  }
  INFO(explored << " tests explored, " << successors << " successors built");
  CHECK(explored >= 80);
  CHECK(successors > 100'000);
}

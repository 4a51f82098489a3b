// Litmus files as the programs ptx-op runs, for tests that drive the machine
// of one size class directly.
#pragma once

#include <filesystem>
#include <optional>

#include "litmus/Diagnostic.h"
#include "opsem/Architecture.h"
#include "opsem/Program.h"
#include "opsem/PtxOpMachine.h"
#include "opsem/RunSupport.h"
#include "parser/LitmusReader.h"

namespace opcheck::testing {

// FILE's program under ARCHITECTURE when it fits the size class Capacity;
// nothing when ptx-op refuses it (a .cluster operation across CTAs, a
// proxy it does not model) or it needs a larger class.
template <typename Capacity>
std::optional<opsem::Program> programInClass(const std::filesystem::path& file,
                                             const opsem::Architecture& architecture) {
  const litmus::Test test = parser::readLitmusFile(file);
  try {
    opsem::Program program = opsem::compileProgram(test, "test.litmus", architecture);
    if (opsem::fits<Capacity>(program)) {
      return program;
    }
  } catch (const litmus::InputError&) {
  }
  return std::nullopt;
}

// What a test's wrapper of ptx-op's machine (a statespace::Machine that
// watches its successors) passes on unchanged.
template <typename Capacity>
struct PtxOpForwarding {
  using State = opsem::MachineState<Capacity>;
  const opsem::PtxOpMachine<Capacity>& machine;

  State initialState() const { return machine.initialState(); }
  bool isFinal(const State& state) const { return machine.isFinal(state); }
  State apply(const State& state, const statespace::Transition& transition) const {
    return machine.apply(state, transition);
  }
  bool localStepsFormNoCycle() const { return machine.localStepsFormNoCycle(); }
  bool offersLocalStepFirst() const { return machine.offersLocalStepFirst(); }
};

}  // namespace opcheck::testing

// ptx-op as the explorer runs it: PtxOpMachine's steps over states stored in
// the test's own layout (StateLayout.h), in the smallest of a few packed
// sizes that holds it; a test whose layout is larger than them all runs on
// the wide states. Outcomes and traces read a packed state by unpacking it.
#pragma once

#include <string>
#include <vector>

#include "opsem/PtxOpMachine.h"
#include "opsem/StateLayout.h"
#include "statespace/PackedMachine.h"

namespace opcheck::opsem {

template <typename Capacity, std::size_t Words>
class PackedPtxOpMachine
    : public statespace::PackedMachine<PtxOpMachine<Capacity>, StateLayout<Capacity>, Words> {
  using Base = statespace::PackedMachine<PtxOpMachine<Capacity>, StateLayout<Capacity>, Words>;

 public:
  using State = typename Base::State;
  using Base::Base;

  std::vector<std::vector<Value>> finalRegisters(const State& state) const {
    return this->machine().finalRegisters(this->unpack(state));
  }
  std::vector<Value> finalMemory(const State& state) const {
    return this->machine().finalMemory(this->unpack(state));
  }
  std::string describe(const State& before, const statespace::Transition& transition,
                       const State& after) const {
    return this->machine().describe(this->unpack(before), transition, this->unpack(after));
  }
  const Program& program() const { return this->machine().program(); }
};

// The wide state STATE of MACHINE (packed or not) stands for, by value either
// way (a reference to the argument could outlive a temporary one).
template <typename Capacity, std::size_t Words>
MachineState<Capacity> wideState(const PackedPtxOpMachine<Capacity, Words>& machine,
                                 const typename PackedPtxOpMachine<Capacity, Words>::State& state) {
  return machine.unpack(state);
}
template <typename Capacity>
MachineState<Capacity> wideState(const PtxOpMachine<Capacity>&, const MachineState<Capacity>& state) {
  return state;
}

// Calls RUN with the machine that explores MACHINE's states in LAYOUT: a
// PackedPtxOpMachine of the smallest packed size (32 bytes to 2 KiB,
// smaller than the class's wide state) that holds the layout, or MACHINE
// itself when none does. RUN's result is returned.
template <typename Capacity, typename Run>
auto withPackedStates(const PtxOpMachine<Capacity>& machine, const StateLayout<Capacity>& layout, Run&& run) {
  const std::size_t words = layout.words();
  if (words <= 4) {
    return run(PackedPtxOpMachine<Capacity, 4>(machine, layout));
  }
  if (words <= 8) {
    return run(PackedPtxOpMachine<Capacity, 8>(machine, layout));
  }
  if (words <= 16) {
    return run(PackedPtxOpMachine<Capacity, 16>(machine, layout));
  }
  // 240 bytes, not 256: XXH3 hashes up to 240 bytes without its loop over
  // stripes, much faster per byte (statespace/Fingerprint.h).
  if (words <= 30) {
    return run(PackedPtxOpMachine<Capacity, 30>(machine, layout));
  }
  if (words <= 48) {
    return run(PackedPtxOpMachine<Capacity, 48>(machine, layout));
  }
  if (words <= 64) {
    return run(PackedPtxOpMachine<Capacity, 64>(machine, layout));
  }
  // 1 and 2 KiB where the class's wide state is larger: 1 KiB for the
  // small class (1.5 KiB wide, a loop's layout holds every queue slot),
  // both for the large and huge ones (5.4 and 56 KiB).
  if constexpr (sizeof(MachineState<Capacity>) > std::size_t{128} * 8) {
    if (words <= 128) {
      return run(PackedPtxOpMachine<Capacity, 128>(machine, layout));
    }
  }
  if constexpr (sizeof(MachineState<Capacity>) > std::size_t{256} * 8) {
    if (words <= 256) {
      return run(PackedPtxOpMachine<Capacity, 256>(machine, layout));
    }
  }
  return run(machine);
}

// Calls RUN with MACHINE as its states are stored: in the test's own
// layout (withPackedStates), or wide where PACK is off
// (OperationalOptions::packStates).
template <typename Capacity, typename Run>
auto withStoredStates(const PtxOpMachine<Capacity>& machine, bool pack, Run&& run) {
  if (!pack) {
    return run(machine);
  }
  const StateLayout<Capacity> layout(machine.hardware(), machine.initialState());
  return withPackedStates(machine, layout, run);
}

}  // namespace opcheck::opsem

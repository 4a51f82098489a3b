// A device's queue towards memory, in tests with several devices: the
// writes that reached the device's L2 (SMQ-2) or were performed there by
// atomics (ATOM-1), on their way to system memory.
//
// [DQ-1] The device's writes reach memory in the order they reached its L2
//   (FIFO), and a write's arrival in memory is its place in coherence order
//   (MEM-1). So writes of one device reach other devices in the order the
//   device saw them, and a .sys release, which waits for nothing more than
//   its turn after its SM queue (SMQ-3), is cumulative over them.
#pragma once

#include <cstdint>
#include <optional>

#include "opsem/MachineState.h"
#include "opsem/QueueOperations.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class DeviceQueue {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;
  using Write = typename State::Write;

  explicit DeviceQueue(const Hardware<Capacity>& hardware) : hardware_(hardware) {}

  bool empty(const State& state, std::uint32_t device) const { return state.deviceQueueLength[device] == 0; }
  bool full(const State& state, std::uint32_t device) const {
    return state.deviceQueueLength[device] == static_cast<std::int32_t>(Capacity::kQueue);
  }

  // DQ-1: WRITE joins the back of DEVICE's queue (the caller checked !full);
  // only its value and location travel on.
  void append(State& state, std::uint32_t device, const Write& write) const {
    state.deviceQueue[device][state.deviceQueueLength[device]++] = {write.value, write.location, 0, 0};
  }

  std::optional<Stored> newestWrite(const State& state, std::uint32_t device, std::uint32_t location) const {
    return opsem::newestWrite(state.deviceQueue[device], state.deviceQueueLength[device], location);
  }

  // DQ-1: the step that moves DEVICE's oldest queued write to memory.
  bool drain(State& state, std::uint32_t device) const {
    if (state.deviceQueueLength[device] == 0) {
      return false;
    }
    const Write write = state.deviceQueue[device][0];
    state.memory[write.location] = write.value;
    hardware_.recorder.coherence(state, write.location, write.value);
    removeAt(state.deviceQueue[device], state.deviceQueueLength[device], 0);
    return true;
  }

 private:
  const Hardware<Capacity>& hardware_;
};

}  // namespace opcheck::opsem

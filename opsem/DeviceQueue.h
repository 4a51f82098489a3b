// A device's queue towards memory, in tests with several devices: the
// writes that reached the device's L2 (SMQ-2) or were performed there by
// atomics (ATOM-1), on their way to system memory.
//
// [DQ-1] The device's writes reach memory in the order they reached its L2
//   (FIFO), and a write's arrival in memory is its place in coherence order
//   (MEM-1). So writes of one device reach other devices in the order the
//   device saw them, and a .sys release, which waits for nothing more than
//   its turn after its SM queue (SMQ-3), is cumulative over them.
//
// Invariants (StateInvariants.h):
// [INV-18] A device queue is within capacity and its unused slots are
//   zero; only a test with several devices queues anything (SMQ-2).
// [INV-19] A queued write is of a location of the program, its value in
//   range, with no flags and no requester (only value and location travel
//   on).
#pragma once

#include <cstdint>
#include <optional>

#include "opsem/MachineState.h"
#include "opsem/QueueOperations.h"
#include "opsem/StateInvariants.h"

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

  // INV-18, INV-19.
  void checkInvariants(const State& state, InvariantCheck& check) const {
    const Program& program = hardware_.program;
    for (std::size_t device = 0; device < State::kDevices; ++device) {
      const std::int32_t length = state.deviceQueueLength[device];
      const auto where = [device] { return at("device", device); };
      check.require(
          length >= 0 && length <= static_cast<std::int32_t>(Capacity::kQueue) &&
              (length == 0 || (device < program.devices && program.multipleDevices())) &&
              unusedSlotsZero(state.deviceQueue[device], static_cast<std::size_t>(std::max(length, 0))),
          "INV-18 device queue within capacity, unused slots zero, used only with several devices",
          [&] { return where() + ": length " + std::to_string(length); });
      for (std::int32_t index = 0; index < std::min(length, static_cast<std::int32_t>(Capacity::kQueue));
           ++index) {
        const Write& write = state.deviceQueue[device][index];
        check.require(write.location < program.locations && write.flags == 0 && write.requester == 0 &&
                          valueInRange(program, write.value),
                      "INV-19 a write queued for memory is of a location of the program, its value in range",
                      [&] {
                        return where() + ", queue slot " + std::to_string(index) + ": location " +
                               std::to_string(write.location);
                      });
      }
    }
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

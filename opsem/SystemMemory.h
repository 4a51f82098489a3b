// System memory, behind the L2s of every device: the point of coherence at
// .sys scope in tests with several devices (docs/architecture.md "ptx-op").
// With one device, memory plays no part: the L2 is the point of coherence
// for every scope, and final values are read there.
//
// [MEM-1] With several devices, a .sys access is performed at memory: it
//   sees the newest write still on its way up from its own CTA (SMQ-4) or
//   device (DQ-1), else memory, which its device's L2 then holds too (and,
//   partitioned, the CTA's near copy: PART-2). Coherence order is the order
//   in which writes reach memory.
// [MEM-2] A device's L2 may fetch a line from memory again at any time (an
//   eviction and a refill), unless the device still has a write to it
//   queued for memory. Memory is never older than such a line (every L2
//   write is queued for memory, DQ-1), so the refetch only moves the line
//   forward in coherence order.
// [MEM-3] A .sys acquire with several devices refreshes its device's L2 from
//   memory, but for lines with writes still queued for memory, and every
//   near-partition copy in the device (PART-6): it is how another device's
//   writes come into this one.
//
// Invariants (StateInvariants.h):
// [INV-20] Memory of a location the program lacks is zero; with one
//   device memory plays no part and keeps the initial values; with several,
//   it holds values in range.
#pragma once

#include <cstdint>
#include <optional>

#include "opsem/MachineState.h"
#include "opsem/StateInvariants.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class SystemMemory {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;

  explicit SystemMemory(const Hardware<Capacity>& hardware) : hardware_(hardware) {}

  // INV-20.
  void checkInvariants(const State& state, InvariantCheck& check) const {
    const Program& program = hardware_.program;
    for (std::size_t location = 0; location < Capacity::kLocations; ++location) {
      const Stored& held = state.memory[location];
      const bool holdsWell =
          location >= program.locations
              ? isZero(held)
              : (program.multipleDevices()
                     ? valueInRange(program, held)
                     : held == makeStored<Stored>(program.initialMemory[location], kInitialWrite));
      check.require(holdsWell, "INV-20 memory is zero where unused, initial with one device, else in range",
                    [&] { return at("location", location) + ": " + std::to_string(valueOf(held)); });
    }
  }

  // MEM-1: what a .sys access of CTA reads of LOCATION.
  Stored read(State& state, std::uint32_t cta, std::uint32_t location) const {
    if (const std::optional<Stored> queued = hardware_.smQueue.newestWrite(state, cta, location)) {
      return *queued;
    }
    const std::uint32_t device = hardware_.program.deviceOfCta[cta];
    // A write still queued for memory is the home line's (PART-2).
    if (const std::optional<Stored> queued = hardware_.deviceQueue.newestWrite(state, device, location)) {
      hardware_.l2.refreshNearCopy(state, cta, location);
      return *queued;
    }
    hardware_.l2.setHomeLine(state, device, location, state.memory[location]);
    hardware_.l2.refreshNearCopy(state, cta, location);
    return state.memory[location];
  }

  // MEM-2: the step in which DEVICE's L2 fetches LOCATION from memory.
  bool refetch(State& state, std::uint32_t device, std::uint32_t location) const {
    if (hardware_.deviceQueue.newestWrite(state, device, location) ||
        hardware_.l2.homeLine(state, device, location) == state.memory[location]) {
      return false;
    }
    hardware_.l2.setHomeLine(state, device, location, state.memory[location]);
    return true;
  }

  // MEM-3: a .sys acquire of CTA brings memory into its device.
  void refreshDevice(State& state, std::uint32_t cta) const {
    const Program& program = hardware_.program;
    const std::uint32_t device = program.deviceOfCta[cta];
    for (std::uint32_t location = 0; location < program.locations; ++location) {
      if (!hardware_.deviceQueue.newestWrite(state, device, location)) {
        hardware_.l2.setHomeLine(state, device, location, state.memory[location]);
      }
      for (std::uint32_t other = 0; other < program.ctas; ++other) {
        if (program.deviceOfCta[other] == device) {
          hardware_.l2.refreshNearCopy(state, other, location);
        }
      }
    }
  }

 private:
  const Hardware<Capacity>& hardware_;
};

}  // namespace opcheck::opsem

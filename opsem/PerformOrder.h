// The order in which a thread's issued operations are performed: which
// earlier in-flight operation a later one must wait for (docs/architecture.md
// "ptx-op": loads may complete out of order unless a dependency, a fence,
// a release or acquire, or a same-address rule orders them).
// Dependencies are not here: an instruction is not issued before the
// registers it reads hold their values (ISSUE-1).
//
// [ORD-1] Fences and barriers order every operation of their thread around
//   them: each waits for the earlier ones, and the later ones wait for it.
//   Two exceptions: a .cta fence waits for an earlier load only until the
//   load's request has joined the SM queue (REQ-3, REQ-6); a barrier no
//   other thread can reach synchronizes nothing and orders nothing.
// [ORD-2] Two accesses to one address are performed in program order (SC per
//   location), but a weak load may be overtaken by a later load: a weak read
//   is morally strong with no other thread's access, so coRR through it is
//   allowed (seed 001 Fig. 7, SC-per-Location orders only morally strong
//   communication).
// [ORD-3] Nothing overtakes an acquire load or atomic (PTX ISA 9.1 8.8: the
//   acquire pattern affects the operations after it in program order), but
//   a .cta acquire whose request is queued (REQ-6).
// [ORD-4] A release write or atomic overtakes nothing (PTX ISA 9.1 8.8: the
//   release pattern affects the operations before it in program order), but
//   a .cta release overtakes a load whose request is queued (REQ-6).
// [ORD-5] Other operations may be performed in any order: loads complete out
//   of order, and a store may overtake an earlier store to another address,
//   unless Architecture::fifoStoreBuffer keeps the writes in order.
// [ORD-6] A write is cumulative at .gpu/.sys when it is a .gpu/.sys release,
//   or follows a .gpu/.sys release fence in program order (a release pattern
//   is "a release fence followed by a strong write", PTX ISA 9.1 8.8). With
//   a backward branch, a fence anywhere in the thread may come before a
//   write. Cumulative writes overtake nothing in the SM queue (SMQ-3) and
//   wait for the near-partition copies (PART-3).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class PerformOrder {
 public:
  using State = MachineState<Capacity>;
  using InFlight = typename State::InFlight;

  explicit PerformOrder(const Hardware<Capacity>& hardware) : hardware_(hardware) {
    for (const std::vector<CompiledInstruction>& code : hardware.program.threads) {
      const bool fenceInLoop = hardware.program.hasBackwardBranch &&
                               std::any_of(code.begin(), code.end(), isReleaseFenceBeyondCta);
      bool afterFence = false;
      std::vector<bool> cumulative(code.size(), false);
      for (std::size_t at = 0; at < code.size(); ++at) {
        const CompiledInstruction& instruction = code[at];
        if (litmus::writesMemory(instruction.opcode)) {
          const bool release = isRelease(instruction.semantics) && beyondCta(instruction.scope);
          cumulative[at] = release || afterFence || fenceInLoop;
        }
        afterFence = afterFence || isReleaseFenceBeyondCta(instruction);
      }
      cumulativeWrite_.push_back(std::move(cumulative));
    }
  }

  // ORD-6: whether the write ENTRY of THREAD makes is cumulative.
  bool cumulative(std::uint32_t thread, const InFlight& entry) const {
    return cumulativeWrite_[thread][entry.instruction - 1u];
  }

  // Whether EARLIER, issued by THREAD before LATER, must be performed first.
  bool mustPrecede(std::uint32_t thread, const InFlight& earlier, const InFlight& later) const {
    const CompiledInstruction& first = hardware_.instructionOf(thread, earlier);
    const CompiledInstruction& second = hardware_.instructionOf(thread, later);
    // REQ-3, REQ-6: EARLIER is a load whose request is queued, and ORDERING
    // (one of the two) waits for it only that far.
    const bool requested = first.opcode == litmus::Opcode::Load && earlier.waiting;
    const auto passedBy = [&](const CompiledInstruction& ordering) {
      return requested && hardware_.loadRequests.passesRequests(ordering);
    };
    if (isOrderingPoint(first.opcode) || isOrderingPoint(second.opcode)) {
      if (passedBy(second)) {
        return false;  // REQ-3, REQ-6
      }
      const bool loneBarrier = (first.opcode == litmus::Opcode::Barrier && earlier.barrierThreads <= 1) ||
                               (second.opcode == litmus::Opcode::Barrier && later.barrierThreads <= 1);
      return !loneBarrier;  // ORD-1
    }
    if (accessesMemory(first.opcode) && accessesMemory(second.opcode) && earlier.location == later.location) {
      const bool weakLoadThenLoad = first.opcode == litmus::Opcode::Load &&
                                    first.semantics == litmus::Semantics::Weak &&
                                    second.opcode == litmus::Opcode::Load;
      const bool brokenStoreSwap = hardware_.architecture.brokenStoresToOneAddressReorder &&
                                   first.opcode == litmus::Opcode::Store &&
                                   second.opcode == litmus::Opcode::Store;
      return !weakLoadThenLoad && !brokenStoreSwap;  // ORD-2
    }
    if (litmus::readsMemory(first.opcode) && isAcquire(first.semantics) && !passedBy(first)) {
      return true;  // ORD-3, REQ-6
    }
    if (second.opcode != litmus::Opcode::Load && isRelease(second.semantics) && !passedBy(second)) {
      return true;  // ORD-4, REQ-6
    }
    return hardware_.architecture.fifoStoreBuffer && first.opcode != litmus::Opcode::Load &&
           second.opcode != litmus::Opcode::Load;  // ORD-5
  }

  // Whether the operation at INDEX of THREAD's in-flight list waits for an
  // earlier one.
  bool waits(const State& state, std::uint32_t thread, std::uint32_t index) const {
    const typename State::Thread& self = state.threads[thread];
    for (std::uint32_t earlier = 0; earlier < index; ++earlier) {
      if (mustPrecede(thread, self.inFlight[earlier], self.inFlight[index])) {
        return true;
      }
    }
    return false;
  }

 private:
  const Hardware<Capacity>& hardware_;
  std::vector<std::vector<bool>> cumulativeWrite_;  // per thread and instruction (ORD-6)
};

}  // namespace opcheck::opsem

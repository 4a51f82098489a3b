// A thread's store buffer: the writes it has performed, oldest first, on
// their way to its CTA's L1 (seed 003 Sec. 2.1: "stores are buffered in a
// per-core store buffer"; docs/architecture.md "ptx-op").
//
// [SB-1] A performed store waits in its thread's store buffer. The thread
//   reads its own newest write to a location there before its CTA can read
//   it (the thread sees its own writes in program order: SC-per-Location
//   over po-loc, PTX ISA 9.1 8.10.5).
// [SB-2] The oldest write leaves first (FIFO): it updates the CTA's L1
//   (write-through, L1-1) and joins the SM queue towards the L2 (SMQ-1).
//   Two writes of a thread to one address reach every level in program
//   order (docs/architecture.md "ptx-op"); stores to different addresses may
//   still be performed out of order (ORD-5), which is how a store overtakes
//   another.
// [RED-5] Reduction (off with --no-reduction; followed alone through
//   RED-3): a thread alone in its CTA whose operations still in flight or
//   to issue (any instruction, with a backward branch) are all stores or
//   register operations drains its store buffer alone. The write touches
//   the CTA's line (L1-1) and the back of its SM queue (SMQ-1), which only
//   the thread's own loads, requests, atomics, fences and barriers read or
//   write, and which L1 fills (L1-2) refill: none of them can come, when
//   the line is not one the machine may fill. The SM queue's steps take
//   writes that are ahead (SmQueue::mayLeave looks only ahead), and the
//   thread's stores join the other end of the buffer, so the drain
//   commutes with every step that could come first.
//
// Invariants (StateInvariants.h):
// [INV-8] A store buffer is within capacity (a thread's in-flight
//   capacity) and its unused slots are zero.
// [INV-9] A buffered write is a write, not a load request, of a location
//   of the program, with a value in range, flags among kWriteBypassesL1 and
//   kWriteIsCumulative, and no requester; the line it is written through
//   (kWriteLineBits) is its location's own or the line of a virtual alias of
//   that location (PROXY-5).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"
#include "opsem/QueueOperations.h"
#include "opsem/StateInvariants.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class StoreBuffer {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;
  using Write = typename State::Write;

  explicit StoreBuffer(const Hardware<Capacity>& hardware) : hardware_(hardware) {
    const Program& program = hardware.program;
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      const std::vector<CompiledInstruction>& code = program.threads[thread];
      std::vector<bool> storesOnly = holdsFromEachInstruction(
          code, program.hasBackwardBranch, [](const CompiledInstruction& instruction) {
            return storesOrRegisterOperations(instruction.opcode);
          });
      if (std::count(program.ctaOf.begin(), program.ctaOf.end(), program.ctaOf[thread]) > 1) {
        storesOnly.assign(code.size() + 1, false);  // CTA-mates share the line and the SM queue
      }
      aloneStoringFrom_.push_back(std::move(storesOnly));
    }
  }

  // RED-5: whether THREAD's drain, which is enabled, may be followed alone.
  bool drainAlone(const State& state, std::uint32_t thread) const {
    const typename State::Thread& self = state.threads[thread];
    if (!hardware_.reductions.bufferDrainsAlone || !aloneStoringFrom_[thread][self.pc]) {
      return false;
    }
    const unsigned alias = self.storeBuffer[0].flags >> State::kWriteLineShift;  // PROXY-5
    const std::uint32_t line = alias == 0 ? self.storeBuffer[0].location : alias - 1u;
    if (hardware_.architecture.l1Fills && hardware_.l1.kept(hardware_.program.ctaOf[thread], line)) {
      return false;
    }
    for (std::uint32_t index = 0; index < self.inFlightCount; ++index) {
      if (!storesOrRegisterOperations(hardware_.instructionOf(thread, self.inFlight[index]).opcode)) {
        return false;
      }
    }
    return true;
  }

  // SB-1: THREAD's own newest buffered write to LOCATION.
  std::optional<Stored> ownWrite(const State& state, std::uint32_t thread, std::uint32_t location) const {
    const typename State::Thread& self = state.threads[thread];
    return newestWrite(self.storeBuffer, self.storeBufferLength, location);
  }

  bool empty(const State& state, std::uint32_t thread) const {
    return state.threads[thread].storeBufferLength == 0;
  }

  bool full(const State& state, std::uint32_t thread) const {
    return state.threads[thread].storeBufferLength == Capacity::kInFlight;
  }

  // INV-8, INV-9.
  void checkInvariants(const State& state, InvariantCheck& check) const {
    const Program& program = hardware_.program;
    constexpr std::uint8_t kWriteFlags =
        State::kWriteBypassesL1 | State::kWriteIsCumulative | State::kWriteLineBits;
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      const typename State::Thread& self = state.threads[thread];
      const auto where = [thread] { return at("thread", thread); };
      check.require(self.storeBufferLength <= Capacity::kInFlight &&
                        unusedSlotsZero(self.storeBuffer, self.storeBufferLength),
                    "INV-8 store buffer within capacity, unused slots zero",
                    [&] { return where() + ": length " + std::to_string(self.storeBufferLength); });
      for (std::size_t index = 0; index < std::min<std::size_t>(self.storeBufferLength, Capacity::kInFlight);
           ++index) {
        const Write& write = self.storeBuffer[index];
        const unsigned line = write.flags >> State::kWriteLineShift;  // plus one; 0: the location's own
        const bool lineOfLocation =
            line == 0 || (line <= program.lines && ((program.aliasLines >> (line - 1)) & 1u) &&
                          program.lineLocation[line - 1] == write.location);
        check.require(write.location < program.locations && (write.flags & ~kWriteFlags) == 0 &&
                          lineOfLocation && write.requester == 0 && valueInRange(program, write.value),
                      "INV-9 a buffered write is a write of a location of the program, its value in range",
                      [&] {
                        return where() + ", store buffer slot " + std::to_string(index) + ": location " +
                               std::to_string(write.location) + ", flags " + std::to_string(write.flags);
                      });
      }
    }
  }

  // SB-1: a performed store joins the buffer (the caller checked !full).
  void append(State& state, std::uint32_t thread, const Write& write) const {
    typename State::Thread& self = state.threads[thread];
    self.storeBuffer[self.storeBufferLength++] = write;
  }

  // SB-2: the step that moves THREAD's oldest buffered write to its CTA.
  bool drain(State& state, std::uint32_t thread) const {
    typename State::Thread& self = state.threads[thread];
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    if (self.storeBufferLength == 0 || hardware_.smQueue.full(state, cta)) {
      return false;
    }
    Write write = self.storeBuffer[0];
    hardware_.l1.writeThrough(state, cta, write);
    write.flags &=
        static_cast<std::uint8_t>(~(State::kWriteBypassesL1 | State::kWriteLineBits));  // L1 behind
    hardware_.smQueue.append(state, cta, write);
    std::uint8_t length = self.storeBufferLength;
    removeAt(self.storeBuffer, length, 0);
    self.storeBufferLength = length;
    return true;
  }

 private:
  static bool storesOrRegisterOperations(litmus::Opcode opcode) {
    return litmus::kindOf(opcode) == litmus::InstructionKind::Store || completesAtIssue(opcode);
  }

  const Hardware<Capacity>& hardware_;
  // RED-5: per thread and program counter, whether the thread is alone in
  // its CTA and every instruction still to issue is a store or a register
  // operation.
  std::vector<std::vector<bool>> aloneStoringFrom_;
};

}  // namespace opcheck::opsem

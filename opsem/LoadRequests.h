// Load requests: a load that the L2 answers may first send its request
// into its CTA's SM queue, among the CTA's writes, and be answered later.
//
// Why: a .cta fence orders its thread's accesses as its CTA sees them, not
// as other CTAs do. Load buffering across CTAs with membar.cta between .cg
// accesses was seen on GTX 660 and GTX Titan (seed 000 Sec. 6,
// lb+membar.ctas), and ptx allows it, since fences of different CTAs at .cta
// scope are not morally strong (seed 001 Fig. 6 caption) and nothing
// synchronizes. Were a fence to wait until its earlier loads have read, no
// later write could reach another CTA before them.
//
// [REQ-1] Which loads may send a request: a weak load that reads the L2
//   (.cg, .cv; LD-1), unless its thread's store buffer holds a write to the
//   location, which the load reads instead (SB-1).
// [REQ-2] The L2 answers a request with what it would have answered when
//   the request joined the queue, but for other CTAs' writes arriving since:
//   the CTA's newest write to the location ahead of the request, else the
//   L2 (L2-2). A write of the CTA queued behind the request, to the same
//   location, does not overtake it (SmQueue::mayLeave). Every write of a
//   CTA-mate that follows the fence in causality order joins the queue
//   behind the request, so the load cannot read it: LB within a CTA with
//   .cta fences stays forbidden (the fences are morally strong there and
//   ordered by Fence-SC, so each load precedes the other thread's store in
//   causality order: PTX ISA 9.1 8.10.2, 8.10.6; opsem_test.cpp). Other
//   writes may overtake a request to another location: that is how another
//   CTA sees a write that follows the load in program order before the load
//   reads.
// [REQ-3] A .cta fence waits for an earlier load only until its request has
//   joined the queue (ORD-1); other fences, barriers and acquires still wait
//   until it has read. A write cumulative at .gpu/.sys overtakes no request
//   (SMQ-3), and a .gpu/.sys fence.sc and an atomic wait for the SM queue to
//   empty, requests included (FENCE-2, ATOM-1): a CTA-mate that
//   synchronized with the .cta fence may pass on, with a .gpu release, what
//   follows the load in causality order, and another CTA must then not be
//   able to write what the load reads.
// [REQ-4] A request takes a slot of the SM queue; a thread has at most one
//   request per instruction waiting, so that the request's requester names
//   it. Issuing never disables a request (only waiting entries count), which
//   keeps issuing a local step for partial-order reduction (RED-3).
// [RED-2] Reduction (off with --no-reduction): a request is offered only
//   when a .cta fence follows the load in flight, and only in programs where
//   some thread has both a load that may send one and a .cta fence. Without
//   a fence that would wait for the load, sending the request first adds runs
//   and no outcome: the load may as well be performed later.
#pragma once

#include <algorithm>
#include <cstdint>

#include "opsem/MachineState.h"
#include "opsem/Program.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class LoadRequests {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;
  using Write = typename State::Write;
  using InFlight = typename State::InFlight;

  explicit LoadRequests(const Hardware<Capacity>& hardware) : hardware_(hardware) {
    const Program& program = hardware.program;
    for (const std::vector<CompiledInstruction>& code : program.threads) {
      const bool requests =
          std::any_of(code.begin(), code.end(),
                      [&](const CompiledInstruction& instruction) { return mayRequest(instruction); });
      const bool ctaFence = std::any_of(code.begin(), code.end(), isCtaFence);
      offered_ = offered_ || (requests && (ctaFence || !hardware.reduce));
    }
  }

  // Whether the machine offers request steps at all (RED-2).
  bool offered() const { return offered_; }

  // REQ-1: whether INSTRUCTION is a load that may send a request.
  bool mayRequest(const CompiledInstruction& instruction) const {
    return instruction.opcode == litmus::Opcode::Load && instruction.semantics == litmus::Semantics::Weak &&
           readsPastL1(instruction);
  }

  // What names the request of ENTRY, a load of THREAD (Write::requester).
  static std::uint16_t requesterOf(std::uint32_t thread, const InFlight& entry) {
    return static_cast<std::uint16_t>(thread << 8 | entry.instruction);
  }

  // The step in which the load at INDEX of THREAD's in-flight list sends its
  // request.
  bool request(State& state, std::uint32_t thread, std::uint32_t index) const {
    typename State::Thread& self = state.threads[thread];
    InFlight& entry = self.inFlight[index];
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    if (!mayRequest(hardware_.instructionOf(thread, entry)) || entry.waiting ||
        hardware_.smQueue.full(state, cta) || hardware_.storeBuffer.ownWrite(state, thread, entry.location)) {
      return false;  // REQ-1, REQ-4
    }
    bool fenceFollows = !hardware_.reduce;
    for (std::uint32_t other = 0; other < self.inFlightCount; ++other) {
      if (other < index && hardware_.order.mustPrecede(thread, self.inFlight[other], entry)) {
        return false;
      }
      if (self.inFlight[other].waiting && self.inFlight[other].instruction == entry.instruction) {
        return false;  // REQ-4: the requester would be ambiguous
      }
      fenceFollows = fenceFollows ||
                     (other > index && isCtaFence(hardware_.instructionOf(thread, self.inFlight[other])));
    }
    if (!fenceFollows) {
      return false;  // RED-2
    }
    Write request{};
    request.location = entry.location;
    request.flags = State::kWriteIsLoadRequest;
    request.requester = requesterOf(thread, entry);
    hardware_.smQueue.append(state, cta, request);
    entry.waiting = 1;
    return true;
  }

  // REQ-2: the answer to ENTRY's request, which leaves the SM queue.
  Stored answer(State& state, std::uint32_t thread, const InFlight& entry) const {
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    const std::int32_t at = positionOf(state, thread, entry);
    const Stored value = hardware_.l2.read(state, cta, entry.location, at);
    removeAt(state.smQueue[cta], state.smQueueLength[cta], static_cast<std::size_t>(at));
    return value;
  }

 private:
  // Where ENTRY's request waits in its CTA's SM queue.
  std::int32_t positionOf(const State& state, std::uint32_t thread, const InFlight& entry) const {
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    const std::uint16_t requester = requesterOf(thread, entry);
    std::int32_t at = 0;
    while (!(state.smQueue[cta][at].isLoadRequest() && state.smQueue[cta][at].requester == requester)) {
      ++at;
    }
    return at;
  }

  const Hardware<Capacity>& hardware_;
  bool offered_ = false;
};

}  // namespace opcheck::opsem

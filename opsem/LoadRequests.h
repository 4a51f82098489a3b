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
//
// Volta to Hopper (LoadRequestSources::EveryLoad). A .cta fence, acquire or
// release orders what the CTA's own L1 and SM see, not when loads served
// further out complete for other CTAs: IRIW, ISA2 and WRC with .cta fences
// or acquires across CTAs were seen on A100, H100 and GH200 (cuda-litmus),
// and so were WWC-like outcomes in which a load read a write that its own
// CTA's later write (past a .cta fence) preceded at the L2. A request takes
// its place among the CTA's writes when it is sent: from then on, for the
// CTA, the load is done; for other CTAs it is done when the L2 answers.
//
// [REQ-5] Which loads may send a request: every load, strong or weak, that
//   the L2 may answer (REQ-1's proviso on the store buffer holds), but a
//   .gpu/.sys acquire, which every later operation waits for anyway (ORD-3),
//   and a .sys load with several devices, which memory answers (MEM-1). A
//   load that reads through the L1 (LD-1) asks the L2 only when its line is
//   missing: a hit is answered by the L1, at once. (Were a hit to send a
//   request, the stale line would outlive the answer, which fills nothing,
//   REQ-9, and a later load of the same thread could read older than the
//   answer: coRR within a CTA.)
// [REQ-6] Every .cta ordering waits for an earlier load only until its
//   request has joined the queue: a .cta fence (REQ-3), an acquire at .cta
//   (the operations after it, ORD-3), a release at .cta (ORD-4). The
//   CTA-mates that synchronize with them at .cta see the CTA's writes in the
//   order the queue has them (REQ-2), which is what .cta synchronization
//   promises; other CTAs are not morally strong with them (PTX ISA 9.1 8.7).
//   .gpu/.sys fences, acquires and releases, barriers and atomics still wait
//   for the answer.
// [REQ-7] A CTA reads an address at the L2 in the order it asked: while a
//   request of the CTA for a location waits, no other read of the CTA of
//   that location at the L2 goes ahead (a load that misses or bypasses the
//   L1, a strong load, an L1 fill, a later request's answer); they wait for
//   the answer. A strong .gpu load's request may be answered with another
//   CTA's write that reaches the L2 after a CTA-mate synchronized with the
//   load's thread at .cta (through a .cta fence it passed, REQ-6); the write
//   then precedes the CTA-mate's later read of the location in causality
//   order (observation, then base causality: PTX ISA 9.1 8.9.5), so that
//   read must not see an older value (Causality, 8.10.6). It cannot: it is
//   behind the request. A slice receives one SM's requests for an address in
//   order, as it does its writes (SMQ-5).
// [REQ-8] A strong .gpu/.sys load's request drops its CTA's L1 line for the
//   location (the line is pending until the answer, REQ-7), for the same
//   reason: a CTA-mate's weak load after the synchronization must not hit a
//   line older than what the request will read. Weak and .cta loads observe
//   nothing from other CTAs (not morally strong), so their requests leave
//   the line alone.
// [REQ-9] An answer fills nothing: the CTA's L1 line may hold a newer write
//   of the CTA by then (one that left a store buffer after the request), and
//   the answer must not overwrite it with an older value.
//
// [RED-2] Reduction (off with --no-reduction): a load whose CTA has no
//   other thread sends a request only when a later operation of its thread,
//   already in flight, waits for the load and would not wait for its
//   request (a .cta fence under WeakLoadsPastL1; any .cta ordering of REQ-6
//   under EveryLoad), and only in programs where some thread has both a
//   load that may send one and such an ordering. Without one, sending the
//   request first adds runs and no outcome: the load may as well be
//   performed later. Not so where the CTA has other threads: a request
//   changes what they see (its answer fills no L1 line, REQ-9, so their
//   loads still miss; their reads of the address wait behind it, REQ-7),
//   and the differential fuzzer found an outcome that only such a request
//   reaches (tests/fuzz-models/red2-shared-cta.litmus), so their requests
//   are always offered.
//
// Invariants (StateInvariants.h):
// [INV-14] A load request in an SM queue belongs to a load in flight of
//   its requester, waiting, of the same location; a waiting load in flight
//   has exactly one request in its CTA's queue (REQ-4).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "opsem/Architecture.h"
#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"
#include "opsem/QueueOperations.h"
#include "opsem/StateInvariants.h"

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
    std::vector<std::uint32_t> threadsInCta(program.ctas, 0);
    for (const std::uint8_t cta : program.ctaOf) {
      ++threadsInCta[cta];
    }
    bool requests = false;
    bool passes = false;
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      const std::vector<CompiledInstruction>& code = program.threads[thread];
      auto any = [&](auto predicate) { return std::any_of(code.begin(), code.end(), predicate); };
      const bool threadRequests =
          any([&](const CompiledInstruction& instruction) { return mayRequest(instruction); });
      const bool threadPasses =
          any([&](const CompiledInstruction& instruction) { return passesRequests(instruction); });
      const bool sharedCta = threadsInCta[program.ctaOf[thread]] > 1;
      requests = requests || threadRequests;
      passes = passes || (threadRequests && (threadPasses || sharedCta));
    }
    offered_ = requests && (passes || !hardware.reductions.requestGating);  // RED-2
    for (std::size_t cta = 0; cta < program.ctas; ++cta) {
      gated_.push_back(hardware.reductions.requestGating && threadsInCta[cta] == 1);
    }
  }

  // Whether the machine offers request steps at all (RED-2).
  bool offered() const { return offered_; }

  // REQ-1, REQ-5: whether INSTRUCTION is a load that may send a request.
  bool mayRequest(const CompiledInstruction& instruction) const {
    // PROXY-2, PROXY-5: a load through a line of its own (an alias's, a
    // constant or texture line) sends no request.
    if (instruction.opcode != litmus::Opcode::Load || instruction.line != CompiledInstruction::kOwnLine) {
      return false;
    }
    if (!everyLoad()) {
      return instruction.semantics == litmus::Semantics::Weak && readsPastL1(instruction);
    }
    return !(isAcquire(instruction.semantics) && beyondCta(instruction.scope)) &&
           !(instruction.scope == litmus::Scope::System && hardware_.program.multipleDevices());
  }

  // REQ-3, REQ-6: whether INSTRUCTION, an ordering at .cta, waits for an
  // earlier load only until the load's request is queued: a .cta fence;
  // under EveryLoad, also a .cta release (as the later operation) and a .cta
  // acquire load (as the earlier one: the requesting load itself).
  bool passesRequests(const CompiledInstruction& instruction) const {
    if (isCtaFence(instruction) ||
        (hardware_.architecture.brokenGpuFencesPassRequests && instruction.opcode == litmus::Opcode::Fence)) {
      return true;
    }
    return everyLoad() && instruction.opcode != litmus::Opcode::Barrier &&
           !isClusterBarrier(instruction.opcode) && instruction.scope == litmus::Scope::Cta &&
           (isRelease(instruction.semantics) || isAcquire(instruction.semantics));
  }

  // REQ-7: whether a read of LOCATION at the L2 by CTA must wait, because a
  // request of the CTA for it waits in the SM queue ahead of position BEFORE
  // (anywhere, when BEFORE is -1).
  bool holdsLocation(const State& state, std::uint32_t cta, std::uint32_t location,
                     std::int32_t before = -1) const {
    if (!everyLoad() || hardware_.architecture.brokenReadsOvertakeRequests) {
      return false;
    }
    const std::int32_t end = before < 0 ? state.smQueueLength[cta] : before;
    for (std::int32_t at = 0; at < end; ++at) {
      if (state.smQueue[cta][at].isLoadRequest() && state.smQueue[cta][at].location == location) {
        return true;
      }
    }
    return false;
  }

  // INV-14.
  void checkInvariants(const State& state, InvariantCheck& check) const {
    const Program& program = hardware_.program;
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      const typename State::Thread& self = state.threads[thread];
      const std::size_t cta = program.ctaOf[thread];
      const std::int32_t length = std::clamp<std::int32_t>(state.smQueueLength[cta], 0, Capacity::kQueue);
      for (std::size_t index = 0; index < std::min<std::size_t>(self.inFlightCount, Capacity::kInFlight);
           ++index) {
        const InFlight& entry = self.inFlight[index];
        if (entry.instruction == 0 || entry.instruction > program.threads[thread].size() ||
            !litmus::readsMemory(hardware_.instructionOf(static_cast<std::uint32_t>(thread), entry).opcode)) {
          continue;  // not a load or atomic (INV-4 names a broken entry)
        }
        const std::uint16_t requester = requesterOf(static_cast<std::uint32_t>(thread), entry);
        std::int32_t requests = 0;
        for (std::int32_t at = 0; at < length; ++at) {
          const Write& queued = state.smQueue[cta][at];
          requests +=
              queued.isLoadRequest() && queued.requester == requester && queued.location == entry.location;
        }
        check.require(requests == (entry.waiting ? 1 : 0),
                      "INV-14 a waiting load has one request in its CTA's queue, any other none", [&] {
                        return opsem::at("thread", thread) + ", in-flight slot " + std::to_string(index) +
                               ": waiting " + std::to_string(entry.waiting) + ", requests " +
                               std::to_string(requests);
                      });
      }
    }
    for (std::size_t cta = 0; cta < program.ctas; ++cta) {
      const std::int32_t length = std::clamp<std::int32_t>(state.smQueueLength[cta], 0, Capacity::kQueue);
      for (std::int32_t at = 0; at < length; ++at) {
        const Write& queued = state.smQueue[cta][at];
        if (!queued.isLoadRequest()) {
          continue;
        }
        const std::size_t thread = queued.requester >> 8;
        bool owned = false;
        if (thread < program.threads.size()) {
          const typename State::Thread& self = state.threads[thread];
          for (std::size_t index = 0; index < std::min<std::size_t>(self.inFlightCount, Capacity::kInFlight);
               ++index) {
            owned = owned || (self.inFlight[index].waiting &&
                              self.inFlight[index].instruction == (queued.requester & 255u) &&
                              self.inFlight[index].location == queued.location);
          }
        }
        check.require(owned, "INV-14 a load request belongs to a waiting load of its requester", [&] {
          return opsem::at("CTA", cta) + ", SM queue slot " + std::to_string(at) + ": requester " +
                 std::to_string(queued.requester);
        });
      }
    }
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
    const CompiledInstruction& instruction = hardware_.instructionOf(thread, entry);
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    if (!mayRequest(instruction) || entry.waiting || hardware_.smQueue.full(state, cta) ||
        hardware_.storeBuffer.ownWrite(state, thread, entry.location) ||
        (loadsThroughL1(instruction) && hardware_.l1.line(state, cta, entry.location).valid)) {
      return false;  // REQ-1, REQ-4, REQ-5
    }
    InFlight requested = entry;
    requested.waiting = 1;
    bool freesLater = !gated_[cta];
    for (std::uint32_t other = 0; other < self.inFlightCount; ++other) {
      const InFlight& operation = self.inFlight[other];
      if (other < index && hardware_.order.mustPrecede(thread, operation, entry)) {
        return false;
      }
      if (operation.waiting && operation.instruction == entry.instruction) {
        return false;  // REQ-4: the requester would be ambiguous
      }
      freesLater = freesLater || (other > index && hardware_.order.mustPrecede(thread, entry, operation) &&
                                  !hardware_.order.mustPrecede(thread, requested, operation));
    }
    if (!freesLater) {
      return false;  // RED-2
    }
    Write request{};
    request.location = entry.location;
    request.flags = State::kWriteIsLoadRequest;
    request.requester = requesterOf(thread, entry);
    hardware_.smQueue.append(state, cta, request);
    entry.waiting = 1;
    if (everyLoad() && instruction.semantics != litmus::Semantics::Weak && beyondCta(instruction.scope) &&
        !hardware_.architecture.brokenRequestsKeepL1) {
      hardware_.l1.drop(state, cta, entry.location);  // REQ-8
    }
    return true;
  }

  // REQ-2, REQ-7: whether ENTRY's request may be answered now.
  bool answerable(const State& state, std::uint32_t thread, const InFlight& entry) const {
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    return !holdsLocation(state, cta, entry.location, positionOf(state, thread, entry));
  }

  // REQ-2: the answer to ENTRY's request, which leaves the SM queue (the
  // caller checked answerable). It fills nothing (REQ-9).
  Stored answer(State& state, std::uint32_t thread, const InFlight& entry) const {
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    const std::int32_t at = positionOf(state, thread, entry);
    const Stored value = hardware_.l2.read(state, cta, entry.location, at);
    removeAt(state.smQueue[cta], state.smQueueLength[cta], static_cast<std::size_t>(at));
    return value;
  }

 private:
  bool everyLoad() const { return hardware_.architecture.loadRequests == LoadRequestSources::EveryLoad; }

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
  std::vector<bool> gated_;  // per CTA: whether RED-2 holds back its requests
};

}  // namespace opcheck::opsem

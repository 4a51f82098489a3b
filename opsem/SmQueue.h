// A CTA's SM queue: the writes of the CTA's threads on their way from its L1
// to the L2 (seed 002 Sec. II: "the L1 ... is write-through"; seed 003 Sec.
// 2.1), and the load requests waiting among them (LoadRequests.h).
//
// [SMQ-1] A write joins the queue when it leaves its thread's store buffer
//   (SB-2), and, with SmQueueOrder::Fifo (Kepler, Maxwell), the CTA's writes
//   reach the L2 in the order they joined it. So a CTA's writes reach other
//   CTAs in the order the CTA saw them, and a .gpu release that waits for
//   nothing more than its turn is already cumulative over the CTA's earlier
//   writes.
// [SMQ-2] A write reaches its home line in the L2 when it leaves the queue
//   (L2-1); with several devices it then joins its device's queue towards
//   memory (DQ-1), and otherwise its arrival is its place in coherence
//   order.
// [SMQ-3] A write that is cumulative at .gpu/.sys (ORD-6) overtakes nothing
//   in the queue: not a load request (REQ-2 says why) and, where writes may
//   overtake each other, not a write either. Otherwise a CTA-mate that
//   synchronized at .cta scope could pass on, with a .gpu release, an order
//   that other CTAs would not see.
// [SMQ-4] A .gpu access of a CTA sees the CTA's newest write to its
//   location still in the queue before the L2 (docs/architecture.md
//   "ptx-op"): the CTA has already
//   seen that write in its L1, and a strong load must not read older.
// [SMQ-5] With SmQueueOrder::PerAddress (Volta to Hopper), the L2 is split
//   into slices by address and the SM reaches them through a crossbar:
//   nothing orders two writes of a CTA to different addresses on their way,
//   so either may reach its home line first, unless the later one is
//   cumulative (SMQ-3). Writes to one address keep their order (SB-2; a
//   slice receives them in order). This is the order another CTA can see:
//   WWC, WRW+2W and 2+2W-like outcomes with .cta (or weak) stores across
//   CTAs, whose final values show two writes of one CTA reaching the point of
//   coherence out of program order, were seen on A100, H100 and GH200
//   (cuda-litmus), and ptx allows them, since .cta releases and fences are
//   not morally strong with another CTA's threads (PTX ISA 9.1 8.7; seed 001
//   Fig. 6 caption). Within the CTA nothing changes: its threads see its
//   writes in the L1 (L1-1), in the order they left their store buffers.
//
// Invariants (StateInvariants.h):
// [INV-12] An SM queue is within capacity and its unused slots are zero;
//   a CTA the program lacks has an empty queue.
// [INV-13] A queued write is of a location of the program, its value in
//   range, its only flag kWriteIsCumulative (the L1 is behind it, SB-2),
//   with no requester; a load request holds no value and names a thread of
//   the CTA (LoadRequests.h checks which).
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
class SmQueue {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;
  using Write = typename State::Write;

  explicit SmQueue(const Hardware<Capacity>& hardware) : hardware_(hardware) {}

  std::int32_t length(const State& state, std::uint32_t cta) const { return state.smQueueLength[cta]; }
  bool empty(const State& state, std::uint32_t cta) const { return state.smQueueLength[cta] == 0; }
  bool full(const State& state, std::uint32_t cta) const {
    return state.smQueueLength[cta] == static_cast<std::int32_t>(Capacity::kQueue);
  }

  // INV-12, INV-13.
  void checkInvariants(const State& state, InvariantCheck& check) const {
    const Program& program = hardware_.program;
    for (std::size_t cta = 0; cta < State::kCtas; ++cta) {
      const std::int32_t length = state.smQueueLength[cta];
      const auto where = [cta] { return at("CTA", cta); };
      check.require(length >= 0 && length <= static_cast<std::int32_t>(Capacity::kQueue) &&
                        (cta < program.ctas || length == 0) &&
                        unusedSlotsZero(state.smQueue[cta], static_cast<std::size_t>(std::max(length, 0))),
                    "INV-12 SM queue within capacity, unused slots zero",
                    [&] { return where() + ": length " + std::to_string(length); });
      for (std::int32_t index = 0; index < std::min(length, static_cast<std::int32_t>(Capacity::kQueue));
           ++index) {
        const Write& entry = state.smQueue[cta][index];
        const std::size_t requester = entry.requester >> 8;
        const bool wellFormed =
            entry.location < program.locations &&
            (entry.isLoadRequest() ? entry.flags == State::kWriteIsLoadRequest && isZero(entry.value) &&
                                         requester < program.threads.size() && program.ctaOf[requester] == cta
                                   : (entry.flags & ~State::kWriteIsCumulative) == 0 &&
                                         entry.requester == 0 && valueInRange(program, entry.value));
        check.require(wellFormed, "INV-13 a queued write or load request is well formed", [&] {
          return where() + ", SM queue slot " + std::to_string(index) + ": location " +
                 std::to_string(entry.location) + ", flags " + std::to_string(entry.flags) + ", requester " +
                 std::to_string(entry.requester);
        });
      }
    }
  }

  // SMQ-1: WRITE (or a load request) joins the back of CTA's queue; the
  // caller checked !full.
  void append(State& state, std::uint32_t cta, const Write& write) const {
    state.smQueue[cta][state.smQueueLength[cta]++] = write;
  }

  // SMQ-4: the CTA's newest write to LOCATION among the first QUEUED
  // entries of its queue (all of them when QUEUED is -1).
  std::optional<Stored> newestWrite(const State& state, std::uint32_t cta, std::uint32_t location,
                                    std::int32_t queued = -1) const {
    return opsem::newestWrite(state.smQueue[cta], queued < 0 ? state.smQueueLength[cta] : queued, location);
  }

  // Whether the entry at AT of CTA's queue is a write that may reach the L2
  // now (SMQ-1, SMQ-3, SMQ-5, REQ-2).
  bool mayLeave(const State& state, std::uint32_t cta, std::int32_t at) const {
    const Write* queue = state.smQueue[cta];
    if (at >= state.smQueueLength[cta] || queue[at].isLoadRequest()) {
      return false;
    }
    const bool cumulative = (queue[at].flags & State::kWriteIsCumulative) != 0;
    const Architecture& architecture = hardware_.architecture;
    const bool perAddress = architecture.smQueueOrder == SmQueueOrder::PerAddress;
    for (std::int32_t ahead = 0; ahead < at; ++ahead) {
      const bool request = queue[ahead].isLoadRequest();
      if (queue[ahead].location == queue[at].location &&
          (request || !architecture.brokenSlicesReorderOneAddress)) {
        return false;  // one address: in order (SB-2, REQ-2)
      }
      if (!request && !perAddress) {
        return false;  // SMQ-1; SMQ-5 lets writes to other addresses be overtaken
      }
      const bool brokenOvertake = request ? architecture.brokenReleasesOvertakeLoadRequests
                                          : architecture.brokenReleasesOvertakeWrites;
      if (cumulative && !brokenOvertake) {
        return false;  // SMQ-3
      }
    }
    return true;
  }

  // SMQ-1, SMQ-2: the step that moves the write at AT of CTA's queue to its
  // home line in the L2.
  bool drain(State& state, std::uint32_t cta, std::uint32_t at) const {
    const auto position = static_cast<std::int32_t>(at);
    const std::uint32_t device = hardware_.program.deviceOfCta[cta];
    if (!mayLeave(state, cta, position) ||
        (hardware_.program.multipleDevices() && hardware_.deviceQueue.full(state, device))) {
      return false;
    }
    const Write write = state.smQueue[cta][position];
    if ((write.flags & State::kWriteIsCumulative) != 0 && !hardware_.l2.nearCopiesCurrent(state, cta)) {
      return false;  // PART-3: a release waits for the near-partition copies
    }
    hardware_.l2.receive(state, cta, write);
    removeAt(state.smQueue[cta], state.smQueueLength[cta], static_cast<std::size_t>(position));
    return true;
  }

 private:
  const Hardware<Capacity>& hardware_;
};

}  // namespace opcheck::opsem

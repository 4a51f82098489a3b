// ptx-op's GPU: the parts of the memory system the machine is made of, each
// in a file of its own with the rules it follows (docs/architecture.md
// "ptx-op"; seed 002 Sec. II, seed 003 Sec. 2.1):
//
//   thread   InstructionIssue.h   issue in program order, registers (ISSUE-*)
//            PerformOrder.h       which in-flight operation waits for which (ORD-*)
//            MemoryOperations.h   what performing a load, store, atomic, fence
//                                 or barrier does (LD-*, ST-*, ATOM-*, FENCE-*,
//                                 ACQ-*, BAR-*)
//            StoreBuffer.h        performed stores on their way to the L1 (SB-*)
//   CTA/SM   L1Cache.h            the CTA's point of coherence (L1-*)
//            SmQueue.h            the CTA's writes on their way to the L2 (SMQ-*)
//            LoadRequests.h       loads answered later by the L2 (REQ-*)
//            ProxyCaches.h        constant and texture caches, virtual aliases'
//                                 L1 lines, proxy fences (PROXY-*)
//            CopyEngine.h         the asynchronous operations: copies,
//                                 st.async, fence.proxy.async, waits (COPY-*)
//   device   L2Cache.h            home lines, near-partition copies (L2-*, PART-*)
//            DeviceQueue.h        the device's writes on their way to memory (DQ-*)
//   system   SystemMemory.h       the point of coherence at .sys (MEM-*)
//
// The invariants every state keeps are rules too (INV-*:
// StateInvariants.h lists where each part states its own).
//
// Instructions that run as others are compiled to them (Program.cpp):
// mbarrier as st, atom and ld (MBAR-*), .cluster at the L2 when a cluster
// holds several CTAs (L2-3).
//
// State-space reductions are rules too (RED-*: Program.h, LoadRequests.h,
// InstructionIssue.h, MemoryOperations.h, StoreBuffer.h, SettledLocations.h,
// QuietLocations.h);
// --no-reduction turns every one of them off. RED-4 to RED-10 argue from
// which parts a step touches, an argument the copy engine's steps are not
// part of: a test with asynchronous operations runs without them
// (reductionsFor).
//
// Each part holds a reference to the Hardware it belongs to and reaches the
// others through it; the state they work on is one MachineState, passed in.
#pragma once

#include <vector>

#include "opsem/Architecture.h"
#include "opsem/CopyEngine.h"
#include "opsem/DeviceQueue.h"
#include "opsem/ExecutionRecorder.h"
#include "opsem/InstructionIssue.h"
#include "opsem/L1Cache.h"
#include "opsem/L2Cache.h"
#include "opsem/LoadRequests.h"
#include "opsem/MemoryOperations.h"
#include "opsem/PerformOrder.h"
#include "opsem/Program.h"
#include "opsem/ProxyCaches.h"
#include "opsem/QuietLocations.h"
#include "opsem/Reductions.h"
#include "opsem/SettledLocations.h"
#include "opsem/SmQueue.h"
#include "opsem/StateInvariants.h"
#include "opsem/StoreBuffer.h"
#include "opsem/SystemMemory.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware {
  using State = MachineState<Capacity>;

  // REDUCTIONS: which state-space reductions apply (RED-1 and RED-2 are the
  // machine's). UNROLL bounds the backward jumps of a recorded run
  // (ExecutionRecorder.h).
  Hardware(const Program& program, const Architecture& architecture, const Reductions& reductions,
           unsigned unroll)
      : program(program),
        architecture(architecture),
        reductions(reductionsFor(program, reductions)),
        recorder(program, unroll) {}
  Hardware(const Hardware&) = delete;
  Hardware& operator=(const Hardware&) = delete;

  // Every part's invariants that STATE breaks (StateInvariants.h, INV-*):
  // none in a state the machine built.
  std::vector<BrokenInvariant> brokenInvariants(const State& state) const {
    InvariantCheck check;
    issue.checkInvariants(state, check);
    operations.checkInvariants(state, check);
    storeBuffer.checkInvariants(state, check);
    l1.checkInvariants(state, check);
    smQueue.checkInvariants(state, check);
    loadRequests.checkInvariants(state, check);
    l2.checkInvariants(state, check);
    deviceQueue.checkInvariants(state, check);
    memory.checkInvariants(state, check);
    copyEngine.checkInvariants(state, check);
    return check.broken();
  }

  // REDUCTIONS as PROGRAM may use them: without RED-4 to RED-10 when it has
  // asynchronous operations (above).
  static Reductions reductionsFor(const Program& program, Reductions reductions) {
    if (program.asyncOperations) {
      reductions.storesAlone = reductions.bufferDrainsAlone = false;
      reductions.settleCopies = reductions.quietDrainsAlone = reductions.ownedDrainsAlone = false;
      reductions.settleHomeLines = reductions.memoryDrainsAlone = false;
    }
    return reductions;
  }

  const CompiledInstruction& instructionOf(std::uint32_t thread,
                                           const typename State::InFlight& entry) const {
    return program.threads[thread][entry.instruction - 1u];
  }

  // The configuration comes first: the parts' constructors read it.
  const Program& program;
  const Architecture architecture;
  const Reductions reductions;

  const ExecutionRecorder<Capacity> recorder;
  const InstructionIssue<Capacity> issue{*this};
  const PerformOrder<Capacity> order{*this};
  const MemoryOperations<Capacity> operations{*this};
  const StoreBuffer<Capacity> storeBuffer{*this};
  const L1Cache<Capacity> l1{*this};
  const SmQueue<Capacity> smQueue{*this};
  const LoadRequests<Capacity> loadRequests{*this};
  const ProxyCaches<Capacity> proxyCaches{*this};
  const L2Cache<Capacity> l2{*this};
  const DeviceQueue<Capacity> deviceQueue{*this};
  const SystemMemory<Capacity> memory{*this};
  const CopyEngine<Capacity> copyEngine{*this};
  const SettledLocations<Capacity> settled{*this};
  const QuietLocations<Capacity> quiet{*this};  // after settled, whose reach it shares
};

}  // namespace opcheck::opsem

// The relations of the ptx model that other analyses read (data races,
// docs/races.md): morally strong and causality order of one complete
// candidate (rf, co, the Fence-SC order and the barrier synchronization
// given). Computed by Ptx.cpp, so that the races are judged by the very
// relations the model's axioms use, stated once.
#pragma once

#include "axiomcheck/Execution.h"
#include "axiomcheck/PtxVersion.h"
#include "litmus/Test.h"

namespace opcheck::axiomcheck {

// Whether an operation of scope SCOPE by a thread placed at FROM includes
// the thread placed at TO (PTX ISA 9.1 8.5, Table 21: .cta the same CTA,
// .cluster the same cluster, .gpu the same device, .sys every thread). A
// test that names no cluster puts each CTA in a cluster of its own
// (litmus/Test.h), where .cluster includes what .cta does.
inline bool scopeIncludes(litmus::Scope scope, const litmus::ThreadPlacement& from,
                          const litmus::ThreadPlacement& to) {
  switch (scope) {
    case litmus::Scope::Cta:
      return from.cta == to.cta;
    case litmus::Scope::Cluster:
      return from.cluster == to.cluster;
    case litmus::Scope::Gpu:
      return from.device == to.device;
    case litmus::Scope::System:
      return true;
    case litmus::Scope::None:
      break;
  }
  return false;
}

// The fences' roles in the release and acquire patterns (PTX ISA 9.1 8.8):
// pattern 3 of a release pattern starts with "a release or acquire-release
// memory fence" (`fence.release; st.relaxed [M];`), pattern 3 of an acquire
// pattern ends with "an acquire memory fence" (`ld.relaxed [M];
// fence.acquire;`). fence.acq_rel is both; fence.sc is both too (NVIDIA's
// Alloy model: FenceSC extends FenceAcqRel). fence.acquire and fence.release
// take part in these patterns only: neither is in the Fence-SC order (8.9.4
// item 1 names fence.sc alone). A barrier wait is both (Alloy: BarrierWait in
// FenceRels and FenceAcqs).
inline bool isReleaseFence(litmus::Semantics semantics) {
  return semantics == litmus::Semantics::Release || semantics == litmus::Semantics::AcquireRelease ||
         semantics == litmus::Semantics::SequentiallyConsistent;
}
inline bool isAcquireFence(litmus::Semantics semantics) {
  return semantics == litmus::Semantics::Acquire || semantics == litmus::Semantics::AcquireRelease ||
         semantics == litmus::Semantics::SequentiallyConsistent;
}

// The barrier synchronization the ptx model's causality takes
// (BarrierSynchronization.cpp): EXECUTION's barrierSync, where an arrival at
// barrier.cluster.arrive.relaxed synchronizes nothing itself (PTX ISA 9.1
// 9.7.13.3: ".relaxed ... no memory ordering and visibility guarantees
// provided for the memory accesses performed prior to" it); a release fence
// before it in program order whose scope includes the waiting thread
// synchronizes with the wait instead (9.7.13.3's example: fence.cluster.acq_rel;
// barrier.cluster.arrive.relaxed; as release pattern 3 of 8.8 does for a
// strong write).
Relation ptxBarrierSynchronization(const Execution& execution);

struct PtxRelations {
  Relation morallyStrong;  // PTX ISA 9.1 8.7
  Relation observation;    // 8.9.2
  Relation cause;          // causality order, 8.9.5 (seed 001 Fig. 4)
};

// The relations of VERSION; ptx75's cause on every pair (the model's
// axioms read it only where it is ptx60's on a test without mixed proxies:
// Ptx.cpp causeOf).
PtxRelations ptxRelations(const Execution& execution, PtxVersion version = PtxVersion::Ptx75);

// ptxRelations, with cause stated only on the pairs of accesses to one
// location (it may hold more pairs elsewhere): what the axioms read, and all
// a race's ordering asks (PTX ISA 9.1 8.7.1: overlapping accesses). On a
// test without mixed proxies it is ptx60's cause, which costs a fraction of
// the proxy-preserved one (Ptx.cpp causeOf).
PtxRelations ptxSameLocationRelations(const Execution& execution);

}  // namespace opcheck::axiomcheck

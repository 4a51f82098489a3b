// Variations of the GPU memory system that ptx-op can model (docs/architecture.md
// "ptx-op"): presets with names, and the switches they
// set. Where a rule is a choice among real designs, it is a switch here,
// and the rule it selects says so (opsem/Hardware.h lists the parts).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opcheck::opsem {

// In which order a CTA's writes reach the L2 from its SM queue (SmQueue.h).
enum class SmQueueOrder {
  // In the order they left the L1 (SMQ-1): one path from the SM to one L2
  // (Kepler, Maxwell: seed 000's chips).
  Fifo,
  // Per address (SMQ-5): the L2 is split into slices by address and an SM
  // reaches them through a crossbar, so writes to different addresses may
  // arrive in either order (Volta to Hopper; docs/architecture.md "ptx-op").
  PerAddress,
};

// Which loads may send their request into the SM queue and be answered by
// the L2 later (LoadRequests.h).
enum class LoadRequestSources {
  // Weak loads that read the L2 (.cg, .cv), past a .cta fence only (REQ-1,
  // REQ-3): enough for load buffering across CTAs with membar.cta, seen on
  // GTX 660 and GTX Titan (seed 000 Sec. 6).
  WeakLoadsPastL1,
  // Every load the L2 may answer, strong ones included, past any .cta
  // ordering: .cta fences, acquires and releases (REQ-5 to REQ-8). On Volta
  // to Hopper a .cta fence orders what the CTA's own L1 and SM see, not when
  // loads served further out complete for other CTAs (cuda-litmus: IRIW,
  // ISA2, WRC with .cta fences across CTAs, seen on A100, H100 and GH200).
  EveryLoad,
};

struct Architecture {
  std::string name;
  std::string description;
  // Stores leave a thread in program order (FIFO), or per address, so that a
  // store may overtake an earlier store to another location (ORD-5).
  bool fifoStoreBuffer = false;
  // Fences and acquires invalidate the L1 (L1-3). Off models Fermi, whose
  // fences left lines loaded with .ca in the L1 (seed 000 Sec. 3.1.2, Figs.
  // 3-4).
  bool invalidateL1OnFenceAndAcquire = true;
  // An L1 line may be filled from the L2 at any time (L1-2): the source of
  // IRIW and coRR across CTAs with .cta-scoped order.
  bool l1Fills = true;
  // A .cg store leaves the CTA's L1 line as it was (L1-1; Fermi: seed 000
  // Secs. 2.3, 3.1.2, 5.5). A .cg load bypasses the L1 in every preset.
  bool cgBypassesL1 = false;
  // The L2 is split into partitions (A100, H100): a line lives at its home
  // partition, the point of coherence at .gpu, and an SM reads a line homed
  // elsewhere from the copy its near partition keeps, which catches up with
  // the home line later. PTX is then not multi-copy atomic at .gpu scope
  // (IRIW with release/acquire or fence.acq_rel is allowed). See L2Cache.h
  // (PART-1 to PART-6) for the rules and why each is needed.
  bool partitionedL2 = false;
  SmQueueOrder smQueueOrder = SmQueueOrder::Fifo;
  LoadRequestSources loadRequests = LoadRequestSources::WeakLoadsPastL1;
  // Whether the preset claims to implement the PTX model: compare holds it
  // to ptx (docs/architecture.md "Cross-validation"). Fermi does not: the seed observed
  // behaviour on Fermi that PTX forbids.
  bool claimsPtx = true;

  // Deliberately broken rules (docs/architecture.md "Cross-validation"): each
  // preset that sets one is a wrong implementation of PTX that compare must
  // catch (tests/broken-preset-axioms.tsv). Never on in a preset that claims
  // PTX.
  bool brokenFenceScSkipsSmQueue = false;           // FENCE-2: fence.sc.gpu/.sys ignores the SM queue
  bool brokenStoresToOneAddressReorder = false;     // ORD-2: two stores to one address may swap
  bool brokenAcquireKeepsL1 = false;                // LD-2: acquire loads leave stale L1 lines in place
  bool brokenPartitionsSkipCumulativity = false;    // PART-3, PART-5: releases, fence.sc ignore the copies
  bool brokenReleasesOvertakeLoadRequests = false;  // SMQ-3: a .gpu release overtakes load requests
  bool brokenReleasesOvertakeWrites = false;        // SMQ-3: a .gpu release overtakes writes to other slices
  bool brokenSlicesReorderOneAddress = false;       // SMQ-5: writes to one address overtake each other
  bool brokenReadsOvertakeRequests = false;         // REQ-7: a CTA's reads pass its requests to their address
  bool brokenRequestsKeepL1 = false;                // REQ-8: a strong load's request leaves the L1 line
  bool brokenGpuFencesPassRequests = false;         // REQ-6: a .gpu fence waits only for the request
  bool brokenClusterScopeAtL1 = false;              // L2-3: .cluster is performed at the CTA's L1
  bool brokenProxyCacheSkipsSmQueue = false;  // PROXY-1, PROXY-2: constant/texture fills miss the SM queue
  bool brokenProxyFenceKeepsLines = false;    // PROXY-4: fence.proxy.constant/.texture invalidates nothing
  bool brokenProxyFenceSkipsStoreBuffer = false;  // PROXY-4, PROXY-6: fence.proxy leaves the store buffer
  bool brokenAliasWriteUpdatesOwnLine =
      false;  // PROXY-5: a write through an alias updates the location's line
  bool brokenAliasFenceKeepsAliasLines = false;  // PROXY-6: fence.proxy.alias leaves the aliases' lines
  bool brokenMbarrierArriveIsRelaxed = false;    // MBAR-1: arrive.release runs as a relaxed atom
  bool brokenClusterArriveSkipsRelease = false;  // CBAR-1: barrier.cluster.arrive pushes no write out
  bool brokenAsyncFenceSkipsDrain = false;       // COPY-4: fence.proxy.async waits for nothing
  bool brokenCompleteTxBeforeWrite = false;      // COPY-5: the complete-tx comes before the write
  bool brokenWaitGroupSkipsCopies = false;       // COPY-6: a wait_group waits for no copy
  bool brokenAsyncArriveSkipsCopies = false;     // COPY-8: cp.async.mbarrier.arrive waits for no cp.async
};

// The presets, the default first.
const std::vector<Architecture>& architecturePresets();

// The preset named NAME; "default" names the first.
std::optional<Architecture> findArchitecture(std::string_view name);

}  // namespace opcheck::opsem

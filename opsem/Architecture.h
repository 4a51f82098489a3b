// Variations of the GPU memory system that ptx-op can model (design.md "The
// operational model", "Options"): presets with names, and the switches they
// set.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opcheck::opsem {

struct Architecture {
  std::string name;
  std::string description;
  // Stores leave a thread in program order (FIFO), or per address, so that a
  // store may overtake an earlier store to another location.
  bool fifoStoreBuffer = false;
  // Fences and acquires invalidate the L1 (clean lines; writes still in the
  // SM queue are forwarded). Off models Fermi, whose fences left lines loaded
  // with .ca in the L1 (seed 000 Sec. 3.1.2, Figs. 3-4).
  bool invalidateL1OnFenceAndAcquire = true;
  // An L1 line may be filled from the L2 at any time (a prefetch, or a line
  // left by an earlier kernel), so that a later weak load can hit a stale
  // line: the source of IRIW and coRR across CTAs with .cta-scoped order.
  bool l1Fills = true;
  // A .cg store leaves the CTA's L1 line as it was: it goes to the L2 without
  // updating, refreshing or invalidating the line, so a stale line loaded
  // with .ca survives it (and, with invalidateL1OnFenceAndAcquire off, the
  // fences after it). Fermi: seed 000 Sec. 2.3 (".ca ... targets the L1
  // (resp. .cg ... L2)"), Sec. 3.1.2 Fig. 4 (coRR-L2-L1 observed on the
  // Tesla C2075 with membar.gl and membar.sys between the .cg and the .ca
  // load: "no fence guarantees that updated values can be read reliably from
  // the L1 cache even when first reading an updated value from the L2"), and
  // Sec. 5.5 ("it is not possible to restore ordering between accesses
  // marked .ca"). A .cg load bypasses the L1 in every preset.
  bool cgBypassesL1 = false;
  // The L2 is split into partitions (A100, H100): a line lives at its home
  // partition, the point of coherence at .gpu, and an SM reads a line homed
  // elsewhere from the copy its near partition keeps, which catches up with
  // the home line later. So writes to different locations reach different
  // SMs in different orders: PTX is not multi-copy atomic at .gpu scope
  // (IRIW with release/acquire or fence.acq_rel is allowed). See
  // L2Cache.h (PART-1 to PART-6) for the rules and why each is needed.
  bool partitionedL2 = false;
  // Whether the preset claims to implement the PTX model: compare holds it
  // to ptx (design.md "Cross-validation"). Fermi-like does not: the seed
  // observed behaviour on Fermi that PTX forbids.
  bool claimsPtx = true;

  // Deliberately broken rules (design.md "Cross-validation", teeth): each
  // preset that sets one is a wrong implementation of PTX that compare must
  // catch. Never on in a preset that claims PTX.
  bool brokenFenceScSkipsSmQueue = false;           // fence.sc.gpu/.sys ignores writes still in the SM queue
  bool brokenStoresToOneAddressReorder = false;     // two stores to one address may swap
  bool brokenAcquireKeepsL1 = false;                // acquire loads leave stale L1 lines in place
  bool brokenPartitionsSkipCumulativity = false;    // partitioned L2: releases, fence.sc ignore the copies
  bool brokenReleasesOvertakeLoadRequests = false;  // a .gpu release overtakes load requests in the SM queue
};

// The presets, the default first.
const std::vector<Architecture>& architecturePresets();

std::optional<Architecture> findArchitecture(std::string_view name);

}  // namespace opcheck::opsem

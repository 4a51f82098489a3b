#include "opsem/Architecture.h"

namespace opcheck::opsem {

const std::vector<Architecture>& architecturePresets() {
  static const std::vector<Architecture> presets = {
      {.name = "default",
       .description =
           "per-address store buffers, write-through L1 per CTA invalidated by fences and acquires, "
           "one L2 per device, system memory behind the L2s"},
      {.name = "fifo-store-buffer",
       .description = "as default, but each thread's stores leave in program order",
       .fifoStoreBuffer = true},
      {.name = "no-l1-fills",
       .description = "as default, but L1 lines are filled only by the loads that miss",
       .l1Fills = false},
      {.name = "partitioned-l2",
       .description = "as default, but the L2 is split into partitions: a CTA reads a line through its near "
                      "partition's copy, which lags behind the line's home (not multi-copy atomic at .gpu)",
       .partitionedL2 = true},
      {.name = "fermi",
       .description = "as default, but fences and acquires leave L1 lines in place and .cg stores bypass the "
                      "L1 (Fermi, seed 000 Secs. 3.1.2, 5.5)",
       .invalidateL1OnFenceAndAcquire = false,
       .cgBypassesL1 = true,
       .claimsPtx = false},
      // Must-fail variants: each breaks one rule; compare must catch it.
      {.name = "broken-fence-sc",
       .description = "deliberately wrong: a .gpu or .sys fence.sc does not wait for the SM queue",
       .claimsPtx = false,
       .brokenFenceScSkipsSmQueue = true},
      {.name = "broken-store-order",
       .description = "deliberately wrong: two stores of a thread to one address may swap",
       .claimsPtx = false,
       .brokenStoresToOneAddressReorder = true},
      {.name = "broken-acquire",
       .description = "deliberately wrong: an acquire load leaves the L1's lines in place",
       .claimsPtx = false,
       .brokenAcquireKeepsL1 = true},
      {.name = "broken-partitioned-l2",
       .description = "deliberately wrong: as partitioned-l2, but releases and fence.sc do not wait for the "
                      "near-partition copies (no cumulativity)",
       .partitionedL2 = true,
       .claimsPtx = false,
       .brokenPartitionsSkipCumulativity = true},
      {.name = "broken-load-requests",
       .description =
           "deliberately wrong: a .gpu or .sys release overtakes the load requests of its CTA in the "
           "SM queue",
       .claimsPtx = false,
       .brokenReleasesOvertakeLoadRequests = true},
  };
  return presets;
}

std::optional<Architecture> findArchitecture(std::string_view name) {
  for (const Architecture& preset : architecturePresets()) {
    if (preset.name == name) {
      return preset;
    }
  }
  return std::nullopt;
}

}  // namespace opcheck::opsem

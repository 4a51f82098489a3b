#include "opsem/Architecture.h"

namespace opcheck::opsem {

namespace {

// What Volta to Hopper have that seed 000's chips did not (docs/architecture.md
// "ptx-op": generations differ).
Architecture volta(std::string name, std::string description) {
  Architecture architecture;
  architecture.name = std::move(name);
  architecture.description = std::move(description);
  architecture.partitionedL2 = true;
  architecture.smQueueOrder = SmQueueOrder::PerAddress;
  architecture.loadRequests = LoadRequestSources::EveryLoad;
  return architecture;
}

// A Volta preset with one rule deliberately broken: compare must catch it.
Architecture brokenVolta(std::string name, std::string description, bool Architecture::*broken) {
  Architecture architecture = volta(std::move(name), "deliberately wrong: " + std::move(description));
  architecture.claimsPtx = false;
  architecture.*broken = true;
  return architecture;
}

}  // namespace

const std::vector<Architecture>& architecturePresets() {
  static const std::vector<Architecture> presets = {
      volta(
          "volta",
          "Volta to Hopper (A100, H100, GH200): per-address store buffers, write-through L1 per CTA; the L2 "
          "split into slices reached through a crossbar (a CTA's writes to different addresses reach it in "
          "either order) and into partitions (a CTA reads through its near partition's copy); loads answered "
          "by the L2 pass .cta fences, acquires and releases"),
      {.name = "kepler",
       .description =
           "Kepler and Maxwell (seed 000's GTX 660, GTX Titan, GTX 750): per-address store buffers, "
           "write-through L1 per CTA invalidated by fences and acquires, one L2 per device reached in order, "
           "system memory behind the L2s"},
      {.name = "fifo-store-buffer",
       .description = "as kepler, but each thread's stores leave in program order",
       .fifoStoreBuffer = true},
      {.name = "no-l1-fills",
       .description = "as kepler, but L1 lines are filled only by the loads that miss",
       .l1Fills = false},
      {.name = "partitioned-l2",
       .description = "as kepler, but the L2 is split into partitions: a CTA reads a line through its near "
                      "partition's copy, which lags behind the line's home (not multi-copy atomic at .gpu)",
       .partitionedL2 = true},
      {.name = "fermi",
       .description = "as kepler, but fences and acquires leave L1 lines in place and .cg stores bypass the "
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
      brokenVolta("broken-slice-release",
                  "as volta, but a .gpu or .sys release overtakes its CTA's writes to other L2 slices",
                  &Architecture::brokenReleasesOvertakeWrites),
      brokenVolta("broken-slice-order", "as volta, but a CTA's writes to one address overtake each other",
                  &Architecture::brokenSlicesReorderOneAddress),
      brokenVolta("broken-request-order",
                  "as volta, but a CTA reads an address at the L2 while its earlier request for it waits",
                  &Architecture::brokenReadsOvertakeRequests),
      brokenVolta("broken-request-l1",
                  "as volta, but a strong load's request leaves its CTA's L1 line in place",
                  &Architecture::brokenRequestsKeepL1),
      brokenVolta("broken-cluster-scope",
                  "as volta, but a .cluster operation is performed at its CTA's L1, as if its cluster were "
                  "its CTA",
                  &Architecture::brokenClusterScopeAtL1),
      brokenVolta("broken-gpu-fence",
                  "as volta, but a .gpu fence waits for an earlier load only until its request is queued",
                  &Architecture::brokenGpuFencesPassRequests),
      brokenVolta("broken-proxy-fill",
                  "as volta, but the constant and texture caches fill from the L2 past their CTA's writes in "
                  "the SM queue",
                  &Architecture::brokenProxyCacheSkipsSmQueue),
      brokenVolta("broken-proxy-fence", "as volta, but fence.proxy.constant and .texture invalidate no line",
                  &Architecture::brokenProxyFenceKeepsLines),
      brokenVolta("broken-proxy-fence-wait",
                  "as volta, but a fence.proxy does not wait for its thread's store buffer",
                  &Architecture::brokenProxyFenceSkipsStoreBuffer),
      brokenVolta("broken-alias-write",
                  "as volta, but a write through a virtual alias updates its location's L1 line, not the "
                  "alias's",
                  &Architecture::brokenAliasWriteUpdatesOwnLine),
      brokenVolta("broken-alias-fence",
                  "as volta, but fence.proxy.alias leaves the virtual aliases' L1 lines",
                  &Architecture::brokenAliasFenceKeepsAliasLines),
      brokenVolta("broken-mbarrier-arrive",
                  "as volta, but mbarrier.arrive.release runs as a relaxed atom, no release pattern",
                  &Architecture::brokenMbarrierArriveIsRelaxed),
      brokenVolta("broken-cluster-barrier",
                  "as volta, but barrier.cluster.arrive arrives with the thread's writes still on their way",
                  &Architecture::brokenClusterArriveSkipsRelease),
      brokenVolta("broken-async-fence",
                  "as volta, but fence.proxy.async waits for no store buffer or SM queue (COPY-4)",
                  &Architecture::brokenAsyncFenceSkipsDrain),
      brokenVolta("broken-complete-tx",
                  "as volta, but a copy's complete-tx signals its mbarrier before the write lands (COPY-5)",
                  &Architecture::brokenCompleteTxBeforeWrite),
      brokenVolta("broken-wait-group",
                  "as volta, but a wait_group goes on before the copies of its groups are done (COPY-6)",
                  &Architecture::brokenWaitGroupSkipsCopies),
      brokenVolta(
          "broken-async-arrive",
          "as volta, but cp.async.mbarrier.arrive arrives before the thread's earlier cp.async copies "
          "are done (COPY-8)",
          &Architecture::brokenAsyncArriveSkipsCopies),
  };
  return presets;
}

std::optional<Architecture> findArchitecture(std::string_view name) {
  if (name == "default") {
    return architecturePresets().front();
  }
  for (const Architecture& preset : architecturePresets()) {
    if (preset.name == name) {
      return preset;
    }
  }
  return std::nullopt;
}

}  // namespace opcheck::opsem

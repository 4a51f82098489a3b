#include "gpu/Placement.h"

#include <algorithm>
#include <bit>
#include <map>
#include <numeric>

namespace opcheck::gpu {

namespace {

// The test's scope tree as the launch needs it: clusters of CTAs of warps
// of threads. A thread with no warp is a warp of its own.
struct TestWarp {
  std::vector<std::uint32_t> threads;
};
struct TestCta {
  std::vector<TestWarp> warps;
};
struct TestCluster {
  std::vector<TestCta> ctas;
};

std::vector<TestCluster> scopeTree(const litmus::Test& test) {
  std::map<int, std::map<int, std::map<int, std::vector<std::uint32_t>>>> tree;
  for (std::uint32_t thread = 0; thread < test.threads.size(); ++thread) {
    const litmus::ThreadPlacement& placement = test.threads[thread].placement;
    // Unplaced threads get warp ids below every real one, one each.
    const int warp = placement.warp == litmus::ThreadPlacement::kUnspecified ? -1 - static_cast<int>(thread)
                                                                             : placement.warp;
    tree[placement.cluster][placement.cta][warp].push_back(thread);
  }
  std::vector<TestCluster> clusters;
  for (const auto& [clusterId, ctas] : tree) {
    TestCluster cluster;
    for (const auto& [ctaId, warps] : ctas) {
      TestCta cta;
      for (const auto& [warpId, threads] : warps) {
        cta.warps.push_back(TestWarp{threads});
      }
      cluster.ctas.push_back(std::move(cta));
    }
    clusters.push_back(std::move(cluster));
  }
  return clusters;
}

// The warps of one CTA in use, a bit each (kWarpsPerCta fits a byte): the
// placer copies and compares these per instance and per cluster it tries,
// so they stay small and flat.
using WarpMask = std::uint8_t;
static_assert(kWarpsPerCta <= 8, "a CTA's warps are one byte of WarpMask");
using WarpMasks = std::vector<WarpMask>;

unsigned freeWarpsOf(WarpMask used) { return kWarpsPerCta - static_cast<unsigned>(std::popcount(used)); }

class Placer {
 public:
  Placer(const Harness& harness, unsigned ctas, std::mt19937_64* random)
      : harness_(harness),
        random_(random),
        ctas_(ctas),
        usedWarps_(ctas, 0),
        ownedClusters_(ctas / harness.clusterSize, false) {}

  // Places one instance; false when it does not fit.
  bool place(const std::vector<TestCluster>& tree, std::uint32_t instance,
             std::vector<std::uint32_t>& roles) {
    const unsigned clusterSize = harness_.clusterSize;
    std::vector<unsigned> clusterOrder = ordered(ctas_ / clusterSize);
    // Emptiest first (ties in the shuffled order): random placements then
    // fill the grid as fully as ordered ones.
    std::vector<unsigned> freeInCluster(ctas_ / clusterSize, 0);
    for (unsigned cta = 0; cta < ctas_; ++cta) {
      freeInCluster[cta / clusterSize] += freeWarpsOf(usedWarps_[cta]);
    }
    std::stable_sort(clusterOrder.begin(), clusterOrder.end(), [&](unsigned left, unsigned right) {
      return freeInCluster[left] > freeInCluster[right];
    });
    WarpMasks used = usedWarps_;
    std::vector<bool> takenClusters(ctas_ / clusterSize, false);
    // Per test thread, the CUDA thread that runs it.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> assignments;
    for (const TestCluster& cluster : tree) {
      bool placed = false;
      for (unsigned gridCluster : clusterOrder) {
        if (takenClusters[gridCluster] || ownedClusters_[gridCluster]) {
          continue;
        }
        if (harness_.exclusiveClusters && clusterInUse(gridCluster, used)) {
          continue;
        }
        const std::size_t assigned = assignments.size();
        if (placeCluster(cluster, gridCluster, used, assignments)) {
          takenClusters[gridCluster] = true;
          placed = true;
          break;
        }
        assignments.resize(assigned);
      }
      if (!placed) {
        return false;
      }
    }
    usedWarps_ = std::move(used);
    for (std::size_t gridCluster = 0; gridCluster < takenClusters.size(); ++gridCluster) {
      if (takenClusters[gridCluster] && harness_.exclusiveClusters) {
        ownedClusters_[gridCluster] = true;
      }
    }
    for (const auto& [cudaThread, testThread] : assignments) {
      roles[cudaThread] = roleOf(instance, testThread);
    }
    return true;
  }

  const std::vector<bool>& ownedClusters() const { return ownedClusters_; }
  bool warpUsed(unsigned cta, unsigned warp) const { return (usedWarps_[cta] >> warp & 1u) != 0; }

 private:
  std::vector<unsigned> ordered(unsigned count) {
    std::vector<unsigned> order(count);
    std::iota(order.begin(), order.end(), 0u);
    if (random_ != nullptr) {
      std::shuffle(order.begin(), order.end(), *random_);
    }
    return order;
  }

  bool clusterInUse(unsigned gridCluster, const WarpMasks& used) const {
    for (unsigned cta = gridCluster * harness_.clusterSize; cta < (gridCluster + 1) * harness_.clusterSize;
         ++cta) {
      if (used[cta] != 0) {
        return true;
      }
    }
    return false;
  }

  // Places CLUSTER's CTAs in grid cluster GRID_CLUSTER, marking the warps
  // taken in USED and adding to ASSIGNMENTS; USED is left as it was when the
  // cluster does not fit.
  bool placeCluster(const TestCluster& cluster, unsigned gridCluster, WarpMasks& used,
                    std::vector<std::pair<std::uint32_t, std::uint32_t>>& assignments) {
    const unsigned clusterSize = harness_.clusterSize;
    const unsigned firstCta = gridCluster * clusterSize;
    std::vector<unsigned> ctaOrder = ordered(clusterSize);
    std::stable_sort(ctaOrder.begin(), ctaOrder.end(), [&](unsigned left, unsigned right) {
      return freeWarpsOf(used[firstCta + left]) > freeWarpsOf(used[firstCta + right]);
    });
    const WarpMasks before(used.begin() + firstCta, used.begin() + firstCta + clusterSize);
    std::vector<bool> takenCtas(clusterSize, false);
    for (const TestCta& cta : cluster.ctas) {
      bool placed = false;
      for (unsigned offset : ctaOrder) {
        const unsigned gridCta = firstCta + offset;
        if (takenCtas[offset] || freeWarpsOf(used[gridCta]) < cta.warps.size()) {
          continue;
        }
        std::vector<unsigned> free;
        for (unsigned warp : ordered(kWarpsPerCta)) {
          if ((used[gridCta] >> warp & 1u) == 0) {
            free.push_back(warp);
          }
        }
        for (std::size_t index = 0; index < cta.warps.size(); ++index) {
          const unsigned warp = free[index];
          used[gridCta] = static_cast<WarpMask>(used[gridCta] | 1u << warp);
          const std::vector<unsigned> lanes = ordered(kWarpSize);
          const std::vector<std::uint32_t>& threads = cta.warps[index].threads;
          for (std::size_t lane = 0; lane < threads.size(); ++lane) {
            assignments.emplace_back(gridCta * kThreadsPerCta + warp * kWarpSize + lanes[lane],
                                     threads[lane]);
          }
        }
        takenCtas[offset] = true;
        placed = true;
        break;
      }
      if (!placed) {
        std::copy(before.begin(), before.end(), used.begin() + firstCta);
        return false;
      }
    }
    return true;
  }

  const Harness& harness_;
  std::mt19937_64* random_;
  unsigned ctas_;
  WarpMasks usedWarps_;
  std::vector<bool> ownedClusters_;
};

}  // namespace

Launch placeInstances(const litmus::Test& test, const Harness& harness, unsigned ctas, unsigned maxInstances,
                      std::mt19937_64* random) {
  Launch launch;
  launch.ctas = ctas - ctas % harness.clusterSize;
  launch.roles.assign(std::size_t{launch.ctas} * kThreadsPerCta, kRoleExit);
  const std::vector<TestCluster> tree = scopeTree(test);
  Placer placer(harness, launch.ctas, random);
  while (launch.instances < maxInstances && launch.instances < 0xFFFFFF &&
         placer.place(tree, launch.instances, launch.roles)) {
    ++launch.instances;
  }
  if (harness.incantations.stress) {
    // Warps that run no test stress; so do none in a barrier.cluster
    // test's clusters, whose barrier counts every thread that has not exited.
    for (unsigned cta = 0; cta < launch.ctas; ++cta) {
      if (placer.ownedClusters()[cta / harness.clusterSize]) {
        continue;
      }
      for (unsigned warp = 0; warp < kWarpsPerCta; ++warp) {
        if (placer.warpUsed(cta, warp)) {
          continue;
        }
        std::fill_n(launch.roles.begin() + (std::size_t{cta} * kThreadsPerCta + warp * kWarpSize), kWarpSize,
                    kRoleStress);
      }
    }
  }
  return launch;
}

}  // namespace opcheck::gpu

#include "gpu/Placement.h"

#include <algorithm>
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

class Placer {
 public:
  Placer(const Harness& harness, unsigned ctas, std::mt19937_64* random)
      : harness_(harness),
        random_(random),
        ctas_(ctas),
        usedWarps_(ctas, std::vector<bool>(kWarpsPerCta, false)),
        ownedClusters_(ctas / harness.clusterSize, false) {}

  // Places one instance; false when it does not fit.
  bool place(const std::vector<TestCluster>& tree, std::uint32_t instance,
             std::vector<std::uint32_t>& roles) {
    const unsigned clusterSize = harness_.clusterSize;
    std::vector<unsigned> clusterOrder = ordered(ctas_ / clusterSize);
    // Emptiest first (ties in the shuffled order): random placements then
    // fill the grid as fully as ordered ones.
    std::stable_sort(clusterOrder.begin(), clusterOrder.end(), [&](unsigned left, unsigned right) {
      return freeWarps(left * clusterSize, clusterSize) > freeWarps(right * clusterSize, clusterSize);
    });
    std::vector<std::vector<bool>> used = usedWarps_;
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
        std::vector<std::vector<bool>> trial = used;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> trialAssignments;
        if (placeCluster(cluster, gridCluster, trial, trialAssignments)) {
          used = std::move(trial);
          assignments.insert(assignments.end(), trialAssignments.begin(), trialAssignments.end());
          takenClusters[gridCluster] = true;
          placed = true;
          break;
        }
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
  const std::vector<std::vector<bool>>& usedWarps() const { return usedWarps_; }

 private:
  std::vector<unsigned> ordered(unsigned count) {
    std::vector<unsigned> order(count);
    std::iota(order.begin(), order.end(), 0u);
    if (random_ != nullptr) {
      std::shuffle(order.begin(), order.end(), *random_);
    }
    return order;
  }

  unsigned freeWarps(unsigned firstCta, unsigned count) const {
    return freeWarpsIn(usedWarps_, firstCta, count);
  }

  static unsigned freeWarpsIn(const std::vector<std::vector<bool>>& used, unsigned firstCta, unsigned count) {
    unsigned free = 0;
    for (unsigned cta = firstCta; cta < firstCta + count; ++cta) {
      free += static_cast<unsigned>(std::count(used[cta].begin(), used[cta].end(), false));
    }
    return free;
  }

  bool clusterInUse(unsigned gridCluster, const std::vector<std::vector<bool>>& used) const {
    for (unsigned cta = gridCluster * harness_.clusterSize; cta < (gridCluster + 1) * harness_.clusterSize;
         ++cta) {
      if (std::find(used[cta].begin(), used[cta].end(), true) != used[cta].end()) {
        return true;
      }
    }
    return false;
  }

  bool placeCluster(const TestCluster& cluster, unsigned gridCluster, std::vector<std::vector<bool>>& used,
                    std::vector<std::pair<std::uint32_t, std::uint32_t>>& assignments) {
    const unsigned clusterSize = harness_.clusterSize;
    std::vector<unsigned> ctaOrder = ordered(clusterSize);
    std::stable_sort(ctaOrder.begin(), ctaOrder.end(), [&](unsigned left, unsigned right) {
      return freeWarpsIn(used, gridCluster * clusterSize + left, 1) >
             freeWarpsIn(used, gridCluster * clusterSize + right, 1);
    });
    std::vector<bool> takenCtas(clusterSize, false);
    for (const TestCta& cta : cluster.ctas) {
      bool placed = false;
      for (unsigned offset : ctaOrder) {
        const unsigned gridCta = gridCluster * clusterSize + offset;
        if (takenCtas[offset]) {
          continue;
        }
        std::vector<unsigned> free;
        for (unsigned warp : ordered(kWarpsPerCta)) {
          if (!used[gridCta][warp]) {
            free.push_back(warp);
          }
        }
        if (free.size() < cta.warps.size()) {
          continue;
        }
        for (std::size_t index = 0; index < cta.warps.size(); ++index) {
          const unsigned warp = free[index];
          used[gridCta][warp] = true;
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
        return false;
      }
    }
    return true;
  }

  const Harness& harness_;
  std::mt19937_64* random_;
  unsigned ctas_;
  std::vector<std::vector<bool>> usedWarps_;
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
        if (placer.usedWarps()[cta][warp]) {
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

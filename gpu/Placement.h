// Which CUDA thread runs which test thread of which instance in one launch
// (seed 000 Sec. 4.2 "Scope tree", 4.3.3 "Thread randomisation"): the role
// table the harness's kernel reads (gpu/Harness.h roleOf). Threads the test
// puts in one CTA share a CTA; in one cluster, a cluster; in one warp, a
// warp (as lanes); otherwise they are kept apart. Pure host code, tested
// without a GPU.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "gpu/Harness.h"
#include "litmus/Test.h"

namespace opcheck::gpu {

struct Launch {
  unsigned ctas = 0;                 // the grid, a multiple of the harness's cluster size
  unsigned instances = 0;            // how many copies of the test run in it
  std::vector<std::uint32_t> roles;  // one per CUDA thread: ctas * kThreadsPerCta
};

// Places as many instances as fit in CTAS CTAs (at most MAX_INSTANCES).
// With RANDOM, CTAs, clusters, warps and lanes are chosen at random (the
// shuffle incantation); without, in ascending order. Non-testing threads
// stress when the harness has that incantation, except in the clusters a
// barrier.cluster test owns, where nothing else runs.
Launch placeInstances(const litmus::Test& test, const Harness& harness, unsigned ctas, unsigned maxInstances,
                      std::mt19937_64* random);

}  // namespace opcheck::gpu

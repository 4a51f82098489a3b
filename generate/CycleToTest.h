// Turns a diy7 cycle into a litmus test in the modern PTX dialect (the one
// corpora/cuda-litmus and corpora/dat3m-ptx use), as diy7 does for its
// architectures (diy7 manual, "Principle"): the cycle's events become
// accesses, a new thread starts after each external edge, a new location
// after each "d" edge, and the condition asks for the cycle's outcome:
//   - writes to a location take the values 1, 2, ... in the order the
//     cycle meets them (their coherence order, as diy numbers it);
//   - a read takes the value of the write it reads from (Rf) or of the
//     write just before the one it is from-read before (Fr), 0 if none;
//   - a coherence edge (Ws/Co) is observed by the location's final value,
//     the value of its target (diy's final-state check; cuda-litmus
//     observes it with a final fence.sc.sys and read, which its conversion
//     turned into the same final-value condition).
// With three writes or more to one location only the last coherence step
// is observed.
#pragma once

#include <optional>
#include <string>

#include "generate/Cycle.h"
#include "generate/ThreadGrouping.h"
#include "litmus/Test.h"

namespace opcheck::generate {

struct GenerationOptions {
  // The scope of every access (and of fences written without one).
  litmus::Scope scope = litmus::Scope::Gpu;
  // Threads into CTAs; default: each thread in a CTA of its own.
  std::optional<ThreadGrouping> ctas;
  // CTAs into GPUs, as a grouping of threads; default: one GPU.
  std::optional<ThreadGrouping> gpus;
  // The test's name; empty: diy's name for the cycle (TestName.h).
  std::string name;
};

// How many threads the test of CYCLE has: one per external edge (one when
// there is none).
unsigned countThreads(const Cycle& cycle);

// Builds the test. Throws GenerationError for a grouping that does not fit
// (wrong number of threads, a CTA split over two GPUs) or an access given
// two different strengths by the edges around it.
litmus::Test buildTest(const Cycle& cycle, const GenerationOptions& options);

}  // namespace opcheck::generate

// Small random litmus tests in the modern PTX dialect, for differential
// fuzzing (scripts/fuzz-models.sh; README "Differential fuzzing").
//
// A random test is a few threads of loads, stores, atomics, reductions,
// fences, arithmetic at 32 and 64 bits, forward branches, spin loops and
// CTA barriers over two or three locations, with a random grouping of the
// threads into CTAs (and now and then two GPUs) and a random scope and
// semantics for every access (docs/generate.md "Random tests"). Its
// condition names every register a load wrote and every location, so the
// models' outcome sets are compared, not one verdict.
//
// The same seed and index give the same test on every platform: the draws
// come from std::mt19937_64, whose sequence the standard fixes, and are
// mapped to ranges by this file, not by the library's distributions (whose
// results the standard leaves to the implementation).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace opcheck::generate {

struct RandomTestSize {
  std::size_t maxThreads = 3;
  std::size_t maxInstructionsPerThread = 4;
  std::size_t maxLocations = 3;
};

// The text of random test number `index` of the series `seed`, named
// "random-SEED-INDEX".
std::string randomTest(std::uint64_t seed, std::uint64_t index, const RandomTestSize& size = {});

}  // namespace opcheck::generate

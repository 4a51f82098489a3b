// A PTX harness that runs a litmus test on an NVIDIA GPU (docs/gpu.md):
// one module whose kernel runs many instances of the test at once, each on
// locations of its own, with seed 000's incantations (Sec. 4.3) as options,
// and records each instance's final state into an output buffer. The host
// side (gpu/Placement.h, gpu/CudaRunner.h) decides which CUDA thread runs
// which test thread; the module only reads that table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "litmus/Test.h"

namespace opcheck::gpu {

// Seed 000 Sec. 4.3's incantations, each on or off (docs/gpu.md
// "Incantations"). General bank conflicts (4.3.2) are not implemented: they
// need the lanes of a testing warp to run the test's instructions on other
// locations.
struct Incantations {
  bool stress = true;   // 4.3.1: threads that run no test hammer other locations
  bool shuffle = true;  // 4.3.3: testing threads placed at random, as the scope tree allows
  bool sync = true;     // 4.3.4: testing threads of an instance start together (spin barrier)
  bool spread = true;   // each location in a cache line of its own, instances apart

  friend bool operator==(const Incantations&, const Incantations&) = default;
};

// Reads "stress,shuffle,sync,spread" (any of them, in any order) or "none".
// Empty with PROBLEM set when a word is none of these.
std::optional<Incantations> parseIncantations(std::string_view list, std::string& problem);
// The list parseIncantations reads back: "stress,shuffle,sync,spread" or "none".
std::string describe(const Incantations& incantations);

// The kernel's CTAs: 256 threads, eight warps of 32.
constexpr unsigned kWarpSize = 32;
constexpr unsigned kWarpsPerCta = 8;
constexpr unsigned kThreadsPerCta = kWarpSize * kWarpsPerCta;

// A CUDA thread's entry in the role table: exit at once, stress (when the
// harness has the incantation), or run test thread T of instance I, as
// ((I + 1) << 8) | T.
constexpr std::uint32_t kRoleExit = 0;
constexpr std::uint32_t kRoleStress = 1;
constexpr std::uint32_t roleOf(std::uint32_t instance, std::uint32_t thread) {
  return ((instance + 1) << 8) | thread;
}

// How the host reads a location's final value from its 8-byte cell: the
// width of the accesses the test makes to it, and whether they are signed.
struct CellFormat {
  unsigned bytes = 8;  // 4 or 8
  bool isSigned = false;
};

// The kernel's parameters, in order; each a 64-bit global address.
inline constexpr std::string_view kParameterNames[] = {"roles", "locations", "results", "starts", "stress"};

struct Harness {
  std::string test;                // the test's name
  std::string kernel;              // the entry's name in the module
  std::string ptx;                 // the module
  unsigned threads = 0;            // the test's threads
  unsigned clusterSize = 1;        // CTAs per cluster of the launch (.reqnctapercluster); 1: no clusters
  bool exclusiveClusters = false;  // barrier.cluster: one instance per cluster, nothing else runs there
  unsigned locationStride = 1;     // 8-byte words between two locations of an instance
  unsigned locations = 0;          // the test's locations
  std::vector<CellFormat> cells;   // per location
  // What each instance's result record holds, one 8-byte slot each: the
  // registers the condition (and "locations [...]") reads, in this order,
  // then one slot per test thread set to 1 when that thread's start barrier
  // gave up waiting (the instance is then not counted).
  std::vector<litmus::ConditionTerm> recordedRegisters;
  unsigned resultSlots = 0;
  Incantations incantations;
  // What the SASS of each thread's check kernel must hold (seed 000 Sec.
  // 4.4; scripts/gpu-run.sh reads it): one line per thread, "KERNEL
  // RECORDS ACCESS...", the kernel's name, how many stores of recorded
  // registers end it, and the test's accesses in order (load, store, or
  // atomic for atom and red).
  std::string sassOrder;
  // Where each thread's test code lies in the module: between the labels
  // beginLabel(thread) and endLabel(thread) (gpu/OrderCheck.h reads them).
  // The thread's setting up, before its start barrier, begins at
  // setupLabel(thread).
  static std::string setupLabel(std::size_t thread);
  static std::string beginLabel(std::size_t thread);
  static std::string endLabel(std::size_t thread);
};

// How many of THREAD's first instructions are mbarrier.init: the harness
// runs those before the start barrier, not between beginLabel and endLabel
// (docs/gpu.md "mbarrier": on hardware an arrive before the init, or an
// init of an initialized object, is undefined, PTX ISA 9.1 9.7.13.15.9).
std::size_t leadingMbarrierInits(const litmus::Thread& thread);

// Writes the harness of TEST (read from FILE). Throws litmus::InputError
// ("FILE:LINE:COL: error: the GPU harness cannot run ...") at the first
// construct it cannot run (docs/gpu.md "What is not supported").
Harness writeHarness(const litmus::Test& test, const std::string& file, const Incantations& incantations);

}  // namespace opcheck::gpu

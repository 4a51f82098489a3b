// The sizes opcheck's data structures are built for. A test beyond one of
// them is bad input: the parser says which limit it passes.
#pragma once

#include <cstddef>

namespace opcheck::litmus {

constexpr std::size_t kMaxThreads = 32;
constexpr std::size_t kMaxInstructionsPerThread = 1024;
constexpr std::size_t kMaxRegistersPerThread = 256;
constexpr std::size_t kMaxLocations = 256;

// The axiomatic models keep each relation as one 64-bit word per event
// (docs/architecture.md "Axiomatic models"), so a test may hold at most 64 memory
// events: loads, stores and fences count one, atomics two (a read and a
// write), barriers one. Loops unrolled by --unroll are counted when unrolled.
constexpr std::size_t kMaxMemoryEvents = 64;

// Nesting deeper than this (parentheses, negations) is refused before
// parsing, so that no input can exhaust the parser's stack.
constexpr std::size_t kMaxNesting = 64;

// Files larger than this are refused before parsing.
constexpr std::size_t kMaxFileBytes = 4u << 20;

// A log compare --against reads (herd7's or litmus7's output) holds a whole
// run of many tests: herd7's output over diy-gpu-ptx t3 alone is 5.3 MiB.
// Logs larger than this are refused before reading.
constexpr std::size_t kMaxLogBytes = 64u << 20;

}  // namespace opcheck::litmus

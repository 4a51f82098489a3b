// The final states a GPU run saw, and how often, written as a litmus7 log
// (litmus/Litmus7LogReader.h reads it back: `opcheck harness
// --observations` and `compare --against`; docs/gpu.md "The log").
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "litmus/FinalState.h"
#include "litmus/Test.h"

namespace opcheck::gpu {

struct Histogram {
  // Each full final state (one value per litmus::ObservedTerms::of(test)
  // term) and how many instances ended in it.
  std::map<litmus::FinalState, std::uint64_t> counts;
  // Instances not counted: a thread's start barrier gave up waiting.
  std::uint64_t discarded = 0;
};

// What the log says about the run besides the histogram.
struct RunDescription {
  std::string chip;          // the device's name ("NVIDIA H100 80GB HBM3")
  std::string driver;        // the CUDA driver's version ("12.8")
  std::string incantations;  // gpu/Harness.h describe()
  double seconds = 0;
};

// The log of one test's run: the test's text as read (SOURCE, which starts
// with its "PTX NAME" or "GPU_PTX NAME" line), then litmus7's result block
// for HISTOGRAM (states the condition's filter rejects left out) and a
// device block naming the chip.
std::string writeLitmus7Log(const litmus::Test& test, const std::string& sourceName,
                            const std::string& source, const Histogram& histogram, const RunDescription& run);

}  // namespace opcheck::gpu

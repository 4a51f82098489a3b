// Runs an axiomatic model on a test and collects the data races of every
// execution it allows (docs/races.md): PTX ISA 9.1 8.7.1 data races with
// seed 002's explanation, and relaxed races with seed 003's DRFrlx class.
// The model runs unchanged: a wrapper sees each execution it accepts.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/DataRaces.h"
#include "axiomcheck/ThreadPaths.h"
#include "litmus/Outcome.h"

namespace opcheck::axiomcheck {

// An execution that outlives the enumeration it came from: it owns copies
// of the thread paths its events point into.
struct KeptExecution {
  std::vector<ThreadPath> paths;
  Execution execution;
  ExecutionRaces races;
};

struct TestRaces {
  litmus::Outcome outcome;                // as checkTest gives it
  std::vector<Race> races;                // over all allowed executions, distinct, sorted
  std::vector<RelaxedRace> relaxedRaces;  // likewise
  std::uint64_t executions = 0;           // allowed executions seen
  std::uint64_t racyExecutions = 0;       // of them, with a data race
  // The first allowed execution with a data race and its races, kept to be
  // drawn (opcheck races -o).
  std::shared_ptr<const KeptExecution> firstRacyExecution;
};

// Adds the races FOUND in EXECUTION to RESULT (counts, distinct pairs, the
// most specific explanation of each, the worst DRFrlx class of each; the
// execution itself if it is the first with a data race).
void addExecutionRaces(TestRaces& result, const Execution& execution, const ExecutionRaces& found);

// Whether races can be judged on MODEL's executions: ptx (its own
// relations) and sc (each SC execution with every Fence-SC order its
// interleavings give).
bool supportsRaces(const AxiomaticModel& model);

// Throws litmus::InputError like checkTest. EXPLAIN: classify each data
// race (RaceClass); without it, only whether and where races are.
TestRaces checkRaces(const litmus::Test& test, const AxiomaticModel& model, const CheckOptions& options,
                     const std::string& file, bool explain);

// DRF0's view of races in SC executions (seed 003 Sec. 2.3, with DRFrlx's
// relaxed classes; docs/races.md "The guarantee"): a data race, or a
// relaxed race that DRFrlx does not make safe (class Ordering).
bool racyUnderDrf(const TestRaces& scRaces);

}  // namespace opcheck::axiomcheck

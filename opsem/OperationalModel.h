// Runs ptx-op on a test: compiles it, explores the machine's states with the
// parallel explorer, and reports the final states as a litmus::Outcome (the
// same form the axiomatic models give), with exploration figures, hangs and,
// on request, a witness trace.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "litmus/Outcome.h"
#include "opsem/Architecture.h"
#include "opsem/Reductions.h"
#include "statespace/Exploration.h"

namespace opcheck::opsem {

// ptx-op's name, as commands and outputs give it ("ptx-op,PRESET" with a
// preset: cli/ModelChoice.h).
inline constexpr std::string_view kOperationalModelName = "ptx-op";

struct OperationalOptions {
  Architecture architecture = architecturePresets().front();
  statespace::ExplorationOptions exploration;
  // The state-space reductions (RED-1 to RED-10, RED-3 the explorer's
  // partial-order reduction); each off, more interleavings or cache lines are kept,
  // which must give the same outcomes (tests/opsem_test.cpp).
  Reductions reductions;
  bool witness = false;  // rebuild a trace to a final state matching the condition
  // Store states in the test's own layout (StateLayout.h); off, the explorer
  // stores the machine's wide states, with the same states and outcomes
  // (tests/opsem_state_layout_test.cpp checks that).
  bool packStates = true;
};

struct OperationalResult {
  litmus::Outcome outcome;
  statespace::ExplorationStatistics statistics;
  std::uint64_t hangStates = 0;
  std::vector<std::string> hangTrace;     // steps to one state that cannot finish
  std::vector<std::string> witnessTrace;  // steps to the condition's outcome
  bool witnessRequested = false;
  bool witnessFound = false;
  // Completed, or the limit that stopped a trace search (hang or witness)
  // before it found its trace.
  statespace::StopReason traceStopReason = statespace::StopReason::Completed;
  std::string capacity;  // the state size class used
  std::size_t stateBytes = 0;
};

// Throws what runPtxOp throws for TEST before it explores, and nothing
// else: for a run that explores otherwise (recordExecutions) but must
// refuse a test as runPtxOp does.
void checkRunnable(const litmus::Test& test, const std::string& file, const OperationalOptions& options);

// Throws litmus::InputError (FILE) for what ptx-op cannot run: proxy
// instructions, or a test beyond its largest state size.
OperationalResult runPtxOp(const litmus::Test& test, const std::string& file,
                           const OperationalOptions& options);

// The outcome of final states OBSERVED (over litmus::ObservedTerms::of(TEST))
// that an exploration with STATISTICS reached: herd's counts of distinct
// states, the displayed states, the time and the states explored.
litmus::Outcome outcomeOfFinalStates(const litmus::Test& test, const std::set<litmus::FinalState>& observed,
                                     const statespace::ExplorationStatistics& statistics);

// Per state of DISPLAYED, the steps of a shortest run to a final state whose
// displayed values are it, all from one search (RunSupport.h tracesWithin):
// each the trace traceToOutcome gives; nothing for a state no run gets to
// or that the search did not reach within OPTIONS' exploration limits.
std::vector<std::optional<std::vector<std::string>>> tracesToOutcomes(
    const litmus::Test& test, const std::string& file, const OperationalOptions& options,
    const std::vector<litmus::FinalState>& displayed);

// How many explorations of ptx-op (runPtxOp, recordExecutions) and how many
// trace searches (hang, witness, outcomes, graphs) this process has run: for
// tests that pin how often a command explores a test.
std::uint64_t explorationsRun();
std::uint64_t traceSearchesRun();

// The steps of a shortest run to a final state whose displayed values (see
// litmus::ObservedTerms) are DISPLAYED; nothing when no run gets there or
// when the search passes OPTIONS' exploration limits.
std::optional<std::vector<std::string>> traceToOutcome(const litmus::Test& test, const std::string& file,
                                                       const OperationalOptions& options,
                                                       const litmus::FinalState& displayed);

}  // namespace opcheck::opsem

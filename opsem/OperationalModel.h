// Runs ptx-op on a test: compiles it, explores the machine's states with the
// parallel explorer, and reports the final states as a litmus::Outcome (the
// same form the axiomatic models give), with exploration figures, hangs and,
// on request, a witness trace.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "litmus/Outcome.h"
#include "opsem/Architecture.h"
#include "opsem/Reductions.h"
#include "statespace/Exploration.h"

namespace opcheck::opsem {

struct OperationalOptions {
  Architecture architecture = architecturePresets().front();
  statespace::ExplorationOptions exploration;
  // The state-space reductions (RED-1, RED-2 and the explorer's partial-order
  // reduction RED-3); each off, more interleavings or cache lines are kept,
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

// Throws litmus::InputError (FILE) for what ptx-op cannot run: proxy
// instructions, or a test beyond its largest state size.
OperationalResult runPtxOp(const litmus::Test& test, const std::string& file,
                           const OperationalOptions& options);

// The steps of a shortest run to a final state whose displayed values (see
// litmus::ObservedTerms) are DISPLAYED; nothing when no run gets there or
// when the search passes OPTIONS' exploration limits.
std::optional<std::vector<std::string>> traceToOutcome(const litmus::Test& test, const std::string& file,
                                                       const OperationalOptions& options,
                                                       const litmus::FinalState& displayed);

}  // namespace opcheck::opsem

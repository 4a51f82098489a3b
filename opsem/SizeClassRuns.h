// ptx-op's runs in one size class (Capacity.h): the exploration and its
// report, and the trace searches to chosen outcomes. Each class is
// compiled in a file of its own (SizeClassRunsSmall.cpp, ...Large.cpp,
// ...Huge.cpp), the instantiations of the machine and explorer for its
// plain and partitioned states being most of ptx-op's compile time, so that
// a build compiles the classes side by side; OperationalModel.cpp chooses
// the class.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "litmus/FinalState.h"
#include "opsem/OperationalModel.h"
#include "opsem/PackedPtxOpMachine.h"
#include "opsem/PtxOpMachine.h"
#include "opsem/RunSupport.h"
#include "statespace/Explorer.h"

namespace opcheck::opsem {

template <typename Capacity>
struct SizeClassRuns {
  // Runs PROGRAM on ptx-op in the size class CAPACITY, its states stored in
  // the test's own layout (StateLayout.h).
  static OperationalResult run(const litmus::Test& test, const Program& program,
                               const OperationalOptions& options, const char* capacityName);
  // For each of DISPLAYED, a shortest run to a final state that shows it
  // (tracesToOutcomes), all from one search.
  static std::vector<std::optional<std::vector<std::string>>> traces(
      const litmus::Test& test, const Program& program, const OperationalOptions& options,
      const std::vector<litmus::FinalState>& displayed);
};

// Explores MACHINE (ptx-op over packed or wide states) and reports.
template <typename Machine>
OperationalResult exploreAndReport(const litmus::Test& test, const Program& program, const Machine& machine,
                                   const OperationalOptions& options, const char* capacityName) {
  using State = typename Machine::State;
  statespace::ExplorationOptions exploration = options.exploration;
  exploration.reduceLocalSteps = options.reductions.localStepsAlone;
  // Without a backward branch every path ends, so a state that cannot
  // finish is stuck, and the explorer sees that without recording edges.
  exploration.detectHangs = exploration.detectHangs && program.hasBackwardBranch;
  noteExploration();
  const auto explored = statespace::explore(machine, exploration);

  OperationalResult result;
  result.capacity = capacityName;
  result.stateBytes = sizeof(State);
  result.statistics = explored.statistics;
  result.hangStates = explored.hangStates;

  std::set<litmus::FinalState> observedStates;
  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  for (const State& state : explored.finalStates) {
    // Past the run's deadline (--timeout) the reading stops, and the run is
    // cut as the exploration would be: no verdict reads a partial set of
    // states as whole.
    if (exploration.limits.deadline.passed()) {
      result.statistics.stopReason = statespace::StopReason::Timeout;
      break;
    }
    observedStates.insert(observe(machine, terms, state));
  }
  result.outcome = outcomeOfFinalStates(test, observedStates, result.statistics);
  const litmus::Outcome& outcome = result.outcome;

  // The traces are searched for after the exploration, within the same
  // limits (TraceBuilder.h says why), and their cost shows in peak-memory.
  auto noteStop = [&](statespace::StopReason reason) {
    if (result.traceStopReason == statespace::StopReason::Completed) {
      result.traceStopReason = reason;
    }
  };
  if (!explored.hangExamples.empty()) {
    // The nearest hang to the initial state, whichever worker found it.
    const std::unordered_set<statespace::Fingerprint, statespace::FingerprintHash> hangs(
        explored.hangExamples.begin(), explored.hangExamples.end());
    noteTraceSearch();
    const TraceLines hang = traceWithin(
        machine, [&](const State&, const statespace::Fingerprint& at) { return hangs.contains(at); },
        exploration.limits, options.reductions);
    noteStop(hang.stopReason);
    result.hangTrace = hang.lines.value_or(std::vector<std::string>{});
  }
  result.witnessRequested = options.witness;
  if (options.witness) {
    // The condition's outcome: a final state where the proposition holds
    // (exists, ~exists) or fails (forall).
    const bool wanted = test.condition.quantifier != litmus::Quantifier::Forall;
    noteTraceSearch();
    const TraceLines witness = traceWithin(
        machine,
        [&](const State& state, const statespace::Fingerprint&) {
          if (!machine.isFinal(state)) {
            return false;
          }
          const litmus::FinalState observed = observe(machine, outcome.terms, state);
          if (test.condition.filter && !litmus::holds(*test.condition.filter, outcome.terms, observed)) {
            return false;
          }
          return litmus::holds(test.condition.proposition, outcome.terms, observed) == wanted;
        },
        exploration.limits, options.reductions);
    noteStop(witness.stopReason);
    result.witnessFound = witness.lines.has_value();
    result.witnessTrace = witness.lines.value_or(std::vector<std::string>{});
  }
  result.statistics.peakResidentBytes = statespace::peakResidentBytes();
  return result;
}

template <typename Capacity>
OperationalResult SizeClassRuns<Capacity>::run(const litmus::Test& test, const Program& program,
                                               const OperationalOptions& options, const char* capacityName) {
  const PtxOpMachine<Capacity> wide(program, options.architecture, options.reductions);
  return withStoredStates(wide, options.packStates, [&](const auto& machine) {
    return exploreAndReport(test, program, machine, options, capacityName);
  });
}

template <typename Capacity>
std::vector<std::optional<std::vector<std::string>>> SizeClassRuns<Capacity>::traces(
    const litmus::Test& test, const Program& program, const OperationalOptions& options,
    const std::vector<litmus::FinalState>& displayed) {
  const PtxOpMachine<Capacity> wide(program, options.architecture, options.reductions);
  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  std::map<litmus::FinalState, std::vector<std::size_t>> targets;
  for (std::size_t target = 0; target < displayed.size(); ++target) {
    targets[displayed[target]].push_back(target);
  }
  static const std::vector<std::size_t> kNone;
  noteTraceSearch();
  // The search stores the states it visits as the exploration does (the
  // runs found are the same either way).
  return withStoredStates(wide, options.packStates, [&](const auto& machine) {
    return tracesWithin(
               machine, displayed.size(),
               [&](const auto& state, const statespace::Fingerprint&) -> const std::vector<std::size_t>& {
                 if (!machine.isFinal(state)) {
                   return kNone;
                 }
                 const auto found =
                     targets.find(litmus::displayedPart(terms, observe(machine, terms, state)));
                 return found == targets.end() ? kNone : found->second;
               },
               options.exploration.limits, options.reductions)
        .lines;
  });
}

extern template struct SizeClassRuns<SmallCapacity>;
extern template struct SizeClassRuns<PartitionedL2Capacity<SmallCapacity>>;
extern template struct SizeClassRuns<LargeCapacity>;
extern template struct SizeClassRuns<PartitionedL2Capacity<LargeCapacity>>;
extern template struct SizeClassRuns<HugeCapacity>;
extern template struct SizeClassRuns<PartitionedL2Capacity<HugeCapacity>>;

}  // namespace opcheck::opsem

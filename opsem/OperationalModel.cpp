#include "opsem/OperationalModel.h"

#include <chrono>
#include <set>
#include <unordered_set>

#include "litmus/Diagnostic.h"
#include "opsem/PackedPtxOpMachine.h"
#include "opsem/PtxOpMachine.h"
#include "opsem/RunSupport.h"
#include "statespace/Explorer.h"

namespace opcheck::opsem {

namespace {

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
  const auto explored = statespace::explore(machine, exploration);

  OperationalResult result;
  result.capacity = capacityName;
  result.stateBytes = sizeof(State);
  result.statistics = explored.statistics;
  result.hangStates = explored.hangStates;

  litmus::Outcome& outcome = result.outcome;
  outcome.model = "ptx-op";
  outcome.unit = litmus::CountUnit::States;
  outcome.terms = litmus::ObservedTerms::of(test);
  std::set<litmus::FinalState> observedStates;
  for (const State& state : explored.finalStates) {
    observedStates.insert(observe(machine, outcome.terms, state));
  }
  // Counts are of distinct final states over the observed terms (design.md
  // "Command line": for an operational model, counts of distinct states).
  for (const litmus::FinalState& observed : observedStates) {
    if (test.condition.filter && !litmus::holds(*test.condition.filter, outcome.terms, observed)) {
      continue;
    }
    if (litmus::holds(test.condition.proposition, outcome.terms, observed)) {
      ++outcome.positive;
    } else {
      ++outcome.negative;
    }
    outcome.states.insert(litmus::displayedPart(outcome.terms, observed));
  }
  outcome.seconds = explored.statistics.seconds;
  outcome.candidates = explored.statistics.states;

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
    const TraceLines hang = traceWithin(
        machine, [&](const State&, const statespace::Fingerprint& at) { return hangs.contains(at); },
        exploration.limits);
    noteStop(hang.stopReason);
    result.hangTrace = hang.lines.value_or(std::vector<std::string>{});
  }
  result.witnessRequested = options.witness;
  if (options.witness) {
    // The condition's outcome: a final state where the proposition holds
    // (exists, ~exists) or fails (forall).
    const bool wanted = test.condition.quantifier != litmus::Quantifier::Forall;
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
        exploration.limits);
    noteStop(witness.stopReason);
    result.witnessFound = witness.lines.has_value();
    result.witnessTrace = witness.lines.value_or(std::vector<std::string>{});
  }
  result.statistics.peakResidentBytes = statespace::peakResidentBytes();
  return result;
}

// Runs PROGRAM on ptx-op in the size class CAPACITY, its states stored in
// the test's own layout (StateLayout.h).
template <typename Capacity>
OperationalResult run(const litmus::Test& test, const Program& program, const OperationalOptions& options,
                      const char* capacityName) {
  const PtxOpMachine<Capacity> wide(program, options.architecture, options.reductions);
  const StateLayout<Capacity> layout(wide.hardware(), wide.initialState());
  if (!options.packStates) {
    return exploreAndReport(test, program, wide, options, capacityName);
  }
  return withPackedStates(wide, layout, [&](const auto& machine) {
    return exploreAndReport(test, program, machine, options, capacityName);
  });
}

template <typename Capacity>
std::optional<std::vector<std::string>> traceToDisplayed(const litmus::Test& test, const Program& program,
                                                         const OperationalOptions& options,
                                                         const litmus::FinalState& displayed) {
  using Machine = PtxOpMachine<Capacity>;
  const Machine machine(program, options.architecture, options.reductions);
  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  return traceWithin(
             machine,
             [&](const typename Machine::State& state, const statespace::Fingerprint&) {
               return machine.isFinal(state) &&
                      litmus::displayedPart(terms, observe(machine, terms, state)) == displayed;
             },
             options.exploration.limits)
      .lines;
}

// The capacity a program fits, or a refusal naming ptx-op's limits.
enum class CapacityClass { Small, Large };

CapacityClass capacityFor(const Program& program, const std::string& file) {
  if (fits<SmallCapacity>(program)) {
    return CapacityClass::Small;
  }
  if (fits<LargeCapacity>(program)) {
    return CapacityClass::Large;
  }
  refuseTooLarge(file, &program);
}

}  // namespace

std::optional<std::vector<std::string>> traceToOutcome(const litmus::Test& test, const std::string& file,
                                                       const OperationalOptions& options,
                                                       const litmus::FinalState& displayed) {
  const Program program = compileProgram(test, file, options.architecture);
  const bool small = capacityFor(program, file) == CapacityClass::Small;
  if (options.architecture.partitionedL2) {
    return small ? traceToDisplayed<PartitionedL2Capacity<SmallCapacity>>(test, program, options, displayed)
                 : traceToDisplayed<PartitionedL2Capacity<LargeCapacity>>(test, program, options, displayed);
  }
  return small ? traceToDisplayed<SmallCapacity>(test, program, options, displayed)
               : traceToDisplayed<LargeCapacity>(test, program, options, displayed);
}

OperationalResult runPtxOp(const litmus::Test& test, const std::string& file,
                           const OperationalOptions& options) {
  const Program program = compileProgram(test, file, options.architecture);
  const bool small = capacityFor(program, file) == CapacityClass::Small;
  // The near-partition copies live in a state class of their own, so that
  // every other preset keeps its state bytes (Capacity.h).
  if (options.architecture.partitionedL2) {
    return small ? run<PartitionedL2Capacity<SmallCapacity>>(test, program, options, "small")
                 : run<PartitionedL2Capacity<LargeCapacity>>(test, program, options, "large");
  }
  return small ? run<SmallCapacity>(test, program, options, "small")
               : run<LargeCapacity>(test, program, options, "large");
}

}  // namespace opcheck::opsem

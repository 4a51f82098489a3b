#include "opsem/OperationalModel.h"

#include <atomic>
#include <chrono>
#include <map>
#include <set>
#include <type_traits>
#include <unordered_set>

#include "litmus/Diagnostic.h"
#include "opsem/PackedPtxOpMachine.h"
#include "opsem/PtxOpMachine.h"
#include "opsem/RunSupport.h"
#include "statespace/Explorer.h"

namespace opcheck::opsem {

namespace {

std::atomic<std::uint64_t> explorations{0};   // explorationsRun
std::atomic<std::uint64_t> traceSearches{0};  // traceSearchesRun

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

// Runs PROGRAM on ptx-op in the size class CAPACITY, its states stored in
// the test's own layout (StateLayout.h).
template <typename Capacity>
OperationalResult run(const litmus::Test& test, const Program& program, const OperationalOptions& options,
                      const char* capacityName) {
  const PtxOpMachine<Capacity> wide(program, options.architecture, options.reductions);
  return withStoredStates(wide, options.packStates, [&](const auto& machine) {
    return exploreAndReport(test, program, machine, options, capacityName);
  });
}

template <typename Capacity>
std::vector<std::optional<std::vector<std::string>>> tracesToDisplayed(
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

// The size class a program fits (Capacity.h), or a refusal naming ptx-op's
// limits.
enum class CapacityClass { Small, Large, Huge };

CapacityClass capacityFor(const Program& program, const std::string& file) {
  if (fits<SmallCapacity>(program)) {
    return CapacityClass::Small;
  }
  if (fits<LargeCapacity>(program)) {
    return CapacityClass::Large;
  }
  if (fits<HugeCapacity>(program)) {
    return CapacityClass::Huge;
  }
  refuseTooLarge<HugeCapacity>(file, program, std::string(kOperationalModelName));
}

// RUN(std::type_identity<Capacity>{}, name) for the size class of PROGRAM,
// with near-partition copies under a preset that partitions the L2 (a
// class of their own, so that every other preset keeps its state bytes).
template <typename Run>
auto withCapacityFor(const Program& program, const std::string& file, const Architecture& architecture,
                     Run&& run) {
  auto in = [&]<typename Capacity>(std::type_identity<Capacity>, const char* name) {
    return architecture.partitionedL2 ? run(std::type_identity<PartitionedL2Capacity<Capacity>>{}, name)
                                      : run(std::type_identity<Capacity>{}, name);
  };
  switch (capacityFor(program, file)) {
    case CapacityClass::Small:
      return in(std::type_identity<SmallCapacity>{}, "small");
    case CapacityClass::Large:
      return in(std::type_identity<LargeCapacity>{}, "large");
    case CapacityClass::Huge:
      break;
  }
  return in(std::type_identity<HugeCapacity>{}, "huge");
}

}  // namespace

void noteExploration() { explorations.fetch_add(1, std::memory_order_relaxed); }
void noteTraceSearch() { traceSearches.fetch_add(1, std::memory_order_relaxed); }

std::uint64_t explorationsRun() { return explorations.load(std::memory_order_relaxed); }
std::uint64_t traceSearchesRun() { return traceSearches.load(std::memory_order_relaxed); }

litmus::Outcome outcomeOfFinalStates(const litmus::Test& test, const std::set<litmus::FinalState>& observed,
                                     const statespace::ExplorationStatistics& statistics) {
  litmus::Outcome outcome;
  outcome.model = std::string(kOperationalModelName);
  outcome.unit = litmus::CountUnit::States;
  outcome.terms = litmus::ObservedTerms::of(test);
  // Counts are of distinct final states over the observed terms (README
  // "Use": for ptx-op, counts are of distinct final states).
  for (const litmus::FinalState& state : observed) {
    if (test.condition.filter && !litmus::holds(*test.condition.filter, outcome.terms, state)) {
      continue;
    }
    if (litmus::holds(test.condition.proposition, outcome.terms, state)) {
      ++outcome.positive;
    } else {
      ++outcome.negative;
    }
    outcome.states.insert(litmus::displayedPart(outcome.terms, state));
  }
  outcome.seconds = statistics.seconds;
  outcome.candidates = statistics.states;
  return outcome;
}

std::vector<std::optional<std::vector<std::string>>> tracesToOutcomes(
    const litmus::Test& test, const std::string& file, const OperationalOptions& options,
    const std::vector<litmus::FinalState>& displayed) {
  if (displayed.empty()) {
    return {};
  }
  const Program program = compileProgram(test, file, options.architecture);
  return withCapacityFor(program, file, options.architecture,
                         [&]<typename Capacity>(std::type_identity<Capacity>, const char*) {
                           return tracesToDisplayed<Capacity>(test, program, options, displayed);
                         });
}

std::optional<std::vector<std::string>> traceToOutcome(const litmus::Test& test, const std::string& file,
                                                       const OperationalOptions& options,
                                                       const litmus::FinalState& displayed) {
  return tracesToOutcomes(test, file, options, {displayed}).front();
}

void checkRunnable(const litmus::Test& test, const std::string& file, const OperationalOptions& options) {
  capacityFor(compileProgram(test, file, options.architecture), file);
}

OperationalResult runPtxOp(const litmus::Test& test, const std::string& file,
                           const OperationalOptions& options) {
  const Program program = compileProgram(test, file, options.architecture);
  return withCapacityFor(program, file, options.architecture,
                         [&]<typename Capacity>(std::type_identity<Capacity>, const char* name) {
                           return run<Capacity>(test, program, options, name);
                         });
}

}  // namespace opcheck::opsem

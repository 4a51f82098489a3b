#include "opsem/OperationalModel.h"

#include <chrono>
#include <set>

#include "litmus/Diagnostic.h"
#include "opsem/PtxOpMachine.h"
#include "statespace/Explorer.h"
#include "statespace/TraceBuilder.h"

namespace opcheck::opsem {

namespace {

template <typename Capacity>
bool fits(const Program& program) {
  bool fitsThreads = program.threads.size() <= Capacity::kThreads;
  for (const auto& code : program.threads) {
    fitsThreads = fitsThreads && code.size() < 255;
  }
  return fitsThreads && program.locations <= Capacity::kLocations &&
         program.maxRegisters <= Capacity::kRegisters && program.maxBarriersPerCta <= Capacity::kBarriers;
}

// ptx-op's value as the IR's: an address becomes the first location that
// names that memory.
litmus::Value toLitmusValue(const Program& program, Value value) {
  if (value >= kAddressBase && value < kAddressBase + static_cast<Value>(program.locations)) {
    for (std::size_t location = 0; location < program.physicalLocation.size(); ++location) {
      if (program.physicalLocation[location] == value - kAddressBase) {
        return litmus::Value::ofAddress(static_cast<litmus::LocationId>(location));
      }
    }
  }
  return litmus::Value::ofInteger(value);
}

template <typename Machine>
litmus::FinalState observe(const Machine& machine, const litmus::ObservedTerms& terms,
                           const typename Machine::State& state) {
  const std::vector<std::vector<Value>> registers = machine.finalRegisters(state);
  const std::vector<Value> memory = machine.finalMemory(state);
  litmus::FinalState observed;
  for (const litmus::ConditionTerm& term : terms.terms()) {
    const Value value = term.kind == litmus::ConditionTerm::Kind::Register
                            ? registers[term.thread][term.index]
                            : memory[term.index];
    observed.push_back(toLitmusValue(machine.program(), value));
  }
  return observed;
}

template <typename Machine, typename IsTarget>
std::optional<std::vector<std::string>> traceTo(const Machine& machine, IsTarget isTarget) {
  const auto trace = statespace::findTrace(machine, isTarget);
  if (!trace) {
    return std::nullopt;
  }
  std::vector<std::string> lines;
  typename Machine::State before = trace->initial;
  for (const auto& step : trace->steps) {
    lines.push_back(machine.describe(before, step.transition, step.state));
    before = step.state;
  }
  return lines;
}

template <typename Capacity>
OperationalResult run(const litmus::Test& test, const Program& program, const OperationalOptions& options,
                      const char* capacityName) {
  using Machine = PtxOpMachine<Capacity>;
  using State = typename Machine::State;
  const Machine machine(program, options.architecture);
  statespace::ExplorationOptions exploration = options.exploration;
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

  if (!explored.hangExamples.empty()) {
    const statespace::Fingerprint hang = explored.hangExamples.front();
    result.hangTrace = traceTo(machine, [&](const State&, const statespace::Fingerprint& at) {
                         return at == hang;
                       }).value_or(std::vector<std::string>{});
  }
  result.witnessRequested = options.witness;
  if (options.witness) {
    // The condition's outcome: a final state where the proposition holds
    // (exists, ~exists) or fails (forall).
    const bool wanted = test.condition.quantifier != litmus::Quantifier::Forall;
    const auto witness = traceTo(machine, [&](const State& state, const statespace::Fingerprint&) {
      if (!machine.isFinal(state)) {
        return false;
      }
      const litmus::FinalState observed = observe(machine, outcome.terms, state);
      if (test.condition.filter && !litmus::holds(*test.condition.filter, outcome.terms, observed)) {
        return false;
      }
      return litmus::holds(test.condition.proposition, outcome.terms, observed) == wanted;
    });
    result.witnessFound = witness.has_value();
    result.witnessTrace = witness.value_or(std::vector<std::string>{});
  }
  return result;
}

template <typename Capacity>
std::optional<std::vector<std::string>> traceToDisplayed(const litmus::Test& test, const Program& program,
                                                         const OperationalOptions& options,
                                                         const litmus::FinalState& displayed) {
  using Machine = PtxOpMachine<Capacity>;
  const Machine machine(program, options.architecture);
  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  return traceTo(machine, [&](const typename Machine::State& state, const statespace::Fingerprint&) {
    return machine.isFinal(state) &&
           litmus::displayedPart(terms, observe(machine, terms, state)) == displayed;
  });
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
  litmus::fail(file, {},
               "test too large for ptx-op: it handles at most " + std::to_string(LargeCapacity::kThreads) +
                   " threads, " + std::to_string(LargeCapacity::kLocations) + " locations, " +
                   std::to_string(LargeCapacity::kRegisters) + " registers and " +
                   std::to_string(LargeCapacity::kBarriers) + " barriers per CTA");
}

}  // namespace

std::optional<std::vector<std::string>> traceToOutcome(const litmus::Test& test, const std::string& file,
                                                       const OperationalOptions& options,
                                                       const litmus::FinalState& displayed) {
  const Program program = compileProgram(test, file);
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
  const Program program = compileProgram(test, file);
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

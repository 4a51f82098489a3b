// What the two ways of running ptx-op (OperationalModel.cpp for outcomes,
// ExecutionGraph.cpp for execution graphs) share: the size check, final
// states in the IR's terms, and traces.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "litmus/Diagnostic.h"
#include "litmus/FinalState.h"
#include "opsem/Capacity.h"
#include "opsem/Program.h"
#include "statespace/TraceBuilder.h"

namespace opcheck::opsem {

// Whether PROGRAM fits the states of size class CAPACITY.
template <typename Capacity>
bool fits(const Program& program) {
  bool fitsThreads = program.threads.size() <= Capacity::kThreads;
  for (const auto& code : program.threads) {
    fitsThreads = fitsThreads && code.size() < 255;
  }
  return fitsThreads && program.locations <= Capacity::kLocations &&
         program.maxRegisters <= Capacity::kRegisters && program.maxBarriersPerCta <= Capacity::kBarriers;
}

// Refuses a test that fits no size class, naming ptx-op's limits.
[[noreturn]] inline void refuseTooLarge(const std::string& file) {
  litmus::fail(file, {},
               "test too large for ptx-op: it handles at most " + std::to_string(LargeCapacity::kThreads) +
                   " threads, " + std::to_string(LargeCapacity::kLocations) + " locations, " +
                   std::to_string(LargeCapacity::kRegisters) + " registers and " +
                   std::to_string(LargeCapacity::kBarriers) + " barriers per CTA");
}

// ptx-op's value as the IR's: an address becomes the first location that
// names that memory.
inline litmus::Value toLitmusValue(const Program& program, Value value) {
  if (isAddress(value)) {
    for (std::size_t location = 0; location < program.physicalLocation.size(); ++location) {
      if (program.physicalLocation[location] == locationAt(value)) {
        return litmus::Value::ofAddress(static_cast<litmus::LocationId>(location));
      }
    }
  }
  return litmus::Value::ofInteger(value);
}

// The values of TERMS in the final state STATE.
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

// A shortest run to a state ISTARGET(state, fingerprint) accepts, a line
// per step; nothing when no run gets there.
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

}  // namespace opcheck::opsem

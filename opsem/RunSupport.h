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
#include "opsem/Reductions.h"
#include "statespace/TraceBuilder.h"

namespace opcheck::opsem {

// Counted by explorationsRun and traceSearchesRun (OperationalModel.h):
// each call to statespace::explore, and each trace search, of either way.
void noteExploration();
void noteTraceSearch();

// Whether PROGRAM fits the states of size class CAPACITY.
template <typename Capacity>
bool fits(const Program& program) {
  bool fitsThreads = program.threads.size() <= Capacity::kThreads;
  for (const auto& code : program.threads) {
    fitsThreads = fitsThreads && code.size() < 255;
  }
  return fitsThreads && program.lines <= Capacity::kLocations &&  // lines: PROXY-1, PROXY-5
         program.maxRegisters <= Capacity::kRegisters && program.maxBarriersPerCta <= Capacity::kBarriers;
}

// Where PROGRAM first passes the size class CAPACITY: the first instruction
// of the first thread beyond the thread limit, the first instruction past
// the code limit, the first naming a location or register beyond the
// limit, the first barrier beyond a CTA's limit (compiled code is one
// instruction per source instruction). Nothing when the source is unknown.
template <typename Capacity>
litmus::SourcePosition positionBeyond(const Program& program) {
  if (program.test == nullptr) {
    return {};
  }
  const litmus::Test& test = *program.test;
  auto firstOf = [&](std::size_t thread) {
    const auto& instructions = test.threads[thread].instructions;
    return instructions.empty() ? litmus::SourcePosition{} : instructions.front().position;
  };
  if (test.threads.size() > Capacity::kThreads) {
    return firstOf(Capacity::kThreads);
  }
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    const auto& instructions = test.threads[thread].instructions;
    if (instructions.size() >= 255) {
      return instructions[254].position;
    }
  }
  std::vector<std::size_t> barriersOfCta(program.ctas, 0);
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    const litmus::Thread& code = test.threads[thread];
    if (code.registers.size() > Capacity::kRegisters) {
      for (const litmus::Instruction& instruction : code.instructions) {
        for (const litmus::Operand& operand : instruction.operands) {
          if (operand.kind == litmus::Operand::Kind::Register && operand.index >= Capacity::kRegisters) {
            return instruction.position;
          }
        }
      }
      return firstOf(thread);
    }
    for (const litmus::Instruction& instruction : code.instructions) {
      for (const litmus::Operand& operand : instruction.operands) {
        if (operand.kind == litmus::Operand::Kind::Location &&
            operand.index < program.physicalLocation.size() &&
            program.physicalLocation[operand.index] >= Capacity::kLocations) {
          return instruction.position;
        }
      }
      if (instruction.barrierAction != litmus::BarrierAction::None &&
          ++barriersOfCta[program.ctaOf[thread]] > Capacity::kBarriers) {
        return instruction.position;
      }
    }
  }
  return test.threads.empty() ? litmus::SourcePosition{} : firstOf(0);
}

// Refuses a test beyond CAPACITY, the largest size class WHAT (ptx-op, or
// its execution graphs) has, naming its limits and pointing at what in
// PROGRAM passes them.
template <typename Capacity>
[[noreturn]] void refuseTooLarge(const std::string& file, const Program& program, const std::string& what) {
  litmus::fail(file, positionBeyond<Capacity>(program),
               "test too large for " + what + ": it handles at most " + std::to_string(Capacity::kThreads) +
                   " threads, " + std::to_string(Capacity::kLocations) + " locations, " +
                   std::to_string(Capacity::kRegisters) + " registers and " +
                   std::to_string(Capacity::kBarriers) + " barriers per CTA");
}

// ptx-op's value as the IR's: an address becomes the first location that
// names that memory, a held integer the integer (heldInteger).
inline litmus::Value toLitmusValue(const Program& program, Value value) {
  if (WideIntegers::isInterned(value)) {
    return litmus::Value::ofInteger(program.wideIntegers->integer(value));
  }
  if (program.asyncOperations && isPackedMbarrier(value)) {  // COPY-7
    return litmus::Value::ofInteger(unpackedMbarrier(value));
  }
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

// The steps of TRACE, a line each.
template <typename Machine>
std::vector<std::string> describeTrace(const Machine& machine,
                                       const statespace::Trace<typename Machine::State>& trace) {
  std::vector<std::string> lines;
  typename Machine::State before = trace.initial;
  for (const auto& step : trace.steps) {
    lines.push_back(machine.describe(before, step.transition, step.state));
    before = step.state;
  }
  return lines;
}

// A trace search's answer in lines: nothing when no run gets there or a
// limit stopped the search (STOPREASON says which).
struct TraceLines {
  std::optional<std::vector<std::string>> lines;
  statespace::StopReason stopReason = statespace::StopReason::Completed;
};

// A shortest run to a state ISTARGET(state, fingerprint) accepts, within
// LIMITS, in the graph reduced as REDUCTIONS says (statespace::searchTrace).
template <typename Machine, typename IsTarget>
TraceLines traceWithin(const Machine& machine, IsTarget isTarget, const statespace::ExplorationLimits& limits,
                       const Reductions& reductions) {
  const auto search = statespace::searchTrace(machine, isTarget, limits, reductions.localStepsAlone);
  TraceLines result;
  result.stopReason = search.stopReason;
  if (search.trace) {
    result.lines = describeTrace(machine, *search.trace);
  }
  return result;
}

// Several traces from one search (statespace::searchTraces): per target
// below TARGETS, the lines of a shortest run to a state TARGETSOF(state,
// fingerprint) names it in, each the trace traceWithin would give for that
// target alone; STOPREASON says whether a limit stopped the search first.
struct TracesLines {
  std::vector<std::optional<std::vector<std::string>>> lines;  // per target
  statespace::StopReason stopReason = statespace::StopReason::Completed;
};

template <typename Machine, typename TargetsOf>
TracesLines tracesWithin(const Machine& machine, std::size_t targets, TargetsOf targetsOf,
                         const statespace::ExplorationLimits& limits, const Reductions& reductions) {
  const auto search =
      statespace::searchTraces(machine, targets, targetsOf, limits, reductions.localStepsAlone);
  TracesLines result;
  result.stopReason = search.stopReason;
  for (const auto& trace : search.traces) {
    result.lines.push_back(trace ? std::optional(describeTrace(machine, *trace)) : std::nullopt);
  }
  return result;
}

// A shortest run to a state ISTARGET(state, fingerprint) accepts, a line
// per step; nothing when no run gets there.
template <typename Machine, typename IsTarget>
std::optional<std::vector<std::string>> traceTo(const Machine& machine, IsTarget isTarget) {
  return traceWithin(machine, isTarget, statespace::ExplorationLimits{}).lines;
}

}  // namespace opcheck::opsem

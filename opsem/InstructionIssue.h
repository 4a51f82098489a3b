// A thread's front end: it issues its instructions in program order.
// Register operations and branches complete at issue; a memory operation,
// fence or barrier joins the thread's in-flight list, to be performed later
// (MemoryOperations.h) in the order PerformOrder.h allows.
//
// [ISSUE-1] An instruction waits for every register it reads or writes that
//   a load in flight will still write, so dependencies are real and no value
//   is speculated: No-Thin-Air holds by construction (PTX ISA 9.1 8.10.4).
// [ISSUE-2] An instruction whose guard fails does nothing.
// [ISSUE-3] An access whose address register holds no location's address
//   stays unissued: the thread is stuck, and the state is reported as a
//   hang.
// [ISSUE-4] A barrier without a thread count waits for the threads of its
//   CTA that may reach a barrier of its name (Dat3M's barriers:
//   barrierParticipants in Program.h).
// [RED-3] Reduction (off with --no-reduction): issuing touches only the
//   issuing thread (its registers, program counter and in-flight list), so
//   the explorer may follow an issue step alone (statespace/Explorer.h,
//   partial-order reduction), but for a branch back. So may it the steps
//   RED-4 (MemoryOperations.h) and RED-5 (StoreBuffer.h) let alone.
//   Local steps form no cycle, so the explorer needs no cycle proviso and
//   always follows the first local step alone: a state comes back only
//   through a branch back, which is never local. Apart from branches back,
//   every step either makes progress that no step undoes (an issue, a perform, a
//   barrier arrival, a write or a request moving on), or copies a value
//   one level down (memory to a home line, L2-1, MEM-2; a home line to a
//   near copy, PART-1; the L2 to an L1 or proxy line, L1-2, PROXY-1) from
//   a level that only progress changes, so between two steps of progress
//   each level comes closer to the one above and never goes back; a
//   perform, a drain or a copy only uses up work that issues made. Every
//   cycle of the full state graph therefore takes a branch back, and the
//   state it is taken from is expanded fully. The reduced states are the
//   same whatever order workers find them in, so are the hang counts.
//
// Invariants (StateInvariants.h):
// [INV-1] A thread the program lacks is all zero.
// [INV-2] The program counter is within the thread's code (its end:
//   finished or cut).
// [INV-3] Registers the thread lacks are zero; the others hold an
//   integer or the address of a location of the program.
// [INV-4] The in-flight list is within capacity, its unused slots
//   zero; each entry names an instruction of the thread that is performed
//   later (an access, fence or barrier), an access names a location of the
//   program and a register of the thread, and `waiting` is 0 or 1.
// [INV-5] The pending registers are exactly the destinations of the
//   loads and atomics in flight (ISSUE-1).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"
#include "opsem/StateInvariants.h"
#include "opsem/ValueOperations.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class InstructionIssue {
 public:
  using State = MachineState<Capacity>;
  using InFlight = typename State::InFlight;

  explicit InstructionIssue(const Hardware<Capacity>& hardware) : hardware_(hardware) {}

  // INV-1 to INV-5.
  void checkInvariants(const State& state, InvariantCheck& check) const {
    const Program& program = hardware_.program;
    for (std::size_t thread = 0; thread < Capacity::kThreads; ++thread) {
      const typename State::Thread& self = state.threads[thread];
      const auto where = [thread] { return at("thread", thread); };
      if (thread >= program.threads.size()) {
        check.require(isZero(self), "INV-1 a thread the program lacks is all zero", where);
        continue;
      }
      const std::vector<CompiledInstruction>& code = program.threads[thread];
      check.require(self.pc <= code.size(), "INV-2 program counter within the code", [&] {
        return where() + ": pc " + std::to_string(self.pc) + " of " + std::to_string(code.size());
      });
      const std::size_t registers = program.initialRegisters[thread].size();
      check.require(unusedSlotsZero(self.registers, registers), "INV-3 registers the thread lacks are zero",
                    where);
      for (std::size_t reg = 0; reg < std::min(registers, Capacity::kRegisters); ++reg) {
        check.require(valueInRange(program, self.registers[reg]),
                      "INV-3 a register holds an integer or an address of the program", [&] {
                        return where() + ": register " + std::to_string(reg) + " = " +
                               std::to_string(self.registers[reg]);
                      });
      }
      check.require(
          self.inFlightCount <= Capacity::kInFlight && unusedSlotsZero(self.inFlight, self.inFlightCount),
          "INV-4 in-flight list within capacity, unused slots zero",
          [&] { return where() + ": " + std::to_string(self.inFlightCount) + " in flight"; });
      std::uint32_t loading = 0;
      for (std::size_t index = 0; index < std::min<std::size_t>(self.inFlightCount, Capacity::kInFlight);
           ++index) {
        const InFlight& entry = self.inFlight[index];
        const auto slot = [&] { return where() + ", in-flight slot " + std::to_string(index); };
        const bool named = entry.instruction >= 1 && entry.instruction <= code.size();
        const litmus::Opcode opcode = named ? code[entry.instruction - 1u].opcode : litmus::Opcode::Move;
        const bool performedLater = litmus::isMemoryAccess(opcode) || isOrderingPoint(opcode);
        check.require(named && performedLater && entry.waiting <= 1,
                      "INV-4 an in-flight entry is an access, fence or barrier of its thread", [&] {
                        return slot() + ": instruction " + std::to_string(entry.instruction) + ", waiting " +
                               std::to_string(entry.waiting);
                      });
        if (litmus::isMemoryAccess(opcode)) {
          check.require(entry.location < program.locations &&
                            (!litmus::readsMemory(opcode) || entry.destination < registers) &&
                            valueInRange(program, entry.value) && valueInRange(program, entry.compare),
                        "INV-4 an in-flight access names a location and a register of the program", [&] {
                          return slot() + ": location " + std::to_string(entry.location) + ", register " +
                                 std::to_string(entry.destination);
                        });
        }
        if (litmus::readsMemory(opcode) && entry.destination < 32) {
          loading |= 1u << entry.destination;
        }
      }
      check.require(self.pendingRegisters == loading,
                    "INV-5 the pending registers are the destinations of the loads in flight", [&] {
                      return where() + ": pending " + std::to_string(self.pendingRegisters) + ", loading " +
                             std::to_string(loading);
                    });
    }
  }

  // RED-3: whether THREAD's issue step, which is enabled, may be followed
  // alone: every issue but a branch back, which may close a cycle.
  bool issueAlone(const State& state, std::uint32_t thread) const {
    const CompiledInstruction& instruction = hardware_.program.threads[thread][state.threads[thread].pc];
    // COPY-1, COPY-6: handing an operation over fills its CTA's engine, and
    // a wait waits for the engine's steps.
    return !instruction.jumpsBack && !isAsyncIssue(instruction.opcode);
  }

  // The step in which THREAD issues its next instruction.
  bool issue(State& state, std::uint32_t thread) const {
    typename State::Thread& self = state.threads[thread];
    const std::vector<CompiledInstruction>& code = hardware_.program.threads[thread];
    if (self.pc >= code.size()) {
      return false;
    }
    const CompiledInstruction& instruction = code[self.pc];
    auto pending = [&](Value reg) { return ((self.pendingRegisters >> reg) & 1u) != 0; };
    auto value = [&](const CompiledOperand& operand) {
      return operand.kind == CompiledOperand::Kind::Register ? self.registers[operand.value] : operand.value;
    };
    for (const CompiledOperand& operand : instruction.operands) {
      const bool inRegister = operand.kind == CompiledOperand::Kind::Register ||
                              operand.kind == CompiledOperand::Kind::RegisterAddress;
      if (inRegister && pending(operand.value)) {
        return false;  // ISSUE-1
      }
    }
    if (instruction.guarded) {
      if (pending(instruction.guardRegister)) {
        return false;  // ISSUE-1
      }
      const bool holds = self.registers[instruction.guardRegister] != 0;
      if (holds == instruction.guardNegated) {
        ++self.pc;  // ISSUE-2
        return true;
      }
    }
    const auto& operands = instruction.operands;
    auto writeRegister = [&](const CompiledOperand& destination, Value result) {
      if (pending(destination.value)) {
        return false;  // ISSUE-1
      }
      self.registers[destination.value] = result;
      ++self.pc;
      return true;
    };
    auto jump = [&](bool taken, Value target) {
      if (taken && target <= self.pc && !hardware_.recorder.backwardJump(state, thread)) {
        cut(state, thread);
        return true;
      }
      self.pc = taken ? static_cast<std::uint8_t>(target) : static_cast<std::uint8_t>(self.pc + 1);
      return true;
    };
    using litmus::InstructionKind;
    switch (litmus::kindOf(instruction.opcode)) {
      case InstructionKind::RegisterOperation: {
        // mov and cvt have one source: it is both (Exchange gives the second).
        const Value right = value(operands.back());
        const Value left = operands.size() > 2 ? value(operands[1]) : right;
        return writeRegister(
            operands[0], update(hardware_.program, litmus::registerOperation(instruction.opcode), left, right,
                                instruction.type, thread, self.pc));
      }
      case InstructionKind::SetPredicate:
        return writeRegister(operands[0], holds(hardware_.program, instruction.comparison, value(operands[1]),
                                                value(operands[2]), instruction.type)
                                              ? 1
                                              : 0);
      case InstructionKind::Jump:
        return jump(true, operands[0].value);
      case InstructionKind::ConditionalBranch:
        return jump(holds(hardware_.program, litmus::branchComparison(instruction.opcode), value(operands[0]),
                          value(operands[1]), instruction.type),
                    operands[2].value);
      case InstructionKind::Load:
      case InstructionKind::Store:
      case InstructionKind::ReadModifyWrite:
      case InstructionKind::Reduction:
      case InstructionKind::Fence:
      case InstructionKind::ProxyFence:
      case InstructionKind::LegacyFence:
      case InstructionKind::Barrier:
      case InstructionKind::ClusterArrive:
      case InstructionKind::ClusterWait:
        break;                               // performed later, from the in-flight list
      case InstructionKind::MbarrierInit:    // run as st, atom and ld
      case InstructionKind::MbarrierArrive:  // (MBAR-1, litmus/MbarrierLowering.h)
      case InstructionKind::MbarrierWait:
      case InstructionKind::MbarrierUpdate:
        return false;
      case InstructionKind::AsyncCopy:  // COPY-1
      case InstructionKind::AsyncStore:
        return hardware_.copyEngine.handOver(state, thread);
      case InstructionKind::AsyncWait:  // COPY-6
        return hardware_.copyEngine.await(state, thread);
      case InstructionKind::AsyncCommit:  // COPY-6: the groups are the program's
        ++self.pc;
        return true;
    }
    return issueOperation(state, thread, instruction);
  }

 private:
  // A memory operation, fence or barrier joins THREAD's in-flight list.
  bool issueOperation(State& state, std::uint32_t thread, const CompiledInstruction& instruction) const {
    typename State::Thread& self = state.threads[thread];
    if (self.inFlightCount == Capacity::kInFlight) {
      return false;
    }
    auto pending = [&](Value reg) { return ((self.pendingRegisters >> reg) & 1u) != 0; };
    auto value = [&](const CompiledOperand& operand) {
      return operand.kind == CompiledOperand::Kind::Register ? self.registers[operand.value] : operand.value;
    };
    const auto& operands = instruction.operands;
    InFlight entry{};
    entry.instruction = static_cast<std::uint8_t>(self.pc + 1);
    // Program.cpp compiles the proxy accesses to ld and st, the decoder
    // rewrites membar, and the copy engine issues the asynchronous
    // operations, so only ld, st, atom, red, fences and barriers get here.
    using litmus::InstructionKind;
    const InstructionKind kind = litmus::kindOf(instruction.opcode);
    switch (kind) {
      case InstructionKind::Load:
      case InstructionKind::ReadModifyWrite:
        if (pending(operands[0].value) || !locationOf(self, operands[1], entry.location)) {
          return false;  // ISSUE-1, ISSUE-3
        }
        entry.destination = static_cast<std::uint8_t>(operands[0].value);
        if (kind == InstructionKind::ReadModifyWrite) {
          const bool swap = instruction.operation == litmus::Operation::CompareAndSwap;
          entry.compare = swap ? value(operands[2]) : 0;
          entry.value = value(operands[swap ? 3 : 2]);
        } else if (instruction.result != litmus::Operation::None) {
          entry.value = value(operands[2]);  // MBAR-1: the wait's state operand
        }
        self.pendingRegisters |= 1u << entry.destination;
        break;
      case InstructionKind::Store:
      case InstructionKind::Reduction:
        if (!locationOf(self, operands[0], entry.location)) {
          return false;  // ISSUE-3
        }
        entry.value = value(operands[1]);
        if (instruction.operation == litmus::Operation::MbarrierInit) {  // MBAR-1: the new object
          entry.value = update(hardware_.program, instruction.operation, 0, entry.value, instruction.type,
                               thread, self.pc);
        }
        break;
      case InstructionKind::Barrier: {
        // Dat3M's forms: bar.cta.sync a | a, b | a, b, count. The first two
        // operands name the barrier (ISSUE-4).
        entry.compare = value(operands[0]);
        const bool hasSecond = operands.size() > 1;
        entry.value = hasSecond ? value(operands[1]) : -1;
        const Value count = operands.size() > 2
                                ? value(operands[2])
                                : std::popcount(barrierParticipants(hardware_.program, thread, instruction,
                                                                    entry.compare, entry.value));
        entry.barrierThreads =
            static_cast<std::uint8_t>(std::clamp<Value>(count, 0, State::kBarrierThreadsLimit));
        break;
      }
      // Fences and cluster barriers carry nothing (CBAR-1, CBAR-2); register
      // operations and branches complete at issue (above), never in flight.
      case InstructionKind::Fence:
      case InstructionKind::ProxyFence:
      case InstructionKind::LegacyFence:
      case InstructionKind::ClusterArrive:
      case InstructionKind::ClusterWait:
      case InstructionKind::RegisterOperation:
      case InstructionKind::SetPredicate:
      case InstructionKind::Jump:
      case InstructionKind::ConditionalBranch:
        break;
      case InstructionKind::MbarrierInit:  // run as st, atom and ld (MBAR-1)
      case InstructionKind::MbarrierArrive:
      case InstructionKind::MbarrierWait:
      case InstructionKind::MbarrierUpdate:
      case InstructionKind::AsyncCopy:  // issued by the copy engine (COPY-1, COPY-6)
      case InstructionKind::AsyncCommit:
      case InstructionKind::AsyncWait:
      case InstructionKind::AsyncStore:
        return false;
    }
    if (!hardware_.recorder.issue(state, thread)) {
      cut(state, thread);
      return true;
    }
    self.inFlight[self.inFlightCount++] = entry;
    ++self.pc;
    return true;
  }

  // Whether an instruction of OPCODE is issued by the copy engine's rules.
  static bool isAsyncIssue(litmus::Opcode opcode) {
    using litmus::InstructionKind;
    const InstructionKind kind = litmus::kindOf(opcode);
    return kind == InstructionKind::AsyncCopy || kind == InstructionKind::AsyncStore ||
           kind == InstructionKind::AsyncWait || kind == InstructionKind::AsyncCommit;
  }

  // ISSUE-3: the location ADDRESS names, if any.
  bool locationOf(const typename State::Thread& self, const CompiledOperand& address,
                  std::uint8_t& location) const {
    Value where = address.value;
    if (address.kind == CompiledOperand::Kind::RegisterAddress) {
      const Value held = self.registers[address.value];
      if (!isAddress(held)) {
        return false;
      }
      where = static_cast<Value>(locationAt(held));
    }
    if (where < 0 || static_cast<std::size_t>(where) >= hardware_.program.locations) {
      return false;
    }
    location = static_cast<std::uint8_t>(where);
    return true;
  }

  // Stops THREAD: its run went past the recording bounds.
  void cut(State& state, std::uint32_t thread) const {
    hardware_.recorder.cut(state);
    state.threads[thread].pc = static_cast<std::uint8_t>(hardware_.program.threads[thread].size());
  }

  const Hardware<Capacity>& hardware_;
};

}  // namespace opcheck::opsem

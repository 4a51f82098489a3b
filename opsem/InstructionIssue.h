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
//   defaultBarrierCount in Program.h).
// [RED-3] Reduction (off with --no-reduction): issuing touches only the
//   issuing thread (its registers, program counter and in-flight list), so
//   the explorer may follow an issue step alone (statespace/Explorer.h,
//   partial-order reduction with the cycle proviso).
#pragma once

#include <algorithm>
#include <cstdint>

#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"
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
        break;  // performed later, from the in-flight list
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
    // Program.cpp refuses the proxy instructions, and the decoder rewrites
    // membar, so only ld, st, atom, red, fence and bar get here.
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
        }
        self.pendingRegisters |= 1u << entry.destination;
        break;
      case InstructionKind::Store:
      case InstructionKind::Reduction:
        if (!locationOf(self, operands[0], entry.location)) {
          return false;  // ISSUE-3
        }
        entry.value = value(operands[1]);
        break;
      case InstructionKind::Barrier: {
        // Dat3M's forms: bar.cta.sync a | a, b | a, b, count. The first two
        // operands name the barrier (ISSUE-4).
        entry.compare = value(operands[0]);
        const bool hasSecond = operands.size() > 1;
        entry.value = hasSecond ? value(operands[1]) : -1;
        const Value count = operands.size() > 2 ? value(operands[2])
                                                : defaultBarrierCount(hardware_.program, thread,
                                                                      entry.compare, entry.value, hasSecond);
        entry.location = static_cast<std::uint8_t>(std::clamp<Value>(count, 0, 255));
        break;
      }
      case InstructionKind::Fence:
      case InstructionKind::ProxyFence:
      case InstructionKind::LegacyFence:
        break;  // fences carry nothing
      case InstructionKind::RegisterOperation:
      case InstructionKind::SetPredicate:
      case InstructionKind::Jump:
      case InstructionKind::ConditionalBranch:
        break;  // completed at issue (issue above); never in flight
    }
    if (!hardware_.recorder.issue(state, thread)) {
      cut(state, thread);
      return true;
    }
    self.inFlight[self.inFlightCount++] = entry;
    ++self.pc;
    return true;
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

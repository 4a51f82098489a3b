#include "litmus/MbarrierLowering.h"

#include "support/Assert.h"

namespace opcheck::litmus {

// MBAR-1 (MbarrierLowering.h).
MbarrierAccess lowerMbarrier(const Instruction& instruction) {
  OPCHECK_ASSERT(isMbarrierInstruction(instruction.opcode), "lowerMbarrier lowers mbarrier instructions");
  MbarrierAccess lowered;
  Instruction& access = lowered.access;
  access = instruction;
  access.type = DataType::B64;
  const InstructionKind kind = kindOf(instruction.opcode);
  if (kind == InstructionKind::MbarrierInit) {  // [M], count
    access.opcode = Opcode::Store;
    access.operation = Operation::MbarrierInit;
    access.semantics = Semantics::Weak;
    access.scope = Scope::None;
  } else if (kind == InstructionKind::MbarrierArrive) {  // state, [M]{, txCount}
    // arrive's operand is 0; arrive.expect_tx's its txCount (its row's
    // operation, Opcodes.def).
    access.opcode = Opcode::Atomic;
    const Operation own = info(instruction.opcode).registerOperation;
    access.operation = own == Operation::None ? Operation::MbarrierArrive : own;
    if (access.operands.size() < 3) {
      access.operands.push_back(Operand{Operand::Kind::Immediate, 0, 0});
    }
    lowered.result = Operation::MbarrierPhase;
  } else if (kind == InstructionKind::MbarrierUpdate) {  // [M], txCount: red's operands
    access.opcode = Opcode::Reduction;
    access.operation = info(instruction.opcode).registerOperation;
  } else {  // done, [M], state{, hint}
    access.opcode = Opcode::Load;
    access.operation = Operation::None;
    access.operands.resize(3);
    lowered.result = Operation::MbarrierPhaseComplete;
  }
  return lowered;
}

}  // namespace opcheck::litmus

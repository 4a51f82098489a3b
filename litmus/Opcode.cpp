#include "litmus/Opcode.h"

#include "litmus/InstructionSemantics.h"

namespace opcheck::litmus {

// The table is indexed by opcode: each row must sit at its enumerator's
// place, which holds as long as Opcode and the table come from the same
// file in the same order.
static_assert([] {
  std::size_t index = 0;
  for (const OpcodeInfo& row : allOpcodes()) {
    if (static_cast<std::size_t>(row.opcode) != index++) {
      return false;
    }
  }
  return true;
}());

// A register operation says what it computes, a conditional branch what it
// compares, an mbarrier instruction may say what its access computes
// (MbarrierLowering.h), and nothing else does either (InstructionSemantics.h).
static_assert([] {
  for (const OpcodeInfo& row : allOpcodes()) {
    const bool computes = row.kind == InstructionKind::RegisterOperation ||
                          (isMbarrierInstruction(row.opcode) && isMbarrierOperation(row.registerOperation));
    if (computes != (row.registerOperation != Operation::None) ||
        (row.kind == InstructionKind::ConditionalBranch) != (row.branchComparison != Comparison::None)) {
      return false;
    }
  }
  return true;
}());

}  // namespace opcheck::litmus

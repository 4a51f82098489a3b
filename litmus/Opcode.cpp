#include "litmus/Opcode.h"

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
// compares, and nothing else does either (InstructionSemantics.h).
static_assert([] {
  for (const OpcodeInfo& row : allOpcodes()) {
    if ((row.kind == InstructionKind::RegisterOperation) != (row.registerOperation != Operation::None) ||
        (row.kind == InstructionKind::ConditionalBranch) != (row.branchComparison != Comparison::None)) {
      return false;
    }
  }
  return true;
}());

}  // namespace opcheck::litmus

// [MBAR-1] What an mbarrier instruction runs as, once for every model (PTX
// ISA 9.1 9.7.13.15 mbarrier; 8.8 Release and Acquire Patterns). An
// mbarrier object is the value of the location it lives at
// (InstructionSemantics.h "mbarrier objects", docs/dialects.md "mbarrier"),
// and each mbarrier instruction is one access of that location, the st, atom
// or ld it is lowered to here; the axiomatic models (axiomcheck/
// ThreadPaths.cpp) and ptx-op (opsem/Program.cpp) run that access through
// their own paths for st, atom and ld:
// - mbarrier.init [M], count: a weak st of the new object, no scope
//   (9.7.13.15.9 gives it no .sem): it stores update(MbarrierInit, 0, count).
// - mbarrier.arrive state, [M]: an atom of its semantics and scope (the
//   arrive-on operation, 9.7.13.15.7; a release one is a release pattern on
//   M, 8.8: "mbarrier.arrive.release [M]") that stores
//   update(MbarrierArrive, old, 0); state receives update(MbarrierPhase,
//   old, 0), the object's phase before the arrive.
// - mbarrier.arrive.expect_tx state, [M], txCount: the same atom, storing
//   update(MbarrierArriveExpectTx, old, txCount) (9.7.13.15.13: "an
//   expect-tx operation prior to the arrive-on operation").
// - mbarrier.expect_tx / mbarrier.complete_tx [M], txCount: a red of its
//   semantics (.relaxed, the one 9.7.13.15.11 and .12 allow) and scope that
//   stores update(MbarrierExpectTx or MbarrierCompleteTx, old, txCount).
// - mbarrier.test_wait/try_wait done, [M], state: an ld of its semantics and
//   scope (an acquire pattern, 8.8: "mbarrier.test_wait.acquire [M]"); done
//   receives update(MbarrierPhaseComplete, value read, state). try_wait is
//   test_wait: a suspended thread may resume "before the phase completes
//   following a system-dependent time limit" (9.7.13.15.16), so no outcome
//   needs the suspension, and its time hint is no access.
// "When mbarrier.test_wait and mbarrier.try_wait operations with .acquire
// qualifier returns True, they form the acquire pattern" (9.7.13.15.16): an
// acquire wait is an acquire read where it returns True and a relaxed read
// where it returns False. A model may read it as acquire either way (ptx-op
// does): stronger, so every run is one ptx allows.
// Every access is .b64, the type of an mbarrier object (9.7.13.15.1).
#pragma once

#include "litmus/Instruction.h"

namespace opcheck::litmus {

struct MbarrierAccess {
  // The st, atom or ld the instruction runs as: opcode Store, Atomic or
  // Load with st's, atom's and ld's operands (atom's operand the immediate
  // 0). A Store's operation is MbarrierInit: it stores update(operation, 0,
  // its value). Position and guard are the instruction's.
  Instruction access;
  // What the destination register receives: update(result, value read, the
  // access's last operand) at .b64; None for the st.
  Operation result = Operation::None;
};

// INSTRUCTION, an mbarrier instruction (isMbarrierInstruction), as the
// access it runs as.
MbarrierAccess lowerMbarrier(const Instruction& instruction);

}  // namespace opcheck::litmus

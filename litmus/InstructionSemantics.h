// What the instructions that compute values mean, once for every model:
// register arithmetic, what atom and red store, setp's and the branches'
// comparisons (PTX ISA 9.1 9.7.1 integer arithmetic, setp, 9.7.13.5
// atom). The axiomatic models (axiomcheck/Expression.cpp) and
// ptx-op (opsem/ValueOperations.h) both compute through these functions,
// so that a value means the same in each.
//
// Width. An instruction computes at its type's width: .b8/.s8/.u8 at 8
// bits, 16, 32, and .b64/.s64/.u64 at 64. An instruction without a type
// (Dat3M's PTX dialect, whose registers carry none) computes at 64 bits: a
// choice, the dialect says nothing (README "Models").
// A result keeps the width's low bits, sign-extended for .s and .b types
// (two's complement) and zero-extended for .u types; comparisons are
// signed but for .u types.
//
// Addresses. A value is an integer or the address of a location, never
// both (Value.h). Adding or subtracting 0, or or-ing or xor-ing with 0,
// keeps an address; moving one keeps it; equality compares which location
// it names. Any other arithmetic on an address computes with the number it
// stands for (addressNumber) and gives an integer: the same integer in
// every model.
//
// mbarrier objects (PTX ISA 9.1 9.7.13.15). An mbarrier object is the
// value of the location it lives at, and the mbarrier instructions are
// accesses of that location (docs/dialects.md "mbarrier"): mbarrier.init a
// write, mbarrier.arrive a read-modify-write (the arrive-on operation,
// 9.7.13.15.7), mbarrier.test_wait/try_wait a read. The object keeps "the
// current phase", "the count of pending arrivals for the current phase" and
// "the count of expected arrivals" and the tx-count, "Count of pending
// asynchronous memory operations (or transactions)" (9.7.13.15.2); its value
// is the integer
//     t * 1000000000 + phase * 1000000 + expected * 1000 + pending,
// 0 <= pending <= expected <= 999, 0 <= phase <= 999, t = tx for a tx-count
// 0 <= tx <= 999 and t = 999 - tx for -999 <= tx < 0 (the ISA's tx-count
// may fall below zero, 9.7.13.15.2), pending 0 only while tx is not (the
// phase then waits for its transactions): decimal digits, so that a final
// state shows the object as it is (1002002: phase 1, two arrivals expected,
// both pending, no transactions; 16000001000: 16 bytes of transactions
// pending, no arrival). Any other value (0, the initial value of a
// location, among them) holds no object: the ISA leaves operations on it
// undefined ("The mbarrier object must be initialized prior to use",
// 9.7.13.15.3); opcheck gives them one meaning in every model: an arrive
// leaves the value as it is and returns phase 0, and a wait finds no phase
// complete. A count the encoding cannot hold is bad input (the decoder
// refuses an immediate one, parser/MnemonicDecoder.cpp; one computed in a
// register makes no object). The state an arrive returns, "opaque" and
// "implementation specific" in the ISA, is the phase the object was in
// before the arrive (9.7.13.15.13: "capturing the phase of the mbarrier
// object prior to the arrive-on operation").
#pragma once

#include <cstdint>
#include <optional>

#include "litmus/Opcode.h"
#include "litmus/Qualifiers.h"
#include "litmus/Value.h"

namespace opcheck::litmus {

// The bits an instruction of TYPE computes with.
unsigned bitsOf(DataType type);

// INTEGER as a register of TYPE holds it.
std::int64_t fitted(std::int64_t integer, DataType type);

// The number an address stands for in arithmetic that does not keep it.
constexpr std::int64_t addressNumber(LocationId location) {
  return (std::int64_t{1} << 40) + std::int64_t{8} * location;
}

// What OPERATION makes of LEFT and RIGHT at TYPE: the value atom/red
// store, given the old value and the operand (Exchange: the operand;
// Increment, Decrement: the operand is the bound), and a register
// operation's result (registerOperation). CompareAndSwap and None give
// RIGHT.
Value update(Operation operation, const Value& left, const Value& right, DataType type);

// The counts an mbarrier object holds at most in opcheck's encoding (the
// ISA's limit is 2^20 - 1, 9.7.13.15.2).
constexpr std::int64_t kMaxMbarrierCount = 999;

struct MbarrierObject {
  std::int64_t phase = 0;
  std::int64_t expected = 0;
  std::int64_t pending = 0;
  std::int64_t tx = 0;  // the tx-count (9.7.13.15.5)
};

// The object VALUE holds, if any.
std::optional<MbarrierObject> mbarrierObject(const Value& value);
// The value that holds OBJECT.
Value mbarrierValue(const MbarrierObject& object);

// The mbarrier operations, through `update` (operations MbarrierInit,
// MbarrierArrive, MbarrierPhase, MbarrierPhaseComplete):
// - MbarrierInit, RIGHT the count: the object mbarrier.init writes, phase 0
//   with COUNT arrivals expected and pending (9.7.13.15.9).
// - MbarrierArrive, LEFT the object: the object after one arrive-on
//   (9.7.13.15.7): one arrival fewer pending; at zero the phase completes,
//   the object "transitions to the next phase" and "the pending arrival
//   count is reinitialized to the expected arrival count" (9.7.13.15.6).
// - MbarrierExpectTx, LEFT the object, RIGHT a count: the expect-tx
//   operation, tx-count increased by the count (9.7.13.15.5.1).
// - MbarrierCompleteTx, LEFT the object, RIGHT a count: the complete-tx
//   operation, tx-count decreased by the count, then the phase completes if
//   "The count of the pending arrivals has reached zero" and "The tx-count
//   has reached zero" (9.7.13.15.5.2, 9.7.13.15.6).
// - MbarrierArriveExpectTx, LEFT the object, RIGHT a count: "an expect-tx
//   operation prior to the arrive-on operation" (9.7.13.15.13).
//   An arrive-on completes the phase under the same two conditions.
//   An update that would take a count outside the encoding leaves LEFT as
//   it is.
// - MbarrierPhase, LEFT the object: the state an arrive returns, the phase.
// - MbarrierPhaseComplete, LEFT the object, RIGHT a state: 1 when the phase
//   the state names has completed in LEFT (the object is in a later phase),
//   else 0: test_wait's and try_wait's waitComplete (9.7.13.15.16).
constexpr bool isMbarrierOperation(Operation operation) {
  return operation == Operation::MbarrierInit || operation == Operation::MbarrierArrive ||
         operation == Operation::MbarrierPhase || operation == Operation::MbarrierPhaseComplete ||
         operation == Operation::MbarrierExpectTx || operation == Operation::MbarrierCompleteTx ||
         operation == Operation::MbarrierArriveExpectTx;
}

// Whether LEFT COMPARISON RIGHT holds at TYPE.
bool holds(Comparison comparison, const Value& left, const Value& right, DataType type);

// The operation a register instruction applies to its two sources (mov and
// cvt: Exchange, the second source); None for every other instruction
// (Opcodes.def's registerOperation column).
Operation registerOperation(Opcode opcode);

// The comparison a conditional branch makes; None for other instructions
// (Opcodes.def's branchComparison column).
Comparison branchComparison(Opcode opcode);

}  // namespace opcheck::litmus

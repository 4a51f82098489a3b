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
#pragma once

#include <cstdint>

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

// The arithmetic ptx-op applies to values: register operations, atomic
// updates, comparisons for setp and conditional branches.
#pragma once

#include <algorithm>
#include <cstdint>

#include "opsem/Program.h"

namespace opcheck::opsem {

// atom/red: the value written for OLD and OPERAND (PTX ISA 9.7.12.3).
inline Value combine(litmus::Operation operation, Value old, Value operand) {
  using litmus::Operation;
  switch (operation) {
    case Operation::Exchange:
      return operand;
    case Operation::Add:
      return static_cast<Value>(static_cast<std::uint32_t>(old) + static_cast<std::uint32_t>(operand));
    case Operation::Subtract:
      return static_cast<Value>(static_cast<std::uint32_t>(old) - static_cast<std::uint32_t>(operand));
    case Operation::Increment:  // atom.inc: wraps to 0 past the bound
      return old >= operand ? 0 : old + 1;
    case Operation::Decrement:  // atom.dec: wraps to the bound below 0
      return (old == 0 || old > operand) ? operand : old - 1;
    case Operation::And:
      return old & operand;
    case Operation::Or:
      return old | operand;
    case Operation::Xor:
      return old ^ operand;
    case Operation::Min:
      return std::min(old, operand);
    case Operation::Max:
      return std::max(old, operand);
    default:
      return operand;
  }
}

inline bool compare(litmus::Comparison comparison, Value left, Value right) {
  using litmus::Comparison;
  switch (comparison) {
    case Comparison::Equal:
      return left == right;
    case Comparison::NotEqual:
      return left != right;
    case Comparison::Less:
      return left < right;
    case Comparison::LessOrEqual:
      return left <= right;
    case Comparison::Greater:
      return left > right;
    case Comparison::GreaterOrEqual:
      return left >= right;
    case Comparison::None:
      break;
  }
  return false;
}

// The comparison a conditional branch makes.
inline litmus::Comparison branchComparison(litmus::Opcode opcode) {
  using litmus::Comparison;
  using litmus::Opcode;
  switch (opcode) {
    case Opcode::BranchEqual:
      return Comparison::Equal;
    case Opcode::BranchNotEqual:
      return Comparison::NotEqual;
    case Opcode::BranchLess:
      return Comparison::Less;
    case Opcode::BranchLessOrEqual:
      return Comparison::LessOrEqual;
    case Opcode::BranchGreater:
      return Comparison::Greater;
    case Opcode::BranchGreaterOrEqual:
      return Comparison::GreaterOrEqual;
    default:
      return Comparison::None;
  }
}

}  // namespace opcheck::opsem

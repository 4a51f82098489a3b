// The words of herd's C litmus tests that carry meaning, and what each
// means in the IR (docs/dialects.md "C"): one table for the parser, which
// reads them, and the C printer, which writes them back.
#pragma once

#include <array>
#include <string_view>

#include "litmus/Opcode.h"
#include "litmus/Qualifiers.h"

namespace opcheck::litmus {

// C11 7.17.3's memory orders as semantics; memory_order_consume is refused.
struct CMemoryOrder {
  std::string_view name;
  Semantics semantics;
};
inline constexpr std::array<CMemoryOrder, 5> kCMemoryOrders = {{
    {"memory_order_relaxed", Semantics::Relaxed},
    {"memory_order_acquire", Semantics::Acquire},
    {"memory_order_release", Semantics::Release},
    {"memory_order_acq_rel", Semantics::AcquireRelease},
    {"memory_order_seq_cst", Semantics::SequentiallyConsistent},
}};

// The memory order of SEMANTICS ("memory_order_relaxed" for Weak, which no
// atomic has).
constexpr std::string_view cMemoryOrderName(Semantics semantics) {
  for (const CMemoryOrder& order : kCMemoryOrders) {
    if (order.semantics == semantics) {
      return order.name;
    }
  }
  return kCMemoryOrders.front().name;
}

// The failure order C++ pairs with a compare-exchange's success order
// (C++20 [atomics.types.operations] 23: "the value of failure is ...
// success with memory_order_acq_rel replaced by memory_order_acquire and
// memory_order_release replaced by memory_order_relaxed"). The C models
// read a failed compare-exchange as a read of that order, so the parser
// takes no other and the printer writes it.
constexpr Semantics pairedFailureOrder(Semantics success) {
  if (success == Semantics::AcquireRelease) {
    return Semantics::Acquire;
  }
  return success == Semantics::Release ? Semantics::Relaxed : success;
}

// CUDA's thread scopes (libcu++'s cuda::thread_scope), opcheck's extension:
// a last argument of an explicit atomic or a fence.
struct CScope {
  std::string_view name;
  Scope scope;
};
inline constexpr std::array<CScope, 4> kCScopes = {{
    {"thread_scope_block", Scope::Cta},
    {"thread_scope_cluster", Scope::Cluster},
    {"thread_scope_device", Scope::Gpu},
    {"thread_scope_system", Scope::System},
}};

// The atomic builtins (C11 7.17.7, 7.17.4) and the instruction each is.
enum class CBuiltinKind { Load, Store, ReadModifyWrite, CompareExchange, Fence };
struct CBuiltin {
  std::string_view name;
  CBuiltinKind kind;
  Operation operation;  // of a read-modify-write
  bool isExplicit;      // takes memory orders, then an optional scope
};
inline constexpr std::array<CBuiltin, 19> kCBuiltins = {{
    {"atomic_load_explicit", CBuiltinKind::Load, Operation::None, true},
    {"atomic_load", CBuiltinKind::Load, Operation::None, false},
    {"atomic_store_explicit", CBuiltinKind::Store, Operation::None, true},
    {"atomic_store", CBuiltinKind::Store, Operation::None, false},
    {"atomic_exchange_explicit", CBuiltinKind::ReadModifyWrite, Operation::Exchange, true},
    {"atomic_exchange", CBuiltinKind::ReadModifyWrite, Operation::Exchange, false},
    {"atomic_fetch_add_explicit", CBuiltinKind::ReadModifyWrite, Operation::Add, true},
    {"atomic_fetch_add", CBuiltinKind::ReadModifyWrite, Operation::Add, false},
    {"atomic_fetch_sub_explicit", CBuiltinKind::ReadModifyWrite, Operation::Subtract, true},
    {"atomic_fetch_sub", CBuiltinKind::ReadModifyWrite, Operation::Subtract, false},
    {"atomic_fetch_and_explicit", CBuiltinKind::ReadModifyWrite, Operation::And, true},
    {"atomic_fetch_and", CBuiltinKind::ReadModifyWrite, Operation::And, false},
    {"atomic_fetch_or_explicit", CBuiltinKind::ReadModifyWrite, Operation::Or, true},
    {"atomic_fetch_or", CBuiltinKind::ReadModifyWrite, Operation::Or, false},
    {"atomic_fetch_xor_explicit", CBuiltinKind::ReadModifyWrite, Operation::Xor, true},
    {"atomic_fetch_xor", CBuiltinKind::ReadModifyWrite, Operation::Xor, false},
    {"atomic_compare_exchange_strong_explicit", CBuiltinKind::CompareExchange, Operation::CompareAndSwap,
     true},
    {"atomic_compare_exchange_strong", CBuiltinKind::CompareExchange, Operation::CompareAndSwap, false},
    {"atomic_thread_fence", CBuiltinKind::Fence, Operation::None, true},
}};

// The explicit builtin of a kind (and operation), as the printer writes it.
constexpr const CBuiltin* explicitCBuiltin(CBuiltinKind kind, Operation operation) {
  for (const CBuiltin& builtin : kCBuiltins) {
    if (builtin.isExplicit && builtin.kind == kind && builtin.operation == operation) {
      return &builtin;
    }
  }
  return nullptr;
}

// The register arithmetic of "r = a OP b", and the comparisons of
// "if (a CMP b)" with the branch that skips the block where it fails.
struct COperator {
  std::string_view spelling;
  Opcode opcode;
};
inline constexpr std::array<COperator, 5> kCArithmetic = {{
    {"+", Opcode::Add},
    {"-", Opcode::Subtract},
    {"&", Opcode::And},
    {"|", Opcode::Or},
    {"^", Opcode::Xor},
}};
inline constexpr std::array<COperator, 6> kCSkippingBranches = {{
    {"==", Opcode::BranchNotEqual},
    {"!=", Opcode::BranchEqual},
    {"<", Opcode::BranchGreaterOrEqual},
    {"<=", Opcode::BranchGreater},
    {">", Opcode::BranchLessOrEqual},
    {">=", Opcode::BranchLess},
}};

}  // namespace opcheck::litmus

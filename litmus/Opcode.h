// The instructions opcheck reads and what kind of instruction each is, both
// generated from Opcodes.def: the one classification the parser, the
// printer and every model read (GenMC's EventLabel.def is the pattern:
// docs/adding-an-instruction.md). Code that needs to tell instructions apart
// asks `kindOf` or one of the predicates below; it never lists opcodes.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "litmus/Qualifiers.h"

namespace opcheck::litmus {

enum class Opcode : std::uint8_t {
#define OPCODE(Enumerator, spelling, kind, proxies, registerOperation, branchComparison, categories, \
               operands)                                                                             \
  Enumerator,
#include "litmus/Opcodes.def"
};

// What an instruction does: the column the models dispatch on. A switch over
// it lists every kind and has no default, so that a new kind is a compile
// error (-Wswitch) wherever it is not yet handled.
enum class InstructionKind : std::uint8_t {
  Load,               // reads memory into a register: ld, and the proxy loads
  Store,              // writes memory: st, sust
  ReadModifyWrite,    // reads and writes one location, returns the old value: atom
  Reduction,          // reads and writes one location, returns nothing: red
  Fence,              // fence.sc / fence.acq_rel
  ProxyFence,         // fence.proxy
  LegacyFence,        // membar, decoded as fence.sc (seed 001 Sec. 3.6)
  Barrier,            // bar.sync / bar.arrive
  ClusterArrive,      // barrier.cluster.arrive (PTX ISA 7.8)
  ClusterWait,        // barrier.cluster.wait
  MbarrierInit,       // mbarrier.init: a weak write of its object (InstructionSemantics.h)
  MbarrierArrive,     // mbarrier.arrive: an atomic update of its object
  MbarrierWait,       // mbarrier.test_wait, mbarrier.try_wait: a read of its object
  MbarrierUpdate,     // mbarrier.expect_tx, mbarrier.complete_tx: an update of its object, no result
  AsyncCopy,          // cp.async.bulk, cp.async: an asynchronous copy (litmus/AsyncOperations.h)
  AsyncCommit,        // cp.async.bulk.commit_group, cp.async.commit_group
  AsyncWait,          // cp.async.bulk.wait_group, cp.async.wait_group, cp.async.wait_all
  AsyncStore,         // st.async: an asynchronous store signalling an mbarrier
  RegisterOperation,  // mov, add, sub, and, or, xor, cvt
  SetPredicate,       // setp
  Jump,               // bra, goto
  ConditionalBranch,  // beq, bne, blt, ble, bgt, bge
};

// The proxy an instruction goes through (PTX ISA 9.1 8.6 "Proxies"); a
// fence.proxy's is the one its .proxykind qualifier names (Qualified).
// litmus/Proxies.h reads it.
enum class AccessProxy : std::uint8_t { Generic, Constant, Surface, Texture, Async, Qualified };

// One row of Opcodes.def.
struct OpcodeInfo {
  Opcode opcode;
  std::string_view spelling;
  InstructionKind kind;
  AccessProxy proxies;
  // RegisterOperation: what it computes; an mbarrier instruction whose
  // access computes something other than its kind's: that (the tx-count
  // ones, litmus/MbarrierLowering.h); else None.
  Operation registerOperation;
  Comparison branchComparison;       // ConditionalBranch: what it compares; else None
  std::uint16_t acceptedCategories;  // QualifierCategoryBit values
  std::string_view operandSignature;
};

namespace detail {

inline constexpr OpcodeInfo kOpcodeTable[] = {
#define OPCODE(Enumerator, spelling, kind, proxies, registerOperation, branchComparison, categories, \
               operands)                                                                             \
  {Opcode::Enumerator,                                                                               \
   spelling,                                                                                         \
   InstructionKind::kind,                                                                            \
   AccessProxy::proxies,                                                                             \
   Operation::registerOperation,                                                                     \
   Comparison::branchComparison,                                                                     \
   static_cast<std::uint16_t>(categories),                                                           \
   operands},
#include "litmus/Opcodes.def"
};

}  // namespace detail

constexpr const OpcodeInfo& info(Opcode opcode) {
  return detail::kOpcodeTable[static_cast<std::size_t>(opcode)];
}
constexpr std::span<const OpcodeInfo> allOpcodes() { return detail::kOpcodeTable; }

constexpr InstructionKind kindOf(Opcode opcode) { return info(opcode).kind; }

// The predicates every model shares, each read off the kind column.
constexpr bool readsMemory(Opcode opcode) {  // ld, atom and the proxy loads
  const InstructionKind kind = kindOf(opcode);
  return kind == InstructionKind::Load || kind == InstructionKind::ReadModifyWrite;
}
constexpr bool writesMemory(Opcode opcode) {  // st, atom, red, sust
  const InstructionKind kind = kindOf(opcode);
  return kind == InstructionKind::Store || kind == InstructionKind::ReadModifyWrite ||
         kind == InstructionKind::Reduction;
}
// ld, st, atom, red and the proxy accesses.
constexpr bool isMemoryAccess(Opcode opcode) { return readsMemory(opcode) || writesMemory(opcode); }
// atom and red: one read and one write of the same location, atomically.
constexpr bool isReadModifyWrite(Opcode opcode) {
  const InstructionKind kind = kindOf(opcode);
  return kind == InstructionKind::ReadModifyWrite || kind == InstructionKind::Reduction;
}
constexpr bool isBranch(Opcode opcode) {
  const InstructionKind kind = kindOf(opcode);
  return kind == InstructionKind::Jump || kind == InstructionKind::ConditionalBranch;
}
// Needs the mixed-proxy model (PTX ISA 9.1 8.6 Proxies): fence.proxy and the accesses
// through the constant, surface and texture proxies.
constexpr bool isProxyInstruction(Opcode opcode) { return info(opcode).proxies != AccessProxy::Generic; }
// mbarrier objects (PTX ISA 9.1 9.7.13.15): accesses of the object's
// location, which every model gives the meaning InstructionSemantics.h
// states (they are not isMemoryAccess: the models build their accesses).
constexpr bool isMbarrierInstruction(Opcode opcode) {
  const InstructionKind kind = kindOf(opcode);
  return kind == InstructionKind::MbarrierInit || kind == InstructionKind::MbarrierArrive ||
         kind == InstructionKind::MbarrierWait || kind == InstructionKind::MbarrierUpdate;
}

}  // namespace opcheck::litmus

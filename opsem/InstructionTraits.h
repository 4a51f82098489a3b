// What ptx-op asks of a compiled instruction: its semantics, scope and cache
// operator, read the same way by every part of the machine.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "opsem/Program.h"

namespace opcheck::opsem {

inline bool isAcquire(litmus::Semantics semantics) {
  return semantics == litmus::Semantics::Acquire || semantics == litmus::Semantics::AcquireRelease;
}

inline bool isRelease(litmus::Semantics semantics) {
  return semantics == litmus::Semantics::Release || semantics == litmus::Semantics::AcquireRelease;
}

// ld, st, atom, red: Program.cpp compiles the proxy accesses into ld and st
// (PROXY-2, PROXY-3), so these are litmus::isMemoryAccess's generic ones.
inline bool accessesMemory(litmus::Opcode opcode) { return litmus::isMemoryAccess(opcode); }

// barrier.cluster.arrive and barrier.cluster.wait (CBAR-1, CBAR-2).
inline bool isClusterBarrier(litmus::Opcode opcode) {
  const litmus::InstructionKind kind = litmus::kindOf(opcode);
  return kind == litmus::InstructionKind::ClusterArrive || kind == litmus::InstructionKind::ClusterWait;
}

// A fence, proxy fence (PROXY-4) or barrier in flight, cluster barriers
// included (CBAR-1, CBAR-2): it orders what is around it (ORD-*).
inline bool isOrderingPoint(litmus::Opcode opcode) {
  const litmus::InstructionKind kind = litmus::kindOf(opcode);
  return kind == litmus::InstructionKind::Fence || kind == litmus::InstructionKind::ProxyFence ||
         kind == litmus::InstructionKind::Barrier || isClusterBarrier(opcode);
}

// The operand that names the location an access touches: a load's or an
// atomic's second, a store's or a reduction's first (ISSUE-3); nothing
// for an instruction that touches no location.
inline std::optional<std::size_t> addressOperand(litmus::InstructionKind kind) {
  switch (kind) {
    case litmus::InstructionKind::Load:
    case litmus::InstructionKind::ReadModifyWrite:
      return 1;
    case litmus::InstructionKind::Store:
    case litmus::InstructionKind::Reduction:
      return 0;
    default:
      return std::nullopt;
  }
}

// Register operations, setp and branches: they complete at issue and never
// go in flight (InstructionIssue.h).
inline bool completesAtIssue(litmus::Opcode opcode) {
  const litmus::InstructionKind kind = litmus::kindOf(opcode);
  return kind == litmus::InstructionKind::RegisterOperation ||
         kind == litmus::InstructionKind::SetPredicate || kind == litmus::InstructionKind::Jump ||
         kind == litmus::InstructionKind::ConditionalBranch;
}

// The register INSTRUCTION writes, if any: the first operand of a load,
// atomic, register operation or setp (InstructionIssue.h,
// MemoryOperations.h).
inline const CompiledOperand* writtenRegister(const CompiledInstruction& instruction) {
  using litmus::InstructionKind;
  const InstructionKind kind = litmus::kindOf(instruction.opcode);
  if ((kind == InstructionKind::Load || kind == InstructionKind::ReadModifyWrite ||
       kind == InstructionKind::RegisterOperation || kind == InstructionKind::SetPredicate) &&
      !instruction.operands.empty() && instruction.operands[0].kind == CompiledOperand::Kind::Register) {
    return &instruction.operands[0];
  }
  return nullptr;
}

// Per instruction of CODE, and one past its end, whether HOLDS holds of
// every instruction a thread at that point may still issue: those from it
// on, or with a backward branch (LOOPS) all of CODE.
template <typename Holds>
std::vector<bool> holdsFromEachInstruction(const std::vector<CompiledInstruction>& code, bool loops,
                                           Holds&& holds) {
  std::vector<bool> from(code.size() + 1, true);
  for (std::size_t at = code.size(); at-- > 0;) {
    from[at] = from[at + 1] && holds(code[at]);
  }
  if (loops) {
    from.assign(code.size() + 1, from[0]);
  }
  return from;
}

inline bool beyondCta(litmus::Scope scope) {
  return scope == litmus::Scope::Gpu || scope == litmus::Scope::System;
}

// .cg and .cv loads read the L2, past the L1 (seed 000 Sec. 2).
inline bool readsPastL1(const CompiledInstruction& instruction) {
  return instruction.cacheOperator == litmus::CacheOperator::CacheGlobal ||
         instruction.cacheOperator == litmus::CacheOperator::DontCache;
}

// Whether a load is performed at its CTA's L1 (LD-1): weak and .cta loads,
// but .cg/.cv ones.
inline bool loadsThroughL1(const CompiledInstruction& instruction) {
  return (instruction.semantics == litmus::Semantics::Weak || instruction.scope == litmus::Scope::Cta) &&
         !readsPastL1(instruction);
}

inline bool isCtaFence(const CompiledInstruction& instruction) {
  return instruction.opcode == litmus::Opcode::Fence && instruction.scope == litmus::Scope::Cta;
}

// A .gpu/.sys release or acquire-release fence: the writes after it are
// cumulative (ORD-6).
inline bool isReleaseFenceBeyondCta(const CompiledInstruction& instruction) {
  return instruction.opcode == litmus::Opcode::Fence && beyondCta(instruction.scope) &&
         isRelease(instruction.semantics);
}

}  // namespace opcheck::opsem

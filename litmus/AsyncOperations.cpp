#include "litmus/AsyncOperations.h"

#include "litmus/Proxies.h"

namespace opcheck::litmus {

bool isAsyncOperation(const Instruction& instruction) {
  const InstructionKind kind = kindOf(instruction.opcode);
  if (kind == InstructionKind::AsyncCopy || kind == InstructionKind::AsyncCommit ||
      kind == InstructionKind::AsyncWait || kind == InstructionKind::AsyncStore ||
      kind == InstructionKind::MbarrierUpdate) {
    return true;
  }
  if (kind == InstructionKind::MbarrierArrive) {
    return info(instruction.opcode).registerOperation != Operation::None;  // arrive.expect_tx
  }
  return kind == InstructionKind::ProxyFence && proxyOf(instruction) == Proxy::Async;
}

bool isUniDirectionalProxyFence(const Instruction& instruction) {
  // The decoder gives a fence.proxy .sem on these forms only.
  return kindOf(instruction.opcode) == InstructionKind::ProxyFence && instruction.proxy == Proxy::Async &&
         (instruction.semantics == Semantics::Acquire || instruction.semantics == Semantics::Release);
}

bool isAsyncMbarrierArrive(Opcode opcode) {
  return opcode == Opcode::AsyncMbarrierArrive || opcode == Opcode::AsyncMbarrierArriveNoInc;
}

bool isAsyncReduction(Opcode opcode) {
  return opcode == Opcode::BulkReduce || opcode == Opcode::AsyncReduction;
}

}  // namespace opcheck::litmus

#include "opsem/QueueDemand.h"

#include <algorithm>

namespace opcheck::opsem {

InstructionCounts countInstructions(const std::vector<CompiledInstruction>& code) {
  using litmus::InstructionKind;
  InstructionCounts counts;
  for (const CompiledInstruction& instruction : code) {
    const InstructionKind kind = litmus::kindOf(instruction.opcode);
    if (const CompiledOperand* written = writtenRegister(instruction)) {
      counts.writtenRegisters |= std::uint64_t{1} << written->value;
    }
    if (completesAtIssue(instruction.opcode) || kind == InstructionKind::AsyncCommit) {
      continue;
    }
    if (kind == InstructionKind::AsyncCopy || kind == InstructionKind::AsyncStore ||
        kind == InstructionKind::AsyncWait) {
      // LAYOUT-7: the events the copy engine records (CopyEngine.h) and
      // its writes at the L2 (the destination's, the complete-tx's); the
      // engine's own queue holds them, never a thread's in-flight list,
      // store buffer or SM queue (COPY-1, COPY-2).
      const bool completes = kind == InstructionKind::AsyncStore ||
                             instruction.completion == litmus::Completion::MbarrierCompleteTx;
      counts.engineEvents += kind == InstructionKind::AsyncWait ? 1 : completes ? 4 : 2;
      counts.engineWrites += kind == InstructionKind::AsyncWait ? 0 : completes ? 2 : 1;
      counts.reads = true;
      continue;
    }
    switch (kind) {
      case InstructionKind::Load:
        ++counts.accesses;
        counts.reads = true;
        counts.carriesValue = counts.carriesValue || instruction.result != litmus::Operation::None;
        break;
      case InstructionKind::Barrier:
        ++counts.barriers;
        counts.carriesValue = counts.carriesCompare = true;  // its operands
        break;
      case InstructionKind::Fence:
      case InstructionKind::ProxyFence:
      case InstructionKind::LegacyFence:
      case InstructionKind::ClusterArrive:
      case InstructionKind::ClusterWait:
        break;
      default:  // stores, atomics, reductions (and mbarrier, compiled to them)
        ++counts.writes;
        ++counts.accesses;
        counts.carriesValue = true;
        counts.carriesCompare = counts.carriesCompare || kind == InstructionKind::ReadModifyWrite;
        counts.reads = counts.reads || kind != InstructionKind::Store;
        break;
    }
    ++counts.performedLater;
  }
  return counts;
}

QueueDemand queueDemand(const Program& program) {
  QueueDemand demand;
  demand.ctaAccesses.assign(program.ctas, 0);
  demand.ctaBarriers.assign(program.ctas, 0);
  demand.deviceWrites.assign(program.devices, 0);
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    const InstructionCounts counts = countInstructions(program.threads[thread]);
    demand.inFlight = std::max(demand.inFlight, counts.performedLater);
    demand.storeBuffer = std::max(demand.storeBuffer, counts.writes);
    demand.ctaAccesses[program.ctaOf[thread]] += counts.accesses;
    demand.ctaBarriers[program.ctaOf[thread]] += counts.barriers;
    demand.deviceWrites[program.deviceOf[thread]] += counts.writes;
  }
  if (!demand.ctaAccesses.empty()) {
    demand.smQueue = *std::max_element(demand.ctaAccesses.begin(), demand.ctaAccesses.end());
  }
  // LAYOUT-2: with one device no write waits in a device queue.
  if (program.multipleDevices()) {
    demand.deviceQueue = *std::max_element(demand.deviceWrites.begin(), demand.deviceWrites.end());
  }
  return demand;
}

}  // namespace opcheck::opsem

#include "litmus/SharedStateSpace.h"

#include "litmus/Opcode.h"
#include "litmus/Proxies.h"

namespace opcheck::litmus {

namespace {

constexpr std::int16_t kConflict = -2;

// Records that a naming puts a location in window VALUE, keeping kNone for
// none and kConflict for two different ones.
void nameWindow(std::int16_t& window, std::int16_t value) {
  if (window == SharedHome::kNone) {
    window = value;
  } else if (window != value) {
    window = kConflict;
  }
}

void nameSpace(SharedHome& home, StateSpace space, const ThreadPlacement& placement) {
  if (space == StateSpace::Shared || space == StateSpace::SharedCta) {
    nameWindow(home.cta, placement.cta);
    nameWindow(home.cluster, placement.cluster);
  } else if (space == StateSpace::SharedCluster) {
    nameWindow(home.cluster, placement.cluster);
  }
}

}  // namespace

std::vector<SharedHome> sharedHomes(const Test& test) {
  std::vector<SharedHome> homes(test.locations.size());
  for (const Thread& thread : test.threads) {
    for (const Instruction& instruction : thread.instructions) {
      // An asynchronous copy names its destination's state space, then its
      // source's (PTX ISA 9.1 9.7.9.25.4.1: cp.async.bulk.dst.src); its
      // mbarrier operand is left unnamed. Every other instruction's state
      // space is that of the locations it names.
      const bool copy = kindOf(instruction.opcode) == InstructionKind::AsyncCopy;
      for (std::size_t index = 0; index < instruction.operands.size(); ++index) {
        const Operand& operand = instruction.operands[index];
        if (operand.kind != Operand::Kind::Location || (copy && index > 1)) {
          continue;
        }
        const StateSpace space = copy && index == 1 ? instruction.sourceStateSpace : instruction.stateSpace;
        nameSpace(homes[virtualAddress(test, static_cast<LocationId>(operand.index))], space,
                  thread.placement);
      }
    }
  }
  for (SharedHome& home : homes) {
    home.cta = home.cta == kConflict ? SharedHome::kNone : home.cta;
    home.cluster = home.cluster == kConflict ? SharedHome::kNone : home.cluster;
  }
  return homes;
}

bool inSharedWindow(const SharedHome& location, StateSpace space, const ThreadPlacement& placement) {
  if (space == StateSpace::SharedCta) {
    return location.cta != SharedHome::kNone && location.cta == placement.cta;
  }
  if (space == StateSpace::SharedCluster) {
    return location.cluster != SharedHome::kNone && location.cluster == placement.cluster;
  }
  return false;
}

}  // namespace opcheck::litmus

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

// What the namings of one location said besides its shared windows.
struct SpaceNamings {
  bool global = false;
  bool shared = false;
};

void nameSpace(SharedHome& home, SpaceNamings& namings, StateSpace space, const ThreadPlacement& placement) {
  namings.global = namings.global || space == StateSpace::Global;
  namings.shared = namings.shared || (space != StateSpace::Global && space != StateSpace::Generic);
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
  std::vector<SpaceNamings> namings(test.locations.size());
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
        const LocationId address = virtualAddress(test, static_cast<LocationId>(operand.index));
        nameSpace(homes[address], namings[address], space, thread.placement);
      }
    }
  }
  for (std::size_t address = 0; address < homes.size(); ++address) {
    SharedHome& home = homes[address];
    // A location named both .global and .shared is in neither (see the header).
    const bool both = namings[address].global && namings[address].shared;
    home.cta = home.cta == kConflict || both ? SharedHome::kNone : home.cta;
    home.cluster = home.cluster == kConflict || both ? SharedHome::kNone : home.cluster;
    home.global = namings[address].global && !both;
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

bool inStateSpace(const SharedHome& location, StateSpace space, const ThreadPlacement& placement) {
  return space == StateSpace::Global ? location.global : inSharedWindow(location, space, placement);
}

}  // namespace opcheck::litmus

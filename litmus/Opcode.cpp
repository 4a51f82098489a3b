#include "litmus/Opcode.h"

#include "litmus/Qualifiers.h"

namespace opcheck::litmus {

namespace {

constexpr OpcodeInfo kOpcodes[] = {
#define OPCODE(Enumerator, spelling, categories, operands) \
  {Opcode::Enumerator, spelling, static_cast<std::uint16_t>(categories), operands},
#include "litmus/Opcodes.def"
};

}  // namespace

const OpcodeInfo& info(Opcode opcode) { return kOpcodes[static_cast<std::size_t>(opcode)]; }

std::span<const OpcodeInfo> allOpcodes() { return kOpcodes; }

bool isMemoryAccess(Opcode opcode) { return readsMemory(opcode) || writesMemory(opcode); }

bool readsMemory(Opcode opcode) {
  switch (opcode) {
    case Opcode::Load:
    case Opcode::Atomic:
    case Opcode::ConstantLoad:
    case Opcode::SurfaceLoad:
    case Opcode::TextureLoad:
      return true;
    default:
      return false;
  }
}

bool writesMemory(Opcode opcode) {
  switch (opcode) {
    case Opcode::Store:
    case Opcode::Atomic:
    case Opcode::Reduction:
    case Opcode::SurfaceStore:
      return true;
    default:
      return false;
  }
}

bool isBranch(Opcode opcode) {
  switch (opcode) {
    case Opcode::Branch:
    case Opcode::Goto:
    case Opcode::BranchEqual:
    case Opcode::BranchNotEqual:
    case Opcode::BranchLess:
    case Opcode::BranchLessOrEqual:
    case Opcode::BranchGreater:
    case Opcode::BranchGreaterOrEqual:
      return true;
    default:
      return false;
  }
}

bool isProxyInstruction(Opcode opcode) {
  switch (opcode) {
    case Opcode::ProxyFence:
    case Opcode::ConstantLoad:
    case Opcode::SurfaceStore:
    case Opcode::SurfaceLoad:
    case Opcode::TextureLoad:
      return true;
    default:
      return false;
  }
}

}  // namespace opcheck::litmus

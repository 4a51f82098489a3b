// The instructions opcheck reads (generated from Opcodes.def) and what the
// table says of each.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace opcheck::litmus {

enum class Opcode : std::uint8_t {
#define OPCODE(Enumerator, spelling, categories, operands) Enumerator,
#include "litmus/Opcodes.def"
};

// One row of Opcodes.def.
struct OpcodeInfo {
  Opcode opcode;
  std::string_view spelling;
  std::uint16_t acceptedCategories;  // QualifierCategoryBit values
  std::string_view operandSignature;
};

const OpcodeInfo& info(Opcode opcode);
std::span<const OpcodeInfo> allOpcodes();

// The kinds of instruction the models tell apart.
bool isMemoryAccess(Opcode opcode);  // ld, st, atom, red and the proxy accesses
bool readsMemory(Opcode opcode);     // ld, atom and the proxy loads
bool writesMemory(Opcode opcode);    // st, atom, red, sust
bool isBranch(Opcode opcode);
bool isProxyInstruction(Opcode opcode);  // needs the mixed-proxy model (PTX 7.5)

}  // namespace opcheck::litmus

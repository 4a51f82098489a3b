// Reads an instruction's mnemonic ("ld.relaxed.gpu.s32", "membar.gl") into
// an opcode and qualifiers, using the tables of litmus/Opcodes.def and
// litmus/Qualifiers.def, and applies the legacy readings
// (docs/architecture.md "Litmus dialects"). Operands are the builder's business.
#pragma once

#include <string>
#include <string_view>

#include "litmus/Instruction.h"

namespace opcheck::parser {

// Fills every field of the result but operands and guard; throws
// litmus::InputError naming the bad qualifier and its column.
litmus::Instruction decodeMnemonic(std::string_view mnemonic, const std::string& file,
                                   litmus::SourcePosition position);

}  // namespace opcheck::parser

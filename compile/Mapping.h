// A mapping from C's atomics onto PTX (docs/mappings.md): one row per C
// construct and memory order, each a sequence of PTX instructions in which
// "<sco>" stands for the scope of the C access (seed 001 Fig. 11). Mappings
// are data: the files of mappings/ are built into opcheck, and a file of
// the same form can be named by its path.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "litmus/Instruction.h"

namespace opcheck::compile {

// The C constructs a row maps (docs/dialects.md "C"): a compare-exchange
// is a read-modify-write of its own, so a mapping may treat it apart.
enum class CConstruct : std::uint8_t { Load, Store, ReadModifyWrite, CompareExchange, Fence };

// How a mapping file spells a construct ("load") and a memory order
// ("acq"; "na" is a non-atomic access, Semantics::Weak).
std::string_view constructName(CConstruct construct);
std::string_view orderName(litmus::Semantics semantics);

// One PTX instruction of a row: its opcode and qualifiers, with the scope
// taken from the C access where the row writes "<sco>".
struct MappedInstruction {
  litmus::Instruction instruction;  // no operands; the access takes the C access's
  bool scopeFromSource = false;     // "<sco>": the C access's scope
  bool isAccess = false;            // the one that reads or writes (every other is a fence)
};

struct MappingRow {
  CConstruct construct = CConstruct::Load;
  litmus::Semantics order = litmus::Semantics::Weak;
  std::vector<MappedInstruction> instructions;
  litmus::SourcePosition position;  // of the row in its file
};

// A real compiler in place of a table (compile/ClangCompiler.h): "clang-19"
// (the program run) and "sm_90" (its --cuda-gpu-arch).
struct CompilerTarget {
  std::string compiler;
  std::string arch;
};

// "clang-19:sm_90", "clang:sm_80": a clang and an sm_ target; nothing for
// any other name.
std::optional<CompilerTarget> parseCompilerTarget(const std::string& name);

struct Mapping {
  std::string name;
  std::string file;  // where it was read, for messages
  std::vector<MappingRow> rows;
  // Where set, the compiler is the mapping, and there are no rows.
  std::optional<CompilerTarget> compiler;

  // The row for CONSTRUCT at ORDER, or null where the mapping has none.
  const MappingRow* find(CConstruct construct, litmus::Semantics order) const;
};

// Reads a mapping called NAME from TEXT (FILE names it in messages). Throws
// litmus::InputError ("FILE:LINE:COL: error: ...") for a malformed row.
Mapping readMappingText(std::string_view text, const std::string& name, const std::string& file);

// The mappings built into opcheck (the files of mappings/), by name.
std::span<const std::string_view> builtinMappingNames();

// The built-in mapping NAME; where NAME ends in ".map", the mapping read
// from that file (named by its stem); where NAME is COMPILER:TARGET
// (parseCompilerTarget), that compiler; nothing for an unknown name.
// Throws litmus::InputError for a file that is malformed or unreadable.
std::optional<Mapping> findMapping(const std::string& name);

}  // namespace opcheck::compile

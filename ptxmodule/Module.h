// A PTX module as a compiler writes it (PTX ISA 9.1 Ch. 4, 5, 7, 11): the
// header, and per function its parameters, registers and body, each
// instruction with its mnemonic, guard and operands as written and, where
// the litmus dialect's tables know the mnemonic (ld, st, atom, red, fence,
// membar, mov, arithmetic, setp, bra), decoded as the litmus parser decodes
// it (parser/MnemonicDecoder.h). No ptxas: nothing here checks that the
// module would assemble, only that it reads. Readers of PTX that a tool
// wrote (a compiler's output, opcheck's own harnesses) share it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "litmus/Instruction.h"
#include "litmus/SourcePosition.h"

namespace opcheck::ptxmodule {

struct Operand {
  enum class Kind : std::uint8_t {
    Register,   // %r1 (declared by .reg)
    Symbol,     // a label, a parameter or a function
    Immediate,  // 1, -4, 0x10
    Address,    // [%rd1+4] or [f_param_0]: base is a register or a symbol
    Vector,     // {%r1, %r2}, or a parenthesised list of a call
  };
  Kind kind = Kind::Immediate;
  std::string name;               // register or symbol; for Address, its base ("" for [0x10])
  bool baseIsRegister = false;    // Address: the base is a register
  std::int64_t value = 0;         // Immediate; Address: the offset
  std::vector<Operand> elements;  // Vector
  litmus::SourcePosition position;
};

struct Statement {
  enum class Kind : std::uint8_t { Label, Instruction };
  Kind kind = Kind::Instruction;
  std::string label;                 // Label: its name
  std::string mnemonic;              // Instruction: "ld.volatile.u32"
  std::optional<std::string> guard;  // "@%p1": the predicate register
  bool guardNegated = false;         // "@!%p1"
  std::vector<Operand> operands;
  // The mnemonic read by the litmus dialect's decoder: present for every
  // instruction whose opcode is in litmus/Opcodes.def (with all its
  // qualifiers), absent for the others (ld.param, cvta, selp, ...).
  std::optional<litmus::Instruction> decoded;
  litmus::SourcePosition position;
};

struct Parameter {
  std::string name;
  std::vector<std::string> type;  // the directives: ".b64", or ".align", ".b8"
  litmus::SourcePosition position;
};

// A variable in a state space (PTX ISA 9.1 5.4 Variables):
// ".shared .align 8 .b64 buffer[4];".
struct Variable {
  std::string space;              // ".shared", ".global", ".const" or ".local"
  std::vector<std::string> type;  // the other directives: ".align", ".b64"
  std::string name;
  std::vector<std::uint64_t> dimensions;  // [4] gives 4; [] gives 0
  litmus::SourcePosition position;
};

struct RegisterDeclaration {
  std::string type;                    // ".b32", ".pred"
  std::string name;                    // "%r" for "%r<7>", "%p1" for "%p1"
  std::optional<std::uint32_t> count;  // 7 for "%r<7>"
};

struct Function {
  std::string name;
  bool entry = false;  // .entry (a kernel) rather than .func
  bool visible = false;
  bool external = false;  // .extern: declared here, defined elsewhere
  bool hasBody = false;
  std::vector<Parameter> returns;
  std::vector<Parameter> parameters;
  std::vector<RegisterDeclaration> registers;
  std::vector<Variable> variables;  // declared in the body
  std::vector<Statement> body;      // labels and instructions in order; nested blocks flattened
  litmus::SourcePosition position;

  // Whether NAME ("%r3") is declared by one of the .reg lines.
  bool declares(std::string_view name) const;
};

struct Module {
  std::string file;
  std::string version;              // "8.5"
  std::vector<std::string> target;  // "sm_90", and options such as "debug"
  std::uint32_t addressSize = 0;    // 0 where the module does not say
  std::vector<Function> functions;
  std::vector<Variable> variables;  // declared at module scope

  const Function* find(std::string_view name) const;
};

// Reads a module from TEXT (FILE names it in messages). Throws
// litmus::InputError ("FILE:LINE:COL: error: ...") for text that is no PTX
// module, an undeclared register (special registers such as %tid.x need no
// declaration), a branch to a label the function lacks,
// or a memory instruction with a qualifier the litmus tables lack.
Module readModuleText(std::string_view text, const std::string& file);
Module readModuleFile(const std::filesystem::path& path);

}  // namespace opcheck::ptxmodule

// A litmus test as written, rule by rule of parser/grammar/*.g4, before any
// name is resolved: what the builder (parser/TestBuilder.h) reads. Two
// readers fill it: the one from ANTLR's parse tree
// (parser/LitmusTreeSyntax.h, every dialect, every error; parser/TreeSyntax.h
// for the parts C tests share) and the direct reader of the common dialects
// (parser/DirectReader.h), which leaves to the first any text it does not
// take. Each part keeps where it starts, the position a diagnostic names.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "litmus/Condition.h"
#include "litmus/SourcePosition.h"

namespace opcheck::parser {

// One token: its text and where it starts.
struct SyntaxWord {
  std::string text;
  litmus::SourcePosition position;
};

// "@cta 0,gpu 0" (LitmusCommon.g4 placement): level and number pairs.
struct PlacementSyntax {
  litmus::SourcePosition position;
  std::vector<std::pair<SyntaxWord, SyntaxWord>> coordinates;
};

struct ThreadNameSyntax {
  SyntaxWord name;
  std::optional<PlacementSyntax> placement;
};

// initialValue: an INTEGER or an IDENTIFIER.
struct ValueSyntax {
  bool integer = false;
  SyntaxWord word;
};

// One initialEntry; the words an alternative does not have stay empty.
struct InitialEntrySyntax {
  enum class Kind { RegisterDeclaration, RegisterInitialValue, LocationInitialValue, LocationAlias };
  Kind kind = Kind::LocationInitialValue;
  litmus::SourcePosition position;
  std::optional<SyntaxWord> thread;  // threadPrefix's first token, "P1" or "1"
  SyntaxWord keyword;                // a declaration's ".reg"
  SyntaxWord type;                   // a declaration's ".s32"
  SyntaxWord name;                   // the register or location named
  std::optional<ValueSyntax> value;
  SyntaxWord proxy;   // an alias's proxy word
  SyntaxWord target;  // the location an alias aliases
};

// An operand (LitmusCommon.g4 operand, Lisa.g4 lisaOperand); a bracketed
// one's word is the name inside the brackets.
struct OperandSyntax {
  enum class Form { Integer, Name, Bracketed };
  Form form = Form::Name;
  SyntaxWord word;
};

struct GuardSyntax {
  SyntaxWord predicate;
  bool negated = false;
  litmus::SourcePosition position;
};

// instruction, or Lisa.g4's lisaInstruction (mnemonic is its kind, "r",
// "w" or "f", and annotation what stands in its brackets).
struct InstructionSyntax {
  bool lisa = false;
  std::optional<GuardSyntax> guard;
  SyntaxWord mnemonic;
  std::string annotation;
  std::vector<OperandSyntax> operands;
};

struct CellSyntax {
  std::optional<SyntaxWord> label;
  std::optional<InstructionSyntax> instruction;
};

struct RowSyntax {
  litmus::SourcePosition position;
  std::vector<CellSyntax> cells;
};

// "(device (cta P0 P1) (cta P2))": a level word, then subtrees and thread
// names in the order written.
struct ScopeTreeSyntax;
struct ScopeItemSyntax {
  std::unique_ptr<ScopeTreeSyntax> subtree;  // none: the item is a thread
  SyntaxWord thread;
};
struct ScopeTreeSyntax {
  SyntaxWord level;
  std::vector<ScopeItemSyntax> items;
};

struct MemoryMapEntrySyntax {
  litmus::SourcePosition position;
  SyntaxWord location;
  SyntaxWord space;
};

// conditionTerm: "1:r0" (thread set), "x", "1" (integer).
struct TermSyntax {
  enum class Kind { Register, Location, Integer };
  Kind kind = Kind::Location;
  litmus::SourcePosition position;
  SyntaxWord thread;  // a register's threadPrefix, "P1" or "1"; empty otherwise
  SyntaxWord word;
};

// proposition (Or of conjunctions), conjunction (And of negations) and
// negation's alternatives, as the grammar nests them: a parenthesized
// proposition is its inner Or.
struct PropositionSyntax {
  enum class Kind { Or, And, Not, Comparison, True, False };
  Kind kind = Kind::True;
  std::vector<PropositionSyntax> operands;
  bool equal = true;  // Comparison: '=' or '==', not '!='
  TermSyntax left;
  TermSyntax right;
};

struct ConditionSyntax {
  litmus::SourcePosition position;
  std::optional<PropositionSyntax> filter;
  litmus::Quantifier quantifier = litmus::Quantifier::Exists;
  PropositionSyntax proposition;
};

// gpuPtxTest, ptxTest or lisaTest.
struct LitmusSyntax {
  enum class Dialect { GpuPtx, Ptx, Lisa };
  Dialect dialect = Dialect::Ptx;
  std::string name;
  std::optional<std::string> preamble;
  std::vector<InitialEntrySyntax> initialState;
  std::vector<ThreadNameSyntax> threads;
  std::vector<RowSyntax> rows;
  std::optional<litmus::SourcePosition> scopeKeyword;  // "scopeTree" or LISA's "scopes"
  std::vector<ScopeTreeSyntax> scopeTrees;
  std::vector<MemoryMapEntrySyntax> memoryMap;
  std::vector<TermSyntax> locations;
  ConditionSyntax condition;
};

}  // namespace opcheck::parser

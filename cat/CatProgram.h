// A cat model as opcheck holds it once read (CatReader.h): its statements
// in order, includes spliced in, every name resolved to a slot of the
// environment the interpreter (Interpreter.h) fills. herd's cat language:
// herdtools7's manual, "The cat language"; what opcheck supports:
// docs/cat.md.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "litmus/SourcePosition.h"

namespace opcheck::cat {

struct Expression;
using ExpressionPtr = std::unique_ptr<Expression>;

struct Expression {
  enum class Kind {
    Slot,          // a name: slot
    Empty,         // 0
    Complement,    // ~e
    Plus,          // e+
    Star,          // e*
    Optional,      // e?
    Inverse,       // e^-1
    Product,       // e * e
    Intersection,  // e & e
    Difference,    // e \ e
    Sequence,      // e ; e
    Union,         // e | e
    IdentityOn,    // [e]
    Call,          // function(slot)(operands), a user's function
    Domain,        // domain(e)
    Range,         // range(e)
  };
  Kind kind = Kind::Empty;
  std::size_t slot = 0;  // Slot; Call: the function's slot
  std::vector<ExpressionPtr> operands;
  litmus::SourcePosition position;
  std::string file;
  bool dynamic = false;  // reads co or the Fence-SC order (Interpreter.h)
};

// let NAME(PARAMETERS) = BODY: the parameters are slots of their own.
struct Function {
  std::string name;
  std::vector<std::size_t> parameters;
  ExpressionPtr body;
};

enum class CheckKind { Acyclic, Irreflexive, Empty };

struct Check {
  CheckKind kind = CheckKind::Acyclic;
  bool negated = false;  // ~acyclic ...
  bool flag = false;     // flag ...: reported, never a failure
  ExpressionPtr expression;
  std::string name;       // `as NAME`, or one made from its position
  std::string statement;  // its text, for `opcheck models` and explanations
};

struct Binding {
  std::size_t slot = 0;
  ExpressionPtr expression;  // null for a function
  std::size_t function = 0;  // index into CatProgram::functions when expression is null
};

struct Statement {
  enum class Kind { Let, LetRec, Check };
  Kind kind = Kind::Let;
  std::vector<Binding> bindings;  // Let (one or more, `and`), LetRec
  std::size_t check = 0;          // Check: index into CatProgram::checks
  bool dynamic = false;           // Let, LetRec: some binding reads co or the Fence-SC order
};

struct CatProgram {
  std::string file;
  std::string title;
  bool withco = false;  // herd's `withco`: co is total per location
  // Whether the model redefines co (`let co = co+`): Dat3M's PTX models
  // take co as a partial order then (docs/cat.md "co").
  bool partialCoherence = false;
  std::size_t slots = 0;  // how many slots the environment has
  std::vector<std::string> slotNames;
  std::vector<Function> functions;
  std::vector<Check> checks;
  std::vector<Statement> statements;
  // Which base names the model reads (BaseNames.h, by index).
  std::vector<bool> readsBase;
};

}  // namespace opcheck::cat

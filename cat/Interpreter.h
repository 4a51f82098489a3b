// Evaluates a cat model (CatProgram.h) on one candidate execution: the
// statements that read neither co nor the Fence-SC order once
// (evaluateFixed), the others again for each choice of those
// (evaluateDynamic); each `let` is computed once per stage. `let rec` is
// the least fixpoint, computed from empty values by iterating its bindings
// until nothing changes (herd's manual, "Recursive definitions").
#pragma once

#include <cstddef>
#include <vector>

#include "axiomcheck/Execution.h"
#include "cat/CatProgram.h"
#include "cat/Value.h"

namespace opcheck::cat {

class Interpreter {
 public:
  Interpreter(const CatProgram& program, const axiomcheck::Execution& execution);

  // The statements fixed once rf and the barriers are.
  void evaluateFixed();
  // The statements that read co or the Fence-SC order, for the execution's
  // current ones.
  void evaluateDynamic();

  // Whether check CHECK (an index into CatProgram::checks) holds, its `~`
  // applied: for a flag, whether it is raised. Reads the stage its
  // statement belongs to.
  bool holds(std::size_t check);

  Value evaluate(const Expression& expression);

 private:
  void run(const Statement& statement);
  Value slot(std::size_t slot);
  Relation relationOf(const Value& value) const;
  EventSet setOf(const Value& value) const;
  Value call(const Expression& expression);

  const CatProgram& program_;
  const axiomcheck::Execution& x_;
  std::vector<Value> env_;
  std::vector<bool> known_;  // base slots computed for the current stage
};

// Whether VALUE passes the check KIND (acyclic, irreflexive, empty).
bool passes(CheckKind kind, const Value& value);

}  // namespace opcheck::cat

#include "cat/Interpreter.h"

#include "cat/BaseNames.h"

namespace opcheck::cat {

namespace {

using axiomcheck::firstEvents;

bool sameValue(const Value& a, const Value& b) {
  return a.type == b.type && a.set == b.set && a.relation == b.relation && a.function == b.function;
}

}  // namespace

Interpreter::Interpreter(const CatProgram& program, const axiomcheck::Execution& execution)
    : program_(program), x_(execution), env_(program.slots), known_(kBaseCount, false) {
  for (const Statement& statement : program_.statements) {
    for (const Binding& binding : statement.bindings) {
      if (binding.expression == nullptr) {
        env_[binding.slot] = Value::ofFunction(binding.function);
      }
    }
  }
}

void Interpreter::evaluateFixed() {
  for (const Statement& statement : program_.statements) {
    if (!statement.dynamic && statement.kind != Statement::Kind::Check) {
      run(statement);
    }
  }
}

void Interpreter::evaluateDynamic() {
  for (std::size_t base = 0; base < kBaseCount; ++base) {
    if (isDynamic(static_cast<Base>(base))) {
      known_[base] = false;
    }
  }
  for (const Statement& statement : program_.statements) {
    if (statement.dynamic && statement.kind != Statement::Kind::Check) {
      run(statement);
    }
  }
}

void Interpreter::run(const Statement& statement) {
  if (statement.kind == Statement::Kind::Let) {
    for (const Binding& binding : statement.bindings) {
      if (binding.expression != nullptr) {
        env_[binding.slot] = evaluate(*binding.expression);
      }
    }
    return;
  }
  for (const Binding& binding : statement.bindings) {
    env_[binding.slot] = Value{};
  }
  // Each round only adds pairs (the operators are monotone in the
  // recursive names herd admits), so this ends within 64 * 64 rounds.
  for (bool changed = true; changed;) {
    changed = false;
    for (const Binding& binding : statement.bindings) {
      Value next = evaluate(*binding.expression);
      if (!sameValue(next, env_[binding.slot])) {
        env_[binding.slot] = std::move(next);
        changed = true;
      }
    }
  }
}

bool passes(CheckKind kind, const Value& value) {
  if (value.type == Value::Type::Empty) {
    return true;
  }
  switch (kind) {
    case CheckKind::Acyclic:
      return value.relation.acyclic();
    case CheckKind::Irreflexive:
      return value.relation.irreflexive();
    case CheckKind::Empty:
      return value.type == Value::Type::Set ? value.set == 0 : value.relation.empty();
  }
  return true;
}

bool Interpreter::holds(std::size_t check) {
  const Check& c = program_.checks[check];
  return passes(c.kind, evaluate(*c.expression)) != c.negated;
}

Value Interpreter::slot(std::size_t slot) {
  if (slot < kBaseCount && !known_[slot]) {
    env_[slot] = baseValue(x_, static_cast<Base>(slot));
    known_[slot] = true;
  }
  return env_[slot];
}

Relation Interpreter::relationOf(const Value& value) const {
  return value.type == Value::Type::Relation ? value.relation : Relation(x_.size);
}

EventSet Interpreter::setOf(const Value& value) const {
  return value.type == Value::Type::Set ? value.set : 0;
}

Value Interpreter::call(const Expression& e) {
  const Function& function = program_.functions[env_[e.slot].function];
  std::vector<Value> saved;
  std::vector<Value> arguments;
  for (const ExpressionPtr& operand : e.operands) {
    arguments.push_back(evaluate(*operand));
  }
  for (std::size_t at = 0; at < function.parameters.size(); ++at) {
    saved.push_back(env_[function.parameters[at]]);
    env_[function.parameters[at]] = std::move(arguments[at]);
  }
  Value result = evaluate(*function.body);
  for (std::size_t at = 0; at < function.parameters.size(); ++at) {
    env_[function.parameters[at]] = std::move(saved[at]);
  }
  return result;
}

Value Interpreter::evaluate(const Expression& e) {
  using Kind = Expression::Kind;
  const unsigned size = x_.size;
  const EventSet all = firstEvents(size);
  switch (e.kind) {
    case Kind::Slot:
      return slot(e.slot);
    case Kind::Empty:
      return {};
    case Kind::Call:
      return call(e);
    case Kind::Complement: {
      const Value operand = evaluate(*e.operands[0]);
      if (operand.type == Value::Type::Set) {
        return Value::ofSet(all & ~operand.set);
      }
      return Value::ofRelation(Relation::product(size, all, all) - relationOf(operand));
    }
    case Kind::Plus:
      return Value::ofRelation(relationOf(evaluate(*e.operands[0])).closure());
    case Kind::Star:
      return Value::ofRelation(relationOf(evaluate(*e.operands[0])).reflexiveClosure());
    case Kind::Optional:
      return Value::ofRelation(relationOf(evaluate(*e.operands[0])).optional());
    case Kind::Inverse:
      return Value::ofRelation(relationOf(evaluate(*e.operands[0])).inverse());
    case Kind::IdentityOn:
      return Value::ofRelation(Relation::identity(size, setOf(evaluate(*e.operands[0]))));
    case Kind::Domain:
      return Value::ofSet(relationOf(evaluate(*e.operands[0])).domain());
    case Kind::Range:
      return Value::ofSet(relationOf(evaluate(*e.operands[0])).range());
    case Kind::Product:
      return Value::ofRelation(
          Relation::product(size, setOf(evaluate(*e.operands[0])), setOf(evaluate(*e.operands[1]))));
    case Kind::Sequence:
      return Value::ofRelation(
          relationOf(evaluate(*e.operands[0])).then(relationOf(evaluate(*e.operands[1]))));
    case Kind::Union:
    case Kind::Intersection:
    case Kind::Difference: {
      const Value left = evaluate(*e.operands[0]);
      const Value right = evaluate(*e.operands[1]);
      const bool sets = left.type == Value::Type::Set || right.type == Value::Type::Set;
      if (left.type == Value::Type::Empty && right.type == Value::Type::Empty) {
        return {};
      }
      if (sets) {
        const EventSet a = setOf(left);
        const EventSet b = setOf(right);
        return Value::ofSet(e.kind == Kind::Union          ? (a | b)
                            : e.kind == Kind::Intersection ? (a & b)
                                                           : (a & ~b));
      }
      const Relation a = relationOf(left);
      const Relation b = relationOf(right);
      return Value::ofRelation(e.kind == Kind::Union          ? (a | b)
                               : e.kind == Kind::Intersection ? (a & b)
                                                              : (a - b));
    }
  }
  return {};
}

}  // namespace opcheck::cat

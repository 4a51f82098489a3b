#include "cat/TypeCheck.h"

#include <string>
#include <vector>

#include "cat/BaseNames.h"
#include "litmus/Diagnostic.h"

namespace opcheck::cat {

namespace {

enum class Type { Empty, Set, Relation };

std::string typeName(Type type) { return type == Type::Set ? "a set" : "a relation"; }

class Checker {
 public:
  explicit Checker(CatProgram& program)
      : program_(program), types_(program.slots, Type::Empty), dynamic_(program.slots, false) {
    for (std::size_t base = 0; base < kBaseCount; ++base) {
      types_[base] = base < static_cast<std::size_t>(Base::Identity) ? Type::Set : Type::Relation;
      dynamic_[base] = isDynamic(static_cast<Base>(base));
    }
  }

  void run() {
    for (Statement& statement : program_.statements) {
      switch (statement.kind) {
        case Statement::Kind::Let:
          for (Binding& binding : statement.bindings) {
            if (binding.expression != nullptr) {
              types_[binding.slot] = typeOf(*binding.expression);
              dynamic_[binding.slot] = markDynamic(*binding.expression);
              statement.dynamic = statement.dynamic || dynamic_[binding.slot];
            }
          }
          break;
        case Statement::Kind::LetRec:
          // The least fixpoint starts from empty relations: iterate the
          // types and the dynamic marks until they settle.
          for (std::size_t round = 0; round <= statement.bindings.size(); ++round) {
            for (Binding& binding : statement.bindings) {
              const Type type = typeOf(*binding.expression);
              if (type != Type::Empty) {
                types_[binding.slot] = type;
              }
              statement.dynamic = markDynamic(*binding.expression) || statement.dynamic;
            }
            for (Binding& binding : statement.bindings) {
              dynamic_[binding.slot] = statement.dynamic;
            }
          }
          break;
        case Statement::Kind::Check: {
          Check& check = program_.checks[statement.check];
          const Type type = typeOf(*check.expression);
          if (check.kind != CheckKind::Empty && type == Type::Set) {
            mismatch(*check.expression, Type::Relation, type);
          }
          statement.dynamic = markDynamic(*check.expression);
          break;
        }
      }
    }
  }

 private:
  [[noreturn]] void mismatch(const Expression& at, Type wanted, Type found) {
    litmus::fail(at.file, at.position, "expected " + typeName(wanted) + " here, found " + typeName(found));
  }

  Type want(const Expression& expression, Type wanted) {
    const Type type = typeOf(expression);
    if (type != Type::Empty && type != wanted) {
      mismatch(expression, wanted, type);
    }
    return wanted;
  }

  Type typeOf(const Expression& e) {
    using Kind = Expression::Kind;
    switch (e.kind) {
      case Kind::Slot:
        return types_[e.slot];
      case Kind::Empty:
        return Type::Empty;
      case Kind::Complement:
        return typeOf(*e.operands[0]);
      case Kind::Plus:
      case Kind::Star:
      case Kind::Optional:
      case Kind::Inverse:
        return want(*e.operands[0], Type::Relation);
      case Kind::Sequence:
        want(*e.operands[0], Type::Relation);
        return want(*e.operands[1], Type::Relation);
      case Kind::Product:
        want(*e.operands[0], Type::Set);
        want(*e.operands[1], Type::Set);
        return Type::Relation;
      case Kind::IdentityOn:
        want(*e.operands[0], Type::Set);
        return Type::Relation;
      case Kind::Domain:
      case Kind::Range:
        want(*e.operands[0], Type::Relation);
        return Type::Set;
      case Kind::Intersection:
      case Kind::Difference:
      case Kind::Union: {
        const Type left = typeOf(*e.operands[0]);
        const Type right = typeOf(*e.operands[1]);
        if (left != Type::Empty && right != Type::Empty && left != right) {
          mismatch(*e.operands[1], left, right);
        }
        return left != Type::Empty ? left : right;
      }
      case Kind::Call: {
        const Function& function = program_.functions[functionOf(e.slot)];
        if (function.parameters.size() != e.operands.size()) {
          litmus::fail(e.file, e.position,
                       "'" + function.name + "' takes " + std::to_string(function.parameters.size()) +
                           " arguments, given " + std::to_string(e.operands.size()));
        }
        for (std::size_t at = 0; at < e.operands.size(); ++at) {
          types_[function.parameters[at]] = typeOf(*e.operands[at]);
        }
        return typeOf(*function.body);
      }
    }
    return Type::Empty;
  }

  std::size_t functionOf(std::size_t slot) const {
    for (const Statement& statement : program_.statements) {
      for (const Binding& binding : statement.bindings) {
        if (binding.slot == slot && binding.expression == nullptr) {
          return binding.function;
        }
      }
    }
    return 0;  // CatReader admits calls of functions only
  }

  bool markDynamic(Expression& e) {
    bool dynamic = e.kind == Expression::Kind::Slot && dynamic_[e.slot];
    for (ExpressionPtr& operand : e.operands) {
      dynamic = markDynamic(*operand) || dynamic;
    }
    if (e.kind == Expression::Kind::Call) {
      dynamic = markDynamic(*program_.functions[functionOf(e.slot)].body) || dynamic;
    }
    e.dynamic = dynamic;
    return dynamic;
  }

  CatProgram& program_;
  std::vector<Type> types_;
  std::vector<bool> dynamic_;
};

}  // namespace

void typeCheck(CatProgram& program) { Checker(program).run(); }

}  // namespace opcheck::cat

// Symbolic values along one path of a thread (docs/architecture.md
// "Axiomatic models": values are computed along rf and dependencies). A path is built
// before anyone knows what its loads return, so registers hold expressions
// over the loads' results; once a candidate fixes rf, every expression is
// evaluated. Each expression remembers which loads it depends on, which is
// where the data, address and control dependencies come from.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "axiomcheck/Relation.h"
#include "litmus/InstructionSemantics.h"
#include "litmus/Value.h"

namespace opcheck::axiomcheck {

using ExprId = std::uint32_t;
constexpr ExprId kNoExpr = ~ExprId{0};

struct Expression {
  enum class Kind : std::uint8_t { Constant, Load, Binary, Comparison, Select };
  Kind kind = Kind::Constant;
  // Binary: litmus::update(operation, first, second, type); Comparison:
  // 1 when litmus::holds(comparison, first, second, type), else 0
  // (litmus/InstructionSemantics.h, one meaning for every model).
  litmus::Operation operation = litmus::Operation::None;
  litmus::Comparison comparison = litmus::Comparison::None;
  litmus::DataType type = litmus::DataType::None;
  litmus::Value constant;   // Kind::Constant
  std::uint8_t load = 0;    // Kind::Load: the path event whose result this is
  ExprId first = kNoExpr;   // Binary, Comparison: left; Select: condition
  ExprId second = kNoExpr;  // Binary, Comparison: right; Select: value if the condition holds
  ExprId third = kNoExpr;   // Select: value otherwise
  EventSet loads = 0;       // the path's loads this value depends on
};

// The value of a Binary or Comparison NODE for its sources' values.
litmus::Value apply(const Expression& node, const litmus::Value& left, const litmus::Value& right);

class ExpressionArena {
 public:
  ExprId constant(litmus::Value value);
  ExprId integer(std::int64_t value) { return constant(litmus::Value::ofInteger(value)); }
  ExprId load(std::uint8_t pathEvent);
  // Fold constants: an operation on two constants is a constant.
  ExprId binary(litmus::Operation operation, ExprId left, ExprId right, litmus::DataType type);
  ExprId comparison(litmus::Comparison comparison, ExprId left, ExprId right, litmus::DataType type);
  ExprId select(ExprId condition, ExprId ifTrue, ExprId ifFalse);

  const Expression& operator[](ExprId id) const { return nodes_[id]; }
  bool isConstant(ExprId id) const { return nodes_[id].kind == Expression::Kind::Constant; }
  EventSet loads(ExprId id) const { return nodes_[id].loads; }

  // The value of ID, or nothing when a load it needs has no value yet
  // (loadValue(e) returns std::optional<litmus::Value>).
  template <typename LoadValue>
  std::optional<litmus::Value> tryEvaluate(ExprId id, LoadValue&& loadValue) const {
    const Expression& node = nodes_[id];
    switch (node.kind) {
      case Expression::Kind::Constant:
        return node.constant;
      case Expression::Kind::Load:
        return loadValue(node.load);
      case Expression::Kind::Binary:
      case Expression::Kind::Comparison: {
        const std::optional<litmus::Value> left = tryEvaluate(node.first, loadValue);
        const std::optional<litmus::Value> right = left ? tryEvaluate(node.second, loadValue) : std::nullopt;
        return right ? std::optional(apply(node, *left, *right)) : std::nullopt;
      }
      case Expression::Kind::Select: {
        const std::optional<litmus::Value> condition = tryEvaluate(node.first, loadValue);
        if (!condition) {
          return std::nullopt;
        }
        return tryEvaluate(condition->integer != 0 ? node.second : node.third, loadValue);
      }
    }
    return std::nullopt;
  }

  // The value of ID when load event e of the path returned loadValue(e).
  template <typename LoadValue>
  litmus::Value evaluate(ExprId id, LoadValue&& loadValue) const {
    const Expression& node = nodes_[id];
    switch (node.kind) {
      case Expression::Kind::Constant:
        return node.constant;
      case Expression::Kind::Load:
        return loadValue(node.load);
      case Expression::Kind::Binary:
      case Expression::Kind::Comparison:
        return apply(node, evaluate(node.first, loadValue), evaluate(node.second, loadValue));
      case Expression::Kind::Select:
        return evaluate(node.first, loadValue).integer != 0 ? evaluate(node.second, loadValue)
                                                            : evaluate(node.third, loadValue);
    }
    return {};
  }

 private:
  // NODE (a Binary or Comparison) over LEFT and RIGHT, folded when both are
  // constants.
  ExprId add(Expression node, ExprId left, ExprId right);

  std::vector<Expression> nodes_;
};

}  // namespace opcheck::axiomcheck

// Symbolic values along one path of a thread (design.md "Axiomatic
// models": values are computed along rf and dependencies). A path is built
// before anyone knows what its loads return, so registers hold expressions
// over the loads' results; once a candidate fixes rf, every expression is
// evaluated. Each expression remembers which loads it depends on, which is
// where the data, address and control dependencies come from.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "axiomcheck/Relation.h"
#include "litmus/Value.h"

namespace opcheck::axiomcheck {

using ExprId = std::uint32_t;
constexpr ExprId kNoExpr = ~ExprId{0};

enum class Operator : std::uint8_t {
  Add,
  Subtract,
  And,
  Or,
  Xor,
  Min,
  Max,
  Equal,  // comparisons give 1 or 0
  NotEqual,
  Less,
  LessOrEqual,
  Greater,
  GreaterOrEqual,
  Increment,  // atom.inc: old >= bound ? 0 : old + 1 (PTX ISA atom)
  Decrement,  // atom.dec: old == 0 || old > bound ? bound : old - 1
};

struct Expression {
  enum class Kind : std::uint8_t { Constant, Load, Binary, Select };
  Kind kind = Kind::Constant;
  Operator op = Operator::Add;
  litmus::Value constant;   // Kind::Constant
  std::uint8_t load = 0;    // Kind::Load: the path event whose result this is
  ExprId first = kNoExpr;   // Binary: left; Select: condition
  ExprId second = kNoExpr;  // Binary: right; Select: value if the condition holds
  ExprId third = kNoExpr;   // Select: value otherwise
  EventSet loads = 0;       // the path's loads this value depends on
};

// litmus::Value arithmetic as PTX registers do it (64-bit, wrapping).
litmus::Value apply(Operator op, const litmus::Value& left, const litmus::Value& right);

class ExpressionArena {
 public:
  ExprId constant(litmus::Value value);
  ExprId integer(std::int64_t value) { return constant(litmus::Value::ofInteger(value)); }
  ExprId load(std::uint8_t pathEvent);
  // Folds constants: an operation on two constants is a constant.
  ExprId binary(Operator op, ExprId left, ExprId right);
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
      case Expression::Kind::Binary: {
        const std::optional<litmus::Value> left = tryEvaluate(node.first, loadValue);
        const std::optional<litmus::Value> right = left ? tryEvaluate(node.second, loadValue) : std::nullopt;
        return right ? std::optional(apply(node.op, *left, *right)) : std::nullopt;
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
        return apply(node.op, evaluate(node.first, loadValue), evaluate(node.second, loadValue));
      case Expression::Kind::Select:
        return evaluate(node.first, loadValue).integer != 0 ? evaluate(node.second, loadValue)
                                                            : evaluate(node.third, loadValue);
    }
    return {};
  }

 private:
  std::vector<Expression> nodes_;
};

}  // namespace opcheck::axiomcheck

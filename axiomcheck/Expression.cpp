#include "axiomcheck/Expression.h"

#include <algorithm>

namespace opcheck::axiomcheck {

using litmus::Value;

namespace {

// Addresses take part in arithmetic through a stand-in number, so that a
// test adding 0 to a pointer still names the location; any other
// arithmetic on an address gives a plain number.
std::int64_t numeric(const Value& value) {
  return value.isAddress() ? (std::int64_t{1} << 40) + value.location * 8 : value.integer;
}

std::int64_t wrap(std::uint64_t bits) { return static_cast<std::int64_t>(bits); }

}  // namespace

Value apply(Operator op, const Value& left, const Value& right) {
  if (left.isAddress() || right.isAddress()) {
    if (op == Operator::Equal || op == Operator::NotEqual) {
      return Value::ofInteger((left == right) == (op == Operator::Equal) ? 1 : 0);
    }
    const bool addsZero =
        op == Operator::Add || op == Operator::Subtract || op == Operator::Or || op == Operator::Xor;
    if (addsZero && left.isAddress() && !right.isAddress() && right.integer == 0) {
      return left;
    }
    if (addsZero && op != Operator::Subtract && right.isAddress() && !left.isAddress() && left.integer == 0) {
      return right;
    }
  }
  const std::int64_t a = numeric(left);
  const std::int64_t b = numeric(right);
  const auto ua = static_cast<std::uint64_t>(a);
  const auto ub = static_cast<std::uint64_t>(b);
  switch (op) {
    case Operator::Add:
      return Value::ofInteger(wrap(ua + ub));
    case Operator::Subtract:
      return Value::ofInteger(wrap(ua - ub));
    case Operator::And:
      return Value::ofInteger(a & b);
    case Operator::Or:
      return Value::ofInteger(a | b);
    case Operator::Xor:
      return Value::ofInteger(a ^ b);
    case Operator::Min:
      return Value::ofInteger(std::min(a, b));
    case Operator::Max:
      return Value::ofInteger(std::max(a, b));
    case Operator::Equal:
      return Value::ofInteger(a == b ? 1 : 0);
    case Operator::NotEqual:
      return Value::ofInteger(a != b ? 1 : 0);
    case Operator::Less:
      return Value::ofInteger(a < b ? 1 : 0);
    case Operator::LessOrEqual:
      return Value::ofInteger(a <= b ? 1 : 0);
    case Operator::Greater:
      return Value::ofInteger(a > b ? 1 : 0);
    case Operator::GreaterOrEqual:
      return Value::ofInteger(a >= b ? 1 : 0);
    case Operator::Increment:
      return Value::ofInteger(a >= b ? 0 : wrap(ua + 1));
    case Operator::Decrement:
      return Value::ofInteger(a == 0 || a > b ? b : wrap(ua - 1));
  }
  return {};
}

ExprId ExpressionArena::constant(Value value) {
  Expression node;
  node.kind = Expression::Kind::Constant;
  node.constant = value;
  nodes_.push_back(node);
  return static_cast<ExprId>(nodes_.size() - 1);
}

ExprId ExpressionArena::load(std::uint8_t pathEvent) {
  Expression node;
  node.kind = Expression::Kind::Load;
  node.load = pathEvent;
  node.loads = eventBit(pathEvent);
  nodes_.push_back(node);
  return static_cast<ExprId>(nodes_.size() - 1);
}

ExprId ExpressionArena::binary(Operator op, ExprId left, ExprId right) {
  if (isConstant(left) && isConstant(right)) {
    return constant(apply(op, nodes_[left].constant, nodes_[right].constant));
  }
  Expression node;
  node.kind = Expression::Kind::Binary;
  node.op = op;
  node.first = left;
  node.second = right;
  node.loads = nodes_[left].loads | nodes_[right].loads;
  nodes_.push_back(node);
  return static_cast<ExprId>(nodes_.size() - 1);
}

ExprId ExpressionArena::select(ExprId condition, ExprId ifTrue, ExprId ifFalse) {
  if (isConstant(condition)) {
    return nodes_[condition].constant.integer != 0 ? ifTrue : ifFalse;
  }
  Expression node;
  node.kind = Expression::Kind::Select;
  node.first = condition;
  node.second = ifTrue;
  node.third = ifFalse;
  node.loads = nodes_[condition].loads | nodes_[ifTrue].loads | nodes_[ifFalse].loads;
  nodes_.push_back(node);
  return static_cast<ExprId>(nodes_.size() - 1);
}

}  // namespace opcheck::axiomcheck

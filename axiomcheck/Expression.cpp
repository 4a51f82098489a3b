#include "axiomcheck/Expression.h"

namespace opcheck::axiomcheck {

using litmus::Value;

Value apply(const Expression& node, const Value& left, const Value& right) {
  if (node.kind == Expression::Kind::Comparison) {
    return Value::ofInteger(litmus::holds(node.comparison, left, right, node.type) ? 1 : 0);
  }
  return litmus::update(node.operation, left, right, node.type);
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

ExprId ExpressionArena::binary(litmus::Operation operation, ExprId left, ExprId right,
                               litmus::DataType type) {
  Expression node;
  node.kind = Expression::Kind::Binary;
  node.operation = operation;
  node.type = type;
  return add(node, left, right);
}

ExprId ExpressionArena::comparison(litmus::Comparison comparison, ExprId left, ExprId right,
                                   litmus::DataType type) {
  Expression node;
  node.kind = Expression::Kind::Comparison;
  node.comparison = comparison;
  node.type = type;
  return add(node, left, right);
}

ExprId ExpressionArena::add(Expression node, ExprId left, ExprId right) {
  if (isConstant(left) && isConstant(right)) {
    return constant(apply(node, nodes_[left].constant, nodes_[right].constant));
  }
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

// The values of cat expressions over one candidate execution: a set of
// events, a relation (axiomcheck's bit matrices, Relation.h), herd's 0
// (empty, either), or a user's function.
#pragma once

#include <cstddef>

#include "axiomcheck/Relation.h"

namespace opcheck::cat {

using axiomcheck::EventSet;
using axiomcheck::Relation;

struct Value {
  enum class Type { Empty, Set, Relation, Function };
  Type type = Type::Empty;
  EventSet set = 0;
  Relation relation;
  std::size_t function = 0;

  static Value ofSet(EventSet events) { return {Type::Set, events, {}, 0}; }
  static Value ofRelation(Relation pairs) { return {Type::Relation, 0, pairs, 0}; }
  static Value ofFunction(std::size_t function) { return {Type::Function, 0, {}, function}; }
};

}  // namespace opcheck::cat

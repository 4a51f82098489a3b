// Partial orders chosen pair by pair: PTX's coherence order must relate
// every morally strong pair of writes to a location, either way, and its
// Fence-SC order every morally strong pair of fence.sc (seed 001 Secs.
// 3.4.3, 3.5.1). This enumerates each strict partial order that contains
// the forced pairs and orders every listed pair, built as the transitive
// closure of those choices (no pair ordered that nothing requires), once.
// OrderSearch.h runs it for ptx's co (CoherenceShape::LeastPartial) and
// Fence-SC order; the race analysis (DataRaces.cpp) for Fence-SC orders.
#pragma once

#include <utility>
#include <vector>

#include "axiomcheck/Relation.h"

namespace opcheck::axiomcheck {

using EventPair = std::pair<unsigned, unsigned>;

namespace detail {

// Adds from -> to to the transitive relation ORDER, keeping it transitive.
inline void addClosed(Relation& order, unsigned from, unsigned to) {
  const EventSet after = order.successors(to) | eventBit(to);
  const EventSet before = order.predecessors(from) | eventBit(from);
  forEachEvent(before, [&](unsigned event) { order.addAll(event, after); });
}

template <typename Visit>
void orientFrom(Relation& order, const std::vector<EventPair>& pairs, std::size_t index, Visit& visit) {
  while (index < pairs.size() && (order.contains(pairs[index].first, pairs[index].second) ||
                                  order.contains(pairs[index].second, pairs[index].first))) {
    ++index;
  }
  if (index == pairs.size()) {
    visit(static_cast<const Relation&>(order));
    return;
  }
  const auto [a, b] = pairs[index];
  for (const EventPair& direction : {EventPair{a, b}, EventPair{b, a}}) {
    Relation extended = order;
    addClosed(extended, direction.first, direction.second);
    orientFrom(extended, pairs, index + 1, visit);
  }
}

}  // namespace detail

// Calls visit(order) for each strict partial order containing FORCED that
// orders every pair of PAIRS. Returns false, visiting nothing, when FORCED
// itself has a cycle.
template <typename Visit>
bool forEachOrientation(const Relation& forced, const std::vector<EventPair>& pairs, Visit&& visit) {
  Relation order = forced.closure();
  if (!order.irreflexive()) {
    return false;
  }
  detail::orientFrom(order, pairs, 0, visit);
  return true;
}

}  // namespace opcheck::axiomcheck

// co as every strict partial order over each location's writes, the
// initial write first and each thread's writes in program order: the base
// co of a cat model that redefines co, as Dat3M's PTX models do (`let co =
// co+`; docs/cat.md "Choices a candidate makes"). Each order is
// built once: writes are added one at a time, each placed above a
// down-closed set of the writes placed so far and below an up-closed set
// disjoint from it (every element below it before every element above it),
// which enumerates each partial order exactly once.
#pragma once

#include <vector>

#include "axiomcheck/Execution.h"

namespace opcheck::cat {

namespace detail {

template <typename Complete>
class PartialCoherenceEnumerator {
 public:
  PartialCoherenceEnumerator(axiomcheck::Execution& execution, Complete& complete)
      : x_(execution), complete_(complete) {
    x_.co = axiomcheck::Relation(x_.size);
    for (std::size_t location = 0; location < x_.locationEvents.size(); ++location) {
      const auto id = static_cast<litmus::LocationId>(location);
      const axiomcheck::EventSet writes = x_.writesAt(id) & ~x_.initialWrites;
      if (writes == 0) {
        continue;
      }
      x_.co.addAll(x_.initialWriteOf[location], writes);
      axiomcheck::forEachEvent(writes, [&](unsigned write) { writes_.push_back(write); });
    }
  }

  void run() { place(0); }

 private:
  void place(std::size_t index) {
    if (index == writes_.size()) {
      complete_();
      return;
    }
    const unsigned write = writes_[index];
    const litmus::LocationId location = x_.events[write].location;
    // The writes of its location placed before it.
    axiomcheck::EventSet placed = 0;
    for (std::size_t at = 0; at < index; ++at) {
      if (x_.events[writes_[at]].location == location) {
        placed |= axiomcheck::eventBit(writes_[at]);
      }
    }
    // A thread's writes in program order (writes are placed in event
    // order, so its earlier writes are placed already): the other way, or
    // unordered, is a po-loc; co cycle or an unordered pair of program-
    // ordered writes, which a model that orders writes of one thread by
    // coherence forbids (herd's and Dat3M's SC-per-location), as
    // axiomcheck/TotalCoherence.h assumes for total orders.
    const axiomcheck::EventSet earlier = placed & x_.po.predecessors(write);
    const std::vector<unsigned> members = eventsOf(placed);
    // Each placed write is below, above or unrelated to the new one: 3^n.
    std::size_t choices = 1;
    for (std::size_t at = 0; at < members.size(); ++at) {
      choices *= 3;
    }
    for (std::size_t choice = 0; choice < choices; ++choice) {
      axiomcheck::EventSet below = 0;
      axiomcheck::EventSet above = 0;
      std::size_t digits = choice;
      for (const unsigned member : members) {
        if (digits % 3 == 1) {
          below |= axiomcheck::eventBit(member);
        } else if (digits % 3 == 2) {
          above |= axiomcheck::eventBit(member);
        }
        digits /= 3;
      }
      if ((below & earlier) != earlier || !consistent(below, above)) {
        continue;
      }
      axiomcheck::forEachEvent(below, [&](unsigned event) { x_.co.add(event, write); });
      x_.co.addAll(write, above);
      place(index + 1);
      axiomcheck::forEachEvent(below, [&](unsigned event) { x_.co.remove(event, write); });
      x_.co.setSuccessors(write, 0);
    }
  }

  // BELOW down-closed, ABOVE up-closed among the placed writes, and every
  // write of BELOW already before every write of ABOVE.
  bool consistent(axiomcheck::EventSet below, axiomcheck::EventSet above) const {
    bool ok = true;
    axiomcheck::forEachEvent(below, [&](unsigned event) {
      const axiomcheck::EventSet lower = x_.co.predecessors(event) & ~x_.initialWrites;
      ok = ok && (lower & ~below) == 0 && (x_.co.successors(event) & above) == above;
    });
    axiomcheck::forEachEvent(above,
                             [&](unsigned event) { ok = ok && (x_.co.successors(event) & ~above) == 0; });
    return ok;
  }

  static std::vector<unsigned> eventsOf(axiomcheck::EventSet set) {
    std::vector<unsigned> events;
    axiomcheck::forEachEvent(set, [&](unsigned event) { events.push_back(event); });
    return events;
  }

  axiomcheck::Execution& x_;
  Complete& complete_;
  std::vector<unsigned> writes_;
};

}  // namespace detail

// Calls complete() with EXECUTION's co set to each such order in turn.
template <typename Complete>
void forEachPartialCoherence(axiomcheck::Execution& execution, Complete&& complete) {
  detail::PartialCoherenceEnumerator<Complete> enumerator(execution, complete);
  enumerator.run();
}

}  // namespace opcheck::cat

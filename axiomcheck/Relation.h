// Binary relations over the events of one candidate execution, as bit
// matrices (docs/architecture.md "Axiomatic models"): a test has at most 64 events, so
// row e is one 64-bit word holding e's successors. Union, intersection and
// difference are word operations per row; composition ORs the rows of the
// successors; transitive closure is Warshall's algorithm on rows; acyclicity
// peels off events without successors.
//
// Use it for the relations of herd-style cat models (po, rf, co, fr, ...);
// it is not a general graph type (no more than 64 nodes, dense rows).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace opcheck::axiomcheck {

// A set of events: bit e stands for event e.
using EventSet = std::uint64_t;

constexpr unsigned kMaxEvents = 64;

constexpr EventSet eventBit(unsigned event) { return EventSet{1} << event; }

// {0, ..., count-1}.
constexpr EventSet firstEvents(unsigned count) {
  return count >= kMaxEvents ? ~EventSet{0} : eventBit(count) - 1;
}

constexpr bool contains(EventSet set, unsigned event) { return (set >> event) & 1U; }

// Calls visit(e) for each event e of SET, in increasing order.
template <typename Visit>
constexpr void forEachEvent(EventSet set, Visit&& visit) {
  while (set != 0) {
    const unsigned event = static_cast<unsigned>(std::countr_zero(set));
    set &= set - 1;
    visit(event);
  }
}

class Relation {
 public:
  Relation() = default;
  explicit Relation(unsigned size) : size_(size) {}

  // [FROM]; (FROM x TO); [TO]: every pair of an event of FROM and one of TO.
  static Relation product(unsigned size, EventSet from, EventSet to) {
    Relation result(size);
    forEachEvent(from, [&](unsigned event) { result.rows_[event] = to; });
    return result;
  }

  // [SET]: the identity on SET.
  static Relation identity(unsigned size, EventSet set) {
    Relation result(size);
    forEachEvent(set, [&](unsigned event) { result.rows_[event] = eventBit(event); });
    return result;
  }

  unsigned size() const { return size_; }

  bool contains(unsigned from, unsigned to) const { return axiomcheck::contains(rows_[from], to); }
  void add(unsigned from, unsigned to) { rows_[from] |= eventBit(to); }
  void addAll(unsigned from, EventSet to) { rows_[from] |= to; }
  void remove(unsigned from, unsigned to) { rows_[from] &= ~eventBit(to); }
  EventSet successors(unsigned event) const { return rows_[event]; }
  void setSuccessors(unsigned event, EventSet to) { rows_[event] = to; }

  EventSet predecessors(unsigned event) const {
    EventSet result = 0;
    for (unsigned from = 0; from < size_; ++from) {
      result |= static_cast<EventSet>(axiomcheck::contains(rows_[from], event)) << from;
    }
    return result;
  }

  // The events with a successor / with a predecessor.
  EventSet domain() const {
    EventSet result = 0;
    for (unsigned from = 0; from < size_; ++from) {
      result |= static_cast<EventSet>(rows_[from] != 0) << from;
    }
    return result;
  }
  EventSet range() const {
    EventSet result = 0;
    for (unsigned from = 0; from < size_; ++from) {
      result |= rows_[from];
    }
    return result;
  }

  Relation& operator|=(const Relation& other) {
    for (unsigned from = 0; from < size_; ++from) {
      rows_[from] |= other.rows_[from];
    }
    return *this;
  }
  Relation& operator&=(const Relation& other) {
    for (unsigned from = 0; from < size_; ++from) {
      rows_[from] &= other.rows_[from];
    }
    return *this;
  }
  Relation& operator-=(const Relation& other) {
    for (unsigned from = 0; from < size_; ++from) {
      rows_[from] &= ~other.rows_[from];
    }
    return *this;
  }
  friend Relation operator|(Relation left, const Relation& right) { return left |= right; }
  friend Relation operator&(Relation left, const Relation& right) { return left &= right; }
  friend Relation operator-(Relation left, const Relation& right) { return left -= right; }

  friend bool operator==(const Relation& left, const Relation& right) {
    if (left.size_ != right.size_) {
      return false;
    }
    for (unsigned from = 0; from < left.size_; ++from) {
      if (left.rows_[from] != right.rows_[from]) {
        return false;
      }
    }
    return true;
  }

  // r^-1.
  Relation inverse() const {
    Relation result(size_);
    for (unsigned from = 0; from < size_; ++from) {
      forEachEvent(rows_[from], [&](unsigned to) { result.rows_[to] |= eventBit(from); });
    }
    return result;
  }

  // this; next (relational composition: a pair (a, c) with a -this-> b -next-> c).
  Relation then(const Relation& next) const {
    Relation result(size_);
    for (unsigned from = 0; from < size_; ++from) {
      EventSet reached = 0;
      forEachEvent(rows_[from], [&](unsigned middle) { reached |= next.rows_[middle]; });
      result.rows_[from] = reached;
    }
    return result;
  }

  // [FROM]; r; [TO].
  Relation restricted(EventSet from, EventSet to) const {
    Relation result(size_);
    forEachEvent(from & firstEvents(size_), [&](unsigned event) { result.rows_[event] = rows_[event] & to; });
    return result;
  }

  // r+ (Warshall: once k's row is final, every row reaching k takes it in).
  Relation closure() const {
    Relation result = *this;
    for (unsigned middle = 0; middle < size_; ++middle) {
      const EventSet through = result.rows_[middle];
      if (through == 0) {
        continue;
      }
      for (unsigned from = 0; from < size_; ++from) {
        if (axiomcheck::contains(result.rows_[from], middle)) {
          result.rows_[from] |= through;
        }
      }
    }
    return result;
  }

  // r? = r | id, the identity over all events of the execution.
  Relation optional() const {
    Relation result = *this;
    for (unsigned event = 0; event < size_; ++event) {
      result.rows_[event] |= eventBit(event);
    }
    return result;
  }

  // r* = r+ | id.
  Relation reflexiveClosure() const { return closure().optional(); }

  bool empty() const {
    for (unsigned from = 0; from < size_; ++from) {
      if (rows_[from] != 0) {
        return false;
      }
    }
    return true;
  }

  bool irreflexive() const {
    for (unsigned event = 0; event < size_; ++event) {
      if (axiomcheck::contains(rows_[event], event)) {
        return false;
      }
    }
    return true;
  }

  // No cycle: repeatedly remove the events none of whose successors remain;
  // what is left at the end lies on or leads to a cycle.
  bool acyclic() const {
    EventSet remaining = firstEvents(size_);
    while (remaining != 0) {
      EventSet sinks = 0;
      forEachEvent(remaining, [&](unsigned event) {
        if ((rows_[event] & remaining) == 0) {
          sinks |= eventBit(event);
        }
      });
      if (sinks == 0) {
        return false;
      }
      remaining &= ~sinks;
    }
    return true;
  }

 private:
  unsigned size_ = 0;
  std::array<EventSet, kMaxEvents> rows_{};
};

}  // namespace opcheck::axiomcheck

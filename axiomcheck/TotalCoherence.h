// Coherence as a total order per location, the initial write first (herd's
// "withco" enumeration; OrderSearch.h runs it for the models that ask for
// it, CoherenceShape::TotalPerLocation: rmo and sc).
//
// Only orders that keep each thread's writes in program order are
// enumerated: any other breaks sc-per-location in every model that uses a
// total co (a write po-before another to the same location but after it in
// co is a po-loc;co cycle).
#pragma once

#include <optional>
#include <vector>

#include "axiomcheck/AxiomaticModel.h"
#include "axiomcheck/Execution.h"

namespace opcheck::axiomcheck {

namespace detail {

template <typename CheckLocation, typename Complete>
class TotalCoherenceEnumerator {
 public:
  TotalCoherenceEnumerator(Execution& execution, CandidateSink& sink, CheckLocation& check,
                           Complete& complete)
      : x_(execution), sink_(sink), check_(check), complete_(complete) {
    x_.co = Relation(x_.size);
    for (std::size_t location = 0; location < x_.locationEvents.size(); ++location) {
      if ((x_.writesAt(static_cast<litmus::LocationId>(location)) & ~x_.initialWrites) != 0) {
        locations_.push_back(static_cast<litmus::LocationId>(location));
      }
    }
  }

  void run() { chooseLocation(0); }

 private:
  void chooseLocation(std::size_t index) {
    if (index == locations_.size()) {
      complete_();
      return;
    }
    const litmus::LocationId location = locations_[index];
    const unsigned initial = x_.initialWriteOf[location];
    const EventSet writes = x_.writesAt(location) & ~x_.initialWrites;
    x_.co.setSuccessors(initial, writes);
    placeNext(index, writes, writes);
    x_.co.setSuccessors(initial, 0);
  }

  // Places the next write of the location's order among UNPLACED; the
  // writes placed so far precede it in co.
  void placeNext(std::size_t index, EventSet all, EventSet unplaced) {
    if (unplaced == 0) {
      const litmus::LocationId location = locations_[index];
      if (const std::optional<std::size_t> axiom = check_(location)) {
        sink_.reject(*axiom);
        return;
      }
      chooseLocation(index + 1);
      return;
    }
    forEachEvent(unplaced, [&](unsigned write) {
      // A thread's writes in program order: no unplaced write of its thread before it.
      if ((x_.po.predecessors(write) & unplaced) != 0) {
        return;
      }
      const EventSet later = unplaced & ~eventBit(write);
      x_.co.setSuccessors(write, later);
      placeNext(index, all, later);
      x_.co.setSuccessors(write, 0);
    });
  }

  Execution& x_;
  CandidateSink& sink_;
  CheckLocation& check_;
  Complete& complete_;
  std::vector<litmus::LocationId> locations_;
};

}  // namespace detail

// For each total co of EXECUTION: after the order of each location is
// chosen, CHECK(location) may return an axiom that it already breaks (the
// candidates below are then rejected at once); with every location
// ordered, COMPLETE() runs.
template <typename CheckLocation, typename Complete>
void forEachTotalCoherence(Execution& execution, CandidateSink& sink, CheckLocation&& check,
                           Complete&& complete) {
  detail::TotalCoherenceEnumerator<CheckLocation, Complete> enumerator(execution, sink, check, complete);
  enumerator.run();
}

}  // namespace opcheck::axiomcheck

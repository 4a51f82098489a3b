// The second half of the candidate enumeration (CandidateEnumerator.h), the
// same for every model: once rf, the values and the barrier synchronization
// are chosen, the orders a ModelDefinition asks for are searched here, the
// Fence-SC order first, then co, and the model's axiom table is asked at
// each stage (AxiomTable.h) so that a broken axiom prunes every candidate
// below that choice, counted as one rejection.
//
// Each complete candidate is reported to the sink, accepted or rejected by
// the first axiom (in table order) that a clause of the latest stage finds
// broken.
#pragma once

#include <optional>
#include <vector>

#include "axiomcheck/ModelDefinition.h"
#include "axiomcheck/Orientations.h"
#include "axiomcheck/TotalCoherence.h"

namespace opcheck::axiomcheck {

namespace detail {

template <typename Relations>
class OrderSearch {
 public:
  OrderSearch(const ModelDefinition<Relations>& model, AxiomMask skip, Execution& execution,
              CandidateSink& sink)
      : model_(model), skip_(skip), x_(execution), sink_(sink), derived_(model.derive(execution)) {}

  void run() {
    if (model_.fenceSc.events == nullptr) {
      withFenceScOrder();
      return;
    }
    // The Fence-SC order: program order between the events of one thread
    // (the other way round makes ptx's cause reflexive), a choice for every
    // other related pair.
    const EventSet events = model_.fenceSc.events(derived_);
    const Relation& related = model_.fenceSc.related(derived_);
    const Relation forced = x_.po.restricted(events, events);
    std::vector<EventPair> pairs;
    forEachEvent(events, [&](unsigned a) {
      forEachEvent(related.successors(a) & events & ~firstEvents(a + 1), [&](unsigned b) {
        if (!x_.sameThread(a, b)) {
          pairs.emplace_back(a, b);
        }
      });
    });
    forEachOrientation(forced, pairs, [&](const Relation& order) {
      x_.fenceScOrder = order & related;
      withFenceScOrder();
    });
  }

 private:
  using View = CandidateView<Relations>;

  std::optional<std::size_t> firstBroken(AxiomStage stage, const View& view) const {
    return firstBrokenAt<View>(model_.clauses, stage, view, skip_);
  }

  void withFenceScOrder() {
    if (model_.deriveWithFenceScOrder != nullptr) {
      model_.deriveWithFenceScOrder(x_, derived_);
    }
    if (const std::optional<std::size_t> axiom =
            firstBroken(AxiomStage::FenceScOrder, {x_, derived_, firstEvents(x_.size), {}})) {
      sink_.reject(*axiom);
      return;
    }
    switch (model_.coherence.shape) {
      case CoherenceShape::TotalPerLocation:
        searchTotalCoherence();
        return;
      case CoherenceShape::LeastPartial:
        searchLeastCoherence();
        return;
    }
  }

  void searchTotalCoherence() {
    forEachTotalCoherence(
        x_, sink_,
        [&](litmus::LocationId location) {
          const EventSet located = x_.locationEvents[location];
          return firstBroken(AxiomStage::Location,
                             {x_, derived_, located, x_.fromRead().restricted(located, located)});
        },
        [&] {
          report(firstBroken(AxiomStage::Coherence, {x_, derived_, firstEvents(x_.size), x_.fromRead()}));
        });
  }

  // co: the least orders that contain what the model forces (with its
  // forcing axiom skipped, none of that), the initial write first and a
  // thread's related writes in program order (the other way round is a
  // po-loc; co cycle, which breaks per-location coherence in every model),
  // and that orient every related pair of writes to one location.
  void searchLeastCoherence() {
    const CoherenceSearch<Relations>& search = model_.coherence;
    const Relation& related = search.related(derived_);
    const EventSet writes = x_.writes & ~x_.initialWrites;  // the initial writes are first by construction
    Relation forced = (x_.po & related & x_.sameLocation).restricted(writes, writes);
    if (!skipped(skip_, search.forcingAxiom)) {
      forced |= (search.forcing(derived_) & x_.sameLocation).restricted(writes, writes);
    }
    for (std::size_t location = 0; location < x_.locationEvents.size(); ++location) {
      if (x_.initialWriteOf[location] != Execution::kNoEvent) {
        forced.addAll(x_.initialWriteOf[location],
                      x_.writesAt(static_cast<litmus::LocationId>(location)) & writes);
      }
    }
    std::vector<EventPair> pairs;
    forEachEvent(writes, [&](unsigned a) {
      forEachEvent(related.successors(a) & writes & x_.sameLocation.successors(a) & ~firstEvents(a + 1),
                   [&](unsigned b) { pairs.emplace_back(a, b); });
    });
    const bool ordered = forEachOrientation(forced, pairs, [&](const Relation& co) {
      x_.co = co;
      View view{x_, derived_, firstEvents(x_.size), x_.fromRead()};
      // No location's order is complete before all of co is: the Location
      // clauses are decided on the whole candidate.
      std::optional<std::size_t> axiom = firstBroken(AxiomStage::Location, view);
      if (!axiom) {
        axiom = firstBroken(AxiomStage::Coherence, view);
      }
      report(axiom);
    });
    if (!ordered) {
      sink_.reject(search.forcingAxiom);
    }
  }

  void report(std::optional<std::size_t> brokenAxiom) {
    if (brokenAxiom) {
      sink_.reject(*brokenAxiom);
    } else {
      sink_.accept(x_);
    }
  }

  const ModelDefinition<Relations>& model_;
  AxiomMask skip_;
  Execution& x_;
  CandidateSink& sink_;
  Relations derived_;
};

}  // namespace detail

// Makes MODEL's remaining choices on EXECUTION (rf, values and barriers are
// fixed), without the axioms in SKIP, and reports every resulting candidate
// to SINK.
template <typename Relations>
void searchOrders(const ModelDefinition<Relations>& model, AxiomMask skip, Execution& execution,
                  CandidateSink& sink) {
  detail::OrderSearch<Relations> search(model, skip, execution, sink);
  search.run();
}

}  // namespace opcheck::axiomcheck

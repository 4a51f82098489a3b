// An axiomatic model as data (docs/adding-a-model.md): (a) the relations it derives from
// a candidate, (b) the orders it asks the enumerator to search (co, and for
// ptx the Fence-SC order), (c) its table of axioms (AxiomTable.h). The
// search itself is written once, in OrderSearch.h, and DefinedModel.h turns
// a definition into the AxiomaticModel interface; so a model is one file
// holding a ModelDefinition (Ptx.cpp, Rmo.cpp, Sc.cpp), its line in
// axiomcheck/CMakeLists.txt and its entry in allModels() (Models.cpp).
//
// Not for a model whose orders are neither of the two shapes below: that
// one implements AxiomaticModel itself.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "axiomcheck/AxiomTable.h"
#include "axiomcheck/AxiomaticModel.h"
#include "axiomcheck/Execution.h"
#include "litmus/Test.h"

namespace opcheck::axiomcheck {

// What an axiom's clause reads at its stage (AxiomTable.h): the candidate,
// the relations the model derived from it, and, once co is chosen, fr.
template <typename Relations>
struct CandidateView {
  const Execution& x;
  // The model's derived relations: complete from the FenceScOrder stage on
  // (those that read the Fence-SC order are derived then); at ReadsFrom,
  // default-constructed (nothing is derived before the barriers are chosen).
  const Relations& derived;
  // At Location, the events of the location whose co was just chosen, and
  // fr among them; at every other stage every event, and fr once co is
  // complete (empty before).
  EventSet located;
  Relation fr;
};

// How co is searched (OrderSearch.h).
enum class CoherenceShape {
  // One total order per location, the initial write first and each thread's
  // writes in program order (herd's "withco"; TotalCoherence.h). The
  // Location clauses are decided as each location's order is chosen.
  TotalPerLocation,
  // The least partial orders (Orientations.h): co relates exactly the pairs
  // of writes to one location that `related` relates, either way, plus what
  // it must contain (`forcing`, the initial write first, a thread's related
  // writes in program order), and the transitive closure of those. The
  // Location clauses are decided with the Coherence ones.
  LeastPartial,
};

template <typename Relations>
struct CoherenceSearch {
  CoherenceShape shape = CoherenceShape::TotalPerLocation;
  // LeastPartial only. The writes co must order against each other (ptx:
  // morally strong, PTX ISA 9.1 8.9.6 Coherence Order).
  const Relation& (*related)(const Relations&) = nullptr;
  // The pairs of writes to one location co must contain because the axiom
  // forcingAxiom says so (ptx: cause, by Coherence): left out when that
  // axiom is skipped; when they are cyclic, every candidate of this rf
  // breaks it.
  const Relation& (*forcing)(const Relations&) = nullptr;
  std::size_t forcingAxiom = 0;
};

// A strict partial order over some events, besides co, that relates every
// pair the model names and program order among them (ptx's Fence-SC order,
// PTX ISA 9.1 8.9.3 Fence-SC Order: every morally strong pair of fence.sc); the search sets
// Execution::fenceScOrder to each in turn (restricted to the related pairs)
// before the FenceScOrder clauses.
template <typename Relations>
struct FenceScSearch {
  // The events it orders; null: the model has no such order.
  EventSet (*events)(const Relations&) = nullptr;
  // The pairs of them it must order, either way.
  const Relation& (*related)(const Relations&) = nullptr;
};

// Refuses a test the model cannot judge (AxiomaticModel::checkSupported),
// naming MODEL.
using SupportCheck = void (*)(const litmus::Test& test, const std::string& file, std::string_view model);

// The default: a model of PTX tests and the generic proxy only
// (AxiomaticModel.h).
inline void refuseMixedProxies(const litmus::Test& test, const std::string& file, std::string_view model) {
  litmus::requireDialect(test, file, litmus::Dialect::Ptx, "model " + std::string(model));
  refuseProxies(test, file, "model " + std::string(model));
}

template <typename DerivedRelations>
struct ModelDefinition {
  using Relations = DerivedRelations;

  std::string_view name;
  std::string_view summary;  // one line for `opcheck models`
  std::span<const Axiom> axioms;
  std::span<const AxiomClause<CandidateView<Relations>>> clauses;
  // herd's flags (AxiomaticModel::flags), each raised by its clauses on a
  // complete candidate; none for most models.
  std::span<const Axiom> flags = {};
  std::span<const FlagClause<CandidateView<Relations>>> flagClauses = {};
  ModelTraits traits;
  std::size_t thinAirAxiom;  // AxiomaticModel::thinAirAxiom
  SupportCheck checkSupported = refuseMixedProxies;

  // (a) The derived relations: those fixed once rf, the values and the
  // barrier synchronization are chosen, and (optionally) those that read
  // the Fence-SC order, derived for each such order.
  Relations (*derive)(const Execution&) = nullptr;
  void (*deriveWithFenceScOrder)(const Execution&, Relations&) = nullptr;

  // (b) The orders searched.
  CoherenceSearch<Relations> coherence;
  FenceScSearch<Relations> fenceSc;

  // AxiomaticModel::narrowTotalOrders; null keeps a run's orders whole.
  void (*narrowTotalOrders)(Execution&) = nullptr;
};

// DEFINITION under another name (ptx, the newest PTX model's alias).
template <typename Relations>
constexpr ModelDefinition<Relations> renamed(ModelDefinition<Relations> definition, std::string_view name) {
  definition.name = name;
  return definition;
}

}  // namespace opcheck::axiomcheck

// The AxiomaticModel that a ModelDefinition (ModelDefinition.h) describes:
// its name, axioms and traits as declared, its orders searched by
// OrderSearch.h, and its axioms decided by its table (AxiomTable.h), while
// pruning and in brokenAxioms() alike. A model file defines
//   constexpr ModelDefinition<Relations> kDefinition = {...};
// and hands out definedModel<kDefinition>().
#pragma once

#include <type_traits>

#include "axiomcheck/ModelDefinition.h"
#include "axiomcheck/OrderSearch.h"

namespace opcheck::axiomcheck {

template <const auto& Definition>
class DefinedModel final : public AxiomaticModel {
  using Relations = typename std::remove_cvref_t<decltype(Definition)>::Relations;
  using View = CandidateView<Relations>;

 public:
  explicit DefinedModel(AxiomMask skip = 0) : skip_(skip) {}

  std::string_view name() const override { return Definition.name; }
  std::string_view summary() const override { return Definition.summary; }
  std::span<const Axiom> axioms() const override { return Definition.axioms; }
  ModelTraits traits() const override { return Definition.traits; }
  const AxiomaticModel& skipping(AxiomMask skip) const override { return modelSkipping<DefinedModel>(skip); }
  AxiomMask skippedAxioms() const override { return skip_; }
  void checkSupported(const litmus::Test& test, const std::string& file) const override {
    Definition.checkSupported(test, file, name());
  }
  std::size_t thinAirAxiom() const override { return Definition.thinAirAxiom; }
  std::span<const Axiom> flags() const override { return Definition.flags; }

  AxiomMask raisedFlags(const Execution& x) const override {
    if (Definition.flagClauses.empty()) {
      return 0;
    }
    const Relations derived = deriveAll(x);
    const View view{x, derived, firstEvents(x.size), x.fromRead()};
    AxiomMask raised = 0;
    for (const FlagClause<View>& clause : Definition.flagClauses) {
      if (clause.raised(view)) {
        raised |= AxiomMask{1} << clause.flag;
      }
    }
    return raised;
  }

  std::optional<std::size_t> rejectReadsFrom(const Execution& x) const override {
    static const Relations nothingDerived{};
    return firstBrokenAt<View>(Definition.clauses, AxiomStage::ReadsFrom,
                               {x, nothingDerived, firstEvents(x.size), {}}, skip_);
  }

  void completeAndCheck(Execution& x, CandidateSink& sink) const override {
    searchOrders(Definition, skip_, x, sink);
  }

  std::vector<std::size_t> brokenAxioms(const Execution& x) const override {
    const Relations derived = deriveAll(x);
    return allBroken<View>(Definition.clauses, {x, derived, firstEvents(x.size), x.fromRead()}, skip_);
  }

  std::vector<ExplainedEdge> explainBroken(const Execution& x, std::size_t axiom) const override {
    const Relations derived = deriveAll(x);
    return axiomcheck::explainBroken<View>(Definition.clauses,
                                           {x, derived, firstEvents(x.size), x.fromRead()}, axiom);
  }

  void narrowTotalOrders(Execution& x) const override {
    if (Definition.narrowTotalOrders != nullptr) {
      Definition.narrowTotalOrders(x);
    }
  }

 private:
  // Every derived relation of a complete candidate, those that read its
  // Fence-SC order included.
  static Relations deriveAll(const Execution& x) {
    Relations derived = Definition.derive(x);
    if (Definition.deriveWithFenceScOrder != nullptr) {
      Definition.deriveWithFenceScOrder(x, derived);
    }
    return derived;
  }

  AxiomMask skip_;
};

// The model DEFINITION describes, with every axiom checked.
template <const auto& Definition>
const AxiomaticModel& definedModel() {
  return modelSkipping<DefinedModel<Definition>>(0);
}

}  // namespace opcheck::axiomcheck

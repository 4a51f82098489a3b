// A model that is another model in every respect: the base of wrappers that
// watch a model's work without changing it (the executions it accepts, for
// races, RaceCheck.cpp; the candidates it accepts or rejects, for pictures,
// ShownExecutions.cpp). A wrapper overrides only what it watches.
#pragma once

#include "axiomcheck/AxiomaticModel.h"

namespace opcheck::axiomcheck {

class ForwardingModel : public AxiomaticModel {
 public:
  explicit ForwardingModel(const AxiomaticModel& model) : model_(model) {}

  std::string_view name() const override { return model_.name(); }
  std::string_view summary() const override { return model_.summary(); }
  std::span<const Axiom> axioms() const override { return model_.axioms(); }
  ModelTraits traits() const override { return model_.traits(); }
  const AxiomaticModel& skipping(AxiomMask skip) const override { return model_.skipping(skip); }
  AxiomMask skippedAxioms() const override { return model_.skippedAxioms(); }
  void checkSupported(const litmus::Test& test, const std::string& file) const override {
    model_.checkSupported(test, file);
  }
  std::span<const Axiom> flags() const override { return model_.flags(); }
  AxiomMask raisedFlags(const Execution& execution) const override { return model_.raisedFlags(execution); }
  std::size_t thinAirAxiom() const override { return model_.thinAirAxiom(); }
  std::optional<std::size_t> rejectReadsFrom(const Execution& execution) const override {
    return model_.rejectReadsFrom(execution);
  }
  void completeAndCheck(Execution& execution, CandidateSink& sink) const override {
    model_.completeAndCheck(execution, sink);
  }
  std::vector<std::size_t> brokenAxioms(const Execution& execution) const override {
    return model_.brokenAxioms(execution);
  }
  std::vector<ExplainedEdge> explainBroken(const Execution& execution, std::size_t axiom) const override {
    return model_.explainBroken(execution, axiom);
  }
  void narrowTotalOrders(Execution& execution) const override { model_.narrowTotalOrders(execution); }

 protected:
  const AxiomaticModel& model() const { return model_; }

 private:
  const AxiomaticModel& model_;
};

}  // namespace opcheck::axiomcheck

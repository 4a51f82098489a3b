#include "crosscheck/CheckedModel.h"

#include <utility>

#include "axiomcheck/CandidateEnumerator.h"
#include "opsem/OperationalModel.h"

namespace opcheck::crosscheck {

namespace {

class AxiomaticChecked final : public CheckedModel {
 public:
  explicit AxiomaticChecked(const axiomcheck::AxiomaticModel& model) : model_(model) {}

  std::string name() const override { return std::string(model_.name()); }
  bool operational() const override { return false; }
  ModelFinalStates finalStates(const litmus::Test& test, const std::string& file, unsigned unroll,
                               const RunLimits& limits) const override {
    axiomcheck::CheckOptions options;
    options.unroll = unroll;
    applyLimits(limits, options);
    setDeadline(limits.deadlineFromNow(), options);
    const litmus::Outcome outcome = axiomcheck::checkTest(test, model_, options, file);
    return ModelFinalStates{outcome.states, !outcome.boundCut && outcome.stopped.empty()};
  }

 private:
  const axiomcheck::AxiomaticModel& model_;
};

class OperationalChecked final : public CheckedModel {
 public:
  OperationalChecked(std::string name, const opsem::Architecture& architecture)
      : name_(std::move(name)), architecture_(architecture) {}

  std::string name() const override { return name_; }
  bool operational() const override { return true; }
  ModelFinalStates finalStates(const litmus::Test& test, const std::string& file, unsigned /*unroll*/,
                               const RunLimits& limits) const override {
    opsem::OperationalOptions options;
    options.architecture = architecture_;
    options.exploration.detectHangs = false;  // final states are all this needs
    applyLimits(limits, options);
    setDeadline(limits.deadlineFromNow(), options);
    const opsem::OperationalResult run = opsem::runPtxOp(test, file, options);
    return ModelFinalStates{run.outcome.states,
                            run.statistics.stopReason == statespace::StopReason::Completed};
  }

 private:
  std::string name_;
  opsem::Architecture architecture_;
};

}  // namespace

std::unique_ptr<CheckedModel> checkedAxiomaticModel(const axiomcheck::AxiomaticModel& model) {
  return std::make_unique<AxiomaticChecked>(model);
}

std::unique_ptr<CheckedModel> checkedOperationalModel(std::string name,
                                                      const opsem::Architecture& architecture) {
  return std::make_unique<OperationalChecked>(std::move(name), architecture);
}

}  // namespace opcheck::crosscheck

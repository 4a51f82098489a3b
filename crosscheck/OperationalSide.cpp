#include "crosscheck/OperationalSide.h"

#include <utility>

namespace opcheck::crosscheck {

OperationalSide::OperationalSide(const litmus::Test& test, std::string file, OperationalSideOptions options)
    : test_(test), file_(std::move(file)), options_(std::move(options)) {
  // Cross-validation reads no hangs: no edges to record, no trace to one.
  options_.operational.exploration.detectHangs = false;
  if (options_.recordGraphs) {
    // What runPtxOp would refuse, refused first and in its words.
    opsem::checkRunnable(test_, file_, options_.operational);
    recorded_ = opsem::recordExecutions(test_, file_, options_.operational, options_.unroll);
    if (recorded_->reachesEveryFinalState() && !options_.plainFigures) {
      result_.outcome = opsem::outcomeOfFinalStates(test_, recorded_->observedStates, recorded_->statistics);
      result_.statistics = recorded_->statistics;
      return;
    }
  }
  result_ = opsem::runPtxOp(test_, file_, options_.operational);
}

const opsem::RecordedExecutions& OperationalSide::graphs() {
  if (!recorded_) {
    recorded_ = opsem::recordExecutions(test_, file_, options_.operational, options_.unroll);
  }
  return *recorded_;
}

std::vector<std::vector<std::string>> OperationalSide::tracesToOutcomes(
    const std::vector<litmus::FinalState>& displayed) const {
  std::vector<std::vector<std::string>> traces;
  for (auto& trace : opsem::tracesToOutcomes(test_, file_, options_.operational, displayed)) {
    traces.push_back(std::move(trace).value_or(std::vector<std::string>{}));
  }
  return traces;
}

std::vector<std::vector<std::string>> OperationalSide::tracesToGraphs(
    const std::vector<statespace::Fingerprint>& machineStates) const {
  return opsem::tracesToGraphs(test_, file_, options_.operational, options_.unroll, machineStates);
}

}  // namespace opcheck::crosscheck

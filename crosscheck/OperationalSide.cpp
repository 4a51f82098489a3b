#include "crosscheck/OperationalSide.h"

#include <utility>

#include "support/Assert.h"

namespace opcheck::crosscheck {

OperationalSide::OperationalSide(const litmus::Test& test, std::string file, OperationalSideOptions options)
    : test_(test), file_(std::move(file)), options_(std::move(options)) {
  // Cross-validation reads no hangs: no edges to record, no trace to one.
  options_.operational.exploration.detectHangs = false;
  if (options_.recordGraphs || (options_.expectGraphs && opsem::recordingCanReachEveryFinalState(
                                                             test_, file_, options_.operational))) {
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
  if (recorded_) {
    if (auto kept = opsem::recordedRunsToOutcomes(test_, file_, options_.operational, options_.unroll,
                                                  *recorded_, displayed)) {
      return std::move(*kept);
    }
  }
  std::vector<std::vector<std::string>> traces;
  for (auto& trace : opsem::tracesToOutcomes(test_, file_, options_.operational, displayed)) {
    traces.push_back(std::move(trace).value_or(std::vector<std::string>{}));
  }
  return traces;
}

std::vector<std::vector<std::string>> OperationalSide::tracesToGraphs(
    const std::vector<opsem::RunEnd>& ends) const {
  if (ends.empty()) {
    return {};
  }
  OPCHECK_ASSERT(recorded_.has_value(), "runs to graphs are asked for after the graphs");
  return opsem::runsToGraphs(test_, file_, options_.operational, options_.unroll, *recorded_, ends);
}

}  // namespace opcheck::crosscheck

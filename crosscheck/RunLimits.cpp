#include "crosscheck/RunLimits.h"

namespace opcheck::crosscheck {

void applyLimits(const RunLimits& limits, opsem::OperationalOptions& options) {
  options.exploration.limits.maxStates = limits.maxStates;
  options.exploration.limits.interrupted = limits.interrupted;
}

void applyLimits(const RunLimits& limits, axiomcheck::CheckOptions& options) {
  options.maxCandidates = limits.maxCandidates;
  options.interrupted = limits.interrupted;
}

void setDeadline(const statespace::Deadline& deadline, opsem::OperationalOptions& options) {
  options.exploration.limits.deadline = deadline;
}

void setDeadline(const statespace::Deadline& deadline, axiomcheck::CheckOptions& options) {
  options.deadline = deadline;
}

}  // namespace opcheck::crosscheck

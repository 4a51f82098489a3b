#include "crosscheck/RunLimits.h"

namespace opcheck::crosscheck {

void applyLimits(const RunLimits& limits, opsem::OperationalOptions& options) {
  options.exploration.limits.maxStates = limits.maxStates;
  options.exploration.limits.timeoutSeconds = limits.timeoutSeconds;
  options.exploration.limits.interrupted = limits.interrupted;
}

void applyLimits(const RunLimits& limits, axiomcheck::CheckOptions& options) {
  options.maxCandidates = limits.maxCandidates;
  options.timeoutSeconds = limits.timeoutSeconds;
  options.interrupted = limits.interrupted;
}

}  // namespace opcheck::crosscheck

// The relations of the ptx model that other analyses read (data races,
// docs/races.md): morally strong and causality order of one complete
// candidate (rf, co, the Fence-SC order and the barrier synchronization
// given). Computed by Ptx.cpp, so that the races are judged by the very
// relations the model's axioms use, stated once.
#pragma once

#include "axiomcheck/Execution.h"

namespace opcheck::axiomcheck {

struct PtxRelations {
  Relation morallyStrong;  // PTX ISA 9.1 8.7
  Relation observation;    // 8.9.2
  Relation cause;          // causality order, 8.9.5 (seed 001 Fig. 4)
};

PtxRelations ptxRelations(const Execution& execution);

}  // namespace opcheck::axiomcheck

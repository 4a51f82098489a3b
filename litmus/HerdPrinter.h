// Prints an Outcome the way herd7 does (docs/architecture.md "Command line"; herd's
// top_herd.ml), so that mcompare7-style tools read opcheck's output:
//
//   Test SB Allowed
//   States 4
//   0:r2=0; 1:r2=0;
//   ...
//   Ok
//   Witnesses
//   Positive: 1 Negative: 3
//   Condition exists (0:r2=0 /\ 1:r2=0)
//   Observation SB Sometimes 1 3
//   Time SB 0.00
//   (blank line)
#pragma once

#include <string>

#include "litmus/Outcome.h"
#include "litmus/Test.h"

namespace opcheck::litmus {

std::string printHerd(const Test& test, const Outcome& outcome);

// "exists (0:r2=0 /\ 1:r2=0)": the condition as herd prints it.
std::string formatHerdCondition(const Test& test);

}  // namespace opcheck::litmus

// Prints an Outcome as JSON (opcheck --format json): the same facts as the
// herd output, typed, plus what herd does not say (whether counts are of
// executions or of states, how many candidates each axiom rejected).
//
//   {"test": "SB", "file": "sb.litmus", "model": "ptx",
//    "condition": "exists (0:r2=0 /\\ 1:r2=0)", "quantifier": "exists",
//    "kind": "Allowed", "verdict": "Ok", "observation": "Sometimes",
//    "outcomes": [{"0:r2": 0, "1:r2": 0}, ...],
//    "positive": 1, "negative": 3, "counts": "executions", "loop": false,
//    "candidates": 9, "rejected": {"Causality": 2, ...}, "time": 0.0001}
//
// Values are numbers; an address is the location's name as a string.
#pragma once

#include <string>
#include <string_view>

#include "litmus/Outcome.h"
#include "litmus/Test.h"

namespace opcheck::litmus {

// EXTRA_MEMBERS, when given, are more members for the test's object
// ("name": value, ...), such as an operational model's exploration figures.
std::string printJson(const Test& test, const Outcome& outcome, const std::string& file,
                      std::string_view extraMembers = {});

// TEXT as a JSON string literal, quotes included.
std::string jsonString(std::string_view text);

}  // namespace opcheck::litmus

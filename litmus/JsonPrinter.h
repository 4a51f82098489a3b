// opcheck's JSON output (docs/json.md has the schema of every command):
// built with nlohmann-json, keys in snake_case, a final state always an
// object {"0:r2": 0, "x": 1} (numbers; an address is the location's name as
// a string), counts as herd prints them. A test's object:
//
//   {"test": "SB", "file": "sb.litmus", "model": "ptx",
//    "condition": "exists (0:r2=0 /\\ 1:r2=0)", "quantifier": "exists",
//    "kind": "Allowed", "verdict": "Ok", "observation": "Sometimes",
//    "outcomes": [{"0:r2": 0, "1:r2": 0}, ...],
//    "positive": 1, "negative": 3, "counts": "executions", "loop": false,
//    "partial": false, "stopped": null, "candidates": 9,
//    "rejected": {"Causality": 2, ...}, "notes": [], "time": 0.0001}
//
// Text that is not UTF-8 (a file name in Latin-1) is written with U+FFFD in
// place of each bad byte, so the output always parses.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "litmus/FinalState.h"
#include "litmus/Outcome.h"
#include "litmus/Test.h"

namespace opcheck::litmus {

// Keys keep the order they were added in.
using Json = nlohmann::ordered_json;

// The test's object, as above.
Json outcomeJson(const Test& test, const Outcome& outcome, const std::string& file);

// A final state as an object: {"0:r2": 0, "x": 1}.
Json stateJson(const Test& test, const ObservedTerms& terms, const FinalState& state);

// "0:r2=0 /\ 1:r2=1" (herd's text of an outcome) as an object; a value that
// is not a number stays a string.
Json outcomeTextJson(std::string_view text);

// VALUE on one line, bad UTF-8 replaced rather than thrown on.
std::string dumpJson(const Json& value);

// herd's Ok / No, or "??" when a limit cut the run (mcompare7's mark for a
// result that is not known).
std::string_view verdictWord(const Test& test, const Outcome& outcome);
// herd's Never / Sometimes / Always, or "??" for a cut run.
std::string_view observationWord(const Outcome& outcome);

}  // namespace opcheck::litmus

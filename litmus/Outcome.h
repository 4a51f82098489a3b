// What a model says about one test: the distinct final states it allows and
// how often the condition's proposition held, with herd's verdict rules
// (herd's top_herd.ml). Produced by the axiomatic models and the
// operational one alike; printed by HerdPrinter and JsonPrinter.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "litmus/FinalState.h"
#include "litmus/Test.h"

namespace opcheck::litmus {

// What Positive/Negative count: executions (axiomatic models, as herd) or
// distinct final states (an operational model; docs/architecture.md "Command line").
enum class CountUnit : std::uint8_t { Executions, States };

struct Outcome {
  std::string model;
  ObservedTerms terms;
  // The distinct displayed final states (see FinalState.h), sorted.
  std::set<FinalState> states;
  // How many counted executions (or states) satisfy the condition's
  // proposition, and how many do not (herd's pos and neg).
  std::uint64_t positive = 0;
  std::uint64_t negative = 0;
  CountUnit unit = CountUnit::Executions;
  // A bound (--unroll) cut some executions short: herd prints "Loop" then.
  bool boundCut = false;
  // Empty when the model ran to the end; else the limit that stopped it
  // ("max-candidates", "timeout", "interrupted"): the states are those found
  // so far and the verdict is not final.
  std::string stopped;
  double seconds = 0;
  // Model-specific figures for --format json: candidates examined and, per
  // axiom, how many it rejected.
  std::uint64_t candidates = 0;
  std::vector<std::pair<std::string, std::uint64_t>> rejections;
  // herd's "Flag NAME" lines: the flags of the model (`flag ~empty r as
  // NAME`) that some counted execution raised, in the model's order (the C
  // models' data races: the behaviour is undefined).
  std::vector<std::string> flags;
  // What the test writes and the model reads as absent (".acquire",
  // "bar.sync", ...: axiomcheck/IgnoredQualifiers.h), in the order written.
  std::vector<std::string> ignored;
  std::vector<std::string> notes;

  // herd's Ok/No: exists -> some execution satisfies the proposition;
  // ~exists -> none does; forall -> all do.
  bool conditionHolds(Quantifier quantifier) const;
  // herd's Never / Sometimes / Always (over positive and negative).
  std::string_view observation() const;
};

// herd's "Allowed" / "Forbidden" / "Required" for exists / ~exists / forall.
std::string_view herdKind(Quantifier quantifier);

}  // namespace opcheck::litmus

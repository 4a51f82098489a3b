// Pictures of a test's executions under an axiomatic model, chosen as
// herd7's -show and -through choose them (docs/graphs.md):
//   prop  the allowed executions where the condition's proposition p holds
//   neg   those where p fails
//   all   every allowed execution
//   cond  those that validate the condition (p for exists and forall, not p
//         for ~exists)
//   wit   herd's "interesting" ones (p for exists and ~exists, not p for
//         forall)
//   rejected  only candidates the model rejects, each with its axiom
// and `through` (herd's -through invalid) lets the rejected candidates
// through to the selection as well.
//
// The outcome is checkTest's: the model is wrapped, not changed, so the
// pictures come from the very candidates the enumerator hands it. The
// enumerator prunes rejected candidates before they are complete, so a
// rejected candidate is pictured from its reads-from choice with every
// total co and Fence-SC order, narrowed as compare --executions narrows a
// run's (AxiomaticModel::narrowTotalOrders), that breaks an axiom; each
// distinct one once.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "axiomcheck/AxiomaticModel.h"
#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/ExecutionDot.h"
#include "litmus/Outcome.h"
#include "litmus/Test.h"

namespace opcheck::axiomcheck {

enum class ShowSelection { None, Prop, Neg, All, Cond, Wit, Rejected };

struct ShowOptions {
  ShowSelection show = ShowSelection::None;
  bool through = false;   // also the rejected candidates (herd's -through invalid)
  std::size_t limit = 0;  // at most this many pictures (herd's -nshow); 0: no limit
  DotStyle style;         // herd's -showevents, -graph, -mono
};

// "prop" -> ShowSelection::Prop; nothing for an unknown word.
std::optional<ShowSelection> showSelectionNamed(std::string_view word);

struct ShownExecution {
  std::string dot;
  bool allowed = true;
  std::vector<std::string> brokenAxioms;  // of a rejected candidate
};

struct ShownOutcome {
  litmus::Outcome outcome;  // as checkTest gives it
  std::vector<ShownExecution> pictures;
  bool limitReached = false;  // --nshow stopped the pictures (not the check)
};

// checkTest, with pictures of the executions OPTIONS selects. Throws as
// checkTest does.
ShownOutcome checkAndShow(const litmus::Test& test, const AxiomaticModel& model, const CheckOptions& check,
                          const std::string& file, const ShowOptions& options);

}  // namespace opcheck::axiomcheck

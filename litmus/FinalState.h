// Final states of a test as every model reports them, and the condition
// evaluated on them.
//
// A model records the final value of each *observed* term: the registers
// and locations the condition or its filter names, and those of the
// "locations [...]" clause. herd shows (and counts distinct states over)
// only the displayed ones: those of the condition and of "locations".
// Terms are kept in herd's display order: registers first, by thread and
// then register (herd's GPU_PTX orders r0..r9 before p0..p9), then
// locations by name.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "litmus/Test.h"
#include "litmus/Value.h"

namespace opcheck::litmus {

class ObservedTerms {
 public:
  static ObservedTerms of(const Test& test);

  // Every observed term, displayed ones first (each group in display order).
  const std::vector<ConditionTerm>& terms() const { return terms_; }
  std::size_t displayedCount() const { return displayedCount_; }

  // The position of TERM (a register or location) in terms(), if observed.
  std::optional<std::size_t> indexOf(const ConditionTerm& term) const;

 private:
  std::vector<ConditionTerm> terms_;
  std::size_t displayedCount_ = 0;
};

// One value per observed term, in ObservedTerms::terms() order.
using FinalState = std::vector<Value>;

// Whether PROPOSITION holds in STATE.
bool holds(const Proposition& proposition, const ObservedTerms& terms, const FinalState& state);

// The displayed part of STATE (its first displayedCount() values).
FinalState displayedPart(const ObservedTerms& terms, const FinalState& state);

// herd's "0:r2=0; 1:r2=0; x=1;" for a displayed state.
std::string formatHerdState(const Test& test, const ObservedTerms& terms, const FinalState& displayed);

// A term as herd writes it: "0:r2", "x" or "5".
std::string formatHerdTerm(const Test& test, const ConditionTerm& term);

// A value as herd writes it: "5", "-1", or a location's name for an address.
std::string formatHerdValue(const Test& test, const Value& value);

// A proposition as herd prints it (herd's ConstrGen.pp_prop): "a=b" atoms,
// "!=" as "not (a=b)", /\ binding tighter than \/ with parentheses only
// where needed, "true" and "false".
std::string formatHerdProposition(const Test& test, const Proposition& proposition);

}  // namespace opcheck::litmus

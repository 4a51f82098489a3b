// The final condition of a litmus test (herd's syntax): a quantifier over a
// proposition about final register and memory values, an optional filter,
// and the extra "locations [...]" to show in outcomes.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "litmus/Instruction.h"

namespace opcheck::litmus {

// "1:r0", "x" or "5" in a condition.
struct ConditionTerm {
  enum class Kind : std::uint8_t { Register, Location, Integer };
  Kind kind = Kind::Integer;
  std::uint16_t thread = 0;  // for Kind::Register
  std::uint32_t index = 0;   // register or location id
  std::int64_t value = 0;    // for Kind::Integer

  friend bool operator==(const ConditionTerm&, const ConditionTerm&) = default;
};

struct Proposition {
  enum class Kind : std::uint8_t { True, False, Equal, NotEqual, Not, And, Or };
  Kind kind = Kind::True;
  ConditionTerm left;                 // for Equal and NotEqual
  ConditionTerm right;                // for Equal and NotEqual
  std::vector<Proposition> operands;  // one for Not, two or more for And and Or

  friend bool operator==(const Proposition&, const Proposition&) = default;
};

enum class Quantifier : std::uint8_t {
  Exists,     // "exists": some execution satisfies it (herd: Test ... Allowed)
  NotExists,  // "~exists": none does (herd: Forbidden)
  Forall,     // "forall": every execution does (herd: Required)
};

struct Condition {
  Quantifier quantifier = Quantifier::Exists;
  Proposition proposition;
  std::optional<Proposition> filter;  // executions failing it are discarded

  friend bool operator==(const Condition&, const Condition&) = default;
};

}  // namespace opcheck::litmus

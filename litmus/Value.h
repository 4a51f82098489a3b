// A value a register or a memory location holds at the end of a test: an
// integer, or the address of a location (GPU_PTX's "0:.reg .b64 r1 = x").
// Outcomes of every model (axiomatic and operational) are made of these.
#pragma once

#include <compare>
#include <cstdint>

#include "litmus/Test.h"

namespace opcheck::litmus {

struct Value {
  std::int64_t integer = 0;
  // The location this value is the address of; kNoLocation for integers.
  static constexpr std::int32_t kNoLocation = -1;
  std::int32_t location = kNoLocation;

  static constexpr Value ofInteger(std::int64_t integer) { return Value{integer, kNoLocation}; }
  static constexpr Value ofAddress(LocationId location) { return Value{0, location}; }
  static Value of(const InitialValue& initial) {
    return initial.isAddress ? ofAddress(initial.location) : ofInteger(initial.integer);
  }

  constexpr bool isAddress() const { return location != kNoLocation; }

  // herd's order on values: integers numerically, before addresses.
  friend constexpr auto operator<=>(const Value& left, const Value& right) {
    if (left.isAddress() != right.isAddress()) {
      return left.isAddress() ? std::strong_ordering::greater : std::strong_ordering::less;
    }
    if (left.isAddress()) {
      return left.location <=> right.location;
    }
    return left.integer <=> right.integer;
  }
  friend constexpr bool operator==(const Value&, const Value&) = default;
};

}  // namespace opcheck::litmus

// Where something was written in a litmus file, for messages.
#pragma once

#include <cstdint>

namespace opcheck::litmus {

struct SourcePosition {
  std::uint32_t line = 0;    // 1-based; 0 when not from a file
  std::uint32_t column = 0;  // 1-based
};

}  // namespace opcheck::litmus

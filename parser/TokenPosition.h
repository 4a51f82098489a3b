// Where an ANTLR token starts, as a diagnostic names it: LINE:COL, both
// counted from 1 (ANTLR counts columns from 0).
#pragma once

#include <cstdint>

#include "antlr4-runtime.h"
#include "litmus/SourcePosition.h"

namespace opcheck::parser {

inline litmus::SourcePosition positionOf(const antlr4::Token* token) {
  return {static_cast<std::uint32_t>(token->getLine()),
          static_cast<std::uint32_t>(token->getCharPositionInLine() + 1)};
}

}  // namespace opcheck::parser

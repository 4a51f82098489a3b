// The first check every reader of opcheck makes on a file's raw bytes: that
// it is text (well-formed UTF-8, no control bytes but white space), so that
// binary data is refused with its position instead of being read as
// nonsense (docs/architecture.md "Bad input").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "litmus/SourcePosition.h"

namespace opcheck::litmus {

// Moves POSITION past a character that starts with BYTE: columns count
// characters, and a newline starts the next line.
inline void advancePast(unsigned char byte, SourcePosition& position) {
  if (byte == '\n') {
    ++position.line;
    position.column = 1;
  } else {
    ++position.column;
  }
}

// Blank space inside a line of a table or a log: space, tab, and the
// carriage return of a file written with CRLF line ends.
inline bool isBlankInLine(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The length of the UTF-8 sequence starting at TEXT[INDEX] (1 for ASCII),
// or 0 when the bytes there are not well-formed UTF-8 (Unicode Table 3-7:
// no overlong forms, no surrogates, nothing above U+10FFFF).
std::size_t utf8SequenceLength(std::string_view text, std::size_t index);

// Throws InputError "FILE:LINE:COL: error: binary data (...): not WHAT" at
// the first byte that is not text; columns count characters, not bytes.
void requireText(std::string_view text, const std::string& fileName, std::string_view what);

}  // namespace opcheck::litmus

#include "parser/InputScreening.h"

#include <cstdio>

#include "litmus/Diagnostic.h"
#include "litmus/Limits.h"

namespace opcheck::parser {

using litmus::SourcePosition;

namespace {

// The length of the UTF-8 sequence starting at TEXT[INDEX], or 0 when the
// bytes there are not well-formed UTF-8 (Unicode Table 3-7: no overlong
// forms, no surrogates, nothing above U+10FFFF). ANTLR's input stream
// throws std::range_error on what it cannot decode, so nothing may pass here
// that it rejects.
std::size_t utf8SequenceLength(std::string_view text, std::size_t index) {
  const auto lead = static_cast<unsigned char>(text[index]);
  std::size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
  } else {
    return 0;
  }
  if (index + length > text.size()) {
    return 0;
  }
  for (std::size_t next = 1; next < length; ++next) {
    if ((static_cast<unsigned char>(text[index + next]) & 0xC0) != 0x80) {
      return 0;
    }
  }
  const auto second = static_cast<unsigned char>(text[index + 1]);
  if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) || (lead == 0xF0 && second < 0x90) ||
      (lead == 0xF4 && second > 0x8F)) {
    return 0;
  }
  return length;
}

}  // namespace

void screenInput(std::string_view text, const std::string& fileName) {
  if (text.size() > litmus::kMaxFileBytes) {
    litmus::fail(fileName, {1, 1},
                 "file too large (" + std::to_string(text.size()) +
                     " bytes; opcheck reads litmus files up to " + std::to_string(litmus::kMaxFileBytes) +
                     " bytes)");
  }
  if (text.find_first_not_of(" \t\r\n\f") == std::string_view::npos) {
    litmus::fail(fileName, {1, 1}, "empty file: expected a litmus test");
  }
  SourcePosition position{1, 1};
  std::size_t parentheses = 0;
  std::size_t negations = 0;
  for (std::size_t index = 0; index < text.size();) {
    const auto byte = static_cast<unsigned char>(text[index]);
    std::size_t length = 1;
    if (byte >= 0x80) {
      length = utf8SequenceLength(text, index);
      if (length == 0) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", byte);
        litmus::fail(fileName, position,
                     std::string("binary data (byte ") + hex + " is not UTF-8 text): not a litmus test");
      }
    } else if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r' && byte != '\f') {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", byte);
      litmus::fail(fileName, position,
                   std::string("binary data (control byte ") + hex + "): not a litmus test");
    } else {
      // Parentheses in notes count too: no honest test nests 64 deep.
      const bool comment = byte == '(' && index + 1 < text.size() && text[index + 1] == '*';
      if (byte == '(' && !comment) {
        ++parentheses;
      } else if (byte == ')' && parentheses > 0) {
        --parentheses;
      }
      if (byte == '~') {
        ++negations;
      } else if (byte != '(' && byte != ' ' && byte != '\t' && byte != '\n' && byte != '\r') {
        negations = 0;
      }
      if (parentheses + negations > litmus::kMaxNesting) {
        litmus::fail(fileName, position,
                     "nesting deeper than " + std::to_string(litmus::kMaxNesting) +
                         " levels of parentheses or negations");
      }
    }
    if (byte == '\n') {
      ++position.line;
      position.column = 1;
    } else {
      ++position.column;
    }
    index += length;
  }
}

}  // namespace opcheck::parser

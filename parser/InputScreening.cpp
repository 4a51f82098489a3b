#include "parser/InputScreening.h"

#include "litmus/Diagnostic.h"
#include "litmus/Limits.h"
#include "litmus/TextScreening.h"

namespace opcheck::parser {

using litmus::SourcePosition;

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
  litmus::requireText(text, fileName, "a litmus test");
  SourcePosition position{1, 1};
  std::size_t parentheses = 0;
  std::size_t negations = 0;
  for (std::size_t index = 0; index < text.size();) {
    const auto byte = static_cast<unsigned char>(text[index]);
    // Text by now: every sequence is well formed.
    const std::size_t length = litmus::utf8SequenceLength(text, index);
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
    litmus::advancePast(byte, position);
    index += length;
  }
}

}  // namespace opcheck::parser

#include "parser/SyntaxErrorListener.h"

#include <array>
#include <utility>

#include "LitmusLexer.h"
#include "litmus/Diagnostic.h"

namespace opcheck::parser {

using litmus::SourcePosition;

const std::size_t SyntaxErrorListener::kLitmusUnclosedComment = LitmusLexer::UNCLOSED_COMMENT;

std::string rewordSyntaxMessage(std::string message) {
  static const std::array<std::pair<std::string_view, std::string_view>, 13> kWords = {{
      {"QUALIFIED_NAME", "an instruction"},
      {"LBRACE", "'{'"},
      {"UNEXPECTED_CHARACTER", "a stray character"},
      {"IDENTIFIER", "a name"},
      {"INTEGER", "a number"},
      {"TEST_NAME", "the test's name"},
      {"DOT_NAME", "a .qualifier"},
      {"PREAMBLE", "the test's notes"},
      {"'<EOF>'", "the end of the file"},
      {"<EOF>", "the end of the file"},
      {"mismatched input", "unexpected"},
      {"extraneous input", "unexpected"},
      {"unexpected the end of the file", "unexpected end of file"},
  }};
  for (const auto& [token, words] : kWords) {
    for (std::size_t at = message.find(token); at != std::string::npos;
         at = message.find(token, at + words.size())) {
      message.replace(at, token.size(), words);
    }
  }
  return message;
}

void SyntaxErrorListener::syntaxError(antlr4::Recognizer*, antlr4::Token* offendingSymbol, std::size_t line,
                                      std::size_t charPositionInLine, const std::string& message,
                                      std::exception_ptr) {
  const SourcePosition position{static_cast<std::uint32_t>(line),
                                static_cast<std::uint32_t>(charPositionInLine + 1)};
  if (offendingSymbol != nullptr && offendingSymbol->getType() == unclosedComment_) {
    litmus::fail(file_, position,
                 "comment '" + std::string(commentOpening_) + "' is never closed with '" +
                     std::string(commentClosing_) + "'");
  }
  litmus::fail(file_, position, "syntax error: " + rewordSyntaxMessage(message));
}

}  // namespace opcheck::parser

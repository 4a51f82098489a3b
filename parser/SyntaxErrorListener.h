// Turns ANTLR's first syntax error into litmus::InputError, worded for
// people who write litmus tests rather than grammars.
#pragma once

#include <string>
#include <string_view>

#include "antlr4-runtime.h"

namespace opcheck::parser {

class SyntaxErrorListener : public antlr4::BaseErrorListener {
 public:
  // UNCLOSED_COMMENT: the lexer's token type for a comment never closed
  // (LitmusLexer's by default), reported as such.
  explicit SyntaxErrorListener(const std::string& file, std::size_t unclosedComment = kLitmusUnclosedComment,
                               std::string_view commentOpening = "(*", std::string_view commentClosing = "*)")
      : file_(file),
        unclosedComment_(unclosedComment),
        commentOpening_(commentOpening),
        commentClosing_(commentClosing) {}

  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offendingSymbol, std::size_t line,
                   std::size_t charPositionInLine, const std::string& message,
                   std::exception_ptr error) override;

 private:
  static const std::size_t kLitmusUnclosedComment;

  const std::string& file_;
  std::size_t unclosedComment_;
  std::string_view commentOpening_;
  std::string_view commentClosing_;
};

// ANTLR's message with token names said in words ("IDENTIFIER" -> "a name").
std::string rewordSyntaxMessage(std::string message);

}  // namespace opcheck::parser

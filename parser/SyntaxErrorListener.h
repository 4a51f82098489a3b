// Turns ANTLR's first syntax error into litmus::InputError, worded for
// people who write litmus tests rather than grammars.
#pragma once

#include <string>

#include "antlr4-runtime.h"

namespace opcheck::parser {

class SyntaxErrorListener : public antlr4::BaseErrorListener {
 public:
  explicit SyntaxErrorListener(const std::string& file) : file_(file) {}

  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offendingSymbol, std::size_t line,
                   std::size_t charPositionInLine, const std::string& message,
                   std::exception_ptr error) override;

 private:
  const std::string& file_;
};

// ANTLR's message with token names said in words ("IDENTIFIER" -> "a name").
std::string rewordSyntaxMessage(std::string message);

}  // namespace opcheck::parser

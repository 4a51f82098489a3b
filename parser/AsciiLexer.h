// A hand-written lexer for the litmus tests that are plain ASCII (nearly
// all of them): the tokens LitmusLexer.g4's generated lexer would emit, made
// without its ATN interpreter, which took a third of the time of an
// axiomatic run over a corpus (README, "Where the time of an axiomatic run
// goes"). The parser reads them as it reads the generated lexer's; a text
// this lexer does not take goes to the generated one.
//
// Not for: text with bytes above 0x7F (the generated lexer counts columns
// and indices in code points), a comment never closed, or a character only
// UNEXPECTED_CHARACTER takes. Those fail here and the generated lexer lexes
// them, so its tokens, and the errors it leads to, stay the only ones users
// see for them.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "antlr4-runtime.h"

namespace opcheck::parser {

// The tokens of TEXT, EOF last, each as the generated lexer makes it over
// INPUT (an ANTLRInputStream of TEXT): the same type, start and stop index,
// line, column, channel and text (EOF's read from INPUT); a parser's token
// stream takes them one by one. None (lexed() is false) when TEXT is not
// for this lexer (see above).
class AsciiLexer final : public antlr4::TokenSource {
 public:
  AsciiLexer(std::string_view text, antlr4::CharStream& input);

  bool lexed() const { return !tokens_.empty(); }
  const std::vector<std::unique_ptr<antlr4::Token>>& tokens() const { return tokens_; }

  // A token stream stops asking after EOF, the last token.
  std::unique_ptr<antlr4::Token> nextToken() override { return std::move(tokens_[next_++]); }
  std::size_t getLine() const override { return line_; }
  std::size_t getCharPositionInLine() override { return column_; }
  antlr4::CharStream* getInputStream() override { return &input_; }
  std::string getSourceName() override { return input_.getSourceName(); }
  antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override {
    return antlr4::CommonTokenFactory::DEFAULT.get();
  }

 private:
  bool lex(std::string_view text);
  void emit(std::string_view text, std::size_t type, std::size_t start, std::size_t stop);
  void advance(std::string_view text, std::size_t& index, std::size_t end);

  antlr4::CharStream& input_;
  std::vector<std::unique_ptr<antlr4::Token>> tokens_;
  std::size_t next_ = 0;
  // Where the lexer stands, as ANTLR counts: lines from 1, columns from 0.
  std::size_t line_ = 1;
  std::size_t column_ = 0;
  std::size_t tokenLine_ = 1;
  std::size_t tokenColumn_ = 0;
};

}  // namespace opcheck::parser

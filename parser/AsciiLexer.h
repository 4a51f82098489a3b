// A hand-written lexer for the litmus tests that are plain ASCII (nearly
// all of them): the tokens LitmusLexer.g4's generated lexer would emit, made
// without its ATN interpreter (docs/benchmarks.md "Where the time of an
// axiomatic run goes"). The direct reader
// (parser/DirectReader.h) and ANTLR's parser read them as they would read
// the generated lexer's; a text this lexer does not take goes to the
// generated one.
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

// One token as lexed: its type (LitmusLexer's), first and last byte, and
// where it starts as ANTLR counts (lines from 1, columns from 0).
struct LexedToken {
  std::size_t type;
  std::size_t start;
  std::size_t stop;
  std::size_t line;
  std::size_t column;
};

// The tokens of TEXT, EOF last, as the generated lexer makes them over an
// ANTLRInputStream of TEXT: the same type, start and stop index, line and
// column (a token's text is TEXT from start to stop). None (lexed() is
// false) when TEXT is not for this lexer (see above). Lexing makes plain
// values; the ANTLR token objects a parser's token stream takes are made
// one by one as it asks, only when a text goes to ANTLR's parser.
class AsciiLexer final : public antlr4::TokenSource {
 public:
  explicit AsciiLexer(std::string_view text);
  // The same, attached to INPUT at once.
  AsciiLexer(std::string_view text, antlr4::CharStream& input);

  bool lexed() const { return !tokens_.empty(); }
  const std::vector<LexedToken>& tokens() const { return tokens_; }
  std::string_view text() const { return text_; }

  // The input stream of the same text, which the ANTLR tokens name as their
  // source (and whose EOF token reads its text from it); needed before
  // nextToken().
  void attach(antlr4::CharStream& input) { input_ = &input; }

  // Every token as the ANTLR object a token stream would take.
  std::vector<std::unique_ptr<antlr4::Token>> antlrTokens();

  // A token stream stops asking after EOF, the last token.
  std::unique_ptr<antlr4::Token> nextToken() override { return antlrToken(tokens_[next_++]); }
  std::size_t getLine() const override { return line_; }
  std::size_t getCharPositionInLine() override { return column_; }
  antlr4::CharStream* getInputStream() override { return input_; }
  std::string getSourceName() override { return input_->getSourceName(); }
  antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override {
    return antlr4::CommonTokenFactory::DEFAULT.get();
  }

 private:
  bool lex(std::string_view text);
  std::unique_ptr<antlr4::Token> antlrToken(const LexedToken& token);
  void advance(std::string_view text, std::size_t& index, std::size_t end);

  std::string_view text_;
  antlr4::CharStream* input_ = nullptr;
  std::vector<LexedToken> tokens_;
  std::size_t next_ = 0;
  // Where the lexer stands, as ANTLR counts: lines from 1, columns from 0.
  std::size_t line_ = 1;
  std::size_t column_ = 0;
  std::size_t tokenLine_ = 1;
  std::size_t tokenColumn_ = 0;
};

}  // namespace opcheck::parser

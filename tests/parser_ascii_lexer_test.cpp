// The hand-written lexer (parser/AsciiLexer.h) against the generated one:
// on every text it takes, the same tokens, field by field, for the parser
// must build the same tree from either. Tricky texts by hand, then every
// litmus file of the corpora, t3, the catalogue and the bad inputs.
#include <catch2/catch.hpp>
#include <sstream>

#include "LitmusLexer.h"
#include "parser/AsciiLexer.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

std::string describe(antlr4::Token& token) {
  std::ostringstream text;
  text << token.getType() << " '" << token.getText() << "' " << token.getLine() << ":"
       << token.getCharPositionInLine() << " [" << token.getStartIndex() << ", " << token.getStopIndex()
       << "] channel " << token.getChannel();
  return text.str();
}

// Empty when the hand-written lexer does not take TEXT or makes the
// generated lexer's tokens; else the first difference.
std::string difference(const std::string& text) {
  antlr4::ANTLRInputStream input(text.data(), text.size());
  parser::AsciiLexer ascii(text, input);
  if (!ascii.lexed()) {
    return {};
  }
  antlr4::ANTLRInputStream generatedInput(text.data(), text.size());
  LitmusLexer generated(&generatedInput);
  generated.removeErrorListeners();
  const std::vector<std::unique_ptr<antlr4::Token>> tokens = ascii.antlrTokens();
  for (std::size_t index = 0;; ++index) {
    std::unique_ptr<antlr4::Token> expected = generated.nextToken();
    if (index == tokens.size()) {
      return "the generated lexer has more tokens: " + describe(*expected);
    }
    const std::string want = describe(*expected);
    const std::string got = describe(*tokens[index]);
    if (want != got) {
      return "token " + std::to_string(index) + ": generated " + want + ", hand-written " + got;
    }
    if (expected->getType() == antlr4::Token::EOF) {
      return index + 1 == tokens.size() ? std::string() : "the hand-written lexer has tokens after EOF";
    }
  }
}

bool takes(const std::string& text) {
  antlr4::ANTLRInputStream input(text.data(), text.size());
  return parser::AsciiLexer(text, input).lexed();
}

}  // namespace

TEST_CASE("the hand-written lexer makes the generated lexer's tokens on tricky texts", "[parser]") {
  const std::vector<std::string> texts = {
      "GPU_PTX MP+x\n\"doc\" notes (* not a comment *)\n{ 0:.reg .b64 r1 = x; }\n P0 ;\n exists (0:r0=1)",
      "PTX name{x=0;}",
      "PTX\n{ }",
      "LISA  \t name \n{",
      "GPU_PTX n\f\x01 x {",
      "0x1g 0X1F -0x5 -12 0x 12ab 007",
      "a.b a.b.c ld.cg.s32 exists.x existsx exists forall filter locations scopeTree scopes aliases true "
      "false",
      ".reg .b64 %r1 $a _x",
      "/\\ \\/ == != = ! ~ @ : ; , | ( ) [ ] { }",
      "P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;",
      "(* a (* nested *) x (**) y (*** z ***)",
      "x PTX after the name { y }",
      "",
      "\n\n  \r\n x",
  };
  for (const std::string& text : texts) {
    INFO(text);
    CHECK(difference(text).empty());
  }
  CHECK(takes(texts.front()));
  CHECK(takes("0x1g 0X1F -0x5"));
}

TEST_CASE("the hand-written lexer leaves non-ASCII text, unclosed comments and stray characters alone",
          "[parser]") {
  CHECK_FALSE(takes("GPU_PTX caf\xC3\xA9 {"));
  CHECK_FALSE(takes("x (* never closed"));
  CHECK_FALSE(takes("x (*)"));
  CHECK_FALSE(takes("x - 1"));
  CHECK_FALSE(takes("a.b."));
  CHECK_FALSE(takes("x & y"));
  CHECK_FALSE(takes("x / y"));
  CHECK_FALSE(takes("\"quoted\""));
}

TEST_CASE("the hand-written lexer makes the generated lexer's tokens on every corpus and catalogue file",
          "[corpus][parser]") {
  const std::optional<fs::path> corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("corpora not found: skipped");
    return;
  }
  const std::vector<fs::path> files = testing::everyLitmusFile(*corpora);
  std::size_t taken = 0;
  std::vector<std::string> differences;
  for (const fs::path& file : files) {
    const std::string text = testing::readFile(file);
    taken += takes(text) ? 1 : 0;
    if (std::string found = difference(text); !found.empty()) {
      differences.push_back(file.string() + ": " + found);
    }
  }
  INFO(differences.size() << " of " << files.size()
                          << " files differ; first: " << (differences.empty() ? "-" : differences.front()));
  CHECK(differences.empty());
  // Nearly every test is plain ASCII: the hand-written lexer is the one
  // that runs.
  CHECK(taken * 10 > files.size() * 9);
}

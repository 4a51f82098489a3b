// libFuzzer target for the litmus parser (docs/architecture.md "Bad input"): any byte
// string must either parse or be refused with litmus::InputError. Anything
// else escaping readLitmusText (another exception, a crash, a sanitizer
// report, a hang) is a finding. A test that parses must also survive the
// round trip through the canonical printer: its canonical text parses again
// to an equal Test. On plain ASCII the hand-written lexer must make the
// generated lexer's tokens (parser/AsciiLexer.h), or take none.
//
// Built by tests/fuzz/CMakeLists.txt when OPCHECK_FUZZ is ON; run it with
// scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "LitmusLexer.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/AsciiLexer.h"
#include "parser/LitmusReader.h"

namespace {

[[noreturn]] void roundTripFailure(const char* what, const std::string& canonical,
                                   const std::string& detail) {
  std::fprintf(stderr, "parser_fuzz: %s\n--- canonical text ---\n%s\n--- detail ---\n%s\n", what,
               canonical.c_str(), detail.c_str());
  std::abort();
}

// The hand-written lexer's tokens against the generated lexer's, field by
// field, where it takes TEXT.
void compareLexers(std::string_view text) {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) > 0x7F) {
      return;  // not for the hand-written lexer; and the input stream wants UTF-8
    }
  }
  antlr4::ANTLRInputStream input(text.data(), text.size());
  opcheck::parser::AsciiLexer ascii(text, input);
  if (!ascii.lexed()) {
    return;
  }
  antlr4::ANTLRInputStream generatedInput(text.data(), text.size());
  LitmusLexer generated(&generatedInput);
  generated.removeErrorListeners();
  for (const std::unique_ptr<antlr4::Token>& token : ascii.antlrTokens()) {
    const std::unique_ptr<antlr4::Token> expected = generated.nextToken();
    if (token->getType() != expected->getType() || token->getText() != expected->getText() ||
        token->getLine() != expected->getLine() ||
        token->getCharPositionInLine() != expected->getCharPositionInLine() ||
        token->getStartIndex() != expected->getStartIndex() ||
        token->getStopIndex() != expected->getStopIndex() || token->getChannel() != expected->getChannel()) {
      std::fprintf(stderr, "parser_fuzz: the lexers differ at '%s' (generated: '%s')\n",
                   token->getText().c_str(), expected->getText().c_str());
      std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  compareLexers(text);
  opcheck::litmus::Test test;
  try {
    test = opcheck::parser::readLitmusText(text, "fuzz.litmus");
  } catch (const opcheck::litmus::InputError&) {
    return 0;  // refused with a diagnostic: the expected outcome for bad input
  }
  const std::string canonical = opcheck::litmus::printCanonical(test);
  opcheck::litmus::Test reread;
  try {
    reread = opcheck::parser::readLitmusText(canonical, "canonical.litmus");
  } catch (const opcheck::litmus::InputError& error) {
    roundTripFailure("the canonical text of a parsed test does not parse", canonical, error.what());
  }
  if (!(reread == test)) {
    roundTripFailure("the canonical text parses to a different test", canonical,
                     opcheck::litmus::printCanonical(reread));
  }
  return 0;
}

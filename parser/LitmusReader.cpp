#include "parser/LitmusReader.h"

#include <optional>
#include <set>

#include "CLitmusLexer.h"
#include "CLitmusParser.h"
#include "LitmusLexer.h"
#include "LitmusParser.h"
#include "antlr4-runtime.h"
#include "litmus/Diagnostic.h"
#include "litmus/FileReading.h"
#include "litmus/Limits.h"
#include "parser/AsciiLexer.h"
#include "parser/CTestBuilder.h"
#include "parser/DirectReader.h"
#include "parser/InputScreening.h"
#include "parser/LitmusTreeSyntax.h"
#include "parser/SyntaxErrorListener.h"
#include "parser/TestBuilder.h"
#include "parser/TokenPosition.h"

namespace opcheck::parser {

namespace {

enum class Dialect { GpuPtx, Ptx, Lisa, C };

// The dialect is the test's first word (after comments), as in herd.
Dialect detectDialect(std::string_view text, const std::string& fileName) {
  litmus::SourcePosition position{1, 1};
  std::size_t index = 0;
  auto advance = [&](std::size_t count) {
    for (; count > 0 && index < text.size(); --count, ++index) {
      if (text[index] == '\n') {
        ++position.line;
        position.column = 1;
      } else {
        ++position.column;
      }
    }
  };
  while (index < text.size()) {
    if (text.compare(index, 2, "(*") == 0) {
      const std::size_t end = text.find("*)", index + 2);
      if (end == std::string_view::npos) {
        litmus::fail(fileName, position, "comment '(*' is never closed with '*)'");
      }
      advance(end + 2 - index);
    } else if (std::string_view(" \t\r\n\f").find(text[index]) != std::string_view::npos) {
      advance(1);
    } else {
      break;
    }
  }
  if (index == text.size()) {
    litmus::fail(fileName, position, "no litmus test: the file holds only comments");
  }
  std::size_t end = index;
  while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) {
    ++end;
  }
  const std::string_view word = text.substr(index, end - index);
  if (word == "GPU_PTX") return Dialect::GpuPtx;
  if (word == "PTX") return Dialect::Ptx;
  if (word == "LISA") return Dialect::Lisa;
  if (word == "C") return Dialect::C;
  if (index == 0 && text.substr(0, 3) == "\xEF\xBB\xBF") {
    litmus::fail(fileName, position, "the file starts with a UTF-8 byte-order mark; save it without one");
  }
  // A character that is not a word: show it whole, all its UTF-8 bytes.
  const auto lead = static_cast<unsigned char>(text[index]);
  const std::size_t characterLength = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  const std::string shown =
      word.empty() ? std::string(text.substr(index, characterLength)) : std::string(word);
  litmus::fail(fileName, position,
               "unknown litmus dialect '" + shown + "' (opcheck reads GPU_PTX, PTX, LISA and C tests)");
}

litmus::Test buildFrom(LitmusParser& parser, Dialect dialect, const std::string& fileName) {
  switch (dialect) {
    case Dialect::GpuPtx:
      return buildLitmusTest(gpuPtxSyntax(*parser.gpuPtxTest()), fileName);
    case Dialect::Ptx:
      return buildLitmusTest(ptxSyntax(*parser.ptxTest()), fileName);
    case Dialect::Lisa:
    case Dialect::C:
      break;
  }
  return buildLitmusTest(lisaSyntax(*parser.lisaTest()), fileName);
}

// The fast stage: SLL prediction, bailing out at the first error; nothing
// when the test needs full LL (or has an error, which full LL reports).
std::optional<litmus::Test> buildWithSll(LitmusParser& parser, Dialect dialect, const std::string& fileName) {
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  try {
    return buildFrom(parser, dialect, fileName);
  } catch (const antlr4::ParseCancellationException&) {
    return std::nullopt;
  }
}

// The test the direct reader and the builder make of the hand-written
// lexer's tokens; nothing where either refuses it.
std::optional<litmus::Test> buildDirectly(const AsciiLexer& ascii, const std::string& fileName) {
  const std::optional<LitmusSyntax> syntax = readDirectly(ascii);
  if (!syntax) {
    return std::nullopt;
  }
  try {
    return buildLitmusTest(*syntax, fileName);
  } catch (const litmus::InputError&) {
    return std::nullopt;
  }
}

// C statements and declarations opcheck does not read, refused by name
// before parsing (the grammar has no rule for them, so the parser could
// only say that it did not expect the next token).
void refuseUnsupportedC(antlr4::CommonTokenStream& tokens, const std::string& fileName) {
  static const std::set<std::string, std::less<>> kStatements = {
      "while",    "for",    "do",    "switch", "case",    "default", "goto",   "return", "break",
      "continue", "struct", "union", "sizeof", "typedef", "enum",    "static", "extern", "register",
      "unsigned", "signed", "long",  "short",  "char",    "float",   "double"};
  std::size_t braces = 0;
  std::size_t conditionals = 0;
  for (antlr4::Token* token : tokens.getTokens()) {
    const litmus::SourcePosition position = positionOf(token);
    const std::size_t type = token->getType();
    if (type == CLitmusLexer::IDENTIFIER && kStatements.count(token->getText())) {
      litmus::fail(fileName, position,
                   "unsupported construct: '" + token->getText() +
                       "' (opcheck reads straight-line C with if/else, int registers and int or atomic_int "
                       "locations)");
    }
    braces += type == CLitmusLexer::LBRACE ? 1 : 0;
    braces -= type == CLitmusLexer::RBRACE && braces > 0 ? 1 : 0;
    conditionals += type == CLitmusLexer::IF ? 1 : 0;
    // Blocks and ifs nest in the parse tree and in the builder's recursion.
    if (braces > litmus::kMaxNesting || conditionals > litmus::kMaxNesting) {
      litmus::fail(fileName, position,
                   "test too large: more than " + std::to_string(litmus::kMaxNesting) +
                       (braces > litmus::kMaxNesting ? " nested blocks" : " if statements") +
                       ", opcheck's limit");
    }
  }
}

// herd's C tests: a lexer and parser of their own (parser/grammar/CLitmus*),
// full LL at once (C tests are short).
litmus::Test readCText(std::string_view text, const std::string& fileName) {
  antlr4::ANTLRInputStream input(text.data(), text.size());
  SyntaxErrorListener listener(fileName, CLitmusLexer::UNCLOSED_COMMENT, "/*", "*/");
  CLitmusLexer lexer(&input);
  lexer.removeErrorListeners();
  lexer.addErrorListener(&listener);
  antlr4::CommonTokenStream tokens(&lexer);
  tokens.fill();
  refuseUnsupportedC(tokens, fileName);
  CLitmusParser parser(&tokens);
  parser.removeErrorListeners();
  parser.addErrorListener(&listener);
  return buildCTest(*parser.cTest(), fileName);
}

}  // namespace

litmus::Test readLitmusText(std::string_view text, const std::string& fileName) {
  screenInput(text, fileName);
  const Dialect dialect = detectDialect(text, fileName);
  if (dialect == Dialect::C) {
    return readCText(text, fileName);
  }

  // The hand-written lexer takes plain-ASCII text (parser/AsciiLexer.h)
  // and makes the very tokens the generated lexer makes, in a fraction of
  // its time. The direct reader takes the common dialects' well-formed tests
  // from them without ANTLR's parser (parser/DirectReader.h). A test the
  // builder refuses is read again below, so that whatever is wrong with it
  // is reported by the path that reports every other error.
  AsciiLexer ascii(text);
  if (ascii.lexed()) {
    if (std::optional<litmus::Test> test = buildDirectly(ascii, fileName)) {
      return std::move(*test);
    }
  }

  antlr4::ANTLRInputStream input(text.data(), text.size());
  SyntaxErrorListener listener(fileName);
  // Two-stage parsing (ANTLR's advice for speed): the fast SLL prediction
  // with bail-out first, over the hand-written lexer's tokens where it took
  // the text; only a test it cannot parse goes through full LL, whose error
  // reporting is the one users see.
  if (ascii.lexed()) {
    ascii.attach(input);
    antlr4::CommonTokenStream tokens(&ascii);
    LitmusParser parser(&tokens);
    parser.removeErrorListeners();
    if (std::optional<litmus::Test> test = buildWithSll(parser, dialect, fileName)) {
      return std::move(*test);
    }
    // The same tokens from the generated lexer would fail SLL the same way:
    // on to full LL.
    input.reset();
  }
  LitmusLexer lexer(&input);
  lexer.removeErrorListeners();
  lexer.addErrorListener(&listener);
  antlr4::CommonTokenStream tokens(&lexer);
  LitmusParser parser(&tokens);
  parser.removeErrorListeners();
  if (!ascii.lexed()) {
    if (std::optional<litmus::Test> test = buildWithSll(parser, dialect, fileName)) {
      return std::move(*test);
    }
    tokens.seek(0);
    parser.reset();
  }
  parser.addErrorListener(&listener);
  parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::LL);
  return buildFrom(parser, dialect, fileName);
}

litmus::Test readLitmusFile(const std::filesystem::path& path) {
  return readLitmusText(litmus::readFileUpTo(path, litmus::kMaxFileBytes, "litmus files"),
                        litmus::inputName(path));
}

}  // namespace opcheck::parser

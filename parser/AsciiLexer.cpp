#include "parser/AsciiLexer.h"

#include <array>

#include "LitmusLexer.h"

namespace opcheck::parser {

namespace {

using L = ::LitmusLexer;

// LitmusLexer.g4's fragments NAME_START and NAME_PART, and its INTEGER's
// digits.
bool isNameStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '%' || c == '$';
}
bool isNamePart(char c) { return isNameStart(c) ? c != '%' : c >= '0' && c <= '9'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isWhiteSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f'; }

// The keywords, each its own token: the generated lexer takes the longest
// match, and a keyword where it is as long as IDENTIFIER's, its rule coming
// first.
struct Keyword {
  std::string_view word;
  std::size_t type;
};
constexpr std::array<Keyword, 12> kKeywords = {{
    {"GPU_PTX", L::GPU_PTX},
    {"PTX", L::PTX},
    {"LISA", L::LISA},
    {"exists", L::EXISTS},
    {"forall", L::FORALL},
    {"filter", L::FILTER},
    {"locations", L::LOCATIONS},
    {"scopeTree", L::SCOPE_TREE},
    {"scopes", L::SCOPES},
    {"aliases", L::ALIASES},
    {"true", L::TRUE},
    {"false", L::FALSE},
}};

// The lexer's modes (LitmusLexer.g4): after the dialect's keyword the
// test's name, then free text up to the initial state's '{'.
enum class Mode { Default, TestName, Preamble };

}  // namespace

AsciiLexer::AsciiLexer(std::string_view text) : text_(text) {
  if (!lex(text)) {
    tokens_.clear();
  }
}

AsciiLexer::AsciiLexer(std::string_view text, antlr4::CharStream& input) : AsciiLexer(text) { attach(input); }

std::unique_ptr<antlr4::Token> AsciiLexer::antlrToken(const LexedToken& token) {
  if (token.type == antlr4::Token::EOF) {
    // As Lexer::emitEOF: it starts at the input's end and stops before it.
    return antlr4::CommonTokenFactory::DEFAULT->create({this, input_}, antlr4::Token::EOF, "",
                                                       antlr4::Token::DEFAULT_CHANNEL, token.start,
                                                       token.stop, token.line, token.column);
  }
  // As Lexer::emit, but with the token's text given: it is the input's
  // text from start to stop, which the generated lexer's token converts from
  // the input's code points on every getText.
  return antlr4::CommonTokenFactory::DEFAULT->create(
      {this, input_}, token.type, std::string(text_.substr(token.start, token.stop + 1 - token.start)),
      antlr4::Token::DEFAULT_CHANNEL, token.start, token.stop, token.line, token.column);
}

std::vector<std::unique_ptr<antlr4::Token>> AsciiLexer::antlrTokens() {
  std::vector<std::unique_ptr<antlr4::Token>> made;
  made.reserve(tokens_.size());
  for (const LexedToken& token : tokens_) {
    made.push_back(antlrToken(token));
  }
  return made;
}

// Moves INDEX to END, counting lines and columns as LexerATNSimulator does.
void AsciiLexer::advance(std::string_view text, std::size_t& index, std::size_t end) {
  for (; index < end; ++index) {
    if (text[index] == '\n') {
      ++line_;
      column_ = 0;
    } else {
      ++column_;
    }
  }
}

bool AsciiLexer::lex(std::string_view text) {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) > 0x7F) {
      return false;
    }
  }
  std::vector<Mode> modes;  // pushMode's stack
  Mode mode = Mode::Default;
  const std::size_t size = text.size();
  auto at = [&](std::size_t index) { return index < size ? text[index] : '\0'; };
  std::size_t index = 0;
  while (index < size) {
    const std::size_t start = index;
    tokenLine_ = line_;
    tokenColumn_ = column_;
    const char c = text[index];
    std::size_t end = start + 1;
    std::size_t type = 0;
    bool skip = false;
    if (mode == Mode::TestName) {
      if (c == ' ' || c == '\t') {  // TEST_NAME_SPACE
        while (at(end) == ' ' || at(end) == '\t') ++end;
        skip = true;
      } else if (c == '\r' || c == '\n') {  // TEST_NAME_MISSING
        mode = Mode::Preamble;
        skip = true;
      } else if (c == '{') {  // TEST_NAME_BRACE
        type = L::LBRACE;
      } else {
        // TEST_NAME: anything but space, tab, CR, LF and '{' (a form feed too).
        while (end < size && text[end] != ' ' && text[end] != '\t' && text[end] != '\r' &&
               text[end] != '\n' && text[end] != '{') {
          ++end;
        }
        type = L::TEST_NAME;
        mode = Mode::Preamble;
      }
    } else if (mode == Mode::Preamble) {
      if (c == '{') {  // PREAMBLE_END
        type = L::LBRACE;
      } else {
        while (end < size && text[end] != '{') ++end;
        type = L::PREAMBLE;
      }
    } else if (isWhiteSpace(c)) {
      while (end < size && isWhiteSpace(text[end])) ++end;
      skip = true;
    } else if (c == '(' && at(index + 1) == '*') {
      const std::size_t close = text.find("*)", index + 2);
      if (close == std::string_view::npos) {
        return false;  // UNCLOSED_COMMENT
      }
      end = close + 2;
      skip = true;
    } else if (isNameStart(c)) {
      while (isNamePart(at(end))) ++end;
      const std::size_t nameEnd = end;
      while (at(end) == '.' && isNamePart(at(end + 1))) {
        end += 2;
        while (isNamePart(at(end))) ++end;
        // LitmusLexer.g4: a qualifier may hold "::" ("shared::cta").
        while (at(end) == ':' && at(end + 1) == ':' && isNamePart(at(end + 2))) {
          end += 3;
          while (isNamePart(at(end))) ++end;
        }
      }
      type = L::IDENTIFIER;
      if (end > nameEnd) {
        type = L::QUALIFIED_NAME;
      } else {
        const std::string_view word = text.substr(start, end - start);
        for (const Keyword& keyword : kKeywords) {
          if (keyword.word == word) {
            type = keyword.type;
          }
        }
      }
    } else if (c == '.') {
      if (!isNamePart(at(end))) {
        return false;  // UNEXPECTED_CHARACTER
      }
      while (isNamePart(at(end))) ++end;
      type = L::DOT_NAME;
    } else if (c == '0' && (at(end) == 'x' || at(end) == 'X') && isHexDigit(at(end + 1))) {
      end += 2;
      while (isHexDigit(at(end))) ++end;
      type = L::INTEGER;
    } else if (isDigit(c) || (c == '-' && isDigit(at(end)))) {
      while (isDigit(at(end))) ++end;
      type = L::INTEGER;
    } else if (c == '/' && at(end) == '\\') {
      end += 1;
      type = L::AND;
    } else if (c == '\\' && at(end) == '/') {
      end += 1;
      type = L::OR;
    } else if ((c == '=' || c == '!') && at(end) == '=') {
      end += 1;
      type = c == '=' ? L::EQUAL : L::NOT_EQUAL;
    } else {
      switch (c) {
        case '~':
          type = L::TILDE;
          break;
        case '=':
          type = L::ASSIGN;
          break;
        case '!':
          type = L::BANG;
          break;
        case '@':
          type = L::AT;
          break;
        case ':':
          type = L::COLON;
          break;
        case ';':
          type = L::SEMI;
          break;
        case ',':
          type = L::COMMA;
          break;
        case '|':
          type = L::PIPE;
          break;
        case '(':
          type = L::LPAREN;
          break;
        case ')':
          type = L::RPAREN;
          break;
        case '[':
          type = L::LBRACKET;
          break;
        case ']':
          type = L::RBRACKET;
          break;
        case '{':
          type = L::LBRACE;
          break;
        case '}':
          type = L::RBRACE;
          break;
        default:
          return false;  // UNEXPECTED_CHARACTER
      }
    }
    advance(text, index, end);
    if (skip) {
      continue;
    }
    tokens_.push_back(LexedToken{type, start, end - 1, tokenLine_, tokenColumn_});
    // The modes' actions: the dialect's keyword pushes TEST_NAME_MODE, whose
    // '{' pops it (as PREAMBLE_MODE's, which replaced it, does).
    if (type == L::GPU_PTX || type == L::PTX || type == L::LISA) {
      modes.push_back(mode);
      mode = Mode::TestName;
    } else if (type == L::LBRACE && mode != Mode::Default) {
      mode = modes.back();
      modes.pop_back();
    }
  }
  // EOF starts at the input's end and stops before it (Lexer::emitEOF).
  tokens_.push_back(LexedToken{antlr4::Token::EOF, size, size - 1, line_, column_});
  return true;
}

}  // namespace opcheck::parser

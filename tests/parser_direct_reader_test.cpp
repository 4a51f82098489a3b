// The direct reader of the common dialects (parser/DirectReader.h) against
// ANTLR's parser: on every text it takes, the same test (the IR, its
// canonical print, herd's hash and every position a diagnostic names), or
// the same error; on texts ANTLR refuses, nothing. Tricky texts by hand,
// then every litmus file of the corpora, t3, the catalogue and the bad
// inputs, where it must take every GPU_PTX and PTX test ANTLR parses.
#include <catch2/catch.hpp>
#include <sstream>

#include "LitmusLexer.h"
#include "LitmusParser.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "litmus/HerdHash.h"
#include "parser/AsciiLexer.h"
#include "parser/DirectReader.h"
#include "parser/LitmusTreeSyntax.h"
#include "parser/TestBuilder.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

// The syntax ANTLR's parser gives (full LL, the start rule the dialect's
// keyword names); none when the text has a syntax error or no dialect.
std::optional<parser::LitmusSyntax> antlrSyntax(const std::string& text) {
  antlr4::ANTLRInputStream input(text.data(), text.size());
  LitmusLexer lexer(&input);
  lexer.removeErrorListeners();
  antlr4::CommonTokenStream tokens(&lexer);
  tokens.fill();
  LitmusParser parser(&tokens);
  parser.removeErrorListeners();
  const std::size_t first = tokens.get(0)->getType();
  // The tree of a text with a syntax error has holes: only a whole one is
  // read.
  auto whole = [&](auto* tree) { return parser.getNumberOfSyntaxErrors() == 0 ? tree : nullptr; };
  if (first == LitmusLexer::GPU_PTX) {
    if (auto* tree = whole(parser.gpuPtxTest())) {
      return parser::gpuPtxSyntax(*tree);
    }
  } else if (first == LitmusLexer::PTX) {
    if (auto* tree = whole(parser.ptxTest())) {
      return parser::ptxSyntax(*tree);
    }
  } else if (first == LitmusLexer::LISA) {
    if (auto* tree = whole(parser.lisaTest())) {
      return parser::lisaSyntax(*tree);
    }
  }
  return std::nullopt;
}

std::optional<parser::LitmusSyntax> directSyntax(const std::string& text) {
  const parser::AsciiLexer ascii(text);
  if (!ascii.lexed()) {
    return std::nullopt;
  }
  return parser::readDirectly(ascii);
}

// Everything the builder makes of SYNTAX that a user can see: the IR, its
// canonical print, herd's hash and the positions diagnostics name; or the
// error.
std::string builtText(const parser::LitmusSyntax& syntax) {
  std::ostringstream text;
  try {
    const litmus::Test test = parser::buildLitmusTest(syntax, "t.litmus");
    text << litmus::printCanonical(test) << "\nhash " << litmus::herdHash(test).value_or("none")
         << "\ngpuPtx " << test.herdSource.gpuPtx << "\ninitialised";
    for (const std::string& name : test.herdSource.initialisedLocations) {
      text << " " << name;
    }
    for (const litmus::Location& location : test.locations) {
      text << "\n"
           << location.name << " " << location.initialValue.position.line << ":"
           << location.initialValue.position.column << " " << location.aliasPosition.line << ":"
           << location.aliasPosition.column;
    }
    for (const litmus::Thread& thread : test.threads) {
      for (const litmus::Register& reg : thread.registers) {
        if (reg.initialValue) {
          text << "\n"
               << reg.name << " " << reg.initialValue->position.line << ":"
               << reg.initialValue->position.column;
        }
      }
      for (const litmus::Instruction& instruction : thread.instructions) {
        text << "\n@" << instruction.position.line << ":" << instruction.position.column;
      }
    }
  } catch (const litmus::InputError& error) {
    text << "error: " << error.what();
  }
  return text.str();
}

// Empty when the direct reader leaves TEXT to ANTLR or builds what ANTLR's
// syntax builds; else the difference.
std::string readerDifference(const std::string& text) {
  const std::optional<parser::LitmusSyntax> direct = directSyntax(text);
  if (!direct) {
    return {};
  }
  const std::optional<parser::LitmusSyntax> reference = antlrSyntax(text);
  if (!reference) {
    return "the direct reader takes a text ANTLR refuses";
  }
  const std::string want = builtText(*reference);
  const std::string got = builtText(*direct);
  return want == got ? std::string() : "ANTLR's path builds\n" + want + "\nthe direct reader's\n" + got;
}

bool readerTakes(const std::string& text) { return directSyntax(text).has_value(); }

}  // namespace

TEST_CASE("the direct reader builds ANTLR's test on tricky texts", "[parser]") {
  const std::vector<std::string> texts = {
      // GPU_PTX with every part: declarations, addresses, guards, labels
      // absent, a memory map, locations, a filter.
      "GPU_PTX t \"doc\"\n{ 0:.reg .s32 r0; 0:.reg .b64 r1 = x; 1:.reg .s32 r2 = 3; x = 1; y=0 }\n"
      " P0 | P1 ;\n ld.volatile.global.s32 r0, [r1] | st.cg.s32 [y], r2 ;\n"
      " membar.gl | ;\n@!r0 mov.s32 r0, 0x1f | ;\n"
      "scopeTree (device (kernel (cta (warp P0)) (cta P1)))\n x: global, y: shared\n"
      "locations [x; 1:r2;]\nfilter (0:r0 == 0) exists (0:r0=1 /\\ ~(y=0 \\/ x != 2)) \\/ true",
      // PTX: placements, labels and branches, a memory map after the rows
      // (against a label), ~exists, aliases.
      "PTX p\n{ x=0; y@constant aliases x; P0:r0=0 }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
      " L0: ld.relaxed.gpu r0, x | st.relaxed.gpu x, 1 ;\n bra L0 | L1: ;\n"
      "x: global, y: global\n~exists (P0:r0 == 1)",
      "PTX q\n{ x=0; }\n P0@cta 0,gpu 0 ;\n L: ld r0, 1 ;\n x: global exists (x=0)",
      "PTX r\n{ }\n P0@cta 0 ;\n ;\n | ;\nforall false",
      "PTX s { } P0@cta 0; fence.sc.cta; scopeTree (device (cta P0)) exists (x=0)",
      // Errors the builder finds, the same either way.
      "GPU_PTX e\n{ 0:r0=0; }\n P0 ;\n ld.s32 r9, [x] ;\nscopeTree (device (cta P0))\nexists (0:r0=0)",
      "PTX e2\n{ }\n P0@cta 0 | P1@cta 0 ;\n nop ;\nexists (P2:r0=0)",
      "PTX e3\n{ x=99999999999999999999; }\n P0@cta 0 ;\nexists (x=0)",
  };
  for (const std::string& text : texts) {
    INFO(text);
    CHECK(readerDifference(text).empty());
  }
  CHECK(readerTakes(texts[0]));
  CHECK(readerTakes(texts[1]));
  CHECK(readerTakes(texts[2]));
  CHECK(readerTakes(texts[4]));
}

TEST_CASE("the direct reader leaves LISA tests and syntax errors to ANTLR", "[parser]") {
  CHECK_FALSE(
      readerTakes("LISA l\n{ x=0; }\n P0 ;\n w[] x 1 ;\nscopes: (system (gpu (cta P0)))\nexists (x=1)"));
  CHECK_FALSE(readerTakes("GPU_PTX g\n{ }\n P0 ;\n nop ;\nexists (x=0)"));           // no scopeTree
  CHECK_FALSE(readerTakes("PTX p\n{ x=0 }\n P0@cta 0 ;\n ld r0, x\nexists (x=0)"));  // a row without ';'
  CHECK_FALSE(readerTakes("PTX p\n{ x= }\n P0@cta 0 ;\nexists (x=0)"));
  CHECK_FALSE(readerTakes("PTX p\n{ }\n P0@cta 0 ;\nexists (x=0) extra"));
  CHECK_FALSE(readerTakes("PTX p\n{ }\n P0@cta 0 ;\nexists"));
  CHECK_FALSE(readerTakes("PTX\n{ }\n P0@cta 0 ;\nexists (x=0)"));  // no name
}

TEST_CASE("the direct reader builds ANTLR's test on every corpus and catalogue file", "[corpus][parser]") {
  const std::optional<fs::path> corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("corpora not found: skipped");
    return;
  }
  const std::vector<fs::path> files = testing::everyLitmusFile(*corpora);
  std::size_t taken = 0;
  std::vector<std::string> differences;
  std::vector<std::string> left;  // common-dialect tests ANTLR parses that the direct reader leaves
  for (const fs::path& file : files) {
    const std::string text = testing::readFile(file);
    const bool direct = readerTakes(text);
    taken += direct ? 1 : 0;
    if (std::string found = readerDifference(text); !found.empty()) {
      differences.push_back(file.string() + ": " + found);
    }
    if (!direct) {
      const std::optional<parser::LitmusSyntax> reference = antlrSyntax(text);
      if (reference && reference->dialect != parser::LitmusSyntax::Dialect::Lisa) {
        if (parser::AsciiLexer(text).lexed()) {
          left.push_back(file.string());
        }
      }
    }
  }
  INFO(differences.size() << " of " << files.size()
                          << " files differ; first: " << (differences.empty() ? "-" : differences.front()));
  CHECK(differences.empty());
  INFO(left.size() << " plain-ASCII GPU_PTX or PTX tests ANTLR parses are left to it; first: "
                   << (left.empty() ? "-" : left.front()));
  CHECK(left.empty());
  // Nearly every corpus test is taken (all but LISA, C and non-ASCII ones).
  CHECK(taken * 10 > files.size() * 8);
}

// Reads a GPU_PTX or PTX test from its tokens (parser/AsciiLexer.h)
// straight into its syntax (parser/LitmusSyntax.h): the rules of
// GpuPtx.g4, Ptx.g4 and LitmusCommon.g4 by recursive descent, without
// ANTLR's parser and parse tree, which took half of an axiomatic run over
// a corpus (docs/benchmarks.md "Where the time of an axiomatic run goes").
//
// It takes only a text the grammar takes, and gives the syntax ANTLR's
// tree would give (tests/parser_direct_reader_test.cpp compares the tests
// built from both on every corpus file). On anything else (a LISA test, a
// syntax error) it gives nothing, and the caller parses with ANTLR, whose
// diagnostics stay the only ones users see.
#pragma once

#include <optional>

#include "parser/AsciiLexer.h"
#include "parser/LitmusSyntax.h"

namespace opcheck::parser {

std::optional<LitmusSyntax> readDirectly(const AsciiLexer& lexer);

}  // namespace opcheck::parser

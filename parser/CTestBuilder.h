// Turns the parse tree of a C litmus test (herd's C dialect with opcheck's
// scopes and placements) into the litmus IR, lowering each C11 construct
// onto the instruction table as docs/dialects.md "C" says: memory orders
// become semantics, CUDA's thread_scope_* names scopes, if/else becomes a
// compare-and-branch. Whatever opcheck does not read is refused by name,
// at its position, as litmus::InputError.
#pragma once

#include <string>

#include "CLitmusParser.h"
#include "litmus/Test.h"

namespace opcheck::parser {

litmus::Test buildCTest(CLitmusParser::CTestContext& tree, const std::string& file);

}  // namespace opcheck::parser

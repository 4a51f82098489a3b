// Turns a test's syntax (parser/LitmusSyntax.h) of any dialect but C into
// the litmus IR, checking what the grammar cannot: registers and locations
// exist, labels resolve, every row has one cell per thread, each thread is
// placed once in the scope tree, the condition names real threads and
// registers, the test fits opcheck's limits. The first problem found is
// thrown as litmus::InputError.
#pragma once

#include <string>

#include "litmus/Test.h"
#include "parser/LitmusSyntax.h"

namespace opcheck::parser {

litmus::Test buildLitmusTest(const LitmusSyntax& syntax, const std::string& file);

}  // namespace opcheck::parser

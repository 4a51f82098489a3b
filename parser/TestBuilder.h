// Turns a parse tree of any dialect into the litmus IR, checking what the
// grammar cannot: registers and locations exist, labels resolve, every row
// has one cell per thread, each thread is placed once in the scope tree,
// the condition names real threads and registers, the test fits opcheck's
// limits. The first problem found is thrown as litmus::InputError.
#pragma once

#include <string>

#include "LitmusParser.h"
#include "litmus/Test.h"

namespace opcheck::parser {

litmus::Test buildGpuPtxTest(LitmusParser::GpuPtxTestContext& tree, const std::string& file);
litmus::Test buildPtxTest(LitmusParser::PtxTestContext& tree, const std::string& file);
litmus::Test buildLisaTest(LitmusParser::LisaTestContext& tree, const std::string& file);

}  // namespace opcheck::parser

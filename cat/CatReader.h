// Reads a cat model (herd's cat language; docs/cat.md says which part):
// parses it with its ANTLR4 grammar (grammar/Cat.g4), splices in its
// includes (relative to the including file), resolves every name to a base
// name (BaseNames.h) or an earlier `let`, and type-checks it. Every syntax
// error, unknown name, and set used where a relation is needed (or the
// other way) throws litmus::InputError as FILE:LINE:COL.
#pragma once

#include <string>

#include "cat/CatProgram.h"

namespace opcheck::cat {

CatProgram readCatFile(const std::string& file);

// The same for a model held in TEXT, named FILE in diagnostics (includes
// are read relative to FILE's folder).
CatProgram readCatText(const std::string& text, const std::string& file);

}  // namespace opcheck::cat

// Prints a C test (Test::dialect == Dialect::C) as herd's C dialect with
// opcheck's scopes and placements: explicit builtins, every memory order
// written, a scope only where it is not the system's, "if" for the
// branches the parser made of one. The output parses back to an equal Test;
// printCanonical calls it for C tests.
#pragma once

#include <string>

#include "litmus/Test.h"

namespace opcheck::litmus {

std::string printCanonicalC(const Test& test);

}  // namespace opcheck::litmus

// The name diy7 gives the test of a cycle: the classic shape's name when
// the cycle is one (up to rotation), otherwise the relations joined with
// '+' (diy7 manual, "Naming": tests are named after their cycles).
#pragma once

#include <string>

#include "generate/Cycle.h"

namespace opcheck::generate {

std::string diyTestName(const Cycle& cycle);

}  // namespace opcheck::generate

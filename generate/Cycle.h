// A diy7 cycle: relations that, read one after the other, come back to
// where they started (diy7 manual: a test is generated from a cycle of
// candidate relaxations, and its condition asks for the cycle's outcome).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "generate/Relation.h"

namespace opcheck::generate {

struct Cycle {
  std::vector<Edge> edges;
};

// Reads "Rfe PodRR Fre PodWW" (words separated by blanks or '+', so a
// generated name reads back). Checks that each edge starts where the one
// before it ends, that locations can come back to the first one and that
// some edge communicates; fills the directions of fences written without
// them. Throws GenerationError.
Cycle parseCycle(std::string_view text);

// The edges' names joined with SEPARATOR.
std::string cycleText(const Cycle& cycle, std::string_view separator = " ");

}  // namespace opcheck::generate

// Prints a Test in opcheck's canonical text form: the modern PTX dialect,
// every qualifier explicit (legacy spellings decoded), with GPU_PTX's
// scopeTree and memory map where the test needs them. The output parses
// back to an equal Test; `opcheck parse` shows it.
#pragma once

#include <string>

#include "litmus/Test.h"

namespace opcheck::litmus {

std::string printCanonical(const Test& test);

// Pieces of the canonical form, also used in messages and outcomes.
std::string printInstruction(const Test& test, std::size_t thread, const Instruction& instruction);
std::string printMnemonic(const Instruction& instruction);
std::string printTerm(const Test& test, const ConditionTerm& term);
std::string printProposition(const Test& test, const Proposition& proposition);
std::string_view quantifierKeyword(Quantifier quantifier);

}  // namespace opcheck::litmus

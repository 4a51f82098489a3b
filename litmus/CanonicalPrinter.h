// Prints a Test in opcheck's canonical text form: the modern PTX dialect,
// every qualifier explicit (legacy spellings decoded), with GPU_PTX's
// scopeTree and memory map where the test needs them. The output parses
// back to an equal Test; `opcheck parse` shows it. A C test prints as C
// (litmus/CPrinter.h).
#pragma once

#include <string>
#include <vector>

#include "litmus/Test.h"

namespace opcheck::litmus {

std::string printCanonical(const Test& test);

// Pieces of the canonical form, also used in messages and outcomes.
std::string printInstruction(const Test& test, std::size_t thread, const Instruction& instruction);
std::string printMnemonic(const Instruction& instruction);
std::string printTerm(const Test& test, const ConditionTerm& term);
std::string printProposition(const Test& test, const Proposition& proposition);
std::string_view quantifierKeyword(Quantifier quantifier);
// "locations [...]", the filter and the condition, one line each (every
// dialect ends with them).
std::string printFinalCondition(const Test& test);

// The program table: one column of cells per thread (its header first),
// padded to the widest cell, columns joined by " | ", rows ended by " ;".
std::string layOutThreadColumns(const std::vector<std::vector<std::string>>& columns);

}  // namespace opcheck::litmus

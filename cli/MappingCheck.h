// The mapping check of compare (compare --source MODEL --mapping NAME,
// docs/mappings.md) and the choice of a mapping, which compile shares.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compile/Mapping.h"
#include "crosscheck/MappingCheck.h"
#include "generate/CPrograms.h"

namespace opcheck::cli {

// The built-in mappings' names, separated by commas.
std::string mappingNames();

// The mapping NAME (compile::findMapping), or nothing with STATUS set after
// the error is printed: a usage error for an unknown name, bad input for a
// malformed file.
std::optional<compile::Mapping> chooseMapping(const std::string& name, int& status);

// Checks OPTIONS.mapping on every test of FILES (JOBS at a time), prints a
// line per test, the counterexamples and a summary; the exit status is
// compare's: 1 when the mapping is unsound on some test.
int runMappingCheck(const std::vector<std::filesystem::path>& files, bool badInput,
                    const crosscheck::MappingCheckOptions& options, unsigned jobs);

// Checks OPTIONS.mapping on every C program of 2 to LARGEST.events events
// within LARGEST's other bounds (generate/CPrograms.h), smallest first: a
// line per size, and the first program on which the mapping is unsound, in
// full; it stops after the first size with an unsound program.
int runBoundedMappingCheck(const generate::CProgramBound& largest,
                           const crosscheck::MappingCheckOptions& options, unsigned jobs);

}  // namespace opcheck::cli

// Compiles a C test (docs/dialects.md "C") into a PTX test with a mapping
// (Mapping.h): every atomic, non-atomic access and fence becomes its row's
// PTX instructions, "<sco>" the access's scope; registers, arithmetic,
// branches, placement, locations, initial state and condition stay as they
// are (seed 001 Sec. 4.2: sb, locations and scopes map straight onto po,
// addresses and scopes). docs/mappings.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compile/Mapping.h"
#include "litmus/Test.h"

namespace opcheck::compile {

struct CompiledTest {
  litmus::Test test;  // in the PTX dialect
  // Per thread, per PTX instruction: the C instruction it comes from (a
  // fence the mapping inserts belongs to its access).
  std::vector<std::vector<std::uint32_t>> origins;
  // The PTX module a real compiler wrote (empty for a table mapping).
  std::string compilerOutput;
};

// The construct of a C instruction, or nothing for one that is no access
// or fence (arithmetic, branches).
std::optional<CConstruct> constructOf(const litmus::Instruction& instruction);

// Throws litmus::InputError naming FILE (the C test's) where TEST is not a C
// test, or at the instruction whose construct MAPPING has no row for; with
// a compiler for a mapping, CompilerRefusal (compile/ClangCompiler.h) where
// the compiler fails on the test.
CompiledTest compileTest(const litmus::Test& test, const std::string& file, const Mapping& mapping);

}  // namespace opcheck::compile

// A real compiler as the mapping (docs/mappings.md "Real compilers"):
// `--mapping clang-19:sm_90` writes each thread of a C test as a CUDA
// device function, compiles them with that clang's NVPTX back end to PTX
// (no ptxas), reads the PTX back (ptxmodule/Module.h), and makes it a PTX
// litmus test: each function's parameters read back as the test's
// locations, and its stores through the out parameters as the thread's
// registers. What the compiler wrote is what is checked: nothing is
// corrected.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "compile/Compiler.h"
#include "litmus/Test.h"
#include "ptxmodule/Module.h"

namespace opcheck::compile {

// The compiler could not compile a test: it is missing, crashed, timed out
// or refused the source (its message is in what()), or it wrote PTX that
// opcheck cannot read as a litmus thread. Bad input of the compiler's
// making, never of the test's.
class CompilerRefusal : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The CUDA source of TEST's threads (a C test), one device function per
// thread: the locations it names as int pointers, then an out pointer per
// register, each register stored through its pointer at the end.
std::string cudaSource(const litmus::Test& test, const std::string& file);

// The PTX test of TEST made of MODULE, the compiler's output for
// cudaSource(TEST). Throws CompilerRefusal where a function is missing or
// uses an instruction a litmus test cannot hold.
CompiledTest liftModule(const litmus::Test& test, const ptxmodule::Module& module, const std::string& who);

// cudaSource, the compiler, liftModule. Throws litmus::InputError for a C
// test opcheck cannot write as CUDA, CompilerRefusal for the compiler's
// failures. COMPILED_PTX, where given, receives the PTX it wrote.
CompiledTest compileWithCompiler(const litmus::Test& test, const std::string& file,
                                 const CompilerTarget& target, std::string* compiledPtx = nullptr);

}  // namespace opcheck::compile

// compile/ClangCompiler: C tests compiled by a real clang (docs/mappings.md
// "Real compilers"). Each test needs the compiler it names and skips with a
// message where the machine lacks it (scripts/setup.sh installs clang-22;
// Debian 12 has clang-19).
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

#include "axiomcheck/Models.h"
#include "compile/ClangCompiler.h"
#include "compile/Compiler.h"
#include "compile/Subprocess.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace {

namespace fs = std::filesystem;
using opcheck::compile::CompiledTest;
using opcheck::compile::CompilerRefusal;
using opcheck::compile::findMapping;
using opcheck::compile::Mapping;
using opcheck::litmus::Opcode;
using opcheck::litmus::Operation;
using opcheck::litmus::Scope;
using opcheck::litmus::Semantics;

const fs::path kCatalogueCTests = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "c";

// Whether COMPILER is installed; a test that needs it skips otherwise.
bool have(const std::string& compiler) {
  if (opcheck::compile::programExists(compiler)) {
    return true;
  }
  WARN("skipped: " << compiler << " is not installed (scripts/setup.sh installs clang-22)");
  return false;
}

Mapping compilerMapping(const std::string& name) {
  std::optional<Mapping> mapping = findMapping(name);
  REQUIRE(mapping.has_value());
  REQUIRE(mapping->compiler.has_value());
  return *mapping;
}

CompiledTest compileCatalogueTest(const std::string& test, const std::string& mapping) {
  const fs::path file = kCatalogueCTests / (test + ".litmus");
  return opcheck::compile::compileTest(opcheck::parser::readLitmusFile(file), file.string(),
                                       compilerMapping(mapping));
}

using Access = std::tuple<Opcode, Operation, Semantics, Scope, std::string>;

// The memory operations of THREAD of COMPILED: opcode, operation,
// semantics, scope and location.
std::vector<Access> accessesOf(const CompiledTest& compiled, std::size_t thread) {
  std::vector<Access> accesses;
  for (const opcheck::litmus::Instruction& instruction : compiled.test.threads[thread].instructions) {
    if (!opcheck::compile::constructOf(instruction)) {
      continue;
    }
    std::string location;
    for (const opcheck::litmus::Operand& operand : instruction.operands) {
      if (operand.kind == opcheck::litmus::Operand::Kind::Location) {
        location = compiled.test.locations[operand.index].name;
      }
    }
    accesses.emplace_back(instruction.opcode, instruction.operation, instruction.semantics, instruction.scope,
                          location);
  }
  return accesses;
}

}  // namespace

TEST_CASE("compile reads a compiler and target as a mapping name", "[compile][clang]") {
  const auto target = opcheck::compile::parseCompilerTarget("clang-19:sm_90");
  REQUIRE(target.has_value());
  CHECK(target->compiler == "clang-19");
  CHECK(target->arch == "sm_90");
  CHECK(opcheck::compile::parseCompilerTarget("clang:sm_80").has_value());
  CHECK_FALSE(opcheck::compile::parseCompilerTarget("gcc-12:sm_90").has_value());
  CHECK_FALSE(opcheck::compile::parseCompilerTarget("clang-19").has_value());
  CHECK_FALSE(opcheck::compile::parseCompilerTarget("seed001").has_value());
}

TEST_CASE("compile writes each thread as a device function with scoped builtins", "[compile][clang]") {
  const fs::path file = kCatalogueCTests / "CAS+exchange.litmus";
  const std::string source =
      opcheck::compile::cudaSource(opcheck::parser::readLitmusFile(file), file.string());
  // CAS+exchange: P0's acq_rel compare-exchange (failure order acquire,
  // C++20 [atomics.types.operations]) at system scope; P1's seq_cst
  // exchange, and a relaxed fetch_add at device scope.
  CHECK(source.find("void P0(int* x, int* opcheck_out_r0)") != std::string::npos);
  CHECK(source.find("__scoped_atomic_compare_exchange_n(x, &opcheck_expected, 1, 0, __ATOMIC_ACQ_REL, "
                    "__ATOMIC_ACQUIRE, __MEMORY_SCOPE_SYSTEM)") != std::string::npos);
  CHECK(source.find("r0 = __scoped_atomic_exchange_n(x, 2, __ATOMIC_SEQ_CST, __MEMORY_SCOPE_SYSTEM);") !=
        std::string::npos);
  CHECK(source.find("r1 = __scoped_atomic_fetch_add(x, 1, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);") !=
        std::string::npos);
  CHECK(source.find("*opcheck_out_r1 = r1;") != std::string::npos);
}

TEST_CASE("compile with clang-19 gives relaxed accesses as volatile ones", "[compile][clang]") {
  if (!have("clang-19")) {
    return;
  }
  // LLVM 19's NVPTX back end selects a monotonic load or store as
  // ld.volatile / st.volatile (NVPTXISelDAGToDAG.cpp, tryLoad/tryStore),
  // which PTX ISA 9.1 8.4.2 reads as .relaxed.sys, whatever the C scope.
  const CompiledTest compiled = compileCatalogueTest("MP+rlx+rlx", "clang-19:sm_90");
  CHECK(accessesOf(compiled, 0) ==
        std::vector<Access>{
            {Opcode::Store, Operation::None, Semantics::Relaxed, Scope::System, "x"},
            {Opcode::Store, Operation::None, Semantics::Relaxed, Scope::System, "y"},
        });
  CHECK(accessesOf(compiled, 1) ==
        std::vector<Access>{
            {Opcode::Load, Operation::None, Semantics::Relaxed, Scope::System, "y"},
            {Opcode::Load, Operation::None, Semantics::Relaxed, Scope::System, "x"},
        });
  // The registers keep their names and come first, so the condition reads them.
  CHECK(compiled.test.threads[1].registers[0].name == "r0");
  CHECK(compiled.test.threads[1].registers[1].name == "r1");
  CHECK(compiled.test.condition ==
        opcheck::parser::readLitmusFile(kCatalogueCTests / "MP+rlx+rlx.litmus").condition);
  CHECK(compiled.compilerOutput.find(".target sm_90") != std::string::npos);
}

TEST_CASE("compile with clang-19 gives every read-modify-write as a relaxed gpu atom", "[compile][clang]") {
  if (!have("clang-19")) {
    return;
  }
  // LLVM 19 selects atomicrmw and cmpxchg as atom.exch/add/cas without
  // .sem or scope (NVPTXIntrinsics.td, the ATOM patterns), whatever the
  // order; PTX ISA 9.1 9.7.13.5 reads an atom without .sem as .relaxed and
  // without a scope as .gpu.
  const CompiledTest compiled = compileCatalogueTest("CAS+exchange", "clang-19:sm_70");
  CHECK(accessesOf(compiled, 0) == std::vector<Access>{{Opcode::Atomic, Operation::CompareAndSwap,
                                                        Semantics::Relaxed, Scope::Gpu, "x"}});
  CHECK(accessesOf(compiled, 1) ==
        std::vector<Access>{
            {Opcode::Atomic, Operation::Exchange, Semantics::Relaxed, Scope::Gpu, "x"},
            {Opcode::Atomic, Operation::Add, Semantics::Relaxed, Scope::Gpu, "x"},
        });
}

TEST_CASE("compile reports clang-19's crash on a release store as its refusal", "[compile][clang]") {
  if (!have("clang-19")) {
    return;
  }
  // LLVM 19's NVPTX back end has no pattern for an atomic store stronger
  // than monotonic and stops with "Cannot select".
  try {
    (void)compileCatalogueTest("MP+rel+acq", "clang-19:sm_90");
    FAIL("clang-19 compiled a release store");
  } catch (const CompilerRefusal& refusal) {
    const std::string message = refusal.what();
    CHECK(message.starts_with("clang-19 (sm_90) failed"));
    CHECK(message.find("Cannot select") != std::string::npos);
  }
}

TEST_CASE("compile names a compiler that is not installed", "[compile][clang]") {
  try {
    (void)compileCatalogueTest("MP+rlx+rlx", "clang-999:sm_90");
    FAIL("a compiler that does not exist compiled a test");
  } catch (const CompilerRefusal& refusal) {
    CHECK(std::string(refusal.what()) == "clang-999 is not installed (not found in PATH)");
  }
  const opcheck::testing::CommandResult result = opcheck::testing::runOpcheck(
      {"compile", (kCatalogueCTests / "MP+rlx+rlx.litmus").string(), "--mapping", "clang-999:sm_90"});
  CHECK(result.exitStatus == 2);
  CHECK(result.standardError.find("MP+rlx+rlx.litmus: error: clang-999 is not installed") !=
        std::string::npos);
}

TEST_CASE("compare checks clang-19's relaxed accesses and reports its refusals", "[compile][clang]") {
  if (!have("clang-19")) {
    return;
  }
  const opcheck::testing::CommandResult result = opcheck::testing::runOpcheck(
      {"compare", (kCatalogueCTests / "MP+rlx+rlx.litmus").string(),
       (kCatalogueCTests / "MP+rel+acq.litmus").string(), "--source",
       std::string(opcheck::axiomcheck::src11Model().name()), "--mapping", "clang-19:sm_90"});
  INFO(result.standardOutput << result.standardError);
  CHECK(result.exitStatus == 0);
  CHECK(result.standardOutput.find("MP+rlx+rlx: sound") != std::string::npos);
  CHECK(result.standardOutput.find("MP+rel+acq: refused: clang-19 (sm_90) failed") != std::string::npos);
  CHECK(result.standardOutput.find(
            "1 sound, 0 unsound, 0 undefined (not compared), 1 refused by the compiler") !=
        std::string::npos);
}

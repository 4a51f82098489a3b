// ptxmodule/: PTX modules as clang's NVPTX back end writes them
// (tests/ptx-modules/, with the commands that made them), and bad modules.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "litmus/Diagnostic.h"
#include "ptxmodule/Module.h"

namespace {

namespace fs = std::filesystem;
using opcheck::litmus::Opcode;
using opcheck::litmus::Operation;
using opcheck::litmus::Scope;
using opcheck::litmus::Semantics;
using opcheck::ptxmodule::Function;
using opcheck::ptxmodule::Module;
using opcheck::ptxmodule::Operand;
using opcheck::ptxmodule::readModuleFile;
using opcheck::ptxmodule::readModuleText;
using opcheck::ptxmodule::Statement;

const fs::path kModules = fs::path(OPCHECK_SOURCE_DIR) / "tests" / "ptx-modules";

// The instructions of FUNCTION, labels left out.
std::vector<const Statement*> instructionsOf(const Function& function) {
  std::vector<const Statement*> instructions;
  for (const Statement& statement : function.body) {
    if (statement.kind == Statement::Kind::Instruction) {
      instructions.push_back(&statement);
    }
  }
  return instructions;
}

std::string errorOf(const std::string& text) {
  try {
    (void)readModuleText(text, "bad.ptx");
  } catch (const opcheck::litmus::InputError& error) {
    return error.what();
  }
  return "";
}

const std::string kHeader = ".version 8.5\n.target sm_90\n.address_size 64\n";

}  // namespace

TEST_CASE("ptxmodule reads the header, parameters and registers clang-19 writes", "[ptxmodule]") {
  const Module module = readModuleFile(kModules / "clang-19-sm_90-threads.ptx");
  CHECK(module.version == "8.5");
  CHECK(module.target == std::vector<std::string>{"sm_90"});
  CHECK(module.addressSize == 64);
  REQUIRE(module.functions.size() == 2);
  const Function* p1 = module.find("P1");
  REQUIRE(p1 != nullptr);
  CHECK(p1->visible);
  CHECK_FALSE(p1->entry);
  REQUIRE(p1->parameters.size() == 4);
  CHECK(p1->parameters[3].name == "P1_param_3");
  CHECK(p1->parameters[3].type == std::vector<std::string>{".b64"});
  // ".reg .b32 %r<6>": %r0 to %r5.
  CHECK(p1->declares("%r5"));
  CHECK_FALSE(p1->declares("%r6"));
  CHECK(p1->declares("%p1"));
}

TEST_CASE("ptxmodule decodes clang-19's accesses with the litmus dialect's legacy readings", "[ptxmodule]") {
  // threads.cu: P0 stores x plainly, then a seq_cst device-scope exchange
  // of y; clang 19 writes the exchange as "atom.exch.b32" (the file
  // beside it), which PTX ISA 9.1 9.7.13.5 reads as atom.relaxed.gpu
  // (no .sem: .relaxed; no scope: .gpu) and so does the decoder.
  const Module module = readModuleFile(kModules / "clang-19-sm_90-threads.ptx");
  const std::vector<const Statement*> p0 = instructionsOf(*module.find("P0"));
  std::vector<std::string> mnemonics;
  for (const Statement* statement : p0) {
    mnemonics.push_back(statement->mnemonic);
  }
  CHECK(mnemonics == std::vector<std::string>{"ld.param.u64", "mov.b32", "st.u32", "ld.param.u64",
                                              "atom.exch.b32", "ld.param.u64", "st.u32", "ret"});
  CHECK_FALSE(p0[0]->decoded.has_value());  // ld.param: no litmus state space
  REQUIRE(p0[2]->decoded.has_value());
  CHECK(p0[2]->decoded->opcode == Opcode::Store);
  CHECK(p0[2]->decoded->semantics == Semantics::Weak);
  REQUIRE(p0[2]->operands.size() == 2);
  CHECK(p0[2]->operands[0].kind == Operand::Kind::Address);
  CHECK(p0[2]->operands[0].name == "%rd1");
  CHECK(p0[2]->operands[0].baseIsRegister);
  const Statement& exchange = *p0[4];
  REQUIRE(exchange.decoded.has_value());
  CHECK(exchange.decoded->opcode == Opcode::Atomic);
  CHECK(exchange.decoded->operation == Operation::Exchange);
  CHECK(exchange.decoded->semantics == Semantics::Relaxed);
  CHECK(exchange.decoded->scope == Scope::Gpu);
  REQUIRE(exchange.operands.size() == 3);
  CHECK(exchange.operands[2].kind == Operand::Kind::Immediate);
  CHECK(exchange.operands[2].value == 2);
}

TEST_CASE("ptxmodule reads clang-19's predicated branch and labels", "[ptxmodule]") {
  const Module module = readModuleFile(kModules / "clang-19-sm_70-threads.ptx");
  CHECK(module.target == std::vector<std::string>{"sm_70"});
  const Function& p1 = *module.find("P1");
  const Statement* branch = nullptr;
  bool labelled = false;
  for (const Statement& statement : p1.body) {
    if (statement.kind == Statement::Kind::Label && statement.label == "$L__BB1_2") {
      labelled = true;
    }
    if (statement.kind == Statement::Kind::Instruction && statement.mnemonic == "bra") {
      branch = &statement;
    }
  }
  CHECK(labelled);
  REQUIRE(branch != nullptr);
  CHECK(branch->guard == "%p1");
  CHECK_FALSE(branch->guardNegated);
  REQUIRE(branch->operands.size() == 1);
  CHECK(branch->operands[0].kind == Operand::Kind::Symbol);
  CHECK(branch->operands[0].name == "$L__BB1_2");
  // ld.volatile is .relaxed.sys (PTX ISA 9.1 8.4.2 volatile Operation).
  for (const Statement* statement : instructionsOf(p1)) {
    if (statement->mnemonic == "ld.volatile.u32") {
      REQUIRE(statement->decoded.has_value());
      CHECK(statement->decoded->semantics == Semantics::Relaxed);
      CHECK(statement->decoded->scope == Scope::System);
    }
    if (statement->mnemonic == "setp.ne.s32") {
      REQUIRE(statement->decoded.has_value());
      CHECK(statement->decoded->opcode == Opcode::SetPredicate);
    }
  }
}

TEST_CASE("ptxmodule decodes clang-22's qualifiers in the order clang writes them", "[ptxmodule]") {
  // scoped.cu, compiled by clang 22 (the file beside it): the release
  // store, the fences and the acq_rel compare-and-swap "atom.acq_rel.sys.cas.b32".
  const Module module = readModuleFile(kModules / "clang-22-sm_90-scoped.ptx");
  CHECK(module.version == "8.8");
  std::vector<std::tuple<Opcode, Semantics, Scope>> memory;
  for (const Statement* statement : instructionsOf(*module.find("P0"))) {
    if (statement->decoded && statement->decoded->opcode != Opcode::Move) {
      memory.emplace_back(statement->decoded->opcode, statement->decoded->semantics,
                          statement->decoded->scope);
    }
  }
  const std::vector<std::tuple<Opcode, Semantics, Scope>> expected{
      {Opcode::Store, Semantics::Release, Scope::System},
      {Opcode::Fence, Semantics::SequentiallyConsistent, Scope::System},
      {Opcode::Fence, Semantics::SequentiallyConsistent, Scope::System},
      {Opcode::Load, Semantics::Acquire, Scope::System},
      {Opcode::Atomic, Semantics::AcquireRelease, Scope::System},
      {Opcode::Store, Semantics::Weak, Scope::None},
  };
  CHECK(memory == expected);
}

TEST_CASE("ptxmodule reads kernels, return parameters, blocks and skips debug lines", "[ptxmodule]") {
  const Module module =
      readModuleText(kHeader +
                         ".file 1 \"t.cu\"\n"
                         ".visible .func (.param .b32 func_retval0) f(.param .b64 f_param_0)\n"
                         "{\n .reg .b32 %r<2>;\n .loc 1 3 5\n { mov.b32 %r1, -4; }\n ret;\n}\n"
                         ".extern .func g(.param .b32 g_param_0);\n"
                         ".visible .entry k(.param .align 8 .b8 k_param_0[16]) .maxntid 128, 1, 1\n"
                         "{\n ret;\n}\n",
                     "m.ptx");
  REQUIRE(module.functions.size() == 3);
  const Function& f = module.functions[0];
  REQUIRE(f.returns.size() == 1);
  CHECK(f.returns[0].name == "func_retval0");
  REQUIRE(f.body.size() == 2);
  CHECK(f.body[0].operands[1].value == -4);
  CHECK(module.functions[1].external);
  CHECK_FALSE(module.functions[1].hasBody);
  CHECK(module.functions[2].entry);
  CHECK(module.functions[2].parameters[0].type == std::vector<std::string>{".align", ".b8"});
}

TEST_CASE("ptxmodule reads variables at module and kernel scope, and pointer parameters", "[ptxmodule]") {
  // PTX ISA 9.1 5.4 Variables (array declarations, initializers) and 5.1.6
  // (.ptr with a state space on a kernel parameter).
  const Module module = readModuleText(kHeader +
                                           ".global .align 4 .u32 counter = 1;\n"
                                           ".const .b8 table[] = {1, 2};\n"
                                           ".shared .align 8 .b64 objects[4];\n"
                                           ".visible .entry k(.param .u64 .ptr .shared .align 8 k_param_0)\n"
                                           "{\n .shared .b32 tile[2][8];\n ret;\n}\n",
                                       "m.ptx");
  REQUIRE(module.variables.size() == 3);
  CHECK(module.variables[0].space == ".global");
  CHECK(module.variables[0].name == "counter");
  CHECK(module.variables[0].type == std::vector<std::string>{".align", ".u32"});
  CHECK(module.variables[0].dimensions.empty());
  CHECK(module.variables[1].dimensions == std::vector<std::uint64_t>{0});
  CHECK(module.variables[2].space == ".shared");
  CHECK(module.variables[2].dimensions == std::vector<std::uint64_t>{4});
  REQUIRE(module.functions.size() == 1);
  CHECK(module.functions[0].parameters[0].type ==
        std::vector<std::string>{".u64", ".ptr", ".shared", ".align"});
  REQUIRE(module.functions[0].variables.size() == 1);
  CHECK(module.functions[0].variables[0].name == "tile");
  CHECK(module.functions[0].variables[0].dimensions == std::vector<std::uint64_t>{2, 8});
}

TEST_CASE("ptxmodule refuses bad modules by position", "[ptxmodule]") {
  CHECK(errorOf(kHeader + ".visible .func f()\n{\n ld.u32 %r1, [%rd1];\n}\n") ==
        "bad.ptx:6:9: error: undeclared register %r1");
  CHECK(errorOf(kHeader + ".visible .func f()\n{\n .reg .pred %p<2>;\n @%p1 bra L1;\n}\n") ==
        "bad.ptx:7:11: error: branch to L1, which is no label of f");
  // The decoder's message, at the qualifier (line 7, column 5).
  CHECK(errorOf(kHeader + ".visible .func f()\n{\n .reg .b32 %r<2>;\n ld.strange.u32 %r1, [%r1];\n}\n") ==
        "bad.ptx:7:5: error: unknown qualifier '.strange' in 'ld.strange.u32'");
  CHECK(errorOf(kHeader + ".visible .func f()\n{\n ret\n}\n").starts_with("bad.ptx:7:1: error:"));
  CHECK(errorOf(".version 8.5\n.address_size 48\n") ==
        "bad.ptx:2:15: error: .address_size is 32 or 64 (PTX ISA 9.1 11.1.3)");
  CHECK(errorOf(kHeader + "/* never closed").starts_with("bad.ptx:4:1: error:"));
}

TEST_CASE("ptxmodule reads special registers undeclared, and only those", "[ptxmodule]") {
  // PTX ISA 9.1 10 Special Registers: %tid, %ctaid and the others need no .reg.
  const Module module = readModuleText(kHeader +
                                           ".visible .entry k()\n{\n .reg .b32 %r<3>;\n"
                                           " mov.u32 %r0, %ctaid.x;\n mov.u32 %r1, %tid.x;\n"
                                           " mov.u32 %r2, %cluster_ctarank;\n ret;\n}\n",
                                       "special.ptx");
  REQUIRE(module.find("k") != nullptr);
  CHECK(instructionsOf(*module.find("k")).size() == 4);
  CHECK(errorOf(kHeader + ".visible .func f()\n{\n .reg .b32 %r<2>;\n mov.u32 %r1, %tid.w;\n}\n") ==
        "bad.ptx:7:15: error: undeclared register %tid.w");
  CHECK(errorOf(kHeader + ".visible .func f()\n{\n .reg .b32 %r<2>;\n mov.u32 %r1, %tidx;\n}\n") ==
        "bad.ptx:7:15: error: undeclared register %tidx");
}

// The C dialect: herd's C litmus tests with CUDA's scopes and opcheck's
// placements, lowered onto the instruction table (docs/dialects.md "C"),
// printed back as C, and refused by the models of PTX tests.
#include <catch2/catch.hpp>

#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;
using namespace opcheck::litmus;

namespace {

Test parseC(const std::string& text) { return parser::readLitmusText(text, "test.litmus"); }

// herd's C dialect as herd's own C tests write it: "[x] = 0" in the
// initial state, typed parameters, "int r = ..." declarations, "if (r)".
const char* const kHerdMessagePassing = R"(C MP+rel+acq+if
"Message passing, the second read under an if"
{ [x] = 0; [y] = 0; }

P0 (volatile int* x, atomic_int* y) {
  *x = 1;
  atomic_store_explicit(y, 1, memory_order_release);
}

P1 (volatile int* x, atomic_int* y) {
  int r1 = 0;
  int r0 = atomic_load_explicit(y, memory_order_acquire);
  if (r0) {
    r1 = *x;
  }
}

exists (1:r0=1 /\ 1:r1=0)
)";

// One thread running BODY on atomic_int* x and atomic_int* y.
Test parseCBody(const std::string& body) {
  return parseC("C body\n{ x = 0; y = 0; }\nP0 (atomic_int* x, atomic_int* y) {\n" + body +
                "\n}\nexists (x=0)\n");
}

const Instruction& onlyCInstruction(const Test& test) {
  REQUIRE(test.threads.at(0).instructions.size() == 1);
  return test.threads[0].instructions[0];
}

}  // namespace

TEST_CASE("C: herd's message passing becomes accesses, a branch and a label", "[parser][c]") {
  const Test test = parseC(kHerdMessagePassing);
  CHECK(test.dialect == Dialect::C);
  CHECK(test.name == "MP+rel+acq+if");
  CHECK(test.documentation == "\"Message passing, the second read under an if\"");
  REQUIRE(test.locations.size() == 2);
  CHECK(test.locations[0].name == "x");
  CHECK(test.locations[1].name == "y");

  const std::vector<Instruction>& writer = test.threads[0].instructions;
  REQUIRE(writer.size() == 2);
  // "*x = 1": a plain (non-atomic) store, herd's reading of every "*x".
  CHECK(writer[0].opcode == Opcode::Store);
  CHECK(writer[0].semantics == Semantics::Weak);
  CHECK(writer[0].scope == Scope::None);
  CHECK(writer[0].operands[0].kind == Operand::Kind::Location);
  CHECK(writer[0].operands[1].immediate == 1);
  // No scope argument: system scope (seed 001 Sec. 4).
  CHECK(writer[1].semantics == Semantics::Release);
  CHECK(writer[1].scope == Scope::System);

  const Thread& reader = test.threads[1];
  REQUIRE(reader.registers.size() == 2);
  CHECK(reader.registers[0].name == "r1");
  CHECK(reader.registers[1].name == "r0");
  REQUIRE(reader.instructions.size() == 4);
  CHECK(reader.instructions[0].opcode == Opcode::Move);
  CHECK(reader.instructions[1].opcode == Opcode::Load);
  CHECK(reader.instructions[1].semantics == Semantics::Acquire);
  // "if (r0)" skips its block where r0 == 0.
  const Instruction& branch = reader.instructions[2];
  CHECK(branch.opcode == Opcode::BranchEqual);
  CHECK(branch.operands[0].kind == Operand::Kind::Register);
  CHECK(branch.operands[0].index == 1);
  CHECK(branch.operands[1].immediate == 0);
  REQUIRE(branch.operands[2].kind == Operand::Kind::Label);
  CHECK(reader.labels.at(branch.operands[2].index).target == 4);
  CHECK(reader.instructions[3].opcode == Opcode::Load);
  CHECK(reader.instructions[3].semantics == Semantics::Weak);

  // Without placements each thread has a CTA of its own on one GPU.
  CHECK(test.threads[0].placement.cta != test.threads[1].placement.cta);
  CHECK(test.threads[0].placement.device == test.threads[1].placement.device);
  CHECK(test.condition.quantifier == Quantifier::Exists);
}

TEST_CASE("C: each memory order is the semantics of the same name, the plain forms seq_cst", "[parser][c]") {
  const std::vector<std::pair<std::string, Semantics>> orders = {
      {"memory_order_relaxed", Semantics::Relaxed},
      {"memory_order_acquire", Semantics::Acquire},
      {"memory_order_release", Semantics::Release},
      {"memory_order_acq_rel", Semantics::AcquireRelease},
      {"memory_order_seq_cst", Semantics::SequentiallyConsistent},
  };
  for (const auto& [order, semantics] : orders) {
    INFO(order);
    const Instruction exchange =
        onlyCInstruction(parseCBody("int r0 = atomic_exchange_explicit(x, 2, " + order + ");"));
    CHECK(exchange.opcode == Opcode::Atomic);
    CHECK(exchange.operation == Operation::Exchange);
    CHECK(exchange.semantics == semantics);
    if (semantics == Semantics::Relaxed) {
      // C11 7.17.4.1: no effects (tests/bad-input/c-relaxed-fence.litmus).
      CHECK_THROWS_AS(parseCBody("atomic_thread_fence(" + order + ");"), InputError);
      continue;
    }
    const Instruction fence = onlyCInstruction(parseCBody("atomic_thread_fence(" + order + ");"));
    CHECK(fence.opcode == Opcode::Fence);
    CHECK(fence.semantics == semantics);
    CHECK(fence.scope == Scope::System);
  }
  CHECK(onlyCInstruction(parseCBody("int r0 = atomic_load(x);")).semantics ==
        Semantics::SequentiallyConsistent);
  CHECK(onlyCInstruction(parseCBody("atomic_store(x, 1);")).semantics == Semantics::SequentiallyConsistent);
  const Instruction add = onlyCInstruction(parseCBody("int r0 = atomic_fetch_add(x, 3);"));
  CHECK(add.operation == Operation::Add);
  CHECK(add.semantics == Semantics::SequentiallyConsistent);
  CHECK(add.scope == Scope::System);
}

TEST_CASE("C: a scope argument is CUDA's thread scope, read as the PTX scope", "[parser][c]") {
  const std::vector<std::pair<std::string, Scope>> scopes = {
      {"thread_scope_block", Scope::Cta},
      {"thread_scope_cluster", Scope::Cluster},
      {"thread_scope_device", Scope::Gpu},
      {"thread_scope_system", Scope::System},
  };
  for (const auto& [name, scope] : scopes) {
    INFO(name);
    CHECK(
        onlyCInstruction(parseCBody("int r0 = atomic_load_explicit(x, memory_order_acquire, " + name + ");"))
            .scope == scope);
    CHECK(onlyCInstruction(parseCBody("atomic_store_explicit(x, 1, memory_order_relaxed, " + name + ");"))
              .scope == scope);
    CHECK(onlyCInstruction(parseCBody("atomic_thread_fence(memory_order_seq_cst, " + name + ");")).scope ==
          scope);
    CHECK(onlyCInstruction(
              parseCBody("int r0 = atomic_fetch_or_explicit(x, 1, memory_order_relaxed, " + name + ");"))
              .scope == scope);
  }
}

TEST_CASE("C: a strong compare-exchange is atom.cas with the success order", "[parser][c]") {
  const Instruction cas = onlyCInstruction(parseCBody(
      "int r0 = atomic_compare_exchange_strong_explicit(x, 1, 2, memory_order_release, memory_order_relaxed, "
      "thread_scope_device);"));
  CHECK(cas.opcode == Opcode::Atomic);
  CHECK(cas.operation == Operation::CompareAndSwap);
  CHECK(cas.semantics == Semantics::Release);
  CHECK(cas.scope == Scope::Gpu);
  REQUIRE(cas.operands.size() == 4);
  CHECK(cas.operands[0].kind == Operand::Kind::Register);
  CHECK(cas.operands[1].kind == Operand::Kind::Location);
  CHECK(cas.operands[2].immediate == 1);  // expected
  CHECK(cas.operands[3].immediate == 2);  // desired
  // The failure orders C++ pairs with each success order are read.
  for (const char* pair :
       {"memory_order_relaxed, memory_order_relaxed", "memory_order_acquire, memory_order_acquire",
        "memory_order_acq_rel, memory_order_acquire", "memory_order_seq_cst, memory_order_seq_cst"}) {
    INFO(pair);
    CHECK_NOTHROW(
        parseCBody("int r0 = atomic_compare_exchange_strong_explicit(x, 0, 1, " + std::string(pair) + ");"));
  }
  CHECK_THROWS_AS(
      parseCBody("int r0 = atomic_compare_exchange_strong_explicit(x, 0, 1, memory_order_seq_cst, "
                 "memory_order_acquire);"),
      InputError);
  CHECK(onlyCInstruction(parseCBody("int r0 = atomic_compare_exchange_strong(x, 0, 1);")).semantics ==
        Semantics::SequentiallyConsistent);
}

TEST_CASE("C: register arithmetic and if/else lower onto the register and branch instructions",
          "[parser][c]") {
  const Test test = parseCBody(
      "int r0 = atomic_load_explicit(x, memory_order_relaxed);\n"
      "int r1 = r0 ^ r0;\n"
      "int r2 = r1 + 1;\n"
      "if (r0 != 1) {\n"
      "  atomic_store_explicit(y, r2, memory_order_relaxed);\n"
      "} else {\n"
      "  r2 = r2 - 1;\n"
      "}");
  const Thread& thread = test.threads[0];
  REQUIRE(thread.instructions.size() == 7);
  CHECK(thread.instructions[1].opcode == Opcode::Xor);
  CHECK(thread.instructions[2].opcode == Opcode::Add);
  // "if (a != b)" skips its block where a == b.
  CHECK(thread.instructions[3].opcode == Opcode::BranchEqual);
  CHECK(thread.instructions[4].opcode == Opcode::Store);
  CHECK(thread.instructions[4].operands[1].kind == Operand::Kind::Register);
  CHECK(thread.instructions[5].opcode == Opcode::Goto);
  CHECK(thread.instructions[6].opcode == Opcode::Subtract);
  REQUIRE(thread.labels.size() == 2);
  CHECK(thread.labels[thread.instructions[3].operands[2].index].target == 6);  // the else block
  CHECK(thread.labels[thread.instructions[5].operands[0].index].target == 7);  // after it

  const std::vector<std::pair<std::string, Opcode>> comparisons = {{"==", Opcode::BranchNotEqual},
                                                                   {"<", Opcode::BranchGreaterOrEqual},
                                                                   {"<=", Opcode::BranchGreater},
                                                                   {">", Opcode::BranchLessOrEqual},
                                                                   {">=", Opcode::BranchLess}};
  for (const auto& [comparison, skip] : comparisons) {
    INFO(comparison);
    const Test compared = parseCBody("int r0 = 0;\nif (r0 " + comparison + " 2) { r0 = 1; }");
    CHECK(compared.threads[0].instructions[1].opcode == skip);
  }
}

TEST_CASE("C: herd's initial-state forms give locations their values", "[parser][c]") {
  const Test test = parseC(
      "C init\n{ [x] = 1; atomic_int y = 2; int z; w = -3; _Atomic int v = 4; }\n"
      "P0 (atomic_int* x) { atomic_store_explicit(x, 1, memory_order_relaxed); }\nexists (x=1)\n");
  REQUIRE(test.locations.size() == 5);
  CHECK(test.locations[0].initialValue.integer == 1);
  CHECK(test.locations[1].initialValue.integer == 2);
  CHECK(test.locations[2].initialValue.integer == 0);
  CHECK(test.locations[3].initialValue.integer == -3);
  CHECK(test.locations[4].initialValue.integer == 4);
}

TEST_CASE("C: '@' places threads as in the PTX dialect", "[parser][c]") {
  const Test test = parseC(
      "C placed\n{ x = 0; }\n"
      "P0@cta 0,gpu 0 (atomic_int* x) { atomic_store_explicit(x, 1, memory_order_release, "
      "thread_scope_block); }\n"
      "P1@cta 0,gpu 0 (atomic_int* x) { int r0 = atomic_load_explicit(x, memory_order_acquire, "
      "thread_scope_block); }\n"
      "P2@cta 1,gpu 1 (atomic_int* x) { int r0 = atomic_load_explicit(x, memory_order_acquire); }\n"
      "exists (1:r0=1)\n");
  CHECK(test.threads[0].placement == test.threads[1].placement);
  CHECK(test.threads[2].placement.cta != test.threads[0].placement.cta);
  CHECK(test.threads[2].placement.device != test.threads[0].placement.device);
}

TEST_CASE("C: the canonical form is C, explicit, with scopes and placements only where needed",
          "[parser][c]") {
  // Written by hand from the rules of litmus/CPrinter.h: locations on one
  // line, registers declared where first assigned, explicit builtins,
  // "if (r0)" as "r0 != 0", no scope for the system's.
  const std::string expected = R"(C MP+rel+acq+if
"Message passing, the second read under an if"
{ x = 0; y = 0; }

P0 (int* x, atomic_int* y) {
  *x = 1;
  atomic_store_explicit(y, 1, memory_order_release);
}

P1 (int* x, atomic_int* y) {
  int r1 = 0;
  int r0 = atomic_load_explicit(y, memory_order_acquire);
  if (r0 != 0) {
    r1 = *x;
  }
}

exists (1:r0=1 /\ 1:r1=0)
)";
  CHECK(printCanonical(parseC(kHerdMessagePassing)) == expected);

  const Test placed = parseC(
      "C placed\n{ x = 0; }\n"
      "P0@cta 0,gpu 0 (atomic_int* x) { atomic_store_explicit(x, 1, memory_order_release, "
      "thread_scope_block); }\n"
      "P1@cta 0,gpu 0 (atomic_int* x) { int r0; atomic_thread_fence(memory_order_seq_cst, "
      "thread_scope_device); "
      "r0 = atomic_load_explicit(x, memory_order_acquire, thread_scope_cluster); }\n"
      "exists (1:r0=1)\n");
  const std::string placedExpected = R"(C placed
{ x = 0; }

P0@cta 0,gpu 0 (atomic_int* x) {
  atomic_store_explicit(x, 1, memory_order_release, thread_scope_block);
}

P1@cta 0,gpu 0 (atomic_int* x) {
  atomic_thread_fence(memory_order_seq_cst, thread_scope_device);
  int r0 = atomic_load_explicit(x, memory_order_acquire, thread_scope_cluster);
}

exists (1:r0=1)
)";
  CHECK(printCanonical(placed) == placedExpected);
}

TEST_CASE("C: tests whose registers and branches nest reprint to an equal test", "[parser][c]") {
  const std::vector<std::string> bodies = {
      // A register declared before the ones assigned first, and one never used.
      "int r2; int r0 = atomic_load_explicit(x, memory_order_relaxed); int r1 = r0 + r2; int r3;",
      // Nested if/else, an empty else, an empty then, a block in a block.
      "int r0 = atomic_load(x);\nif (r0 == 1) { if (r0 != 2) { *y = 1; } else { } } else { { *y = 2; } }\n"
      "if (r0 > 0) { }\nint r1 = r0;",
      // A register first assigned inside an if, used after it.
      "int r0 = atomic_load(x); int r1; if (r0 == 1) { r1 = atomic_fetch_sub_explicit(y, 1, "
      "memory_order_acq_rel); } int r2 = r1 & 1;",
      // Non-explicit forms, which print explicitly.
      "int r0 = atomic_exchange(x, 1); atomic_store(y, r0); int r1 = atomic_fetch_xor(x, r0); "
      "int r2 = atomic_fetch_and(x, 0);",
  };
  for (const std::string& body : bodies) {
    INFO(body);
    const Test test = parseCBody(body);
    const std::string printed = printCanonical(test);
    INFO(printed);
    const Test reread = parser::readLitmusText(printed, "reprinted.litmus");
    CHECK(reread == test);
    CHECK(printCanonical(reread) == printed);
  }
}

TEST_CASE("C: every test of catalogue/c survives a canonical round trip", "[parser][c][catalogue]") {
  std::size_t checked = 0;
  for (const fs::path& file : testing::litmusFilesUnder(fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "c")) {
    INFO(file.string());
    const Test test = parser::readLitmusFile(file);
    CHECK(test.dialect == Dialect::C);
    CHECK(test.name == file.stem().string());
    const std::string printed = printCanonical(test);
    const Test reread = parser::readLitmusText(printed, file.string() + " (reprinted)");
    CHECK(reread == test);
    CHECK(printCanonical(reread) == printed);
    ++checked;
  }
  CHECK(checked >= 20);
}

TEST_CASE("C: the models of PTX tests refuse a C test, naming the file; parse reads it", "[parser][c][cli]") {
  const std::string file = (fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "c" / "MP+rel+acq.litmus").string();
  for (const char* model : {"ptx", "ptx60", "sc", "rmo", "ptx-op"}) {
    INFO(model);
    const testing::CommandResult run = testing::runOpcheck({file, "--model", model});
    CHECK(run.exitStatus == 2);
    CHECK(run.standardError ==
          file + ":1:1: error: model " + model + " reads PTX tests; " + file + " is a C test\n");
  }
  const testing::CommandResult parsed = testing::runOpcheck({"parse", file});
  CHECK(parsed.exitStatus == 0);
  CHECK(parsed.standardOutput.rfind("C MP+rel+acq\n", 0) == 0);
}

TEST_CASE("C: a test without a condition is 'forall (true)', as herd7 reads it", "[parser][c]") {
  // herd7 (2015) on such a test prints "Test NAME Required" and "Ok".
  const Test test = parseC("C nocondition\n{ x = 0; }\nP0 (atomic_int* x) { atomic_store(x, 1); }\n");
  CHECK(test.condition.quantifier == Quantifier::Forall);
  CHECK(test.condition.proposition.kind == Proposition::Kind::True);
  CHECK(parser::readLitmusText(printCanonical(test), "reprinted.litmus") == test);
}

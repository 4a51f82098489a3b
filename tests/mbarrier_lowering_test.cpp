// litmus/MbarrierLowering: the st, atom and ld each mbarrier instruction runs
// as in every model (MBAR-1). Expectations come from PTX ISA 9.1 9.7.13.15
// (init has no .sem, 9.7.13.15.9; arrive is the arrive-on operation,
// 9.7.13.15.7; try_wait's time hint, 9.7.13.15.16; the .b64 object,
// 9.7.13.15.1) and 8.8 (arrive.release a release pattern, test_wait.acquire
// an acquire pattern), not from the code.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "litmus/MbarrierLowering.h"
#include "parser/LitmusReader.h"

using namespace opcheck;
using litmus::Operand;

namespace {

// The instructions of P0 in a test of the modern dialect whose P0 runs BODY.
litmus::Test threadRunning(const std::string& body) {
  return parser::readLitmusText(
      "PTX M\n{ b=0; P0:r0=0; P0:r1=0; }\n P0@cta 0,gpu 0 ;\n" + body + "exists (b == 0)\n",
      "mbarrier.litmus");
}

Operand registerOperand(std::uint32_t index) { return {Operand::Kind::Register, index, 0}; }
Operand locationOperand(std::uint32_t index) { return {Operand::Kind::Location, index, 0}; }
Operand immediateOperand(std::int64_t value) { return {Operand::Kind::Immediate, 0, value}; }

// The access an mbarrier instruction should run as, every one .b64.
struct ExpectedAccess {
  litmus::Opcode opcode;
  litmus::Operation operation;
  litmus::Semantics semantics;
  litmus::Scope scope;
  std::vector<Operand> operands;
  litmus::Operation result;
};

void checkLowered(const litmus::Instruction& instruction, const ExpectedAccess& expected) {
  const litmus::MbarrierAccess lowered = litmus::lowerMbarrier(instruction);
  CHECK(lowered.access.opcode == expected.opcode);
  CHECK(lowered.access.operation == expected.operation);
  CHECK(lowered.access.semantics == expected.semantics);
  CHECK(lowered.access.scope == expected.scope);
  CHECK(lowered.access.type == litmus::DataType::B64);
  CHECK(std::vector<Operand>(lowered.access.operands.begin(), lowered.access.operands.end()) ==
        expected.operands);
  CHECK(lowered.result == expected.result);
  // Diagnostics about the access point at the instruction as written.
  CHECK(lowered.access.position.line == instruction.position.line);
  CHECK(lowered.access.position.column == instruction.position.column);
}

}  // namespace

TEST_CASE("mbarrier.init runs as a weak st of the new object with no scope", "[litmus][mbarrier]") {
  const litmus::Test test = threadRunning(" mbarrier.init.shared.b64 b, 2 ;\n");
  checkLowered(test.threads[0].instructions[0], {litmus::Opcode::Store,
                                                 litmus::Operation::MbarrierInit,
                                                 litmus::Semantics::Weak,
                                                 litmus::Scope::None,
                                                 {locationOperand(0), immediateOperand(2)},
                                                 litmus::Operation::None});
}

TEST_CASE("mbarrier.arrive runs as an atom of its semantics and scope that returns the phase",
          "[litmus][mbarrier]") {
  const litmus::Test test = threadRunning(" mbarrier.arrive.release.cluster.shared.b64 r0, b ;\n");
  // atom's operands: destination, address, the operand (no arrival count).
  checkLowered(test.threads[0].instructions[0],
               {litmus::Opcode::Atomic,
                litmus::Operation::MbarrierArrive,
                litmus::Semantics::Release,
                litmus::Scope::Cluster,
                {registerOperand(0), locationOperand(0), immediateOperand(0)},
                litmus::Operation::MbarrierPhase});
}

TEST_CASE("mbarrier test_wait and try_wait run as one ld of their semantics and scope, no time hint",
          "[litmus][mbarrier]") {
  const litmus::Test test = threadRunning(
      " mbarrier.test_wait.acquire.cta.shared.b64 r1, b, r0 ;\n"
      " mbarrier.try_wait.relaxed.cluster.shared.b64 r1, b, r0, 100 ;\n");
  const std::vector<Operand> operands{registerOperand(1), locationOperand(0), registerOperand(0)};
  checkLowered(test.threads[0].instructions[0],
               {litmus::Opcode::Load, litmus::Operation::None, litmus::Semantics::Acquire, litmus::Scope::Cta,
                operands, litmus::Operation::MbarrierPhaseComplete});
  checkLowered(test.threads[0].instructions[1],
               {litmus::Opcode::Load, litmus::Operation::None, litmus::Semantics::Relaxed,
                litmus::Scope::Cluster, operands, litmus::Operation::MbarrierPhaseComplete});
}

// PTX ISA 9.1 9.7.13.15.13: arrive.expect_tx performs "an expect-tx
// operation prior to the arrive-on operation"; 9.7.13.15.11 and .12:
// expect_tx and complete_tx are .relaxed updates of the object with no
// result register.
TEST_CASE("the tx-count instructions run as an atom or a red that updates the object by their count",
          "[litmus][mbarrier][async]") {
  const litmus::Test test = threadRunning(
      " mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 r0, b, 16 ;\n"
      " mbarrier.expect_tx.relaxed.cluster.shared::cta.b64 b, 32 ;\n"
      " mbarrier.complete_tx.shared::cta.b64 b, 16 ;\n");
  const auto& code = test.threads[0].instructions;
  checkLowered(code[0], {litmus::Opcode::Atomic,
                         litmus::Operation::MbarrierArriveExpectTx,
                         litmus::Semantics::Release,
                         litmus::Scope::Cta,
                         {registerOperand(0), locationOperand(0), immediateOperand(16)},
                         litmus::Operation::MbarrierPhase});
  checkLowered(code[1], {litmus::Opcode::Reduction,
                         litmus::Operation::MbarrierExpectTx,
                         litmus::Semantics::Relaxed,
                         litmus::Scope::Cluster,
                         {locationOperand(0), immediateOperand(32)},
                         litmus::Operation::None});
  checkLowered(code[2], {litmus::Opcode::Reduction,
                         litmus::Operation::MbarrierCompleteTx,
                         litmus::Semantics::Relaxed,
                         litmus::Scope::Cta,
                         {locationOperand(0), immediateOperand(16)},
                         litmus::Operation::None});
}

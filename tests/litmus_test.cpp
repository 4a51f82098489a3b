// The IR's tables and the canonical printer.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string_view>
#include <vector>

#include "litmus/AsyncOperations.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/InstructionSemantics.h"
#include "litmus/Opcode.h"
#include "litmus/Qualifiers.h"
#include "parser/LitmusReader.h"

using namespace opcheck;
using namespace opcheck::litmus;

TEST_CASE("the opcode table lists each opcode once, in enum order", "[litmus]") {
  std::size_t index = 0;
  for (const OpcodeInfo& row : allOpcodes()) {
    CHECK(static_cast<std::size_t>(row.opcode) == index++);
    CHECK(&info(row.opcode) == &row);
  }
}

namespace {

// The spellings of the opcodes that satisfy PREDICATE, in table order.
template <typename Predicate>
std::vector<std::string_view> spellingsWhere(Predicate predicate) {
  std::vector<std::string_view> spellings;
  for (const OpcodeInfo& row : allOpcodes()) {
    if (predicate(row)) {
      spellings.push_back(row.spelling);
    }
  }
  return spellings;
}

bool accepts(const OpcodeInfo& row, QualifierCategory category) {
  return (row.acceptedCategories & bitOf(category)) != 0;
}

}  // namespace

// The classification every model dispatches on (Opcodes.def's kind column).
// The lists below are what the hand-written switches said before the table
// had the column; a row edited by mistake changes one of them.
TEST_CASE("the opcode table's kinds say which instructions read, write, branch or need proxies", "[litmus]") {
  using Strings = std::vector<std::string_view>;
  CHECK(spellingsWhere([](const OpcodeInfo& row) { return readsMemory(row.opcode); }) ==
        Strings{"ld", "atom", "cold", "suld", "tld"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) { return writesMemory(row.opcode); }) ==
        Strings{"st", "atom", "red", "sust"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) { return isReadModifyWrite(row.opcode); }) ==
        Strings{"atom", "red"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) { return isBranch(row.opcode); }) ==
        Strings{"bra", "goto", "beq", "bne", "blt", "ble", "bgt", "bge"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) { return isProxyInstruction(row.opcode); }) ==
        Strings{"fence.proxy", "cp.async.bulk", "cp.async.bulk.commit_group", "cp.async.bulk.wait_group",
                "cp.reduce.async.bulk", "cold", "sust", "suld", "tld"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) {
          return row.kind == InstructionKind::RegisterOperation;
        }) == Strings{"mov", "add", "sub", "and", "or", "xor", "cvt"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) {
          return row.kind == InstructionKind::Fence || row.kind == InstructionKind::LegacyFence ||
                 row.kind == InstructionKind::ProxyFence || row.kind == InstructionKind::Barrier;
        }) == Strings{"fence", "fence.proxy", "membar", "bar"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) {
          return row.kind == InstructionKind::ClusterArrive || row.kind == InstructionKind::ClusterWait;
        }) == Strings{"barrier.cluster.arrive", "barrier.cluster.wait"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) { return isMbarrierInstruction(row.opcode); }) ==
        Strings{"mbarrier.init", "mbarrier.arrive", "mbarrier.test_wait", "mbarrier.try_wait",
                "mbarrier.arrive.expect_tx", "mbarrier.expect_tx", "mbarrier.complete_tx"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) {
          return row.kind == InstructionKind::AsyncCopy || row.kind == InstructionKind::AsyncCommit ||
                 row.kind == InstructionKind::AsyncWait;
        }) == Strings{"cp.async.bulk", "cp.async.bulk.commit_group", "cp.async.bulk.wait_group",
                      "cp.reduce.async.bulk", "cp.async", "cp.async.commit_group", "cp.async.wait_group",
                      "cp.async.wait_all"});
  CHECK(spellingsWhere([](const OpcodeInfo& row) { return row.kind == InstructionKind::AsyncStore; }) ==
        Strings{"cp.async.mbarrier.arrive", "cp.async.mbarrier.arrive.noinc", "st.async", "red.async"});
}

TEST_CASE("each kind of instruction has the operands and qualifiers its kind implies", "[litmus]") {
  for (const OpcodeInfo& row : allOpcodes()) {
    CAPTURE(row.spelling);
    const std::string_view operands = row.operandSignature;
    // Exactly the memory accesses, the mbarrier operations (on an mbarrier
    // object) and the bulk copies take an address; exactly the branches a
    // label.
    CHECK((isMemoryAccess(row.opcode) || isMbarrierInstruction(row.opcode) ||
           row.kind == InstructionKind::AsyncCopy || row.kind == InstructionKind::AsyncStore) ==
          (operands.find('a') != std::string_view::npos));
    CHECK(isBranch(row.opcode) == (operands.find('l') != std::string_view::npos));
    // What reads memory or computes in registers has a destination first;
    // what only writes memory, orders or branches has none.
    const bool writesARegister = readsMemory(row.opcode) || row.kind == InstructionKind::RegisterOperation ||
                                 row.kind == InstructionKind::SetPredicate ||
                                 row.kind == InstructionKind::MbarrierArrive ||
                                 row.kind == InstructionKind::MbarrierWait;
    CHECK(writesARegister == operands.starts_with('d'));
    // Memory-ordering semantics belong to accesses and fences, operations
    // to atom and red, comparisons to setp, actions to bar, proxy kinds to
    // fence.proxy.
    CHECK(accepts(row, QualifierCategory::Semantics) ==
          (isMemoryAccess(row.opcode) || row.kind == InstructionKind::Fence ||
           row.kind == InstructionKind::ClusterArrive || row.kind == InstructionKind::ClusterWait ||
           row.kind == InstructionKind::MbarrierArrive || row.kind == InstructionKind::MbarrierWait ||
           row.kind == InstructionKind::MbarrierUpdate ||
           (row.kind == InstructionKind::AsyncStore && !litmus::isAsyncMbarrierArrive(row.opcode))));
    CHECK(accepts(row, QualifierCategory::Operation) ==
          (isReadModifyWrite(row.opcode) || litmus::isAsyncReduction(row.opcode)));
    CHECK(accepts(row, QualifierCategory::Comparison) == (row.kind == InstructionKind::SetPredicate));
    CHECK(accepts(row, QualifierCategory::BarrierAction) == (row.kind == InstructionKind::Barrier));
    CHECK(accepts(row, QualifierCategory::Proxy) == (row.kind == InstructionKind::ProxyFence));
    // Only a register operation and the mbarrier tx-count instructions
    // compute and only a conditional branch compares (InstructionSemantics.h
    // and MbarrierLowering.h read these columns).
    CHECK((row.registerOperation != Operation::None) ==
          (row.kind == InstructionKind::RegisterOperation ||
           (isMbarrierInstruction(row.opcode) && isMbarrierOperation(row.registerOperation))));
    CHECK((row.branchComparison != Comparison::None) == (row.kind == InstructionKind::ConditionalBranch));
  }
}

TEST_CASE("each opcode prints as the decoder reads it back", "[litmus]") {
  // Canonical printing keeps the qualifiers an opcode accepts, in one order
  // for all (CanonicalPrinter.cpp); every spelling is distinct.
  std::vector<std::string_view> spellings;
  for (const OpcodeInfo& row : allOpcodes()) {
    CHECK(std::find(spellings.begin(), spellings.end(), row.spelling) == spellings.end());
    spellings.push_back(row.spelling);
    Instruction instruction;
    instruction.opcode = row.opcode;
    instruction.semantics = Semantics::Relaxed;
    instruction.scope = Scope::Gpu;
    instruction.operation = Operation::Add;
    instruction.comparison = Comparison::Less;
    instruction.barrierAction = BarrierAction::Sync;
    instruction.proxy = Proxy::Alias;
    instruction.type = DataType::U32;
    const std::string printed = printMnemonic(instruction);
    CAPTURE(printed);
    CHECK(printed.starts_with(row.spelling));
    CHECK((printed.find(".relaxed") != std::string::npos) == accepts(row, QualifierCategory::Semantics));
    CHECK((printed.find(".u32") != std::string::npos) == accepts(row, QualifierCategory::DataType));
    CHECK((printed.find(".alias") != std::string::npos) == accepts(row, QualifierCategory::Proxy));
  }
  Instruction atom;
  atom.opcode = Opcode::Atomic;
  atom.semantics = Semantics::AcquireRelease;
  atom.scope = Scope::Gpu;
  atom.stateSpace = StateSpace::Global;
  atom.operation = Operation::Add;
  atom.type = DataType::S32;
  CHECK(printMnemonic(atom) == "atom.acq_rel.gpu.global.add.s32");
  Instruction setp;
  setp.opcode = Opcode::SetPredicate;
  setp.comparison = Comparison::NotEqual;
  setp.type = DataType::S32;
  CHECK(printMnemonic(setp) == "setp.ne.s32");
}

TEST_CASE("every qualifier's canonical spelling reads back as the same qualifier", "[litmus]") {
  const auto roundTrips = [](auto value, QualifierCategory category) {
    const std::string_view text = spelling(value);
    if (text.empty()) {
      return true;  // the "none" values have no spelling
    }
    const QualifierInfo* found = findQualifier(text);
    return found != nullptr && found->category == category &&
           found->value == static_cast<std::uint8_t>(value);
  };
  for (int value = 0; value <= static_cast<int>(Scope::System); ++value) {
    CHECK(roundTrips(static_cast<Scope>(value), QualifierCategory::Scope));
  }
  for (int value = 0; value <= static_cast<int>(Semantics::SequentiallyConsistent); ++value) {
    CHECK(roundTrips(static_cast<Semantics>(value), QualifierCategory::Semantics));
  }
  for (int value = 0; value <= static_cast<int>(DataType::Predicate); ++value) {
    CHECK(roundTrips(static_cast<DataType>(value), QualifierCategory::DataType));
  }
  for (int value = 0; value <= static_cast<int>(Operation::Max); ++value) {
    CHECK(roundTrips(static_cast<Operation>(value), QualifierCategory::Operation));
  }
  SECTION("the legacy '.gl' reads as .gpu and prints as .gpu") {
    REQUIRE(findQualifier("gl") != nullptr);
    CHECK(findQualifier("gl")->value == static_cast<std::uint8_t>(Scope::Gpu));
    CHECK(spelling(Scope::Gpu) == "gpu");
  }
}

TEST_CASE("the canonical form of a GPU_PTX test spells every qualifier out", "[litmus]") {
  const Test test = parser::readLitmusText(R"(GPU_PTX SB
{
0:.reg .s32 r0;
0:.reg .b64 r1 = x;
1:.reg .s32 r0;
1:.reg .b64 r1 = y;
}
 P0 | P1 ;
 st.volatile.s32 [r1],r0 | st.cg.s32 [r1],r0 ;
 membar.cta | atom.exch.b32 r0,[r1],1 ;
scopeTree
(device (cta P0 P1))
y: shared, x: global
exists (0:r0=0 /\ 1:r0=0)
)",
                                           "sb.litmus");
  // Written by hand from PTX ISA 9.1's qualifier order, not from a run.
  const std::string expected = R"(PTX SB
{
x = 0;
y = 0;
P0:.reg .s32 r0;
P0:.reg .b64 r1 = x;
P1:.reg .s32 r0;
P1:.reg .b64 r1 = y;
}
 P0                           | P1                                 ;
 st.relaxed.sys.s32 [r1], r0  | st.weak.cg.s32 [r1], r0            ;
 fence.sc.cta                 | atom.relaxed.gpu.exch.b32 r0, [r1], 1 ;
scopeTree
(device (cta P0 P1))
x: global, y: shared
exists (0:r0=0 /\ 1:r0=0)
)";
  // Column padding aside, the text must match: compare with runs of spaces
  // squeezed.
  const auto squeeze = [](std::string text) {
    std::string result;
    for (char c : text) {
      if (!(c == ' ' && !result.empty() && result.back() == ' ')) {
        result += c;
      }
    }
    return result;
  };
  CHECK(squeeze(printCanonical(test)) == squeeze(expected));
}

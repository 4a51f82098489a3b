// The parser: dialects, legacy readings, scope trees, labels, conditions.
#include <catch2/catch.hpp>

#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"

using namespace opcheck;
using namespace opcheck::litmus;

namespace {

Test parse(const std::string& text) { return parser::readLitmusText(text, "test.litmus"); }

const char* const kGpuPtxMessagePassing = R"(GPU_PTX MP+membar.gls
"PodWW Rfe PodRR Fre"
{
0:.reg .s32 r0;
0:.reg .b64 r1 = x;
0:.reg .b64 r3 = y;
1:.reg .s32 r0;
1:.reg .s32 r2;
1:.reg .b64 r1 = y;
1:.reg .b64 r3 = x;
}
 P0                | P1                ;
 mov.s32 r0,1      | ld.cg.s32 r0,[r1] ;
 st.cg.s32 [r1],r0 | membar.gl         ;
 membar.gl         | ld.volatile.s32 r2,[r3] ;
 st.cg.s32 [r3],r0 |                   ;

scopeTree
(device (kernel (cta (warp P0)) (cta (warp P1))))

x: global, y: shared

exists
(1:r0=1 /\ 1:r2=0)
)";

}  // namespace

TEST_CASE("GPU_PTX: typed registers, pointer registers and the memory map become IR", "[parser]") {
  const Test test = parse(kGpuPtxMessagePassing);
  REQUIRE(test.name == "MP+membar.gls");
  CHECK(test.documentation == "\"PodWW Rfe PodRR Fre\"");
  REQUIRE(test.threads.size() == 2);
  REQUIRE(test.locations.size() == 2);
  CHECK(test.locations[0].name == "x");
  CHECK(test.locations[1].stateSpace == StateSpace::Shared);

  const Register& pointer = test.threads[0].registers[1];
  CHECK(pointer.name == "r1");
  CHECK(pointer.declaredType == DataType::B64);
  REQUIRE(pointer.initialValue.has_value());
  CHECK(pointer.initialValue->isAddress);
  CHECK(pointer.initialValue->location == 0);

  const Instruction& store = test.threads[0].instructions[1];
  CHECK(store.opcode == Opcode::Store);
  CHECK(store.cacheOperator == CacheOperator::CacheGlobal);
  CHECK(store.type == DataType::S32);
  REQUIRE(store.operands.size() == 2);
  CHECK(store.operands[0].kind == Operand::Kind::RegisterAddress);
}

TEST_CASE("legacy spellings are read as the PTX model reads them (seed 001 Sec. 3.6)", "[parser]") {
  const Test test = parse(kGpuPtxMessagePassing);
  SECTION("membar.gl is fence.sc.gpu") {
    const Instruction& fence = test.threads[1].instructions[1];
    CHECK(fence.opcode == Opcode::Fence);
    CHECK(fence.semantics == Semantics::SequentiallyConsistent);
    CHECK(fence.scope == Scope::Gpu);
  }
  SECTION("an access without semantics is .weak") {
    CHECK(test.threads[1].instructions[0].semantics == Semantics::Weak);
    CHECK(test.threads[1].instructions[0].scope == Scope::None);
  }
  SECTION("ld.volatile is ld.relaxed.sys") {
    const Instruction& load = test.threads[1].instructions[2];
    CHECK(load.semantics == Semantics::Relaxed);
    CHECK(load.scope == Scope::System);
  }
}

TEST_CASE("ld.mmio and st.mmio are strong .relaxed.sys accesses marked mmio, printed as the ISA writes them",
          "[parser]") {
  // PTX ISA 9.1 8.4.1: an mmio operation is, for the memory model, a strong
  // operation; the ISA spells it ld.mmio.relaxed.sys.
  const Test test = parse(R"(PTX M
{ x=0; }
 P0@cta 0,gpu 0                  ;
 st.mmio.relaxed.sys.global x, 1 ;
 ld.relaxed.sys.mmio r0, x       ;
 ld.relaxed.sys r1, x            ;
exists (P0:r0 == 0)
)");
  const auto& code = test.threads[0].instructions;
  CHECK(code[0].mmio);
  CHECK(code[1].mmio);
  CHECK_FALSE(code[2].mmio);
  CHECK(code[1].semantics == Semantics::Relaxed);
  CHECK(code[1].scope == Scope::System);
  CHECK(printMnemonic(code[0]) == "st.mmio.relaxed.sys.global");
  CHECK(printMnemonic(code[1]) == "ld.mmio.relaxed.sys");
  CHECK_FALSE(code[1] == code[2]);  // the flag is part of what an instruction is
}

TEST_CASE("atom and red without semantics are .relaxed, without scope .gpu", "[parser]") {
  const Test test = parse(R"(PTX A
{ x=0; }
 P0@cta 0,gpu 0       ;
 atom.add r0, x, 1    ;
 red.sys.add x, 1     ;
 atom.acquire.cta.cas r1, x, 0, 1 ;
exists (P0:r0 == 0)
)");
  const auto& code = test.threads[0].instructions;
  CHECK(code[0].semantics == Semantics::Relaxed);
  CHECK(code[0].scope == Scope::Gpu);
  CHECK(code[1].semantics == Semantics::Relaxed);
  CHECK(code[1].scope == Scope::System);
  CHECK(code[2].operation == Operation::CompareAndSwap);
  CHECK(code[2].operands.size() == 4);
}

TEST_CASE("Dat3M's 'ld r0, 1' loads an immediate: it is a move", "[parser]") {
  const Test test =
      parse("PTX I\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld r0, 1 ;\n st.weak x, r0 ;\nexists (x == 1)\n");
  CHECK(test.threads[0].instructions[0].opcode == Opcode::Move);
  CHECK(test.threads[0].instructions[0].operands[1].immediate == 1);
}

TEST_CASE("placements are numbered by their first thread, whatever numbers the file uses", "[parser]") {
  const Test test = parse(R"(PTX P
{ x=0; }
 P0@cta 7,gpu 1 | P1@cta 3,gpu 0 | P2@cta 7,gpu 1 | P3@cta 7,gpu 0 ;
 st.weak x, 1   | st.weak x, 2   | st.weak x, 3   | st.weak x, 4   ;
exists (x == 1)
)");
  const auto placement = [&](std::size_t thread) { return test.threads[thread].placement; };
  CHECK(placement(0).device == 0);
  CHECK(placement(0).cta == 0);
  CHECK(placement(1).device == 1);
  CHECK(placement(1).cta == 1);
  CHECK(placement(2).cta == 0);
  SECTION("the same cta number on another GPU is another CTA") {
    CHECK(placement(3).device == 1);
    CHECK(placement(3).cta == 2);
  }
}

TEST_CASE("clusters: placed with '@' or in a scope tree; a test without them has one per CTA", "[parser]") {
  const std::string body = "{ x=0; }\n";
  const std::string code = " st.weak x, 1 | st.weak x, 2 | st.weak x, 3 ;\nexists (x == 1)\n";
  const Test placed = parse(
      "PTX C\n" + body + " P0@cta 4,cluster 2,gpu 0 | P1@cta 5,cluster 2,gpu 0 | P2@cta 6,gpu 0 ;\n" + code);
  const auto placement = [&](std::size_t thread) { return placed.threads[thread].placement; };
  // PTX ISA 9.1 8.5: P0 and P1 share a cluster but not a CTA; P2's CTA,
  // placed in no cluster, is a cluster of its own.
  CHECK(placement(0).cluster == placement(1).cluster);
  CHECK(placement(0).cta != placement(1).cta);
  CHECK(placement(2).cluster != placement(0).cluster);
  SECTION("the scope tree's (cluster ...) level says the same") {
    const Test tree = parse("PTX C\n" + body + " P0 | P1 | P2 ;\n" + code.substr(0, code.find("exists")) +
                            "scopeTree\n(device (cluster (cta P0) (cta P1)) (cta P2))\nexists (x == 1)\n");
    CHECK(tree == placed);
  }
  SECTION("clusters of one CTA mean what no cluster means") {
    const Test none =
        parse("PTX C\n" + body + " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 0,gpu 1 ;\n" + code);
    const Test single =
        parse("PTX C\n" + body +
              " P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 1,gpu 0 | P2@cta 0,cluster 0,gpu 1 ;\n" + code);
    CHECK(none == single);
    CHECK(none.threads[0].placement.cluster != none.threads[2].placement.cluster);  // another gpu
  }
}

TEST_CASE("a CTA placed in two clusters is bad input, at the second thread's placement",
          "[parser][bad-input]") {
  try {
    parse(
        "PTX C\n{ x=0; }\n P0@cta 0,cluster 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak x, 1 | st.weak x, 2 ;\n"
        "exists (x == 1)\n");
    FAIL("expected an InputError");
  } catch (const litmus::InputError& error) {
    CHECK(error.diagnostic().position.line == 3);
    CHECK(error.diagnostic().position.column == 31);  // its "@"
    CHECK(error.diagnostic().message.find("a CTA belongs to one cluster") != std::string::npos);
  }
}

TEST_CASE("fence.acquire and fence.release (PTX ISA 8.6) and the .cluster scope read as written",
          "[parser]") {
  const Test test = parse(R"(PTX F
{ x=0; }
 P0@cta 0,gpu 0        ;
 fence.acquire.cluster ;
 fence.release.gpu     ;
 ld.relaxed.cluster r0, x ;
exists (P0:r0 == 0)
)");
  const auto& code = test.threads[0].instructions;
  CHECK(code[0].semantics == litmus::Semantics::Acquire);
  CHECK(code[0].scope == litmus::Scope::Cluster);
  CHECK(code[1].semantics == litmus::Semantics::Release);
  CHECK(code[1].scope == litmus::Scope::Gpu);
  CHECK(code[2].scope == litmus::Scope::Cluster);
  CHECK(litmus::printMnemonic(code[0]) == "fence.acquire.cluster");
  CHECK_THROWS_AS(parse("PTX F\n{ x=0; }\n P0@cta 0,gpu 0 ;\n fence.relaxed.gpu ;\nexists (x == 0)\n"),
                  litmus::InputError);
}

TEST_CASE("barrier.cluster and mbarrier read with the PTX ISA's defaults and print them", "[parser]") {
  const Test test = parse(R"(PTX B
{ x=0; b=0; }
 P0@cta 0,cluster 0,gpu 0        | P1@cta 1,cluster 0,gpu 0 ;
 barrier.cluster.arrive          | mbarrier.init.shared.b64 b, 2 ;
 barrier.cluster.arrive.relaxed  | mbarrier.arrive.shared.b64 r0, b ;
 barrier.cluster.wait            | mbarrier.test_wait.relaxed.cluster.shared.b64 r1, b, r0 ;
                                 | mbarrier.try_wait.shared.b64 r2, b, r0 ;
exists (x == 0)
)");
  const auto& p0 = test.threads[0].instructions;
  const auto& p1 = test.threads[1].instructions;
  // PTX ISA 9.1 9.7.13.3: arrive is .release, wait .acquire by default.
  CHECK(printMnemonic(p0[0]) == "barrier.cluster.arrive.release");
  CHECK(printMnemonic(p0[1]) == "barrier.cluster.arrive.relaxed");
  CHECK(printMnemonic(p0[2]) == "barrier.cluster.wait.acquire");
  // 9.7.13.15: mbarrier.arrive .release, the waits .acquire, scope .cta.
  CHECK(printMnemonic(p1[0]) == "mbarrier.init.shared.b64");
  CHECK(printMnemonic(p1[1]) == "mbarrier.arrive.release.cta.shared.b64");
  CHECK(printMnemonic(p1[2]) == "mbarrier.test_wait.relaxed.cluster.shared.b64");
  CHECK(printMnemonic(p1[3]) == "mbarrier.try_wait.acquire.cta.shared.b64");
  const Test reread = parse(printCanonical(test));
  CHECK(reread == test);
  SECTION("the combinations the PTX ISA forbids are bad input") {
    for (const char* code :
         {"barrier.cluster.wait.relaxed", "barrier.cluster.arrive.acquire",
          "mbarrier.arrive.acquire.cta r0, x", "mbarrier.arrive.release r0, x",
          "mbarrier.test_wait.release.cta r0, x, 1", "mbarrier.arrive.release.gpu r0, x"}) {
      CAPTURE(code);
      CHECK_THROWS_AS(
          parse(std::string("PTX F\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ") + code + " ;\nexists (x == 0)\n"),
          litmus::InputError);
    }
  }
}

TEST_CASE(
    "bulk copies, their groups, the tx-count and fence.proxy.async read and print as the ISA writes them",
    "[parser][async]") {
  const Test test = parse(R"(PTX A
{ g=0; s=0; b=0; }
 P0@cta 0,gpu 0                                                            ;
 cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [s], [g], 16, [b] ;
 cp.async.bulk.global.shared::cta.bulk_group g, s, 16                      ;
 cp.async.bulk.commit_group                                                ;
 cp.async.bulk.wait_group.read 0                                           ;
 mbarrier.arrive.expect_tx.shared::cta.b64 r0, b, 16                       ;
 mbarrier.expect_tx.shared::cta.b64 b, 16                                  ;
 mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64 b, 16            ;
 fence.proxy.async                                                         ;
 fence.proxy.async.shared::cta                                             ;
exists (g == 0)
)");
  const auto& p0 = test.threads[0].instructions;
  // PTX ISA 9.1 9.7.9.25.4.1: cp.async.bulk.dst.src.completion_mechanism.
  CHECK(printMnemonic(p0[0]) == "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes");
  CHECK(p0[0].stateSpace == litmus::StateSpace::SharedCta);
  CHECK(p0[0].sourceStateSpace == litmus::StateSpace::Global);
  CHECK(printMnemonic(p0[1]) == "cp.async.bulk.global.shared::cta.bulk_group");
  CHECK(printMnemonic(p0[2]) == "cp.async.bulk.commit_group");
  CHECK(printMnemonic(p0[3]) == "cp.async.bulk.wait_group.read");
  // 9.7.13.15.13: arrive.expect_tx is .release.cta by default; 9.7.13.15.11
  // and .12: expect_tx and complete_tx are .relaxed, .cta by default.
  CHECK(printMnemonic(p0[4]) == "mbarrier.arrive.expect_tx.release.cta.shared::cta.b64");
  CHECK(printMnemonic(p0[5]) == "mbarrier.expect_tx.relaxed.cta.shared::cta.b64");
  CHECK(printMnemonic(p0[6]) == "mbarrier.complete_tx.relaxed.cluster.shared::cluster.b64");
  // 9.7.13.4: .proxykind = { .alias, .async, .async.global, .async.shared::{cta, cluster} }.
  CHECK(printMnemonic(p0[7]) == "fence.proxy.async");
  CHECK(printMnemonic(p0[8]) == "fence.proxy.async.shared::cta");
  const Test reread = parse(printCanonical(test));
  CHECK(reread == test);
}

TEST_CASE("a scope tree's short and long forms give the same placements", "[parser]") {
  const std::string body = "{ x=0; }\n P0 | P1 | P2 ;\n st.weak x, 1 | st.weak x, 2 | st.weak x, 3 ;\n";
  const Test shortForm =
      parse("PTX S\n" + body + "scopeTree\n(device (cta P0 P1) (cta P2))\nexists (x == 1)\n");
  const Test longForm = parse(
      "PTX S\n" + body + "scopeTree\n(device (cta (warp P1) (warp P0)) (cta (warp P2)))\nexists (x == 1)\n");
  for (std::size_t thread = 0; thread < 3; ++thread) {
    CHECK(shortForm.threads[thread].placement.cta == longForm.threads[thread].placement.cta);
    CHECK(shortForm.threads[thread].placement.device == longForm.threads[thread].placement.device);
  }
  CHECK(shortForm.threads[0].placement.warp == ThreadPlacement::kUnspecified);
  CHECK(longForm.threads[0].placement.warp != longForm.threads[1].placement.warp);
}

TEST_CASE("labels may be used before they are defined; a cell may hold only a label", "[parser]") {
  const Test test = parse(R"(PTX L
{ x=0; P0:r1=0; }
 P0@cta 0,gpu 0     ;
 LC00:              ;
 ld.weak r0, x      ;
 beq r0, r1, LC01   ;
 goto LC00          ;
 LC01:              ;
exists (P0:r0 == 0)
)");
  const Thread& thread = test.threads[0];
  REQUIRE(thread.labels.size() == 2);
  CHECK(thread.labels[0].target == 0);
  CHECK(thread.labels[1].target == 3);  // after the last instruction
  const Instruction& branch = thread.instructions[1];
  CHECK(branch.opcode == Opcode::BranchEqual);
  CHECK(branch.operands[2].kind == Operand::Kind::Label);
  CHECK(branch.operands[2].index == 1);
}

TEST_CASE("conditions: quantifiers, connectives, both register spellings, = and ==", "[parser]") {
  const std::string program = "{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.weak r0, x ;\n";
  SECTION("'P0:r0 == 1' and '0:r0=1' are the same term and comparison") {
    CHECK(parse("PTX C\n" + program + "exists (P0:r0 == 1)\n").condition ==
          parse("PTX C\n" + program + "exists (0:r0=1)\n").condition);
  }
  SECTION("~exists, forall and filter") {
    const Test test =
        parse("PTX C\n" + program + "filter (x = 0)\n~exists (0:r0 != 1 \\/ ~(x = 1) /\\ true)\n");
    CHECK(test.condition.quantifier == Quantifier::NotExists);
    REQUIRE(test.condition.filter.has_value());
    const Proposition& top = test.condition.proposition;
    REQUIRE(top.kind == Proposition::Kind::Or);
    CHECK(top.operands[0].kind == Proposition::Kind::NotEqual);
    CHECK(top.operands[1].kind == Proposition::Kind::And);
    CHECK(top.operands[1].operands[0].kind == Proposition::Kind::Not);
    CHECK(parse("PTX C\n" + program + "forall (x = 0)\n").condition.quantifier == Quantifier::Forall);
  }
  SECTION("a register compared with a register") {
    const Test test = parse("PTX C\n" + program + "exists (P0:r0 == P0:r0)\n");
    CHECK(test.condition.proposition.right.kind == ConditionTerm::Kind::Register);
  }
  SECTION("locations [...] adds terms to show") {
    const Test test = parse("PTX C\n" + program + "locations [x; 0:r0;]\nexists (x = 0)\n");
    REQUIRE(test.shownLocations.size() == 2);
    CHECK(test.shownLocations[0].kind == ConditionTerm::Kind::Location);
  }
}

TEST_CASE("guards and predicates: @p runs on true, @!p on false", "[parser]") {
  const Test test = parse(R"(GPU_PTX G
{
0:.reg .s32 r0;
0:.reg .pred p0;
0:.reg .b64 r1 = x;
}
 P0                   ;
 ld.cg.s32 r0,[r1]    ;
 setp.eq.s32 p0,r0,1  ;
 @!p0 st.cg.s32 [r1],r0 ;
scopeTree
(device (cta P0))
x: global
exists (0:r0=0)
)");
  const Instruction& store = test.threads[0].instructions[2];
  CHECK(store.guarded);
  CHECK(store.guard.negated);
  CHECK(test.threads[0].registers[store.guard.predicate].name == "p0");
  CHECK(test.threads[0].instructions[1].comparison == Comparison::Equal);
}

TEST_CASE("LISA's r[], w[] and f[scope] are weak accesses and fence.sc", "[parser]") {
  const Test test = parse(R"(LISA MP
{ x = 0; y = 0; }
 P0       | P1        ;
 w[] x 1  | r[] r0 y  ;
 f[gpu]   | f[cta]    ;
 w[] y 1  | r[] r2 x  ;
scopes: (system (gpu (cta P0) (cta P1)))
~exists (1:r0 = 1 /\ 1:r2 = 0)
)");
  CHECK(test.threads[0].instructions[0].opcode == Opcode::Store);
  CHECK(test.threads[1].instructions[0].opcode == Opcode::Load);
  CHECK(test.threads[0].instructions[1].scope == Scope::Gpu);
  CHECK(test.threads[1].instructions[1].semantics == Semantics::SequentiallyConsistent);
  CHECK(test.threads[1].placement.cta == 1);
}

TEST_CASE("proxy instructions and aliases parse, for models to refuse by name", "[parser]") {
  const Test test = parse(R"(PTX Proxy
{
x = 0;
s @ surface aliases x;
}
 P0@cta 0,gpu 0       ;
 sust.weak s, 1       ;
 fence.proxy.surface  ;
 ld.weak r0, x        ;
forall (P0:r0 == 1)
)");
  CHECK(test.locations[1].aliasOf == std::optional<LocationId>(0));
  CHECK(test.locations[1].proxy == Proxy::Surface);
  CHECK(isProxyInstruction(test.threads[0].instructions[0].opcode));
  CHECK(test.threads[0].instructions[1].opcode == Opcode::ProxyFence);
  CHECK(test.threads[0].instructions[1].proxy == Proxy::Surface);
}

TEST_CASE("a bad qualifier is reported at its own column", "[parser]") {
  const std::string text =
      "PTX Q\n{ x=0; }\n P0@cta 0,gpu 0 ;\n ld.weak.bogus r0, x ;\nexists (P0:r0 == 0)\n";
  try {
    parse(text);
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.diagnostic().position.line == 4);
    CHECK(error.diagnostic().position.column == 10);  // the 'b' of ".bogus"
    CHECK(error.diagnostic().message == "unknown qualifier '.bogus' in 'ld.weak.bogus'");
  }
}

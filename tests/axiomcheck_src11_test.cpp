// The C models src11 and rc11 (axiomcheck/Src11.cpp) on herd's classic C
// shapes, built as C tests (litmus::Dialect::C, lowered as the C dialect
// lowers them: a memory order as the instruction's semantics, a CUDA scope as
// its scope, a non-atomic access .weak without a scope). Every expected
// outcome set is derived by hand from the axioms of seed 001 Fig. 10 (RC11,
// Lahav et al. PLDI 2017; with incl for src11); each test says how.
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/Models.h"
#include "axiomcheck/RaceCheck.h"
#include "litmus/Diagnostic.h"
#include "litmus/FinalState.h"
#include "litmus/HerdPrinter.h"
#include "litmus/JsonPrinter.h"
#include "litmus/Opcode.h"
#include "tests/TestSupport.h"

using namespace opcheck;
using namespace opcheck::axiomcheck;
using litmus::Operation;
using litmus::Scope;
using litmus::Semantics;

namespace {

constexpr Semantics kNonAtomic = Semantics::Weak;
constexpr Semantics kRelaxed = Semantics::Relaxed;
constexpr Semantics kAcquire = Semantics::Acquire;
constexpr Semantics kRelease = Semantics::Release;
constexpr Semantics kAcqRel = Semantics::AcquireRelease;
constexpr Semantics kSeqCst = Semantics::SequentiallyConsistent;

// Builds a C test thread by thread, each instruction as the C dialect lowers
// its construct (docs/dialects.md): atomic_load_explicit / *x as ld,
// atomic_store_explicit / *x = v as st, atomic_exchange_explicit,
// atomic_fetch_add_explicit and atomic_compare_exchange_strong_explicit as
// atom, atomic_thread_fence as fence.
class CTest {
 public:
  explicit CTest(std::string name) {
    test_.name = std::move(name);
    test_.dialect = litmus::Dialect::C;
  }

  // A new thread, P<n>, in CTA CTA (a cluster of its own) of device GPU.
  CTest& thread(std::int16_t cta = 0, std::int16_t gpu = 0) {
    litmus::Thread thread;
    thread.placement.cta = cta;
    thread.placement.cluster = cta;
    thread.placement.device = gpu;
    test_.threads.push_back(std::move(thread));
    return *this;
  }

  // r = atomic_load_explicit(x, MO, SCOPE); r = *x for kNonAtomic.
  CTest& load(const std::string& reg, const std::string& location, Semantics mo,
              Scope scope = Scope::System) {
    return add(litmus::Opcode::Load, mo, scope, Operation::None, {destination(reg), address(location)});
  }

  // atomic_store_explicit(x, VALUE, MO, SCOPE); *x = VALUE for kNonAtomic.
  CTest& store(const std::string& location, std::int64_t value, Semantics mo, Scope scope = Scope::System) {
    return add(litmus::Opcode::Store, mo, scope, Operation::None, {address(location), immediate(value)});
  }

  // r = atomic_exchange_explicit / atomic_fetch_add_explicit (OPERATION).
  CTest& readModifyWrite(Operation operation, const std::string& reg, const std::string& location,
                         std::int64_t value, Semantics mo, Scope scope = Scope::System) {
    return add(litmus::Opcode::Atomic, mo, scope, operation,
               {destination(reg), address(location), immediate(value)});
  }

  // r = atomic_compare_exchange_strong_explicit(x, EXPECTED, DESIRED, MO,
  // its failure order, SCOPE): r gets the old value.
  CTest& compareExchange(const std::string& reg, const std::string& location, std::int64_t expected,
                         std::int64_t desired, Semantics mo, Scope scope = Scope::System) {
    return add(litmus::Opcode::Atomic, mo, scope, Operation::CompareAndSwap,
               {destination(reg), address(location), immediate(expected), immediate(desired)});
  }

  // atomic_thread_fence(MO, SCOPE).
  CTest& fence(Semantics mo, Scope scope = Scope::System) {
    return add(litmus::Opcode::Fence, mo, scope, Operation::None, {});
  }

  // The test with "exists (T1=V1 /\ ...)" over TERMS: "1:r0" a register,
  // "x" a location's final value.
  litmus::Test exists(const std::vector<std::pair<std::string, std::int64_t>>& terms) {
    litmus::Proposition all;
    all.kind = litmus::Proposition::Kind::And;
    for (const auto& [name, value] : terms) {
      litmus::Proposition equal;
      equal.kind = litmus::Proposition::Kind::Equal;
      equal.left = term(name);
      equal.right.kind = litmus::ConditionTerm::Kind::Integer;
      equal.right.value = value;
      all.operands.push_back(equal);
    }
    test_.condition.quantifier = litmus::Quantifier::Exists;
    test_.condition.proposition = terms.size() == 1 ? all.operands.front() : all;
    return test_;
  }

 private:
  litmus::Thread& current() { return test_.threads.back(); }

  CTest& add(litmus::Opcode opcode, Semantics mo, Scope scope, Operation operation,
             std::vector<litmus::Operand> operands) {
    litmus::Instruction instruction;
    instruction.opcode = opcode;
    instruction.semantics = mo;
    // A non-atomic access has no scope (docs/dialects.md).
    instruction.scope = mo == kNonAtomic ? Scope::None : scope;
    instruction.operation = operation;
    for (const litmus::Operand& operand : operands) {
      instruction.operands.push_back(operand);
    }
    instruction.position = {static_cast<std::uint32_t>(current().instructions.size() + 2), 3};
    current().instructions.push_back(instruction);
    return *this;
  }

  litmus::Operand destination(const std::string& name) {
    auto& registers = current().registers;
    std::size_t index = 0;
    while (index < registers.size() && registers[index].name != name) {
      ++index;
    }
    if (index == registers.size()) {
      registers.push_back({name, litmus::DataType::None, std::nullopt});
    }
    return {litmus::Operand::Kind::Register, static_cast<std::uint32_t>(index), 0};
  }

  litmus::Operand address(const std::string& name) {
    std::size_t index = 0;
    while (index < test_.locations.size() && test_.locations[index].name != name) {
      ++index;
    }
    if (index == test_.locations.size()) {
      litmus::Location location;
      location.name = name;
      test_.locations.push_back(location);
    }
    return {litmus::Operand::Kind::Location, static_cast<std::uint32_t>(index), 0};
  }

  static litmus::Operand immediate(std::int64_t value) {
    return {litmus::Operand::Kind::Immediate, 0, value};
  }

  litmus::ConditionTerm term(const std::string& name) const {
    litmus::ConditionTerm result;
    const std::size_t colon = name.find(':');
    if (colon == std::string::npos) {
      result.kind = litmus::ConditionTerm::Kind::Location;
      result.index = *test_.findLocation(name);
      return result;
    }
    result.kind = litmus::ConditionTerm::Kind::Register;
    result.thread = static_cast<std::uint16_t>(std::stoi(name.substr(0, colon)));
    result.index = *test_.findRegister(result.thread, name.substr(colon + 1));
    return result;
  }

  litmus::Test test_;
};

struct Verdict {
  std::set<std::string> states;  // herd's "1:r0=0; 1:r1=1;"
  std::vector<std::string> flags;
};

Verdict run(const AxiomaticModel& model, const litmus::Test& test) {
  const litmus::Outcome outcome = checkTest(test, model, {}, test.name + ".litmus");
  Verdict verdict;
  for (const litmus::FinalState& state : outcome.states) {
    verdict.states.insert(litmus::formatHerdState(test, outcome.terms, state));
  }
  verdict.flags = outcome.flags;
  return verdict;
}

const std::vector<std::string> kNoFlag = {};
const std::vector<std::string> kRacy = {"racy"};

// Both models give the same verdict on a test whose threads share one scope.
void checkBoth(const litmus::Test& test, const std::set<std::string>& states,
               const std::vector<std::string>& flags) {
  for (const AxiomaticModel* model : {&src11Model(), &rc11Model()}) {
    INFO(model->name() << " on " << test.name);
    const Verdict verdict = run(*model, test);
    CHECK(verdict.states == states);
    CHECK(verdict.flags == flags);
  }
}

// Every combination of VALUES for the registers NAMES, as herd prints it.
std::set<std::string> everyState(const std::vector<std::string>& names) {
  std::set<std::string> states = {""};
  for (const std::string& name : names) {
    std::set<std::string> longer;
    for (const std::string& state : states) {
      for (int value : {0, 1}) {
        longer.insert(state + (state.empty() ? "" : " ") + name + "=" + std::to_string(value) + ";");
      }
    }
    states = longer;
  }
  return states;
}

std::set<std::string> without(std::set<std::string> states, const std::string& state) {
  REQUIRE(states.erase(state) == 1);
  return states;
}

litmus::Test messagePassing(const std::string& name, Semantics data, Semantics storeFlag,
                            Semantics loadFlag) {
  return CTest(name)
      .thread()
      .store("x", 1, data)
      .store("y", 1, storeFlag)
      .thread()
      .load("r0", "y", loadFlag)
      .load("r1", "x", data)
      .exists({{"1:r0", 1}, {"1:r1", 0}});
}

litmus::Test storeBuffering(const std::string& name, Semantics store, Semantics load, bool fences) {
  CTest test(name);
  for (const auto& [mine, theirs] : {std::pair{"x", "y"}, std::pair{"y", "x"}}) {
    test.thread().store(mine, 1, store);
    if (fences) {
      test.fence(kSeqCst);
    }
    test.load("r0", theirs, load);
  }
  return test.exists({{"0:r0", 0}, {"1:r0", 0}});
}

litmus::Test loadBuffering(const std::string& name, Semantics load, Semantics store) {
  CTest test(name);
  for (const auto& [mine, theirs] : {std::pair{"x", "y"}, std::pair{"y", "x"}}) {
    test.thread().load("r0", mine, load).store(theirs, 1, store);
  }
  return test.exists({{"0:r0", 1}, {"1:r0", 1}});
}

}  // namespace

TEST_CASE("src11 and rc11 forbid MP with release/acquire and allow it relaxed", "[axiomcheck][src11]") {
  // rel/acq: y's store synchronizes with the load that reads it (sw), so x=1
  // is hb-before P1's load of x; reading the initial x would put that load
  // rb-before the store it is hb-after: Coherence irreflexive (hb; eco?).
  checkBoth(messagePassing("MP+rel+acq", kRelaxed, kRelease, kAcquire),
            without(everyState({"1:r0", "1:r1"}), "1:r0=1; 1:r1=0;"), kNoFlag);
  // Relaxed: no sw, hb is sb; no axiom relates the two locations.
  checkBoth(messagePassing("MP+rlx", kRelaxed, kRelaxed, kRelaxed), everyState({"1:r0", "1:r1"}), kNoFlag);
}

TEST_CASE("release and acquire fences around relaxed accesses synchronize", "[axiomcheck][src11]") {
  // sw = [F rel]; sb; rs; rf; [R rlx]; sb; [F acq] (seed 001 Fig. 10b): the
  // fences order x=1 before P1's load of x, which then cannot read the
  // initial x (Coherence). Without the fences: MP+rlx, every outcome.
  checkBoth(CTest("MP+fence.rel+fence.acq")
                .thread()
                .store("x", 1, kRelaxed)
                .fence(kRelease)
                .store("y", 1, kRelaxed)
                .thread()
                .load("r0", "y", kRelaxed)
                .fence(kAcquire)
                .load("r1", "x", kRelaxed)
                .exists({{"1:r0", 1}, {"1:r1", 0}}),
            without(everyState({"1:r0", "1:r1"}), "1:r0=1; 1:r1=0;"), kNoFlag);
}

TEST_CASE("a non-atomic MP is racy in the executions where the flag is not seen", "[axiomcheck][src11]") {
  // *x = 1 and r1 = *x conflict, are not both atomic, and hb orders them only
  // when r0 reads 1 (sw): the executions with r0=0 race, the program is
  // undefined (RC11's Dr; seed 001's racy). (1,0) breaks Coherence as above.
  checkBoth(messagePassing("MP+na+rel+acq", kNonAtomic, kRelease, kAcquire),
            without(everyState({"1:r0", "1:r1"}), "1:r0=1; 1:r1=0;"), kRacy);
}

TEST_CASE("src11 and rc11 on SB: seq_cst and SC fences forbid it, release/acquire allows it",
          "[axiomcheck][src11]") {
  const std::set<std::string> all = everyState({"0:r0", "1:r0"});
  // seq_cst: Wx sb Ry rb Wy sb Rx rb Wx is a cycle of scb between SC events
  // (psc_base): SC.
  checkBoth(storeBuffering("SB+sc", kSeqCst, kSeqCst, false), without(all, "0:r0=0; 1:r0=0;"), kNoFlag);
  // release/acquire: no load reads a release, so no sw and no psc: allowed.
  checkBoth(storeBuffering("SB+rel+acq", kRelease, kAcquire, false), all, kNoFlag);
  // Relaxed accesses with SC fences: F0 hb Ry rb Wy hb F1 and back (psc_F
  // [F_sc]; hb; eco; hb; [F_sc] both ways): SC.
  checkBoth(storeBuffering("SB+rlx+fence.sc", kRelaxed, kRelaxed, true), without(all, "0:r0=0; 1:r0=0;"),
            kNoFlag);
}

TEST_CASE("LB relaxed: rc11 forbids it by No-Thin-Air, src11 has no such axiom and allows it",
          "[axiomcheck][src11]") {
  const litmus::Test test = loadBuffering("LB+rlx", kRelaxed, kRelaxed);
  const std::set<std::string> all = everyState({"0:r0", "1:r0"});
  // Both reading 1: Rx sb Wy rf Ry sb Wx rf Rx, a cycle of sb | rf
  // (No-Thin-Air, seed 001 Fig. 10c); hb is sb, so Coherence holds.
  const Verdict rc11 = run(rc11Model(), test);
  CHECK(rc11.states == without(all, "0:r0=1; 1:r0=1;"));
  // seed 001 Sec. 4.1 drops No-Thin-Air: every outcome.
  const Verdict src11 = run(src11Model(), test);
  CHECK(src11.states == all);
  CHECK(src11.flags.empty());
}

TEST_CASE("LB with release/acquire is an hb cycle in both models", "[axiomcheck][src11]") {
  // Both reading 1: each store synchronizes with the other thread's load,
  // Rx sb Wy sw Ry sb Wx sw Rx: hb is cyclic (Coherence).
  checkBoth(loadBuffering("LB+acq+rel", kAcquire, kRelease),
            without(everyState({"0:r0", "1:r0"}), "0:r0=1; 1:r0=1;"), kNoFlag);
}

TEST_CASE("IRIW: seq_cst forbids the readers disagreeing, acquire loads allow it", "[axiomcheck][src11]") {
  auto iriw = [](const std::string& name, Semantics store, Semantics load) {
    return CTest(name)
        .thread()
        .store("x", 1, store)
        .thread()
        .store("y", 1, store)
        .thread()
        .load("r0", "x", load)
        .load("r1", "y", load)
        .thread()
        .load("r0", "y", load)
        .load("r1", "x", load)
        .exists({{"2:r0", 1}, {"2:r1", 0}, {"3:r0", 1}, {"3:r1", 0}});
  };
  const std::set<std::string> all = everyState({"2:r0", "2:r1", "3:r0", "3:r1"});
  // seq_cst: Wx rf P2's Rx sb Ry rb Wy rf P3's Ry sb Rx rb Wx; psc relates
  // the SC events along it (sb, and hb|loc with rf; rb) into a cycle. Every
  // other outcome is an interleaving's.
  checkBoth(iriw("IRIW+sc", kSeqCst, kSeqCst), without(all, "2:r0=1; 2:r1=0; 3:r0=1; 3:r1=0;"), kNoFlag);
  // Release stores and acquire loads: hb orders each reader's loads after
  // the write it read, but no eco edge returns to it (C11 is not multi-copy
  // atomic): all 16.
  checkBoth(iriw("IRIW+rel+acq", kRelease, kAcquire), all, kNoFlag);
}

TEST_CASE("WRC with a release/acquire pair forbids the stale read, relaxed allows it",
          "[axiomcheck][src11]") {
  auto wrc = [](const std::string& name, Semantics storeFlag, Semantics loadFlag) {
    return CTest(name)
        .thread()
        .store("x", 1, kRelaxed)
        .thread()
        .load("r0", "x", kRelaxed)
        .store("y", 1, storeFlag)
        .thread()
        .load("r0", "y", loadFlag)
        .load("r1", "x", kRelaxed)
        .exists({{"1:r0", 1}, {"2:r0", 1}, {"2:r1", 0}});
  };
  const std::set<std::string> all = everyState({"1:r0", "2:r0", "2:r1"});
  // P1's Rx sb Wy sw P2's Ry sb Rx: P1's Rx hb P2's Rx, and P2's Rx (of the
  // initial x) rb Wx rf P1's Rx is eco back: Coherence.
  checkBoth(wrc("WRC+rel+acq", kRelease, kAcquire), without(all, "1:r0=1; 2:r0=1; 2:r1=0;"), kNoFlag);
  checkBoth(wrc("WRC+rlx", kRelaxed, kRelaxed), all, kNoFlag);
}

TEST_CASE("2+2W: relaxed allows both first writes last, seq_cst forbids it", "[axiomcheck][src11]") {
  auto twoPlusTwo = [](const std::string& name, Semantics mo) {
    return CTest(name)
        .thread()
        .store("x", 1, mo)
        .store("y", 2, mo)
        .thread()
        .store("y", 1, mo)
        .store("x", 2, mo)
        .exists({{"x", 1}, {"y", 1}});
  };
  const std::set<std::string> all = {"x=1; y=1;", "x=1; y=2;", "x=2; y=1;", "x=2; y=2;"};
  // Relaxed: hb is sb, and Coherence's eco stays within a location.
  checkBoth(twoPlusTwo("2+2W+rlx", kRelaxed), all, kNoFlag);
  // seq_cst: Wx1 sb Wy2 mo Wy1 sb Wx2 mo Wx1 is a psc cycle (scb: sb, mo).
  checkBoth(twoPlusTwo("2+2W+sc", kSeqCst), without(all, "x=1; y=1;"), kNoFlag);
}

TEST_CASE("CoRR: two reads of one location never see its writes out of mo, at any order",
          "[axiomcheck][src11]") {
  for (Semantics mo : {kRelaxed, kAcquire, kSeqCst}) {
    const Semantics store = mo == kAcquire ? kRelease : mo;
    // r0=1, r1=0: the second read rb Wx rf the first, which is sb-before it:
    // Coherence irreflexive (hb; eco).
    checkBoth(CTest("CoRR")
                  .thread()
                  .store("x", 1, store)
                  .thread()
                  .load("r0", "x", mo)
                  .load("r1", "x", mo)
                  .exists({{"1:r0", 1}, {"1:r1", 0}}),
              without(everyState({"1:r0", "1:r1"}), "1:r0=1; 1:r1=0;"), kNoFlag);
  }
}

TEST_CASE("RMWs: an acq_rel exchange continues a release sequence, fetch_add is atomic",
          "[axiomcheck][src11]") {
  // Two fetch_adds of 1 on x: each reads the mo-predecessor of its write
  // (Atomicity), so they never both read 0 and x ends at 2.
  checkBoth(CTest("2xFetchAdd")
                .thread()
                .readModifyWrite(Operation::Add, "r0", "x", 1, kRelaxed)
                .thread()
                .readModifyWrite(Operation::Add, "r0", "x", 1, kRelaxed)
                .exists({{"0:r0", 0}, {"1:r0", 0}, {"x", 2}}),
            {"0:r0=0; 1:r0=1; x=2;", "0:r0=1; 1:r0=0; x=2;"}, kNoFlag);
  // MP through an RMW: P1's relaxed exchange on y writes 2. When it read
  // P0's release store, P2's acquire that reads 2 synchronizes with that
  // store all the same (rs = [W]; sb|loc?; [W>=rlx]; (rf; rmw)*) and must see
  // x=1 (Coherence); when it read the initial y, nothing synchronizes. A
  // read of P0's store itself synchronizes. Every other combination is
  // consistent.
  checkBoth(CTest("MP+rel+rmw+acq")
                .thread()
                .store("x", 1, kRelaxed)
                .store("y", 1, kRelease)
                .thread()
                .readModifyWrite(Operation::Exchange, "r0", "y", 2, kRelaxed)
                .thread()
                .load("r0", "y", kAcquire)
                .load("r1", "x", kRelaxed)
                .exists({{"1:r0", 1}, {"2:r0", 2}, {"2:r1", 0}}),
            {"1:r0=0; 2:r0=0; 2:r1=0;", "1:r0=0; 2:r0=0; 2:r1=1;", "1:r0=0; 2:r0=1; 2:r1=1;",
             "1:r0=0; 2:r0=2; 2:r1=0;", "1:r0=0; 2:r0=2; 2:r1=1;", "1:r0=1; 2:r0=0; 2:r1=0;",
             "1:r0=1; 2:r0=0; 2:r1=1;", "1:r0=1; 2:r0=1; 2:r1=1;", "1:r0=1; 2:r0=2; 2:r1=1;"},
            kNoFlag);
}

TEST_CASE("a failed compare-exchange is a read with its failure order", "[axiomcheck][src11]") {
  auto casMp = [](const std::string& name, Semantics mo) {
    return CTest(name)
        .thread()
        .store("x", 1, kRelaxed)
        .store("y", 1, kRelease)
        .thread()
        .compareExchange("r0", "y", 0, 2, mo)
        .load("r1", "x", kRelaxed)
        .exists({{"1:r0", 1}, {"1:r1", 0}});
  };
  const std::set<std::string> all = everyState({"1:r0", "1:r1"});
  // The CAS expecting 0 fails when it reads y=1. acq_rel fails as acquire:
  // it synchronizes with P0's release and must see x=1 (Coherence).
  checkBoth(casMp("MP+rel+cas.acq_rel", kAcqRel), without(all, "1:r0=1; 1:r1=0;"), kNoFlag);
  // release fails as relaxed: no sw, every outcome.
  checkBoth(casMp("MP+rel+cas.rel", kRelease), all, kNoFlag);
}

TEST_CASE("src11: release/acquire at block scope across CTAs is racy, at device scope it synchronizes",
          "[axiomcheck][src11]") {
  auto scopedMp = [](const std::string& name, Scope scope) {
    return CTest(name)
        .thread(0)
        .store("x", 1, kRelaxed, Scope::Gpu)
        .store("y", 1, kRelease, scope)
        .thread(1)
        .load("r0", "y", kAcquire, scope)
        .load("r1", "x", kRelaxed, Scope::Gpu)
        .exists({{"1:r0", 1}, {"1:r1", 0}});
  };
  const std::set<std::string> all = everyState({"1:r0", "1:r1"});
  // Block scope, different CTAs: the two y accesses are not incl (seed 001
  // Fig. 10), so no sw and (1,0) is consistent; they conflict, one writes,
  // hb does not order them and they are not incl: racy in every execution
  // (seed 001 Sec. 4; its Alloy model's racy).
  const litmus::Test block = scopedMp("MP+rel+acq.block+cross-cta", Scope::Cta);
  const Verdict src11 = run(src11Model(), block);
  CHECK(src11.states == all);
  CHECK(src11.flags == kRacy);
  // rc11 ignores scopes: the MP+rel+acq verdict.
  const Verdict rc11 = run(rc11Model(), block);
  CHECK(rc11.states == without(all, "1:r0=1; 1:r1=0;"));
  CHECK(rc11.flags.empty());
  // Device scope includes both CTAs: sw, and Coherence forbids (1,0).
  const Verdict device = run(src11Model(), scopedMp("MP+rel+acq.device+cross-cta", Scope::Gpu));
  CHECK(device.states == without(all, "1:r0=1; 1:r1=0;"));
  CHECK(device.flags.empty());
  // Block scope within one CTA includes both threads.
  litmus::Test sameCta = block;
  sameCta.threads[1].placement = sameCta.threads[0].placement;
  const Verdict inside = run(src11Model(), sameCta);
  CHECK(inside.states == without(all, "1:r0=1; 1:r1=0;"));
  CHECK(inside.flags.empty());
}

TEST_CASE("src11 races explain a scoped atomic race with the scope each access needs",
          "[axiomcheck][src11]") {
  const litmus::Test test = CTest("MP+na+rel+acq.block+cross-cta")
                                .thread(0)
                                .store("x", 1, kNonAtomic)
                                .store("y", 1, kRelease, Scope::Cta)
                                .thread(1)
                                .load("r0", "y", kAcquire, Scope::Cta)
                                .load("r1", "x", kNonAtomic)
                                .exists({{"1:r0", 1}, {"1:r1", 0}});
  const TestRaces races = checkRaces(test, src11Model(), {}, "test.litmus", true);
  REQUIRE(races.races.size() == 2);
  // x: the non-atomic pair, which hb would order were the y pair's scope
  // wide enough (device: both CTAs are on gpu 0).
  const Race& onX = races.races[0];
  CHECK(onX.first == InstructionRef{0, 0});
  CHECK(onX.second == InstructionRef{1, 1});
  CHECK(onX.kind == RaceClass::ScopedReleaseAcquire);
  CHECK(onX.neededScope == Scope::Gpu);
  const std::vector<std::pair<InstructionRef, Scope>> culprits = {{{0, 1}, Scope::Gpu}, {{1, 0}, Scope::Gpu}};
  CHECK(onX.culprits == culprits);
  // y: two atomics whose block scopes leave the other CTA out.
  const Race& onY = races.races[1];
  CHECK(onY.first == InstructionRef{0, 1});
  CHECK(onY.second == InstructionRef{1, 0});
  CHECK(onY.kind == RaceClass::ScopedAtomic);
  CHECK(onY.culprits == culprits);
  // rc11: only the non-atomic pair races, and only unsynchronized.
  const TestRaces rc11 = checkRaces(test, rc11Model(), {}, "test.litmus", true);
  REQUIRE(rc11.races.size() == 1);
  CHECK(rc11.races[0].kind == RaceClass::MissingSynchronization);
  CHECK(rc11.racyExecutions == 2);  // r0=0, r1 either value
}

TEST_CASE("the C models refuse PTX tests, naming the file", "[axiomcheck][src11][bad-input]") {
  litmus::Test test = messagePassing("MP", kRelaxed, kRelease, kAcquire);
  test.dialect = litmus::Dialect::Ptx;
  for (const AxiomaticModel* model : {&src11Model(), &rc11Model()}) {
    CHECK_THROWS_WITH(checkTest(test, *model, {}, "mp.litmus"),
                      "mp.litmus:1:1: error: model " + std::string(model->name()) +
                          " reads C tests; mp.litmus is a PTX test");
  }
}

TEST_CASE("each C model axiom rejects the execution its shape forbids, and --skip-axiom drops it",
          "[axiomcheck][src11]") {
  auto rejections = [](const AxiomaticModel& model, const litmus::Test& test, const std::string& axiom) {
    const litmus::Outcome outcome = checkTest(test, model, {}, test.name + ".litmus");
    for (const auto& [name, count] : outcome.rejections) {
      if (name == axiom) {
        return count;
      }
    }
    FAIL("no axiom " << axiom);
    return std::uint64_t{0};
  };
  // The forbidden execution of each shape breaks the axiom its test case
  // above names: MP+rel+acq Coherence, SB+sc SC, two fetch_adds Atomicity,
  // LB+rlx (rc11) No-Thin-Air.
  const litmus::Test mp = messagePassing("MP+rel+acq", kRelaxed, kRelease, kAcquire);
  const litmus::Test sb = storeBuffering("SB+sc", kSeqCst, kSeqCst, false);
  const litmus::Test adds = CTest("2xFetchAdd")
                                .thread()
                                .readModifyWrite(Operation::Add, "r0", "x", 1, kRelaxed)
                                .thread()
                                .readModifyWrite(Operation::Add, "r0", "x", 1, kRelaxed)
                                .exists({{"x", 1}});
  const litmus::Test lb = loadBuffering("LB+rlx", kRelaxed, kRelaxed);
  for (const AxiomaticModel* model : {&src11Model(), &rc11Model()}) {
    INFO(model->name());
    CHECK(rejections(*model, mp, "Coherence") > 0);
    CHECK(rejections(*model, sb, "SC") > 0);
    CHECK(rejections(*model, adds, "Atomicity") > 0);
    // Without SC, SB+sc has every outcome (hb is sb: no sw without a read of
    // a release).
    CHECK(run(model->skipping(axiomMask(*model, std::vector<std::string>{"SC"})), sb).states ==
          everyState({"0:r0", "1:r0"}));
  }
  CHECK(rejections(rc11Model(), lb, "No-Thin-Air") > 0);
  // rc11 without No-Thin-Air is src11 on a test of one scope.
  const AxiomaticModel& rc11WithoutThinAir =
      rc11Model().skipping(axiomMask(rc11Model(), std::vector<std::string>{"No-Thin-Air"}));
  CHECK(run(rc11WithoutThinAir, lb).states == run(src11Model(), lb).states);
}

TEST_CASE("a racy test's flag is printed where herd prints flags, and in JSON", "[axiomcheck][src11]") {
  const litmus::Test test = messagePassing("MP+na", kNonAtomic, kRelease, kAcquire);
  const litmus::Outcome outcome = checkTest(test, src11Model(), {}, "mp.litmus");
  // herd's top_herd.ml: the Flag lines come after Positive/Negative, before
  // Condition. The 3 consistent executions (one per outcome of the MP
  // test above) all miss 1:r0=1 /\ 1:r1=0.
  CHECK_THAT(litmus::printHerd(test, outcome),
             Catch::Matchers::Contains("Positive: 0 Negative: 3\nFlag racy\nCondition exists"));
  CHECK(litmus::outcomeJson(test, outcome, "mp.litmus")["flags"] == litmus::Json::array({"racy"}));
  // A race-free test raises nothing.
  const litmus::Outcome relaxed =
      checkTest(messagePassing("MP+rlx", kRelaxed, kRelaxed, kRelaxed), src11Model(), {}, "mp.litmus");
  CHECK(relaxed.flags.empty());
}

TEST_CASE("opcheck and opcheck races take the C models and refuse a PTX test with them",
          "[axiomcheck][src11][bad-input]") {
  const std::string file =
      std::string(OPCHECK_SOURCE_DIR) + "/catalogue/seed001/Fig5-MP-release-acquire.litmus";
  for (const AxiomaticModel* model : {&src11Model(), &rc11Model()}) {
    const std::string name(model->name());
    for (const std::vector<std::string>& arguments :
         {std::vector<std::string>{file, "--model", name},
          std::vector<std::string>{"races", "--model", name, file}}) {
      const testing::CommandResult result = testing::runOpcheck(arguments);
      CHECK(result.exitStatus == 2);
      CHECK_THAT(
          result.standardError,
          Catch::Matchers::Contains(": error: model " + name + " reads C tests; " + file + " is a PTX test"));
    }
  }
}

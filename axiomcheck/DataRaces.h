// Data races in one execution (docs/races.md), and why each is one.
//
// PTX ISA 9.1 8.7.1: "Two overlapping memory operations are said to conflict
// when at least one of them is a write. Two conflicting memory operations
// are said to be in a data-race if they are not related in causality order
// and they are not morally strong." Morally strong and causality order are
// the ptx model's own (PtxRelations.h), so a race here is a race of the
// model the axioms check.
//
// Each race is explained in seed 002's (ScoRD's) terms: synchronization
// that is missing, or that exists but whose scope does not include both
// threads (a .cta atomic, fence, release/acquire, lock or barrier between
// CTAs), or that goes through weak accesses, which fences do not order
// (seed 002 Sec. IV-A, Table IV (c)); with the instructions to change and
// the smallest scope that removes the race.
//
// Pairs that are morally strong but not ordered by causality order are not
// PTX data races; DRF0 counts them as races all the same unless both are
// SC atomics, and seed 003 (DRFrlx) says when relaxed atomics racing this
// way still give sequential consistency: these are the "relaxed races",
// each with its DRFrlx class. DRFrlx is defined over SC executions; run it
// on executions of the sc model for its guarantee.
#pragma once

#include <compare>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "axiomcheck/Execution.h"
#include "litmus/Qualifiers.h"

namespace opcheck::axiomcheck {

// One instruction of the test (the events of an atom's read and write, or
// of an unrolled loop's iterations, are one instruction).
struct InstructionRef {
  std::size_t thread = 0;
  std::size_t instruction = 0;
  friend auto operator<=>(const InstructionRef&, const InstructionRef&) = default;
};

// Why two conflicting operations race (seed 002 Sec. III-A and Table IV).
enum class RaceClass {
  // No synchronization orders them, whatever the scopes and strengths:
  // seed 002 Table IV (a)/(b) "missing block/device fence".
  MissingSynchronization,
  // Synchronization exists but goes through weak accesses, which fences and
  // release/acquire patterns do not order: seed 002 Table IV (c).
  NotStrong,
  // Both are strong, but their scopes do not include each other's thread:
  // seed 002 "Scoped race due to atomic operation", Table IV (d) (an
  // atomic), or a strong load or store of too narrow a scope.
  ScopedAtomic,
  ScopedAccess,
  // Synchronization whose scope is too narrow orders them once widened:
  // seed 002 "Scoped race due to fence", "... due to lock/unlock" (an
  // atomic and a fence), and a release/acquire pattern of too narrow scope.
  ScopedFence,
  ScopedLock,
  ScopedReleaseAcquire,
  // Both threads pass a bar.cta.sync between the two operations, but in
  // different CTAs: a CTA barrier synchronizes one CTA (PTX ISA 9.1 8.9.4).
  ScopedBarrier,
  // One access goes through the async proxy and the other through the
  // generic proxy, and no fence.proxy.async orders them (PTX ISA 9.1
  // 9.7.9.25.2: "Accessing the same memory location across multiple proxies
  // needs a cross-proxy fence. For the async proxy, fence.proxy.async should
  // be used"); two such accesses are never morally strong (8.7 condition 2).
  MissingProxyFence,
  // Both of one thread, one an asynchronous operation's that no wait has
  // completed before the other (PTX ISA 9.1 9.7.9.25.1: "modifying the
  // source memory location ... or reading from the destination memory
  // location before the asynchronous operation completes, exhibits
  // undefined behavior").
  AsyncNotAwaited,
};

// DRFrlx (seed 003 Sec. 3) classes of a race between morally strong
// operations that causality order does not order.
enum class RelaxedClass {
  Paired,       // both SC atomics (seed 001 Fig. 11: fence.sc; ld.acquire / st.release / atom.acq_rel)
  Unpaired,     // SC atomics without acquire/release semantics (DRF1, seed 003 Sec. 2.3)
  Commutative,  // two commuting writes whose loaded values are not used (Sec. 3.2.3)
  Speculative,  // a load whose value is not used against a store (Sec. 3.5.3)
  NonOrdering,  // on no ordering path without a valid path (Sec. 3.3.3)
  // None of the above: the pair orders other accesses (a "non-ordering
  // race", Sec. 3.3.3). SC is not guaranteed; only quantum atomics admit
  // it, and then SC holds for the quantum-equivalent program (Sec. 3.4.3),
  // which opcheck does not build.
  Ordering,
};

struct Race {
  InstructionRef first;
  InstructionRef second;
  litmus::LocationId location = 0;
  RaceClass kind = RaceClass::MissingSynchronization;
  // The smallest scope that includes both threads: the scope both
  // operations (when strong) or the synchronization named need.
  litmus::Scope neededScope = litmus::Scope::Cta;
  // Scoped classes: the synchronizing instructions whose scope is too
  // narrow, each with the smallest scope that would order the pair.
  // NotStrong: the weak accesses the synchronization goes through.
  std::vector<std::pair<InstructionRef, litmus::Scope>> culprits;
  // MissingSynchronization: the threads do synchronize (a fence, release,
  // acquire or barrier), but not so as to order this pair here.
  bool synchronizationPresent = false;
  friend bool operator==(const Race&, const Race&) = default;
};

struct RelaxedRace {
  InstructionRef first;
  InstructionRef second;
  litmus::LocationId location = 0;
  RelaxedClass kind = RelaxedClass::Ordering;
  friend bool operator==(const RelaxedRace&, const RelaxedRace&) = default;
};

// A data race as two events of the execution, and its Race (an index into
// ExecutionRaces::races; several event pairs of an unrolled loop can be
// one race of two instructions).
struct RacingEvents {
  unsigned first = 0;
  unsigned second = 0;
  std::size_t race = 0;
};

struct ExecutionRaces {
  std::vector<Race> races;                 // PTX ISA 9.1 8.7.1 data races
  std::vector<RelaxedRace> relaxedRaces;   // morally strong, unordered
  std::vector<RacingEvents> racingEvents;  // every event pair of races
};

// The instruction EVENT (not an initial write) belongs to.
InstructionRef instructionOf(const Execution& execution, unsigned event);

// The instruction REF names in EXECUTION's test.
const litmus::Instruction& instructionAt(const Execution& execution, InstructionRef ref);

// The smallest scope that includes threads A and B of TEST (PTX ISA 9.1
// 8.5, Table 21).
litmus::Scope commonScope(const litmus::Test& test, std::size_t a, std::size_t b);

// The races of EXECUTION, a complete candidate (rf, co, the Fence-SC order
// and the barrier synchronization set). EXPLAIN: classify each data race
// (costs a few more relation computations per race); without it every race
// is MissingSynchronization.
ExecutionRaces findRaces(const Execution& execution, bool explain);

// For executions of a model without a Fence-SC order (sc): calls
// visit(execution) once per Fence-SC order of its morally strong fence.sc
// pairs that agrees with the execution's order of events (acyclic with po,
// rf, co, fr and the barrier synchronization), with fenceScOrder set.
void forEachScFenceOrder(const Execution& execution, const std::function<void(const Execution&)>& visit);

// Whether the DRFrlx class lets the race keep SC (all but Ordering).
bool keepsSequentialConsistency(RelaxedClass kind);

// How much a class says about the remedy: when one pair races in several
// executions for different reasons, the report keeps the highest (a scope
// to widen over weak accesses to strengthen over missing synchronization).
int explanationRank(RaceClass kind);

std::string_view raceClassName(RaceClass kind);
std::string_view relaxedClassName(RelaxedClass kind);

}  // namespace opcheck::axiomcheck

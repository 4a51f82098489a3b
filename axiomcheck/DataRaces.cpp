#include "axiomcheck/DataRaces.h"

#include <algorithm>
#include <bit>
#include <optional>

#include "axiomcheck/Orientations.h"
#include "axiomcheck/PtxRelations.h"
#include "axiomcheck/ThreadPaths.h"
#include "litmus/FinalState.h"
#include "litmus/Opcode.h"

namespace opcheck::axiomcheck {

InstructionRef instructionOf(const Execution& x, unsigned event) {
  const Event& e = x.events[event];
  const auto thread = static_cast<std::size_t>(e.thread);
  return {thread, x.paths[thread]->events[e.pathEvent].instruction};
}

const litmus::Instruction& instructionAt(const Execution& x, InstructionRef ref) {
  return x.test->threads[ref.thread].instructions[ref.instruction];
}

litmus::Scope commonScope(const litmus::Test& test, std::size_t a, std::size_t b) {
  const litmus::ThreadPlacement& first = test.threads[a].placement;
  const litmus::ThreadPlacement& second = test.threads[b].placement;
  if (first.cta == second.cta) {
    return litmus::Scope::Cta;
  }
  if (first.cluster == second.cluster) {
    return litmus::Scope::Cluster;
  }
  return first.device == second.device ? litmus::Scope::Gpu : litmus::Scope::System;
}

namespace {

using litmus::Scope;
using litmus::Semantics;

// More newly morally strong fence.sc pairs than this are not oriented when
// a widened execution is tried (2^pairs orders); the explanation then uses
// the execution's own Fence-SC order only.
constexpr std::size_t kMaxOrientedPairs = 8;

bool isFenceSc(const Event& e) {
  return e.kind == EventKind::Fence && e.semantics == Semantics::SequentiallyConsistent;
}

bool orderedBy(const Relation& cause, unsigned a, unsigned b) {
  return cause.contains(a, b) || cause.contains(b, a);
}

// Whether causality order relates A and B, a race's accesses of one
// location, once CHANGE has been applied to every event of a copy of X.
// Fence.sc pairs that the change makes morally strong are given each
// Fence-SC order in turn (the question is whether the synchronization could
// order them, not whether this run's order does).
template <typename Change>
bool orderedAfter(const Execution& x, unsigned a, unsigned b, Change&& change) {
  Execution changed = x;
  for (unsigned event = 0; event < changed.size; ++event) {
    if (!changed.events[event].initial) {
      change(changed.events[event], event);
    }
  }
  const Relation moral = ptxSameLocationRelations(changed).morallyStrong;
  EventSet fenceSc = 0;
  for (unsigned event = 0; event < changed.size; ++event) {
    if (isFenceSc(changed.events[event])) {
      fenceSc |= eventBit(event);
    }
  }
  Relation forced = changed.fenceScOrder;
  if (forced.size() != changed.size) {
    forced = Relation(changed.size);
  }
  forced |= changed.po.restricted(fenceSc, fenceSc);
  std::vector<EventPair> pairs;
  forEachEvent(fenceSc, [&](unsigned f) {
    forEachEvent(moral.successors(f) & fenceSc & ~firstEvents(f + 1), [&](unsigned g) {
      if (!changed.sameThread(f, g) && !forced.contains(f, g) && !forced.contains(g, f)) {
        pairs.emplace_back(f, g);
      }
    });
  });
  if (pairs.size() > kMaxOrientedPairs) {
    pairs.clear();
  }
  bool ordered = false;
  forEachOrientation(forced, pairs, [&](const Relation& order) {
    if (ordered) {
      return;
    }
    changed.fenceScOrder = order & moral;
    ordered = orderedBy(ptxSameLocationRelations(changed).cause, a, b);
  });
  return ordered;
}

// A strong operation whose scope leaves some thread out: the synchronization
// seed 002 calls insufficient when it does not include producer and
// consumer.
bool narrowlyScoped(const Event& e) {
  return e.isStrong() && e.scope != Scope::System && e.scope != Scope::None;
}

bool synchronizing(const Event& e) {
  return e.kind != EventKind::Read && e.kind != EventKind::Write
             ? true
             : (e.semantics == Semantics::Acquire || e.semantics == Semantics::Release ||
                e.semantics == Semantics::AcquireRelease);
}

void widen(Event& e, unsigned /*event*/) {
  if (e.isStrong() && e.scope != Scope::None) {
    e.scope = Scope::System;
  }
}

// A weak access made .relaxed.sys, every scope .sys.
void strengthen(Event& e) {
  if (e.isMemory() && e.semantics == Semantics::Weak) {
    e.semantics = Semantics::Relaxed;
  }
  if (e.isStrong() && (e.scope != Scope::None || e.isMemory())) {
    e.scope = Scope::System;
  }
}

void strengthenAll(Event& e, unsigned /*event*/) { strengthen(e); }

class RaceExplainer {
 public:
  explicit RaceExplainer(const Execution& x) : x_(x) {}

  void explain(Race& race, unsigned a, unsigned b) const {
    const Event& first = x_.events[a];
    const Event& second = x_.events[b];
    if ((first.proxy == litmus::Proxy::Async) != (second.proxy == litmus::Proxy::Async)) {
      // PTX ISA 9.1 9.7.9.25.2: a generic and an async-proxy access of one
      // location need fence.proxy.async between them.
      race.kind = RaceClass::MissingProxyFence;
      return;
    }
    if (x_.sameThread(a, b)) {
      race.kind = RaceClass::AsyncNotAwaited;  // findRaces keeps these pairs only
      return;
    }
    if (first.isStrong() && second.isStrong()) {
      // PTX ISA 9.1 8.7: both strong, yet not morally strong: a scope does
      // not include the other thread (seed 002 Table IV (d) for atomics).
      if (first.atomic || second.atomic) {
        race.kind = RaceClass::ScopedAtomic;
      } else if (synchronizing(first) || synchronizing(second)) {
        race.kind = RaceClass::ScopedReleaseAcquire;
      } else {
        race.kind = RaceClass::ScopedAccess;
      }
      for (unsigned event : {a, b}) {
        if (x_.events[event].scope < race.neededScope) {
          race.culprits.emplace_back(instructionOf(x_, event), race.neededScope);
        }
      }
      return;
    }
    // Seed 002 Sec. III: "a race can occur even if two conflicting accesses
    // are separated by synchronization operation(s) but of insufficient
    // scope": widen every scope and see whether causality order appears.
    if (orderedAfter(x_, a, b, widen)) {
      explainScoped(race, a, b);
      return;
    }
    // Seed 002 Sec. IV-A: "fences guarantee ordering only for strong
    // operations": make the weak accesses strong as well.
    if (orderedAfter(x_, a, b, strengthenAll)) {
      race.kind = RaceClass::NotStrong;
      forEachInstruction([&](InstructionRef ref, EventSet events) {
        const bool weak = (events & weakEvents()) != 0;
        if (!weak || ref == race.first || ref == race.second) {
          return;
        }
        if (!orderedAfter(x_, a, b, [&](Event& e, unsigned event) {
              if (!contains(events, event)) {
                strengthen(e);
              } else if (e.isStrong()) {
                e.scope = Scope::System;
              }
            })) {
          race.culprits.emplace_back(ref, race.neededScope);
        }
      });
      return;
    }
    if (barrierBetween(a, b)) {
      race.kind = RaceClass::ScopedBarrier;
      return;
    }
    // Synchronization may be there and still not order them in this
    // execution (an acquire that read an older value, a fence.sc pair in
    // the other Fence-SC order): the race is as real, the remedy is to
    // test the flag before the access or to order them otherwise.
    const auto ta = static_cast<std::size_t>(first.thread);
    const auto tb = static_cast<std::size_t>(second.thread);
    forEachEvent(x_.threadEvents[ta] | x_.threadEvents[tb], [&](unsigned event) {
      race.synchronizationPresent = race.synchronizationPresent || synchronizing(x_.events[event]);
    });
    if (race.synchronizationPresent && (x_.rf.contains(a, b) || x_.rf.contains(b, a)) &&
        pairWouldSynchronize(a, b)) {
      // The weak pair is itself the communication the synchronization
      // would need to observe (a flag written and read weakly, between a
      // release and an acquire pattern): seed 002 Table IV (c) "Not strong
      // access".
      race.kind = RaceClass::NotStrong;
      for (unsigned event : {a, b}) {
        if (!x_.events[event].isStrong()) {
          race.culprits.emplace_back(instructionOf(x_, event), race.neededScope);
        }
      }
      return;
    }
    race.kind = RaceClass::MissingSynchronization;
  }

 private:
  // Whether making A and B strong (every scope .sys) adds causality order
  // between their threads: they would be a release pattern's write and an
  // acquire pattern's read.
  bool pairWouldSynchronize(unsigned a, unsigned b) const {
    Execution widened = x_;
    Execution strengthened = x_;
    for (unsigned event = 0; event < x_.size; ++event) {
      if (x_.events[event].initial) {
        continue;
      }
      widen(widened.events[event], event);
      widen(strengthened.events[event], event);
      if (event == a || event == b) {
        strengthen(strengthened.events[event]);
      }
    }
    const Relation before = ptxRelations(widened).cause;
    const Relation after = ptxRelations(strengthened).cause;
    return !(after - before).empty();
  }

  EventSet weakEvents() const {
    EventSet weak = 0;
    for (unsigned event = 0; event < x_.size; ++event) {
      const Event& e = x_.events[event];
      if (!e.initial && e.isMemory() && !e.isStrong()) {
        weak |= eventBit(event);
      }
    }
    return weak;
  }

  // Calls visit(instruction, its events) for each instruction with events.
  template <typename Visit>
  void forEachInstruction(Visit&& visit) const {
    std::vector<std::pair<InstructionRef, EventSet>> instructions;
    for (unsigned event = 0; event < x_.size; ++event) {
      if (x_.events[event].initial) {
        continue;
      }
      const InstructionRef ref = instructionOf(x_, event);
      auto found = std::find_if(instructions.begin(), instructions.end(),
                                [&](const auto& entry) { return entry.first == ref; });
      if (found == instructions.end()) {
        instructions.emplace_back(ref, eventBit(event));
      } else {
        found->second |= eventBit(event);
      }
    }
    for (const auto& [ref, events] : instructions) {
      visit(ref, events);
    }
  }

  // Widening every scope orders the pair: the narrowly scoped instructions
  // without which it does not are the culprits, each with the smallest
  // scope that restores the order (seed 002: "insufficient if it does not
  // encompass both the producer and the consumer").
  void explainScoped(Race& race, unsigned a, unsigned b) const {
    bool fence = false;
    bool atomic = false;
    bool releaseAcquire = false;
    forEachInstruction([&](InstructionRef ref, EventSet events) {
      bool narrow = false;
      forEachEvent(events, [&](unsigned event) { narrow = narrow || narrowlyScoped(x_.events[event]); });
      if (!narrow) {
        return;
      }
      auto keepingThis = [&](std::optional<Scope> scope) {
        return [&, scope](Event& e, unsigned event) {
          if (!contains(events, event)) {
            if (e.isStrong() && e.scope != Scope::None) {
              e.scope = Scope::System;
            }
          } else if (scope && e.isStrong()) {
            e.scope = std::max(e.scope, *scope);
          }
        };
      };
      if (orderedAfter(x_, a, b, keepingThis(std::nullopt))) {
        return;  // not needed: other synchronization orders the pair
      }
      Scope needed = Scope::System;
      for (Scope scope : {Scope::Cta, Scope::Cluster, Scope::Gpu}) {
        if (orderedAfter(x_, a, b, keepingThis(scope))) {
          needed = scope;
          break;
        }
      }
      race.culprits.emplace_back(ref, needed);
      forEachEvent(events, [&](unsigned event) {
        const Event& e = x_.events[event];
        fence = fence || e.kind == EventKind::Fence;
        atomic = atomic || e.atomic;
        releaseAcquire = releaseAcquire || (e.isMemory() && synchronizing(e));
      });
    });
    if (race.culprits.empty()) {
      // Several synchronizations order the pair once widened, none alone
      // is needed: every narrowly scoped one is named.
      forEachInstruction([&](InstructionRef ref, EventSet events) {
        bool narrow = false;
        forEachEvent(events, [&](unsigned event) { narrow = narrow || narrowlyScoped(x_.events[event]); });
        if (!narrow) {
          return;
        }
        race.culprits.emplace_back(ref, race.neededScope);
        forEachEvent(events, [&](unsigned event) {
          const Event& e = x_.events[event];
          fence = fence || e.kind == EventKind::Fence;
          atomic = atomic || e.atomic;
          releaseAcquire = releaseAcquire || (e.isMemory() && synchronizing(e));
        });
      });
    }
    // Seed 002 Sec. III-A: a lock is "an atomic on a lock variable followed
    // by a fence", an unlock "a fence followed by an atomic".
    // With PTX 6.0's acquire/release an RMW with .acquire locks and a
    // release unlocks (seed 002 Sec. II-B).
    if (atomic && (fence || (releaseAcquire && race.culprits.size() > 1))) {
      race.kind = RaceClass::ScopedLock;
    } else if (fence) {
      race.kind = RaceClass::ScopedFence;
    } else if (atomic) {
      race.kind = RaceClass::ScopedAtomic;
    } else {
      race.kind = RaceClass::ScopedReleaseAcquire;
    }
  }

  // Both threads pass a barrier between the two operations (one before its
  // operation, the other after), in different CTAs: bar.cta.sync
  // synchronizes the threads of one CTA only (PTX ISA 9.1 8.9.4 item 2;
  // seed 002 Sec. III-A "Relation between a barrier and a scoped race").
  bool barrierBetween(unsigned a, unsigned b) const {
    const auto ta = static_cast<std::size_t>(x_.events[a].thread);
    const auto tb = static_cast<std::size_t>(x_.events[b].thread);
    if (x_.test->threads[ta].placement.cta == x_.test->threads[tb].placement.cta) {
      return false;
    }
    const EventSet barriers = x_.barrierArrives | x_.barrierWaits;
    auto between = [&](unsigned before, std::size_t beforeThread, unsigned after, std::size_t afterThread) {
      const bool firstPasses = (x_.po.successors(before) & barriers & x_.threadEvents[beforeThread]) != 0;
      const bool secondPassed = (x_.po.predecessors(after) & barriers & x_.threadEvents[afterThread]) != 0;
      return firstPasses && secondPassed;
    };
    return between(a, ta, b, tb) || between(b, tb, a, ta);
  }

  const Execution& x_;
};

// ---- DRFrlx (seed 003 Sec. 3) ----

// The fence.sc just before EVENT in its thread (an atom's read half for its
// write half), the leading fence of seed 001 Fig. 11's SC atomics, or
// kNoEvent.
unsigned leadingFenceSc(const Execution& x, unsigned event) {
  unsigned first = event;
  if (x.events[event].kind == EventKind::Write && x.rmw.predecessors(event) != 0) {
    first = static_cast<unsigned>(std::countr_zero(x.rmw.predecessors(event)));
  }
  const auto thread = static_cast<std::size_t>(x.events[first].thread);
  if (first == x.firstEvent[thread]) {
    return Execution::kNoEvent;
  }
  return isFenceSc(x.events[first - 1]) ? first - 1 : Execution::kNoEvent;
}

// Seed 001 Fig. 11: W_SC = fence.sc; st.release, R_SC = fence.sc;
// ld.acquire, RMW_SC = fence.sc; atom.acq_rel. The fence must include the
// other thread (scopes sufficient).
enum class AtomicKind { Other, Paired, Unpaired };

AtomicKind atomicKind(const Execution& x, const Relation& moral, unsigned event, unsigned other) {
  const unsigned fence = leadingFenceSc(x, event);
  if (fence == Execution::kNoEvent || !moral.contains(fence, other)) {
    return AtomicKind::Other;
  }
  const Semantics semantics = x.events[event].semantics;
  return semantics == Semantics::Relaxed ? AtomicKind::Unpaired : AtomicKind::Paired;
}

// Whether the value READ loads is used in this execution (seed 003 Sec.
// 3.5.3: "the returned value is used by another instruction in the
// thread"): another event of its path depends on it (data, address,
// control), or a register the final condition reads holds a value computed
// from it (DRFrlx counts only memory as the result, Sec. 3.2.2; opcheck's
// outcomes include the condition's registers, so such a register is a use).
bool loadedValueUsed(const Execution& x, unsigned read) {
  const Event& e = x.events[read];
  if (e.kind != EventKind::Read) {
    return false;
  }
  const auto thread = static_cast<std::size_t>(e.thread);
  const ThreadPath& path = *x.paths[thread];
  const EventSet bit = eventBit(e.pathEvent);
  const std::uint16_t instruction = path.events[e.pathEvent].instruction;
  for (const PathEvent& other : path.events) {
    // An RMW's own write half computes from its read: not another use.
    if (other.instruction != instruction && ((other.data | other.address | other.control) & bit) != 0) {
      return true;
    }
  }
  const litmus::ObservedTerms observed = litmus::ObservedTerms::of(*x.test);
  for (const litmus::ConditionTerm& term : observed.terms()) {
    if (term.kind == litmus::ConditionTerm::Kind::Register && term.thread == thread &&
        (path.expressions.loads(path.finalRegisters[term.index]) & bit) != 0) {
      return true;
    }
  }
  return false;
}

// The read half of an RMW's write half (itself for anything else).
unsigned readHalf(const Execution& x, unsigned event) {
  const EventSet before = x.rmw.predecessors(event);
  return before == 0 ? event : static_cast<unsigned>(std::countr_zero(before));
}

// Seed 003 Sec. 3.2.3: "Two stores or RMWs to a single memory location M
// are commutative with respect to each other if they can be performed in
// any order and yield the same value for M."
bool commutative(const Execution& x, unsigned a, unsigned b) {
  const litmus::Instruction& first = instructionAt(x, instructionOf(x, a));
  const litmus::Instruction& second = instructionAt(x, instructionOf(x, b));
  if (!litmus::writesMemory(first.opcode) || !litmus::writesMemory(second.opcode)) {
    return false;
  }
  const bool firstRmw = first.opcode == litmus::Opcode::Atomic || first.opcode == litmus::Opcode::Reduction;
  const bool secondRmw =
      second.opcode == litmus::Opcode::Atomic || second.opcode == litmus::Opcode::Reduction;
  const auto additive = [](litmus::Operation operation) {
    return operation == litmus::Operation::Add || operation == litmus::Operation::Subtract;
  };
  if (firstRmw && secondRmw && additive(first.operation) && additive(second.operation)) {
    return true;  // additions and subtractions commute with each other
  }
  if (firstRmw && secondRmw && first.operation == second.operation) {
    switch (first.operation) {
      case litmus::Operation::Add:
      case litmus::Operation::Subtract:
      case litmus::Operation::And:
      case litmus::Operation::Or:
      case litmus::Operation::Xor:
      case litmus::Operation::Min:
      case litmus::Operation::Max:
        return true;
      default:
        break;
    }
  }
  // Two plain stores (or exchanges) of one value commute.
  auto writeOf = [&](unsigned event) {
    return x.events[event].kind == EventKind::Write
               ? event
               : static_cast<unsigned>(std::countr_zero(x.rmw.successors(event) | eventBit(63)));
  };
  const bool plainA = !firstRmw || first.operation == litmus::Operation::Exchange;
  const bool plainB = !secondRmw || second.operation == litmus::Operation::Exchange;
  const unsigned wa = writeOf(a);
  const unsigned wb = writeOf(b);
  return plainA && plainB && wa < x.size && wb < x.size && x.values[wa] == x.values[wb];
}

class RelaxedClassifier {
 public:
  RelaxedClassifier(const Execution& x, const PtxRelations& relations) : x_(x), r_(relations) {
    const Relation fr = x.fromRead();
    com_ = x.rf | x.co | fr;
    const Relation step = x.po | com_;
    pcoOptional_ = step.closure().optional();
    const Relation stepLocation = step & x.sameLocation;
    const Relation sameLocationPaths = stepLocation.closure().optional();
    validSameLocation_ = sameLocationPaths.then(x.poLoc()).then(sameLocationPaths);
    for (unsigned event = 0; event < x.size; ++event) {
      if (!x.events[event].initial && x.events[event].isMemory() &&
          leadingFenceSc(x, event) != Execution::kNoEvent) {
        pairedOrUnpaired_ |= eventBit(event);
      }
    }
    // hb1 = (po | so1)+ (seed 003 Sec. 2.3.2): so1 only from a paired (SC)
    // write to a paired read, plus the Fence-SC order and barriers, which
    // order SC executions alike. Not PTX's causality order: release/acquire
    // synchronization orders only the executions where the acquire reads
    // the release, so it cannot vouch for a path (with it, SB with
    // release/acquire at .cta counted as race-free and broke the guarantee:
    // docs/races.md).
    EventSet paired = 0;
    forEachEvent(pairedOrUnpaired_, [&](unsigned event) {
      if (x.events[event].semantics != Semantics::Relaxed) {
        paired |= eventBit(event);
      }
    });
    const Relation so1 = (x.rf | x.co.then(x.rf)).restricted(paired & x.writes, paired & x.reads);
    Relation fenceOrder = x.fenceScOrder;
    if (fenceOrder.size() != x.size) {
      fenceOrder = Relation(x.size);
    }
    happensBefore1_ = (x.po | so1 | fenceOrder | x.barrierSync).closure();
    const Relation atomicPaths = step.restricted(pairedOrUnpaired_, pairedOrUnpaired_).closure().optional();
    validAtomic_ = atomicPaths.then(x.po.restricted(pairedOrUnpaired_, pairedOrUnpaired_)).then(atomicPaths);
    const EventSet memory = x.memory() & ~x.initialWrites;
    conflict_ = Relation(x.size);
    forEachEvent(memory, [&](unsigned event) {
      const EventSet others = x.sameLocation.successors(event) & memory;
      conflict_.addAll(event, contains(x.writes, event) ? others : (others & x.writes));
    });
  }

  // The class of the race between A and B, morally strong and not related
  // by causality order; nothing for two SC atomics (no race under DRF0).
  std::optional<RelaxedClass> classify(unsigned a, unsigned b) const {
    const AtomicKind first = atomicKind(x_, r_.morallyStrong, a, b);
    const AtomicKind second = atomicKind(x_, r_.morallyStrong, b, a);
    if (first == AtomicKind::Paired && second == AtomicKind::Paired) {
      return std::nullopt;
    }
    if (first != AtomicKind::Other && second != AtomicKind::Other) {
      return RelaxedClass::Unpaired;
    }
    // The values loaded by either instruction (an RMW's read half too).
    const unsigned ra = readHalf(x_, a);
    const unsigned rb = readHalf(x_, b);
    const bool usedA = loadedValueUsed(x_, ra);
    const bool usedB = loadedValueUsed(x_, rb);
    if (commutative(x_, a, b) && !usedA && !usedB) {
      return RelaxedClass::Commutative;
    }
    // Seed 003 Sec. 3.5.3: a speculative race needs two stores, or a load
    // whose result is observed.
    auto unusedLoad = [&](unsigned event, bool used) {
      return x_.events[event].kind == EventKind::Read && x_.rmw.successors(event) == 0 && !used;
    };
    if (unusedLoad(a, usedA) || unusedLoad(b, usedB)) {
      return RelaxedClass::Speculative;
    }
    if (nonOrdering(a, b)) {
      return RelaxedClass::NonOrdering;
    }
    return RelaxedClass::Ordering;
  }

 private:
  // Seed 003 Sec. 3.3.3: the race's conflict-order edge lies on no
  // ordering path (a path of po and conflict order with a po edge between
  // conflicting A and B) for which there is no valid path: one on one
  // address, one through paired and unpaired atomics only, or hb1 (here
  // PTX's causality order).
  bool nonOrdering(unsigned a, unsigned b) const {
    Relation edge(x_.size);
    if (com_.contains(a, b)) {
      edge.add(a, b);
    } else if (com_.contains(b, a)) {
      edge.add(b, a);
    } else {
      return false;  // no conflict order between them (not an SC execution)
    }
    const Relation& p = pcoOptional_;
    const Relation paths =
        p.then(x_.po).then(p).then(edge).then(p) | p.then(edge).then(p).then(x_.po).then(p);
    const Relation ordering = paths & conflict_;
    const Relation hb1BothWays = happensBefore1_ | happensBefore1_.inverse();
    const Relation unjustified = ordering - validSameLocation_ - validAtomic_ - hb1BothWays;
    return unjustified.empty();
  }

  const Execution& x_;
  const PtxRelations& r_;
  Relation com_;
  Relation pcoOptional_;
  Relation validSameLocation_;
  Relation validAtomic_;
  Relation conflict_;
  Relation happensBefore1_;
  EventSet pairedOrUnpaired_ = 0;
};

}  // namespace

namespace {

bool asyncPathEvent(const Execution& x, unsigned event) {
  const Event& e = x.events[event];
  return x.paths[static_cast<std::size_t>(e.thread)]->events[e.pathEvent].asyncOperation != 0;
}

// Whether A or B, events of one thread, is an asynchronous operation's.
bool asyncPair(const Execution& x, unsigned a, unsigned b) {
  return asyncPathEvent(x, a) || asyncPathEvent(x, b);
}

}  // namespace

ExecutionRaces findRaces(const Execution& x, bool explain) {
  ExecutionRaces result;
  // A race's accesses overlap, and the classifier reads moral strength
  // alone: cause on pairs of one location is all findRaces needs.
  const PtxRelations relations = ptxSameLocationRelations(x);
  const RaceExplainer explainer(x);
  std::optional<RelaxedClassifier> classifier;
  const EventSet memory = x.memory() & ~x.initialWrites;
  forEachEvent(memory, [&](unsigned a) {
    forEachEvent(x.sameLocation.successors(a) & memory & ~firstEvents(a + 1), [&](unsigned b) {
      // PTX ISA 9.1 8.7.1: overlapping, at least one a write.
      // Two accesses of one thread race only when one is an asynchronous
      // operation's, outside program order (PTX ISA 9.1 8.9.1.1).
      if ((!contains(x.writes, a) && !contains(x.writes, b)) || (x.sameThread(a, b) && !asyncPair(x, a, b)) ||
          orderedBy(relations.cause, a, b)) {
        return;
      }
      const InstructionRef ia = instructionOf(x, a);
      const InstructionRef ib = instructionOf(x, b);
      const auto [first, second] = std::minmax(ia, ib);
      if (!relations.morallyStrong.contains(a, b)) {
        Race race;
        race.first = first;
        race.second = second;
        race.location = x.events[a].location;
        race.neededScope = commonScope(*x.test, ia.thread, ib.thread);
        if (explain) {
          explainer.explain(race, a, b);
        }
        auto known = std::find(result.races.begin(), result.races.end(), race);
        if (known == result.races.end()) {
          known = result.races.insert(known, std::move(race));
        }
        result.racingEvents.push_back({a, b, static_cast<std::size_t>(known - result.races.begin())});
        return;
      }
      if (!classifier) {
        classifier.emplace(x, relations);
      }
      if (const std::optional<RelaxedClass> kind = classifier->classify(a, b)) {
        const RelaxedRace race{first, second, x.events[a].location, *kind};
        if (std::find(result.relaxedRaces.begin(), result.relaxedRaces.end(), race) ==
            result.relaxedRaces.end()) {
          result.relaxedRaces.push_back(race);
        }
      }
    });
  });
  return result;
}

void forEachScFenceOrder(const Execution& execution, const std::function<void(const Execution&)>& visit) {
  Execution x = execution;
  const Relation moral = ptxRelations(x).morallyStrong;
  EventSet fenceSc = 0;
  for (unsigned event = 0; event < x.size; ++event) {
    if (isFenceSc(x.events[event])) {
      fenceSc |= eventBit(event);
    }
  }
  const Relation forced = x.po.restricted(fenceSc, fenceSc) & moral;
  std::vector<EventPair> pairs;
  forEachEvent(fenceSc, [&](unsigned f) {
    forEachEvent(moral.successors(f) & fenceSc & ~firstEvents(f + 1), [&](unsigned g) {
      if (!x.sameThread(f, g)) {
        pairs.emplace_back(f, g);
      }
    });
  });
  const Relation order = x.po | x.rf | x.co | x.fromRead() | x.barrierSync;
  forEachOrientation(forced, pairs, [&](const Relation& scOrder) {
    if (!(order | scOrder).acyclic()) {
      return;  // no interleaving has the fences in this order
    }
    x.fenceScOrder = scOrder & moral;
    visit(x);
  });
}

bool keepsSequentialConsistency(RelaxedClass kind) { return kind != RelaxedClass::Ordering; }

int explanationRank(RaceClass kind) {
  switch (kind) {
    case RaceClass::MissingSynchronization:
      return 0;
    case RaceClass::NotStrong:
      return 1;
    case RaceClass::ScopedBarrier:
      return 2;
    default:
      return 3;
  }
}

std::string_view raceClassName(RaceClass kind) {
  switch (kind) {
    case RaceClass::MissingSynchronization:
      return "missing-synchronization";
    case RaceClass::NotStrong:
      return "not-strong";
    case RaceClass::ScopedAtomic:
      return "scoped-atomic";
    case RaceClass::ScopedAccess:
      return "scoped-access";
    case RaceClass::ScopedFence:
      return "scoped-fence";
    case RaceClass::ScopedLock:
      return "scoped-lock";
    case RaceClass::ScopedReleaseAcquire:
      return "scoped-release-acquire";
    case RaceClass::ScopedBarrier:
      return "scoped-barrier";
    case RaceClass::MissingProxyFence:
      return "missing-proxy-fence";
    case RaceClass::AsyncNotAwaited:
      return "async-not-awaited";
  }
  return "?";
}

std::string_view relaxedClassName(RelaxedClass kind) {
  switch (kind) {
    case RelaxedClass::Paired:
      return "paired";
    case RelaxedClass::Unpaired:
      return "unpaired";
    case RelaxedClass::Commutative:
      return "commutative";
    case RelaxedClass::Speculative:
      return "speculative";
    case RelaxedClass::NonOrdering:
      return "non-ordering";
    case RelaxedClass::Ordering:
      return "ordering";
  }
  return "?";
}

}  // namespace opcheck::axiomcheck

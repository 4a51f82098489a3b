// ptx60 and ptx75 (PtxVersion.h). ptx60: the PTX ISA 6.0 memory consistency
// model, as formalized in seed 001
// (relations Fig. 4, axioms Fig. 7) and stated in seed 004 (PTX ISA 9.1 8.10
// Axioms, 8.11 Special Cases). Where the paper, the ISA text and the reference models differ, this
// follows NVIDIA's Alloy model (reference-models/ptx-v6.0-nvidia.als), as
// docs/architecture.md "Axiomatic models" says; each such choice is marked "Alloy:" below.
//
// Relations (seed 001 Fig. 4; PTX ISA 9.1 8.4, 8.7-8.9):
//   strong           a fence (and a barrier), or an access that is not .weak (8.4)
//   morally_strong   pairs in program order, or pairs of strong operations
//                    each of whose scope includes the other's thread, and,
//                    when both access memory, the same location (8.6);
//                    PTX ISA 9.1 8.7: and through the same proxy, and the
//                    same virtual address (8.2.1 overlap; the cat's vloc)
//   obs              (morally_strong & rf) | (obs; rmw; obs)            (8.8.2)
//   pattern_rel      [W.release]; po_loc?; [W] | [F.rel]; po; [W]         (8.7)
//   pattern_acq      [R]; po_loc?; [R.acquire] | [R]; po; [F.acq]        (8.7)
//   sync             morally_strong & (pattern_rel; obs; pattern_acq)
//   cause_base       (po?; (sync | sc | bar); po?)+                       (8.8.5)
//   cause            cause_base | obs; (cause_base | po_loc)
//                    ptx75: proxy-preserved (ProxyCausality.h, 9.1 8.9.5)
// po_loc is program order between accesses of one virtual address; ptx60's
// tests name no aliases, so there it is program order of one location.
// ptx75 is this code with its cause; every other relation reads the proxy
// and the virtual address of events, which ptx60's tests leave generic.
// Each version is a ModelDefinition (ModelDefinition.h): the relations
// above (derive, cause for each Fence-SC order), the orders it asks the
// enumerator to search (the least partial co, the Fence-SC order:
// OrderSearch.h), and the axioms (seed 001 Fig. 7; PTX ISA 9.1 8.10), stated once
// in the table kClauses below (AxiomTable.h), which the search prunes with
// and brokenAxioms reads:
//   Coherence        [W]; cause; [W] & loc in co                          (8.10.1)
//   Fence-SC         irreflexive (sc; cause)                              (8.10.2)
//   Atomicity        empty ((ms & fr); (ms & co)) & rmw                   (8.10.3)
//   No-Thin-Air      acyclic (rf | dep)                                   (8.10.4)
//   SC-per-Location  acyclic ((ms & (rf | co | fr)) | po_loc)            (8.10.5)
//   Causality        irreflexive ((rf | fr)?; cause)                      (8.10.6)
//
// Choices made here:
//  - Alloy: fence.sc is also an acq_rel fence (FenceSC extends FenceAcqRel),
//    and a barrier wait is both a release and an acquire fence (FenceRels,
//    FenceAcqs include BarrierWait); barrier arrival -> wait is in cause_base
//    (synchronizes). How barriers pair up: BarrierSynchronization.h.
//  - Alloy: Causality is irreflexive ((rf | fr)?; cause), so cause itself is
//    irreflexive; the paper and Dat3M's cat write (rf | fr); cause. Fence-SC
//    then follows from Causality (sc is in cause_base); it is still checked
//    first, so that the report names the rule the seed states.
//  - Alloy: the end of a release pattern and the start of an acquire
//    pattern may be any write/read; sync then requires head and tail to be
//    morally strong (Dat3M's cat asks strong-write / strong-read there).
//  - PTX ISA 9.1 8.11.1: reductions (red) do not form acquire patterns: the read
//    half of a red is neither the read that starts an acquire pattern nor an
//    acquire read.
//  - co is partial (PTX ISA 9.1 8.9.6 Coherence Order: "a partial transitive order"): it must
//    order writes related by cause (Coherence) and every morally strong pair
//    of writes to a location (Alloy's co_per_scope), and orders nothing
//    else: only these least orders are enumerated. Once co holds what
//    Coherence forces, every other axiom only gets harder to satisfy with
//    more co (fr grows with co), and a location's final value is that of a
//    co-maximal write, of which a smaller co has more; so the least orders
//    give every outcome (the execution counts are of these orders, not of
//    every co). The initial write
//    precedes every write (Alloy: a read of the initial value is fr-before
//    every write). A thread's morally strong writes to a location (one
//    proxy and address) are ordered as in po (the other way breaks
//    SC-per-Location).
//  - The Fence-SC order relates every morally strong pair of fence.sc and
//    nothing else (Alloy: sc in strong_r; acyclic); fences of one thread
//    follow po (the other way makes cause reflexive).
//  - An atom.cas that fails is only a read (PTX ISA 9.1 9.7.13.5 atom: the store happens
//    when the comparison succeeds).
#include <array>

#include "axiomcheck/AxiomExplanation.h"
#include "axiomcheck/DefinedModel.h"
#include "axiomcheck/Models.h"
#include "axiomcheck/ProxyCausality.h"
#include "axiomcheck/PtxRelations.h"
#include "axiomcheck/PtxVersion.h"
#include "litmus/Proxies.h"

namespace opcheck::axiomcheck {

namespace {

using litmus::Scope;
using litmus::Semantics;

enum PtxAxiom : std::size_t { kCoherence, kFenceSc, kAtomicity, kNoThinAir, kScPerLocation, kCausality };

constexpr std::array<Axiom, 6> kAxioms = {{
    {"Coherence", "PTX ISA 9.1 8.10.1; seed 001 Fig. 7 Axiom 1",
     "[W]; cause; [W] & loc in co, and co orders morally strong writes (PTX ISA 9.1 8.10.1)"},
    {"Fence-SC", "PTX ISA 9.1 8.10.2; seed 001 Fig. 7 Axiom 2",
     "irreflexive (sc; cause) (PTX ISA 9.1 8.10.2)"},
    {"Atomicity", "PTX ISA 9.1 8.10.3; seed 001 Fig. 7 Axiom 3",
     "empty ((ms & fr); (ms & co)) & rmw (PTX ISA 9.1 8.10.3)"},
    {"No-Thin-Air", "PTX ISA 9.1 8.10.4; seed 001 Fig. 7 Axiom 4", "acyclic (rf | dep) (PTX ISA 9.1 8.10.4)"},
    {"SC-per-Location", "PTX ISA 9.1 8.10.5; seed 001 Fig. 7 Axiom 5",
     "acyclic ((ms & (rf | co | fr)) | po_loc) (PTX ISA 9.1 8.10.5)"},
    {"Causality", "PTX ISA 9.1 8.10.6; seed 001 Fig. 7 Axiom 6 (Alloy: irreflexive ((rf | fr)?; cause))",
     "irreflexive ((rf | fr)?; cause) (PTX ISA 9.1 8.10.6)"},
}};

// The relations ptx derives from a candidate (ModelDefinition.h): all but
// cause are fixed once rf and the barrier synchronization are; cause reads
// the Fence-SC order too.
struct Derived {
  PtxVersion version = PtxVersion::Ptx75;
  Relation moral;  // morally_strong
  Relation poLoc;
  Relation poOptional;  // po?
  Relation obs;
  Relation sync;
  EventSet fenceSc = 0;
  // ptx75 on a test with a non-generic proxy or an alias
  // (Execution::mixedProxies): only then is cause proxy-preserved (causeOf).
  bool proxyPreserved = false;
  Relation cause;
};

Relation morallyStrong(const Execution& x) {
  const litmus::Test& test = *x.test;
  const std::size_t threads = x.paths.size();
  // Per thread t: the strong events whose scope includes t.
  std::vector<EventSet> includingThread(threads, 0);
  EventSet strong = 0;
  for (unsigned event = 0; event < x.size; ++event) {
    const Event& e = x.events[event];
    if (!e.isStrong()) {
      continue;
    }
    strong |= eventBit(event);
    const litmus::ThreadPlacement& placement = test.threads[static_cast<std::size_t>(e.thread)].placement;
    for (std::size_t thread = 0; thread < threads; ++thread) {
      if (scopeIncludes(e.scope, placement, test.threads[thread].placement)) {
        includingThread[thread] |= eventBit(event);
      }
    }
  }
  // PTX ISA 9.1 8.7 condition 2: through the same proxy.
  std::array<EventSet, static_cast<std::size_t>(litmus::Proxy::Async) + 1> byProxy{};  // Async: the last
  for (unsigned event = 0; event < x.size; ++event) {
    byProxy[static_cast<std::size_t>(x.events[event].proxy)] |= eventBit(event);
  }
  Relation result(x.size);
  for (unsigned event = 0; event < x.size; ++event) {
    const Event& e = x.events[event];
    if (e.initial) {
      continue;  // the initial writes are morally strong with nothing
    }
    const std::size_t thread = static_cast<std::size_t>(e.thread);
    // PTX ISA 9.1 8.7 condition 1: "related in program order", which is
    // being of one thread but for the events of asynchronous operations
    // (8.9.1.1: "not part of the program order for that thread").
    EventSet row = x.threadEvents[thread];
    if ((row & x.asyncEvents) != 0) {
      row = x.po.successors(event) | x.po.predecessors(event);
    }
    if (contains(strong, event)) {
      // Each includes the other's thread: the other's scope includes this
      // thread, and this one's scope includes the other's thread.
      EventSet reached = 0;
      for (std::size_t other = 0; other < threads; ++other) {
        if (contains(includingThread[other], event)) {
          reached |= x.threadEvents[other];
        }
      }
      row |= includingThread[thread] & reached;
    }
    row &= byProxy[static_cast<std::size_t>(e.proxy)];
    if (e.isMemory()) {
      // Two memory operations must overlap completely (PTX ISA 9.1 8.7
      // condition 3): the same virtual address and location (8.2.1).
      row &= ~x.memory() | x.sameVirtualAddress.successors(event);
    }
    result.setSuccessors(event, row & ~eventBit(event));
  }
  return result;
}

Derived derive(const Execution& x, PtxVersion version) {
  Derived d;
  d.version = version;
  d.proxyPreserved = version == PtxVersion::Ptx75 && x.mixedProxies;
  d.moral = morallyStrong(x);
  d.poLoc = x.po & x.sameVirtualAddress;  // the cat's po-vloc
  d.poOptional = x.po.optional();

  EventSet releaseWrites = 0;
  EventSet acquireReads = 0;
  EventSet patternReads = 0;  // reads that may start an acquire pattern
  EventSet fenceRel = 0;      // release fences (PtxRelations.h isReleaseFence)
  EventSet fenceAcq = 0;      // acquire fences
  forEachEvent(x.reads | x.writes | x.fences | x.barrierWaits, [&](unsigned event) {
    const Event& e = x.events[event];
    if (e.initial) {
      return;
    }
    switch (e.kind) {
      case EventKind::Write:
        if (e.semantics == Semantics::Release) {
          releaseWrites |= eventBit(event);
        }
        break;
      case EventKind::Read:
        if (!e.reduction) {  // PTX ISA 9.1 8.11.1
          patternReads |= eventBit(event);
          if (e.semantics == Semantics::Acquire) {
            acquireReads |= eventBit(event);
          }
        }
        break;
      case EventKind::Fence:
        if (e.proxyFence) {
          break;  // a fence.proxy orders proxies only (ProxyCausality.h)
        }
        fenceRel |= isReleaseFence(e.semantics) ? eventBit(event) : 0;
        fenceAcq |= isAcquireFence(e.semantics) ? eventBit(event) : 0;
        if (e.semantics == Semantics::SequentiallyConsistent) {
          d.fenceSc |= eventBit(event);
        }
        break;
      case EventKind::BarrierWait:
        // Alloy: BarrierWait in FenceRels and FenceAcqs (bar's is acq_rel);
        // barrier.cluster.wait is .acquire only (PTX ISA 9.1 9.7.13.3).
        fenceRel |= isReleaseFence(e.semantics) ? eventBit(event) : 0;
        fenceAcq |= isAcquireFence(e.semantics) ? eventBit(event) : 0;
        break;
      case EventKind::BarrierArrive:
        break;
    }
  });

  // obs = (ms & rf) | (obs; rmw; obs): chains of morally strong rf through RMWs.
  const Relation strongRf = d.moral & x.rf;
  d.obs = strongRf;
  for (Relation extended = strongRf; !extended.empty();) {
    extended = extended.then(x.rmw).then(strongRf) - d.obs;
    d.obs |= extended;
  }

  const Relation patternRel = Relation::identity(x.size, releaseWrites) |
                              d.poLoc.restricted(releaseWrites, x.writes) |
                              x.po.restricted(fenceRel, x.writes);
  const Relation patternAcq = Relation::identity(x.size, acquireReads) |
                              d.poLoc.restricted(patternReads, acquireReads) |
                              x.po.restricted(patternReads, fenceAcq);
  d.sync = d.moral & patternRel.then(d.obs).then(patternAcq);
  return d;
}

// Base causality order (PTX ISA 9.1 8.9.5; seed 001 Fig. 4's cause_base)
// and ptx60's causality order built on it, for the candidate's Fence-SC
// order and barrier synchronization.
struct Causality60 {
  Relation base;
  Relation cause;
};

Causality60 causality60(const Execution& x, const Derived& d) {
  const Relation synchronizing = d.sync | x.fenceScOrder | ptxBarrierSynchronization(x);
  Causality60 result;
  result.base = d.poOptional.then(synchronizing).then(d.poOptional).closure();
  result.cause = result.base | d.obs.then(d.poLoc | result.base);
  return result;
}

// ptx75's causality order on every pair: PTX ISA 9.1 8.9.5, proxy-preserved
// (ProxyCausality.h).
Relation proxyPreservedCauseOf(const Execution& x, const Derived& d) {
  const Causality60 parts = causality60(x, d);
  return proxyPreservedCause(x, parts.base, d.obs, parts.cause);
}

// cause as the axioms read it. ptx75 on a test without mixed proxies (no
// access or fence.proxy of a non-generic proxy, no alias: d.proxyPreserved
// false) takes ptx60's, which no axiom can tell from the proxy-preserved one
// there (and which costs a fraction: bench/axiomatic_t3.sh):
//  - Every access is generic and each location is its own only address,
//    and there is no proxy fence. Of the three ways a pair of accesses X, Y
//    in base causality order is proxy-preserved (PTX ISA 9.1 8.9.5), the
//    first, "X and Y are performed to the same address, using the generic
//    proxy", then holds exactly when X and Y access one location; the
//    second (one proxy, one CTA) asks more, and the third (aliases) cannot
//    hold. So proxy-preserved base causality is base causality restricted to
//    pairs of accesses to one location, and causality order (its item 2:
//    observation, then proxy-preserved base causality) is ptx60's cause on
//    such pairs too: observation relates a write to a read of its
//    location, so the Z of item 2 is at Y's location whenever X is.
//  - Pairs with a fence or barrier at an end keep ptx60's cause in ptx75
//    (ProxyCausality.cpp), as do pairs with an initial write.
//  - So the two differ only on pairs of accesses to different locations,
//    which ptx60's cause may hold and ptx75's does not; and no reader of
//    cause here looks at those: Coherence and co's forced pairs take cause
//    between writes of one location, Fence-SC composes the Fence-SC order
//    (fence.sc pairs) with it, and Causality takes its diagonal and its
//    composition with rf and fr, which relate one location (and
//    the clauses' explanations and narrowToLeastOrders read it the same ways).
// tests/ptx75_test.cpp checks the first two points on every candidate of
// the catalogue and of every corpus but t3, all axioms skipped so that none
// is pruned.
Relation causeOf(const Execution& x, const Derived& d) {
  if (!d.proxyPreserved) {
    return causality60(x, d).cause;
  }
  return proxyPreservedCauseOf(x, d);
}

// Whether ORDER relates every morally strong pair of AMONG (either way),
// as co must for writes to a location and the Fence-SC order for fence.sc.
bool ordersMorallyStrongPairs(const Relation& order, const Relation& moral, EventSet among,
                              const Relation& sameLocation, bool bySameLocation) {
  bool all = true;
  forEachEvent(among, [&](unsigned a) {
    EventSet required = moral.successors(a) & among;
    if (bySameLocation) {
      required &= sameLocation.successors(a);
    }
    if ((required & ~(order.successors(a) | order.predecessors(a))) != 0) {
      all = false;
    }
  });
  return all;
}

// The relations the axioms read at a stage of the search (AxiomTable.h):
// at ReadsFrom only x; from FenceScOrder on, the derived relations with
// cause; at Coherence, fr.
using PtxView = CandidateView<Derived>;

// The writes co orders (the initial writes are first by construction).
EventSet coWrites(const Execution& x) { return x.writes & ~x.initialWrites; }

// The first pair of AMONG that ORDER leaves unordered though it must order
// it (ordersMorallyStrongPairs), as an edge named NAME; empty when none.
std::vector<ExplainedEdge> unorderedMorallyStrongPair(const Relation& order, const Relation& moral,
                                                      EventSet among, const Relation& sameLocation,
                                                      bool bySameLocation, const char* name) {
  std::vector<ExplainedEdge> edges;
  forEachEvent(among, [&](unsigned a) {
    EventSet unordered = moral.successors(a) & among & ~(order.successors(a) | order.predecessors(a));
    if (bySameLocation) {
      unordered &= sameLocation.successors(a);
    }
    if (unordered != 0 && edges.empty()) {
      edges.push_back({a, static_cast<unsigned>(std::countr_zero(unordered)), name});
    }
  });
  return edges;
}

// The axioms of seed 001 Fig. 7 / PTX ISA 9.1 8.10, in the order the search
// decides them; each clause with its explanation (AxiomTable.h), named as
// the spec names the relations.
constexpr std::array<AxiomClause<PtxView>, 8> kClauses = {{
    {kNoThinAir, AxiomStage::ReadsFrom,
     [](const PtxView& v) { return (v.x.rf | v.x.dependencies()).acyclic(); },
     [](const PtxView& v) {
       const std::array<NamedRelation, 4> parts = {
           {{"rf", v.x.rf}, {"data", v.x.data}, {"addr", v.x.address}, {"ctrl", v.x.control}}};
       return shortestCycle(parts);
     }},
    {kFenceSc, AxiomStage::FenceScOrder,
     [](const PtxView& v) { return v.x.fenceScOrder.then(v.derived.cause).irreflexive(); },
     [](const PtxView& v) {
       return reflexiveComposition({"sc", v.x.fenceScOrder}, {"cause", v.derived.cause});
     }},
    // The Fence-SC order's definition (PTX ISA 9.1 8.9.3): acyclic, relating
    // every morally strong pair of fence.sc; the search orients exactly those.
    {kFenceSc, AxiomStage::FenceScOrder,
     [](const PtxView& v) {
       return v.x.fenceScOrder.acyclic() &&
              ordersMorallyStrongPairs(v.x.fenceScOrder, v.derived.moral, v.derived.fenceSc, v.x.sameLocation,
                                       false);
     },
     [](const PtxView& v) {
       const NamedRelation order{"sc", v.x.fenceScOrder};
       std::vector<ExplainedEdge> edges = shortestCycle(std::span(&order, 1));
       if (edges.empty()) {
         edges = unorderedMorallyStrongPair(v.x.fenceScOrder, v.derived.moral, v.derived.fenceSc,
                                            v.x.sameLocation, false, "morally strong, not in sc");
       }
       return edges;
     },
     true},
    // The part of Causality that co does not change: (rf?; cause) irreflexive.
    {kCausality, AxiomStage::FenceScOrder,
     [](const PtxView& v) {
       return v.derived.cause.irreflexive() && v.x.rf.then(v.derived.cause).irreflexive();
     },
     [](const PtxView& v) {
       for (unsigned event = 0; event < v.x.size; ++event) {
         if (v.derived.cause.contains(event, event)) {
           return std::vector<ExplainedEdge>{{event, event, "cause"}};
         }
       }
       return reflexiveComposition({"rf", v.x.rf}, {"cause", v.derived.cause});
     }},
    // Coherence with co's definition (PTX ISA 9.1 8.9.6): co contains cause
    // between writes of a location and relates every morally strong pair of
    // overlapping writes; the search orients exactly those pairs.
    {kCoherence, AxiomStage::Coherence,
     [](const PtxView& v) {
       const EventSet writes = coWrites(v.x);
       return ((v.derived.cause & v.x.sameLocation).restricted(writes, writes) - v.x.co).empty() &&
              ordersMorallyStrongPairs(v.x.co, v.derived.moral, writes, v.x.sameLocation, true);
     },
     [](const PtxView& v) {
       const EventSet writes = coWrites(v.x);
       const Relation missing = (v.derived.cause & v.x.sameLocation).restricted(writes, writes) - v.x.co;
       if (missing.empty()) {
         return unorderedMorallyStrongPair(v.x.co, v.derived.moral, writes, v.x.sameLocation, true,
                                           "morally strong, not in co");
       }
       std::vector<ExplainedEdge> edges = reflexiveComposition({"cause", missing}, {"co", v.x.co});
       if (edges.empty()) {
         const unsigned a = static_cast<unsigned>(std::countr_zero(missing.domain()));
         edges.push_back(
             {a, static_cast<unsigned>(std::countr_zero(missing.successors(a))), "cause, not in co"});
       }
       return edges;
     },
     true},
    {kAtomicity, AxiomStage::Coherence,
     [](const PtxView& v) {
       return ((v.derived.moral & v.fr).then(v.derived.moral & v.x.co) & v.x.rmw).empty();
     },
     [](const PtxView& v) {
       return atomicityBreach(v.x.rmw, {"fr", v.derived.moral & v.fr}, {"co", v.derived.moral & v.x.co});
     }},
    {kScPerLocation, AxiomStage::Coherence,
     [](const PtxView& v) {
       return ((v.derived.moral & (v.x.rf | v.x.co | v.fr)) | v.derived.poLoc).acyclic();
     },
     [](const PtxView& v) {
       const std::array<NamedRelation, 4> parts = {{{"po-loc", v.derived.poLoc},
                                                    {"rf", v.derived.moral & v.x.rf},
                                                    {"co", v.derived.moral & v.x.co},
                                                    {"fr", v.derived.moral & v.fr}}};
       return shortestCycle(parts);
     }},
    {kCausality, AxiomStage::Coherence,
     [](const PtxView& v) { return v.fr.then(v.derived.cause).irreflexive(); },
     [](const PtxView& v) {
       return reflexiveComposition({"fr", v.fr}, {"cause", v.derived.cause});
     }},
}};

template <PtxVersion version>
Derived deriveFor(const Execution& x) {
  return derive(x, version);
}

void deriveCause(const Execution& x, Derived& d) { d.cause = causeOf(x, d); }

// co must relate writes that cause orders and every morally strong pair
// (PTX ISA 9.1 8.9.6), the Fence-SC order every morally strong pair of
// fence.sc (8.8.3); a run's total orders keep exactly those pairs (and the
// initial write's), as the least orders the search enumerates do. cause
// reads the Fence-SC order, so that order is narrowed first.
template <PtxVersion version>
void narrowToLeastOrders(Execution& x) {
  const Derived d = derive(x, version);
  x.fenceScOrder = (x.fenceScOrder & d.moral).closure();
  const Relation cause = causeOf(x, d);
  const Relation initialFirst = x.sameLocation.restricted(x.initialWrites, x.writes);
  x.co = (x.co & (d.moral | d.poLoc | cause | initialFirst)).closure();
}

// ptx75 models every proxy and alias (litmus/Proxies.h); ptx60 refuses them.
void acceptEveryPtxTest(const litmus::Test& test, const std::string& file, std::string_view model) {
  litmus::requireDialect(test, file, litmus::Dialect::Ptx, "model " + std::string(model));
}

// The relations the searches read (ModelDefinition.h).
const Relation& morallyStrongOf(const Derived& d) { return d.moral; }
const Relation& causeOfDerived(const Derived& d) { return d.cause; }
EventSet fenceScOf(const Derived& d) { return d.fenceSc; }

template <PtxVersion version>
constexpr ModelDefinition<Derived> ptxDefinition(std::string_view name, std::string_view summary,
                                                 SupportCheck checkSupported) {
  return {
      .name = name,
      .summary = summary,
      .axioms = kAxioms,
      .clauses = kClauses,
      .traits = {.failedCasWrites = false, .barriers = true, .races = RaceExecutions::Own},
      .thinAirAxiom = kNoThinAir,
      .checkSupported = checkSupported,
      .derive = deriveFor<version>,
      .deriveWithFenceScOrder = deriveCause,
      // co is partial (PTX ISA 9.1 8.9.6): the least orders that contain cause
      // between writes of a location (Coherence) and relate every morally
      // strong pair (see the top of this file).
      .coherence = {.shape = CoherenceShape::LeastPartial,
                    .related = morallyStrongOf,
                    .forcing = causeOfDerived,
                    .forcingAxiom = kCoherence},
      // The Fence-SC order relates every morally strong pair of fence.sc.
      .fenceSc = {.events = fenceScOf, .related = morallyStrongOf},
      .narrowTotalOrders = narrowToLeastOrders<version>,
  };
}

constexpr ModelDefinition<Derived> kPtx60Definition = ptxDefinition<PtxVersion::Ptx60>(
    "ptx60", "PTX ISA 6.0 (seed 001 Figs. 4, 7; PTX ISA 9.1 8.10), NVIDIA's Alloy reading; partial co",
    refuseMixedProxies);
constexpr ModelDefinition<Derived> kPtx75Definition = ptxDefinition<PtxVersion::Ptx75>(
    "ptx75",
    "PTX ISA 7.5, mixed proxies (PTX ISA 9.1 8.6, 8.9.5; Dat3M's ptx-v7.5 cat); ptx60 on generic tests; "
    "'ptx' names it",
    acceptEveryPtxTest);
// The newest, under the name "ptx" (kPtxAlias), which keeps that name in
// every output, as it had before ptx60 and ptx75 were told apart.
constexpr ModelDefinition<Derived> kPtxDefinition = renamed(kPtx75Definition, kPtxAlias);

}  // namespace

// PtxRelations.h: for the races, and for tests/ptx75_test.cpp's check of causeOf.
PtxRelations ptxRelations(const Execution& execution, PtxVersion version) {
  const Derived d = derive(execution, version);
  if (version == PtxVersion::Ptx60) {
    return {d.moral, d.obs, causality60(execution, d).cause};
  }
  // Every pair, also those the axioms do not read (causeOf): the races
  // (DataRaces.cpp) compare whole relations.
  return {d.moral, d.obs, proxyPreservedCauseOf(execution, d)};
}

PtxRelations ptxSameLocationRelations(const Execution& execution) {
  const Derived d = derive(execution, PtxVersion::Ptx75);
  return {d.moral, d.obs, causeOf(execution, d)};
}

const AxiomaticModel& ptx60Model() { return definedModel<kPtx60Definition>(); }
const AxiomaticModel& ptx75Model() { return definedModel<kPtx75Definition>(); }
const AxiomaticModel& ptxModel() { return definedModel<kPtxDefinition>(); }

}  // namespace opcheck::axiomcheck

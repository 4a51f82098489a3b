// src11 and rc11: the C++ memory models of seed 001 Sec. 4.1, for C tests
// (litmus::Dialect::C: C11 atomics lowered onto the IR, a memory order as
// Instruction::semantics, a CUDA scope as Instruction::scope; a non-atomic
// access is .weak, an atomic or fence without a scope is system-scoped).
//
// rc11 is RC11 (Lahav, Vafeiadis, Kang, Hur, Dreyer, "Repairing Sequential
// Consistency in C/C++11", PLDI 2017) as seed 001 Fig. 10 prints it, with
// E>=rel the release, acq_rel and seq_cst events and E>=acq the acquire,
// acq_rel and seq_cst ones (Fig. 10a orders the memory orders so):
//   rs       = [W]; sb|loc?; [W>=rlx]; (rf; rmw)*
//   sw       = [E>=rel]; ([F]; sb)?; rs; rf; [R>=rlx]; (sb; [F])?; [E>=acq]
//   hb       = (sb | sw)+
//   eco      = (rf | mo | rb)+
//   scb      = sb | sb|!=loc; hb; sb|!=loc | hb|loc | mo | rb
//   psc_base = ([E_sc] | [F_sc]; hb?); scb; ([E_sc] | hb?; [F_sc])
//   psc_F    = [F_sc]; (hb | hb; eco; hb); [F_sc]
//   Coherence    irreflexive (hb; eco?)
//   Atomicity    empty rmw & (rb; mo)
//   SC           acyclic (psc_base | psc_F)
//   No-Thin-Air  acyclic (sb | rf)
// src11 is seed 001's scoped RC11 (Fig. 10 with incl, Sec. 4.1): rs and sw
// take only incl & rf, hb only incl & sw, SC is acyclic (incl & psc), and
// there is no No-Thin-Air axiom ("we exclude the RC11 No-Thin-Air axiom",
// Sec. 4.1). incl relates two events whose scopes each include the other's
// thread (the Alloy model's strong_r, src11-asplos19-nvidia.als): an atomic
// or a fence has its scope, a non-atomic access only its own thread. rc11
// is the same with every atomic and fence at system scope, where incl
// relates every pair of atomics and fences.
//
// Undefined behaviour: RC11 (herd's rc11.cat `undefined_unless empty dr`)
// makes a program with a data race undefined, a race being two conflicting
// accesses of different threads, not both atomic, that hb does not order;
// seed 001's Alloy model (`racy`: some conflict - hb - ~hb - strong_r)
// replaces "both atomic" by incl, so conflicting atomics whose scopes do not
// include each other race too. Both models raise the flag `racy` on such an
// execution (herd's `flag ~empty race` habit) and `opcheck races` explains
// the races (findC11Races).
//
// Where the references differ:
//  - scb: the Alloy model writes sb + sbnl + hb.sbnl.hb (no hb|loc); this
//    file follows Fig. 10 and RC11's paper (sb|!=loc; hb; sb|!=loc, hb|loc).
//  - The Alloy model's src11 predicate keeps No-Thin-Air; the paper's text
//    (Sec. 4.1) drops it, and so does src11 here.
// An RMW is two events, a read and a write linked by rmw (as herd's C
// semantics has it); a seq_cst RMW is both halves seq_cst, an acq_rel one an
// acquire read and a release write (ThreadPaths.cpp). A failed compare-exchange
// is a read with the failure order. The initial writes are hb-before nothing:
// RC11's initialization before everything adds no edge any axiom reads
// (nothing is eco-, mo- or rb-before an initial write).
#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "axiomcheck/AxiomExplanation.h"
#include "axiomcheck/DataRaces.h"
#include "axiomcheck/DefinedModel.h"
#include "axiomcheck/Models.h"
#include "axiomcheck/PtxRelations.h"
#include "litmus/Diagnostic.h"

namespace opcheck::axiomcheck {

namespace {

using litmus::Semantics;

enum C11Axiom : std::size_t { kCoherence, kAtomicity, kSc, kNoThinAir };

constexpr Axiom kCoherenceAxiom = {"Coherence", "irreflexive (hb; eco?) (seed 001 Fig. 10c; RC11, PLDI 2017)",
                                   "irreflexive (hb; eco?)"};
constexpr Axiom kAtomicityAxiom = {"Atomicity", "empty rmw & (rb; mo) (seed 001 Fig. 10c; RC11, PLDI 2017)",
                                   "empty rmw & (rb; mo)"};

constexpr std::array<Axiom, 3> kSrc11Axioms = {{
    kCoherenceAxiom,
    kAtomicityAxiom,
    {"SC", "acyclic (incl & psc) (seed 001 Fig. 10c, scoped RC11)", "acyclic (incl & psc)"},
}};

constexpr std::array<Axiom, 4> kRc11Axioms = {{
    kCoherenceAxiom,
    kAtomicityAxiom,
    {"SC", "acyclic psc (seed 001 Fig. 10c; RC11, PLDI 2017)", "acyclic psc"},
    {"No-Thin-Air", "acyclic (sb | rf) (seed 001 Fig. 10c; RC11, PLDI 2017)", "acyclic (sb | rf)"},
}};

enum C11Flag : std::size_t { kRacy };

constexpr std::array<Axiom, 1> kSrc11Flags = {{
    {"racy", "undefined behaviour (seed 001 Sec. 4; its Alloy model's racy)",
     "~empty (conflict & ext) \\ (hb | hb^-1 | incl)"},
}};
constexpr std::array<Axiom, 1> kRc11Flags = {{
    {"racy", "undefined behaviour: a data race (RC11, PLDI 2017; herd's rc11.cat Dr)",
     "~empty (conflict & ext) \\ (hb | hb^-1 | A * A)"},
}};

bool isAtomicAccess(const Event& e) { return e.isMemory() && !e.initial && e.semantics != Semantics::Weak; }

// Seed 001 Fig. 10a: E>=rel and E>=acq. A write is never an acquire nor a
// read a release (the halves of an RMW carry their own, ThreadPaths.cpp).
bool isRelease(const Event& e) {
  return (e.kind == EventKind::Write || e.kind == EventKind::Fence) && !e.initial &&
         isReleaseFence(e.semantics);
}
bool isAcquire(const Event& e) {
  return (e.kind == EventKind::Read || e.kind == EventKind::Fence) && isAcquireFence(e.semantics);
}

// Whether event A's scope includes event B's thread (A and B of different
// threads): a non-atomic access's scope is its thread (Alloy: NA.scope in
// Thread); an atomic's or a fence's is its scope, system where the test
// gives none (seed 001 Sec. 4) and everywhere in rc11 (not SCOPED).
template <bool Scoped>
bool includesThreadOf(const Execution& x, unsigned a, unsigned b) {
  const Event& e = x.events[a];
  if (e.isMemory() && !isAtomicAccess(e)) {
    return false;
  }
  if (!Scoped || e.scope == litmus::Scope::None) {
    return true;
  }
  const auto& threads = x.test->threads;
  return scopeIncludes(e.scope, threads[static_cast<std::size_t>(e.thread)].placement,
                       threads[static_cast<std::size_t>(x.events[b].thread)].placement);
}

// What the axioms read besides the candidate: fixed once rf is chosen.
struct C11Relations {
  Relation incl;        // seed 001 Fig. 10: mutually inclusive scopes
  Relation sw;          // incl & sw
  Relation hb;          // (sb | incl & sw)+
  Relation hbLoc;       // hb|loc
  Relation sbOtherLoc;  // sb|!=loc
  EventSet sc = 0;      // [E_sc]: seq_cst accesses and fences
  EventSet scFences = 0;
};

template <bool Scoped>
C11Relations derive(const Execution& x) {
  const unsigned n = x.size;
  C11Relations d;
  d.incl = Relation(n);
  const EventSet events = firstEvents(n) & ~x.initialWrites;
  EventSet atomicWrites = 0;
  EventSet atomicReads = 0;
  EventSet releases = 0;
  EventSet acquires = 0;
  forEachEvent(events, [&](unsigned event) {
    const Event& e = x.events[event];
    if (isAtomicAccess(e)) {
      (e.kind == EventKind::Write ? atomicWrites : atomicReads) |= eventBit(event);
    }
    if (isRelease(e)) {
      releases |= eventBit(event);
    }
    if (isAcquire(e)) {
      acquires |= eventBit(event);
    }
    if (e.semantics == Semantics::SequentiallyConsistent) {
      d.sc |= eventBit(event);
      if (e.kind == EventKind::Fence) {
        d.scFences |= eventBit(event);
      }
    }
  });
  forEachEvent(events, [&](unsigned a) {
    forEachEvent(events, [&](unsigned b) {
      if (a != b &&
          (x.sameThread(a, b) || (includesThreadOf<Scoped>(x, a, b) && includesThreadOf<Scoped>(x, b, a)))) {
        d.incl.add(a, b);
      }
    });
  });
  const Relation rf = x.rf & d.incl;
  // rs = [W]; sb|loc?; [W>=rlx]; ((incl & rf); rmw)*
  const Relation rs = Relation::identity(n, x.writes)
                          .then(x.poLoc().optional())
                          .then(Relation::identity(n, atomicWrites))
                          .then(rf.then(x.rmw).reflexiveClosure());
  // sw = [E>=rel]; ([F]; sb)?; rs; (incl & rf); [R>=rlx]; (sb; [F])?; [E>=acq]
  const Relation fenceThenPo = Relation::identity(n, x.fences).then(x.po);
  const Relation poThenFence = x.po.then(Relation::identity(n, x.fences));
  d.sw = Relation::identity(n, releases)
             .then(fenceThenPo.optional())
             .then(rs)
             .then(rf)
             .then(Relation::identity(n, atomicReads))
             .then(poThenFence.optional())
             .then(Relation::identity(n, acquires)) &
         d.incl;
  d.hb = (x.po | d.sw).closure();
  d.hbLoc = d.hb & x.sameLocation;
  d.sbOtherLoc = x.po - x.poLoc();
  return d;
}

using C11View = CandidateView<C11Relations>;

// eco = (rf | mo | rb)+ among the view's events: rf | mo | rb, then an rf
// (mo is transitive and rb; mo is in rb; the Alloy model's ecos_equal).
Relation ecoOf(const C11View& v) {
  const Relation rf = v.x.rf.restricted(v.located, v.located);
  const Relation com = rf | v.x.co.restricted(v.located, v.located) | v.fr;
  return com | com.then(rf);
}

// psc = psc_base | psc_F (seed 001 Fig. 10b), on a complete candidate.
Relation pscOf(const C11View& v) {
  const C11Relations& d = v.derived;
  const unsigned n = v.x.size;
  const Relation scb = v.x.po | d.sbOtherLoc.then(d.hb).then(d.sbOtherLoc) | d.hbLoc | v.x.co | v.fr;
  const Relation sc = Relation::identity(n, d.sc);
  const Relation scFences = Relation::identity(n, d.scFences);
  const Relation hbOptional = d.hb.optional();
  const Relation base = (sc | scFences.then(hbOptional)).then(scb).then(sc | hbOptional.then(scFences));
  const Relation fences = scFences.then(d.hb | d.hb.then(ecoOf(v)).then(d.hb)).then(scFences);
  return base | fences;
}

// The races of seed 001's Alloy model (`race - strong_r`), initial writes
// left out (they are no accesses of the program): conflicting accesses of
// different threads that hb does not order either way and that incl does not
// relate (rc11: not both atomic).
Relation racingPairs(const Execution& x, const C11Relations& d) {
  const EventSet accesses = x.memory() & ~x.initialWrites;
  const Relation conflict =
      (x.sameLocation.restricted(x.writes, accesses) | x.sameLocation.restricted(accesses, x.writes))
          .restricted(accesses, accesses);
  return (conflict & x.external()) - d.hb - d.hb.inverse() - d.incl;
}

bool noThinAir(const C11View& v) { return (v.x.po | v.x.rf).acyclic(); }
std::vector<ExplainedEdge> thinAirCycle(const C11View& v) {
  const std::array<NamedRelation, 2> parts = {{{"sb", v.x.po}, {"rf", v.x.rf}}};
  return shortestCycle(parts);
}

// Coherence's part that co does not change: hb irreflexive, and no read
// hb-before the write it reads.
bool hbCoherent(const C11View& v) {
  return v.derived.hb.irreflexive() && v.derived.hb.then(v.x.rf).irreflexive();
}
std::vector<ExplainedEdge> hbIncoherence(const C11View& v) {
  if (!v.derived.hb.irreflexive()) {
    const std::array<NamedRelation, 2> parts = {{{"sb", v.x.po}, {"sw", v.derived.sw}}};
    return shortestCycle(parts);
  }
  return reflexiveComposition({"hb", v.derived.hb}, {"rf", v.x.rf});
}

// At Location, among the events of the location whose mo was just chosen.
bool coherent(const C11View& v) {
  return v.derived.hb.then(ecoOf(v)).restricted(v.located, v.located).irreflexive();
}
std::vector<ExplainedEdge> incoherence(const C11View& v) {
  return reflexiveComposition({"hb", v.derived.hb}, {"eco", ecoOf(v)});
}

bool atomic(const C11View& v) {
  return (v.x.rmw & v.fr.then(v.x.co)).restricted(v.located, v.located).empty();
}
std::vector<ExplainedEdge> atomicityBroken(const C11View& v) {
  return atomicityBreach(v.x.rmw, {"rb", v.fr}, {"mo", v.x.co});
}

bool sequentiallyConsistent(const C11View& v) {
  return v.derived.sc == 0 || (v.derived.incl & pscOf(v)).acyclic();
}
std::vector<ExplainedEdge> scCycle(const C11View& v) {
  const std::array<NamedRelation, 1> parts = {{{"psc", v.derived.incl & pscOf(v)}}};
  return shortestCycle(parts);
}

// Each clause at the first stage that decides it: hb is fixed with rf, eco
// and Atomicity are per location, psc reads all of mo.
constexpr std::array<AxiomClause<C11View>, 4> kSrc11Clauses = {{
    {kCoherence, AxiomStage::FenceScOrder, hbCoherent, hbIncoherence},
    {kCoherence, AxiomStage::Location, coherent, incoherence},
    {kAtomicity, AxiomStage::Location, atomic, atomicityBroken},
    {kSc, AxiomStage::Coherence, sequentiallyConsistent, scCycle},
}};

constexpr std::array<AxiomClause<C11View>, 5> kRc11Clauses = {{
    {kNoThinAir, AxiomStage::ReadsFrom, noThinAir, thinAirCycle},
    {kCoherence, AxiomStage::FenceScOrder, hbCoherent, hbIncoherence},
    {kCoherence, AxiomStage::Location, coherent, incoherence},
    {kAtomicity, AxiomStage::Location, atomic, atomicityBroken},
    {kSc, AxiomStage::Coherence, sequentiallyConsistent, scCycle},
}};

constexpr std::array<FlagClause<C11View>, 1> kFlagClauses = {{
    {kRacy, [](const C11View& v) { return !racingPairs(v.x, v.derived).empty(); }},
}};

// Why a race is one (docs/races.md, in seed 002's classes): two atomics
// whose scopes leave the other thread out; a pair that hb would order were
// every scope system (the release and acquire whose scopes are too narrow
// named); or no synchronization at all.
template <bool Scoped>
void classify(const Execution& x, const C11Relations& d, const std::optional<C11Relations>& widened,
              unsigned a, unsigned b, Race& race) {
  const Event& first = x.events[a];
  const Event& second = x.events[b];
  const litmus::Test& test = *x.test;
  auto culprit = [&](unsigned event, unsigned other) {
    if (!includesThreadOf<Scoped>(x, event, other)) {
      race.culprits.emplace_back(instructionOf(x, event),
                                 commonScope(test, static_cast<std::size_t>(x.events[event].thread),
                                             static_cast<std::size_t>(x.events[other].thread)));
    }
  };
  if (isAtomicAccess(first) && isAtomicAccess(second)) {
    race.kind = RaceClass::ScopedAtomic;
    culprit(a, b);
    culprit(b, a);
    return;
  }
  race.synchronizationPresent = !d.sw.empty();
  if (!widened || !(widened->hb.contains(a, b) || widened->hb.contains(b, a))) {
    race.kind = RaceClass::MissingSynchronization;
    return;
  }
  // The synchronization that orders the pair once widened: its sw edges
  // that incl drops, on an hb path between the two.
  const Relation reach = widened->hb.optional();
  bool fencesOnly = true;
  const Relation added = widened->sw - d.sw;
  forEachEvent(firstEvents(x.size), [&](unsigned from) {
    forEachEvent(added.successors(from), [&](unsigned to) {
      const bool between = (reach.contains(a, from) && reach.contains(to, b)) ||
                           (reach.contains(b, from) && reach.contains(to, a));
      if (between) {
        culprit(from, to);
        culprit(to, from);
        fencesOnly =
            fencesOnly && x.events[from].kind == EventKind::Fence && x.events[to].kind == EventKind::Fence;
      }
    });
  });
  race.kind = fencesOnly ? RaceClass::ScopedFence : RaceClass::ScopedReleaseAcquire;
  std::sort(race.culprits.begin(), race.culprits.end());
  race.culprits.erase(std::unique(race.culprits.begin(), race.culprits.end()), race.culprits.end());
}

// ModelTraits::findRaces: the pairs of racingPairs, one Race per pair of
// instructions.
template <bool Scoped>
ExecutionRaces findC11Races(const Execution& x, bool explain) {
  const C11Relations d = derive<Scoped>(x);
  const Relation racing = racingPairs(x, d);
  ExecutionRaces found;
  if (racing.empty()) {
    return found;
  }
  std::optional<C11Relations> widened;
  if (explain && Scoped) {
    widened = derive<false>(x);
  }
  forEachEvent(firstEvents(x.size), [&](unsigned a) {
    forEachEvent(racing.successors(a) & ~firstEvents(a + 1), [&](unsigned b) {
      Race race;
      race.first = instructionOf(x, a);
      race.second = instructionOf(x, b);
      unsigned first = a;
      unsigned second = b;
      if (race.second < race.first) {
        std::swap(race.first, race.second);
        std::swap(first, second);
      }
      race.location = x.events[a].location;
      race.neededScope = commonScope(*x.test, race.first.thread, race.second.thread);
      if (explain) {
        classify<Scoped>(x, d, widened, first, second, race);
      }
      auto same = std::find_if(found.races.begin(), found.races.end(), [&](const Race& known) {
        return known.first == race.first && known.second == race.second && known.location == race.location;
      });
      const auto index = static_cast<std::size_t>(same - found.races.begin());
      if (same == found.races.end()) {
        found.races.push_back(std::move(race));
      }
      found.racingEvents.push_back({first, second, index});
    });
  });
  return found;
}

// The C models read C tests only; the PTX models refuse C tests likewise.
void refusePtxTests(const litmus::Test& test, const std::string& file, std::string_view model) {
  litmus::requireDialect(test, file, litmus::Dialect::C, "model " + std::string(model));
}

// The two models differ in their axioms (rc11 has No-Thin-Air), their
// flag's citation and whether scopes count (SCOPED).
template <bool Scoped>
constexpr ModelDefinition<C11Relations> c11Definition(std::string_view name, std::string_view summary,
                                                      std::span<const Axiom> axioms,
                                                      std::span<const AxiomClause<C11View>> clauses,
                                                      std::span<const Axiom> flags,
                                                      std::size_t thinAirAxiom) {
  return {
      .name = name,
      .summary = summary,
      .axioms = axioms,
      .clauses = clauses,
      .flags = flags,
      .flagClauses = kFlagClauses,
      .traits = {.failedCasWrites = false,
                 .barriers = false,
                 .races = RaceExecutions::Own,
                 .findRaces = findC11Races<Scoped>},
      .thinAirAxiom = thinAirAxiom,
      .checkSupported = refusePtxTests,
      .derive = derive<Scoped>,
      // mo is total per location (seed 001 Fig. 10b).
      .coherence = {.shape = CoherenceShape::TotalPerLocation},
      .fenceSc = {},  // psc is derived, not searched
      .narrowTotalOrders = nullptr,
  };
}

// A value cycle through rf and dependencies has no values to compute, so the
// enumerator drops the candidate (docs/models.md); src11, which has no
// No-Thin-Air axiom, counts it under Coherence.
constexpr ModelDefinition<C11Relations> kSrc11Definition = c11Definition<true>(
    "src11", "scoped RC11 of seed 001 (Fig. 10 with incl, Sec. 4.1; no No-Thin-Air), for C tests",
    kSrc11Axioms, kSrc11Clauses, kSrc11Flags, kCoherence);

constexpr ModelDefinition<C11Relations> kRc11Definition = c11Definition<false>(
    "rc11", "RC11 (Lahav et al., PLDI 2017; seed 001 Fig. 10 without scopes), for C tests", kRc11Axioms,
    kRc11Clauses, kRc11Flags, kNoThinAir);

}  // namespace

const AxiomaticModel& src11Model() { return definedModel<kSrc11Definition>(); }
const AxiomaticModel& rc11Model() { return definedModel<kRc11Definition>(); }

}  // namespace opcheck::axiomcheck

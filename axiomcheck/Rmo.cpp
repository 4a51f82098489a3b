// rmo: the per-scope RMO model of seed 000 (Figs. 15-16, Sec. 5.3) with
// herd's atomicity axiom, exactly as reference-models/rmo-asplos15-herd2015.cat
// states it (herd7's "ptx-nodoc" model of 2015, the reference outputs in
// corpora/herd-gpu-ptx/expected and corpora/diy-gpu-ptx/refout):
//
//   empty rmw & (fre;coe)                                   (* Atomic *)
//   let com = rf | fr | co
//   let po-loc-llh = po-loc & ((M * W) | (W * M))
//   acyclic (po-loc-llh | com) as sc-per-loc-llh
//   let dp = addr | data | ctrl
//   acyclic (dp | rf) as no-thin-air
//   let sys-fence = membar.sys
//   let gl-fence  = membar.gl  | sys-fence
//   let cta-fence = membar.cta | gl-fence
//   let rmo(fence) = dp | rfe | co | fr | fence
//   acyclic rmo(cta-fence) & cta as cta-constraint
//   acyclic rmo(gl-fence) & gl as gl-constraint
//   acyclic rmo(sys-fence) as sys-constraint
//
// The axioms are named here as every model names them (AxiomaticModel.h):
// Atomicity, SC-per-Location-LLH, No-Thin-Air, CTA-, GL- and
// SYS-Constraint; --skip-axiom also takes the cat file's names.
//
// membar.X is the relation po; [membar.X]; po, and membar.cta/gl/sys is
// fence.sc.cta/gpu/sys in the IR (seed 001 Sec. 3.6). Scope relations: cta
// relates events of threads in one CTA, gl of threads on one device (herd's
// GPU_PTX scope tree). The model knows nothing else of PTX: .acq_rel fences,
// acquire/release semantics, scopes of accesses and barriers order nothing
// here. As in herd's GPU_PTX semantics, a failing atom.cas writes the old
// value back (herd/GPU_PTXSem.ml), so it is an rmw pair too.
#include <array>

#include "axiomcheck/AxiomExplanation.h"
#include "axiomcheck/DefinedModel.h"
#include "axiomcheck/Models.h"
#include "litmus/Clusters.h"

namespace opcheck::axiomcheck {

namespace {

enum RmoAxiom : std::size_t { kAtomic, kScPerLocLlh, kNoThinAir, kCta, kGl, kSys };

constexpr std::array<Axiom, 6> kAxioms = {{
    {"Atomicity", "empty rmw & (fre;coe) (rmo-asplos15-herd2015.cat, herd's atomicity, unnamed there)",
     "empty rmw & (fre;coe)"},
    {"SC-per-Location-LLH", "acyclic (po-loc-llh | com) (seed 000 Fig. 15)", "acyclic (po-loc-llh | com)",
     "sc-per-loc-llh"},
    {"No-Thin-Air", "acyclic (dp | rf) (seed 000 Fig. 15)", "acyclic (dp | rf)"},
    {"CTA-Constraint", "acyclic rmo(cta-fence) & cta (seed 000 Fig. 16)", "acyclic rmo(cta-fence) & cta"},
    {"GL-Constraint", "acyclic rmo(gl-fence) & gl (seed 000 Fig. 16)", "acyclic rmo(gl-fence) & gl"},
    {"SYS-Constraint", "acyclic rmo(sys-fence) (seed 000 Fig. 16)", "acyclic rmo(sys-fence)"},
}};

// membar.X as a relation: po; [fences of scope X or wider]; po.
Relation fenceRelation(const Execution& x, EventSet fences) {
  Relation result(x.size);
  forEachEvent(fences, [&](unsigned fence) {
    const EventSet before = x.po.predecessors(fence);
    const EventSet after = x.po.successors(fence);
    forEachEvent(before, [&](unsigned event) { result.addAll(event, after); });
  });
  return result;
}

// The parts of the rmo(fence) relations that co does not change:
// dp | rfe | fence, restricted to each scope.
struct FixedParts {
  Relation external;
  Relation poLoc;
  Relation cta;
  Relation gl;
  Relation sys;
};

// The cat file's cta-fence, gl-fence and sys-fence: membar of that scope
// or wider.
struct MembarSets {
  EventSet cta = 0;
  EventSet gl = 0;
  EventSet sys = 0;
};

MembarSets membarSets(const Execution& x) {
  MembarSets sets;
  forEachEvent(x.fences, [&](unsigned fence) {
    const Event& event = x.events[fence];
    if (event.semantics != litmus::Semantics::SequentiallyConsistent) {
      return;  // only membar (fence.sc) is a fence of this model
    }
    sets.cta |= eventBit(fence);
    if (event.scope == litmus::Scope::Gpu || event.scope == litmus::Scope::System) {
      sets.gl |= eventBit(fence);
    }
    if (event.scope == litmus::Scope::System) {
      sets.sys |= eventBit(fence);
    }
  });
  return sets;
}

FixedParts fixedParts(const Execution& x) {
  FixedParts parts;
  parts.external = x.external();
  parts.poLoc = x.poLoc();
  const Relation common = x.dependencies() | (x.rf & parts.external);
  const MembarSets membars = membarSets(x);
  parts.cta = (common | fenceRelation(x, membars.cta)) & x.sameCta;
  parts.gl = (common | fenceRelation(x, membars.gl)) & x.sameGpu;
  parts.sys = common | fenceRelation(x, membars.sys);
  return parts;
}

using RmoView = CandidateView<FixedParts>;

// The rmo(fence) constraint of one scope (SCOPED: the fixed parts
// restricted to it; SCOPE: the scope's relation), co and fr added.
bool scopeConstraintHolds(const RmoView& v, const Relation& scoped, const Relation& scope) {
  return (scoped | ((v.x.co | v.fr) & scope)).acyclic();
}

// A shortest cycle of rmo(fence) = dp | rfe | co | fr | fence within SCOPE,
// FENCES the membars of the constraint.
std::vector<ExplainedEdge> scopeConstraintCycle(const RmoView& v, EventSet fences, const Relation& scope) {
  const Execution& x = v.x;
  const std::array<NamedRelation, 7> parts = {{{"data", x.data & scope},
                                               {"addr", x.address & scope},
                                               {"ctrl", x.control & scope},
                                               {"rfe", x.rf & v.derived.external & scope},
                                               {"co", x.co & scope},
                                               {"fr", v.fr & scope},
                                               {"membar", fenceRelation(x, fences) & scope}}};
  return shortestCycle(parts);
}

// The cat file's axioms, in its order. Atomic and sc-per-loc-llh relate
// events of one location only, so they are decided a location at a time
// (at Location the view holds the events of the location whose co was just
// chosen, and fr among them); at Coherence, every event and all of fr.
constexpr std::array<AxiomClause<RmoView>, 6> kClauses = {{
    {kNoThinAir, AxiomStage::ReadsFrom,
     [](const RmoView& v) { return (v.x.dependencies() | v.x.rf).acyclic(); },
     [](const RmoView& v) {
       const std::array<NamedRelation, 4> parts = {
           {{"rf", v.x.rf}, {"data", v.x.data}, {"addr", v.x.address}, {"ctrl", v.x.control}}};
       return shortestCycle(parts);
     }},
    {kAtomic, AxiomStage::Location,
     [](const RmoView& v) {
       const Relation co = v.x.co.restricted(v.located, v.located);
       return (v.x.rmw.restricted(v.located, v.located) &
               (v.fr & v.derived.external).then(co & v.derived.external))
           .empty();
     },
     [](const RmoView& v) {
       return atomicityBreach(v.x.rmw, {"fre", v.fr & v.derived.external},
                              {"coe", v.x.co & v.derived.external});
     }},
    {kScPerLocLlh, AxiomStage::Location,
     [](const RmoView& v) {
       const Relation llh = v.derived.poLoc.restricted(v.located, v.x.writes) |
                            v.derived.poLoc.restricted(v.x.writes, v.located);
       return (llh | v.x.rf.restricted(v.located, v.located) | v.fr | v.x.co.restricted(v.located, v.located))
           .acyclic();
     },
     [](const RmoView& v) {
       const EventSet all = firstEvents(v.x.size);
       const std::array<NamedRelation, 4> parts = {
           {{"po-loc-llh",
             v.derived.poLoc.restricted(all, v.x.writes) | v.derived.poLoc.restricted(v.x.writes, all)},
            {"rf", v.x.rf},
            {"co", v.x.co},
            {"fr", v.fr}}};
       return shortestCycle(parts);
     }},
    {kCta, AxiomStage::Coherence,
     [](const RmoView& v) { return scopeConstraintHolds(v, v.derived.cta, v.x.sameCta); },
     [](const RmoView& v) { return scopeConstraintCycle(v, membarSets(v.x).cta, v.x.sameCta); }},
    {kGl, AxiomStage::Coherence,
     [](const RmoView& v) { return scopeConstraintHolds(v, v.derived.gl, v.x.sameGpu); },
     [](const RmoView& v) { return scopeConstraintCycle(v, membarSets(v.x).gl, v.x.sameGpu); }},
    {kSys, AxiomStage::Coherence, [](const RmoView& v) { return (v.derived.sys | v.x.co | v.fr).acyclic(); },
     [](const RmoView& v) {
       const EventSet all = firstEvents(v.x.size);
       return scopeConstraintCycle(v, membarSets(v.x).sys, Relation::product(v.x.size, all, all));
     }},
}};

// Seed 000's chips have no clusters (PTX ISA 7.8, sm_90): .cluster is .cta
// where they include the same threads, refused elsewhere (litmus/Clusters.h).
void checkRmoSupported(const litmus::Test& test, const std::string& file, std::string_view model) {
  refuseMixedProxies(test, file, model);
  litmus::refuseClusterScope(test, file, "model " + std::string(model));
}

constexpr ModelDefinition<FixedParts> kRmoDefinition = {
    .name = "rmo",
    .summary = "per-scope RMO of the ASPLOS'15 GPU paper with herd's atomicity (herd7 2015 ptx-nodoc)",
    .axioms = kAxioms,
    .clauses = kClauses,
    .traits = {.failedCasWrites = true, .barriers = false, .releaseAcquire = false},
    .thinAirAxiom = kNoThinAir,
    .checkSupported = checkRmoSupported,
    .derive = fixedParts,
    // herd's withco: co is total per location.
    .coherence = {.shape = CoherenceShape::TotalPerLocation},
    .fenceSc = {},                 // no order besides co
    .narrowTotalOrders = nullptr,  // co is total: a run's co is one of the model's
};

}  // namespace

const AxiomaticModel& rmoModel() { return definedModel<kRmoDefinition>(); }

}  // namespace opcheck::axiomcheck

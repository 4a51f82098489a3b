// What each base name means in opcheck's terms: docs/cat.md "Base names".
#include "cat/BaseNames.h"

#include <algorithm>

#include "axiomcheck/PtxRelations.h"

namespace opcheck::cat {

namespace {

using axiomcheck::eventBit;
using axiomcheck::EventKind;
using axiomcheck::Execution;
using axiomcheck::firstEvents;
using axiomcheck::forEachEvent;
using litmus::Proxy;
using litmus::Scope;
using litmus::Semantics;

// The non-initial events for which KEEP(event) holds.
template <typename Keep>
EventSet eventsWhere(const Execution& x, Keep&& keep) {
  EventSet result = 0;
  for (unsigned event = 0; event < x.size; ++event) {
    if (!x.events[event].initial && keep(x.events[event])) {
      result |= eventBit(event);
    }
  }
  return result;
}

EventSet withProxy(const Execution& x, Proxy proxy) {
  EventSet result = 0;
  for (unsigned event = 0; event < x.size; ++event) {
    if (x.events[event].proxy == proxy && (proxy != Proxy::Alias || x.events[event].proxyFence)) {
      result |= eventBit(event);
    }
  }
  return result;
}

// herd's GPU_PTX membar.X: po; [membar of scope X]; po, where membar.X is
// fence.sc.X in opcheck's IR (docs/architecture.md "Litmus dialects").
Relation membar(const Execution& x, Scope scope) {
  const EventSet fences = eventsWhere(x, [&](const axiomcheck::Event& e) {
    return e.kind == EventKind::Fence && e.semantics == Semantics::SequentiallyConsistent && e.scope == scope;
  });
  Relation result(x.size);
  forEachEvent(fences, [&](unsigned fence) {
    const EventSet after = x.po.successors(fence);
    forEachEvent(x.po.predecessors(fence), [&](unsigned event) { result.addAll(event, after); });
  });
  return result;
}

// Events whose scope includes each other's thread (PTX ISA 9.1 8.7
// condition 1, Dat3M's sr): both carry a scope (fences, barriers and
// accesses other than .weak).
Relation sameScope(const Execution& x) {
  Relation result(x.size);
  const litmus::Test& test = *x.test;
  for (unsigned a = 0; a < x.size; ++a) {
    const axiomcheck::Event& first = x.events[a];
    if (!first.isStrong()) {
      continue;
    }
    for (unsigned b = 0; b < x.size; ++b) {
      const axiomcheck::Event& second = x.events[b];
      if (!second.isStrong()) {
        continue;
      }
      const litmus::ThreadPlacement& from = test.threads[static_cast<std::size_t>(first.thread)].placement;
      const litmus::ThreadPlacement& to = test.threads[static_cast<std::size_t>(second.thread)].placement;
      if (axiomcheck::scopeIncludes(first.scope, from, to) &&
          axiomcheck::scopeIncludes(second.scope, to, from)) {
        result.add(a, b);
      }
    }
  }
  return result;
}

Relation internal(const Execution& x) {
  const EventSet all = firstEvents(x.size);
  return Relation::product(x.size, all, all) - x.external();
}

}  // namespace

std::optional<Base> findBase(std::string_view name) {
  const auto* found = std::find(kBaseNames.begin(), kBaseNames.end(), name);
  if (found == kBaseNames.end()) {
    return std::nullopt;
  }
  return static_cast<Base>(found - kBaseNames.begin());
}

Value baseValue(const Execution& x, Base base) {
  const EventSet all = firstEvents(x.size);
  const auto set = [](EventSet events) { return Value::ofSet(events); };
  const auto relation = [](const Relation& pairs) { return Value::ofRelation(pairs); };
  const auto semantics = [&](EventSet kinds, std::initializer_list<Semantics> wanted) {
    return set(kinds & eventsWhere(x, [&](const axiomcheck::Event& e) {
                 return std::find(wanted.begin(), wanted.end(), e.semantics) != wanted.end();
               }));
  };
  const auto scoped = [&](Scope scope) {
    return set(eventsWhere(x, [&](const axiomcheck::Event& e) { return e.scope == scope; }));
  };
  switch (base) {
    case Base::All:
      return set(all);
    case Base::Memory:
      return set(x.memory());
    case Base::Reads:
      return set(x.reads);
    case Base::Writes:
      return set(x.writes);
    case Base::Fences:
      return set(x.fences);
    case Base::InitialWrites:
      return set(x.initialWrites);
    case Base::Relaxed:
      return semantics(x.memory(), {Semantics::Relaxed});
    case Base::Acquire:
      return semantics(x.reads | x.fences, {Semantics::Acquire});
    case Base::Release:
      return semantics(x.writes | x.fences, {Semantics::Release});
    case Base::AcquireRelease:
      // NVIDIA's Alloy model: a fence.sc is an acq_rel fence too (FenceSC
      // extends FenceAcqRel; axiomcheck/PtxRelations.h).
      return semantics(x.fences, {Semantics::AcquireRelease, Semantics::SequentiallyConsistent});
    case Base::SequentiallyConsistent:
      return semantics(x.fences, {Semantics::SequentiallyConsistent});
    case Base::CtaScope:
      return scoped(Scope::Cta);
    case Base::ClusterScope:
      return scoped(Scope::Cluster);
    case Base::GpuScope:
      return scoped(Scope::Gpu);
    case Base::SystemScope:
      return scoped(Scope::System);
    case Base::Generic:
      return set(withProxy(x, Proxy::Generic));
    case Base::Surface:
      return set(withProxy(x, Proxy::Surface));
    case Base::Texture:
      return set(withProxy(x, Proxy::Texture));
    case Base::Constant:
      return set(withProxy(x, Proxy::Constant));
    case Base::Alias:
      return set(withProxy(x, Proxy::Alias));
    case Base::Identity:
      return relation(Relation::identity(x.size, all));
    case Base::ProgramOrder:
      return relation(x.po);
    case Base::ProgramOrderLocation:
      return relation(x.poLoc());
    case Base::Location:
      return relation(x.sameLocation | Relation::identity(x.size, x.memory()));
    case Base::VirtualLocation:
      return relation(x.sameVirtualAddress | Relation::identity(x.size, x.memory()));
    case Base::Internal:
      return relation(internal(x));
    case Base::External:
      return relation(x.external());
    case Base::ReadsFrom:
      return relation(x.rf);
    case Base::ReadsFromExternal:
      return relation(x.rf & x.external());
    case Base::ReadsFromInternal:
      return relation(x.rf & internal(x));
    case Base::Rmw:
      return relation(x.rmw);
    case Base::Address:
      return relation(x.address);
    case Base::Data:
      return relation(x.data);
    case Base::Control:
      return relation(x.control);
    case Base::MembarCta:
      return relation(membar(x, Scope::Cta));
    case Base::MembarGl:
      return relation(membar(x, Scope::Gpu));
    case Base::MembarSys:
      return relation(membar(x, Scope::System));
    case Base::SameCta:
    case Base::SameCtaDat3m:
      return relation(x.sameCta);
    case Base::SameGpu:
      return relation(x.sameGpu);
    case Base::SameSystem:
      return relation(Relation::product(x.size, all, all));
    case Base::SameScope:
      return relation(sameScope(x));
    case Base::BarrierSync:
      return relation(x.barrierSync);
    case Base::Coherence:
      return relation(x.co);
    case Base::CoherenceExternal:
      return relation(x.co & x.external());
    case Base::CoherenceInternal:
      return relation(x.co & internal(x));
    case Base::FromRead:
      return relation(x.fromRead());
    case Base::FromReadExternal:
      return relation(x.fromRead() & x.external());
    case Base::FromReadInternal:
      return relation(x.fromRead() & internal(x));
    case Base::FenceScOrder:
      return relation(x.fenceScOrder);
    case Base::Count:
      break;
  }
  return {};
}

}  // namespace opcheck::cat

// ptx75's causality order (ProxyCausality.h). Choices, each with its source:
//  - PTX ISA 9.1 8.9.5 defines proxy-preserved base causality for memory
//    operations only; pairs with a fence or barrier at an end keep ptx60's
//    cause (so Fence-SC, which reads cause between fence.sc, means what it
//    means in 6.0). The cat relates memory events only, which leaves its
//    Fence-SC axiom empty; the text's Fence-SC (8.10.2) is not, so this
//    follows the text.
//  - Base causality order holds program order (8.9.5 item 1; the cat's
//    "| po"). ptx60 (seed 001 Fig. 4, NVIDIA's 6.0 Alloy) leaves program
//    order between accesses of one address and proxy to SC-per-Location
//    (8.10.5), which 9.1 still states: those pairs stay out of the plain
//    part of cause here too, so that ptx75 = ptx60 on every generic test,
//    with any --skip-axiom (the obs; po-loc part stays, as in ptx60).
//  - The proxy fences act as the cat's proxy-fence-ops: a fence.proxy.P
//    relates to the accesses of proxy P in its CTA; the text (8.9.5) names
//    only the alias proxy fence and leaves the others to the cat.
#include "axiomcheck/ProxyCausality.h"

#include <vector>

#include "litmus/SharedStateSpace.h"

namespace opcheck::axiomcheck {

namespace {

// Pairs of events that go through one proxy (the cat's same-proxy).
Relation sameProxy(const Execution& x) {
  Relation result(x.size);
  for (unsigned a = 0; a < x.size; ++a) {
    EventSet row = 0;
    for (unsigned b = 0; b < x.size; ++b) {
      if (x.events[a].proxy == x.events[b].proxy) {
        row |= eventBit(b);
      }
    }
    result.setSuccessors(a, row);
  }
  return result;
}

// The bi-directional proxy fences of the alias proxy (ALIAS) or the others.
EventSet proxyFences(const Execution& x, bool alias) {
  EventSet result = 0;
  forEachEvent(x.fences, [&](unsigned event) {
    const Event& e = x.events[event];
    if (e.proxyFence && e.restrictedTo == litmus::StateSpace::Generic &&
        (e.proxy == litmus::Proxy::Alias) == alias) {
      result |= eventBit(event);
    }
  });
  return result;
}

// PTX ISA 9.1 9.7.13.4: a fence with a state space, fence.proxy.async.space
// or the uni-directional fence.proxy.async::generic (litmus/AsyncOperations.h),
// relates, as the cat's proxy-fence-ops, only to the accesses of its proxy
// and CTA to a location certainly in that state space ("The memory ordering
// is limited only to operations performed on objects in the state space
// specified"; litmus/SharedStateSpace.h says which locations are): the
// bi-directional fences' relation and the uni-directional ones', from one
// reading of the locations' state spaces.
struct RestrictedFenceOps {
  Relation bothWays;
  Relation oneWay;
};

RestrictedFenceOps restrictedFenceOps(const Execution& x, const Relation& proxies, EventSet memory) {
  RestrictedFenceOps result{Relation(x.size), Relation(x.size)};
  std::vector<litmus::SharedHome> homes;
  forEachEvent(x.fences, [&](unsigned fence) {
    const Event& f = x.events[fence];
    if (!f.proxyFence || f.restrictedTo == litmus::StateSpace::Generic) {
      return;
    }
    if (homes.empty()) {
      homes = litmus::sharedHomes(*x.test);
    }
    const litmus::ThreadPlacement& placement = x.test->threads[static_cast<std::size_t>(f.thread)].placement;
    EventSet row = 0;
    forEachEvent(proxies.successors(fence) & x.sameCta.successors(fence) & memory, [&](unsigned access) {
      if (litmus::inStateSpace(homes[x.events[access].virtualAddress], f.restrictedTo, placement)) {
        row |= eventBit(access);
      }
    });
    (f.uniDirectional ? result.oneWay : result.bothWays).setSuccessors(fence, row);
  });
  return result;
}

}  // namespace

Relation proxyPreservedCause(const Execution& x, const Relation& synchronizing, const Relation& observation,
                             const Relation& cause60) {
  const EventSet memory = x.memory() & ~x.initialWrites;
  EventSet generic = 0;
  forEachEvent(memory, [&](unsigned event) {
    if (x.events[event].proxy == litmus::Proxy::Generic) {
      generic |= eventBit(event);
    }
  });
  const Relation memoryIdentity = Relation::identity(x.size, memory);
  const Relation sameVirtual = x.sameVirtualAddress | memoryIdentity;  // the cat's vloc
  const Relation sameLocation = x.sameLocation | memoryIdentity;       // the cat's loc
  const Relation proxies = sameProxy(x);

  // PTX ISA 9.1 8.9.5 base causality order: program order and
  // synchronization, closed under composition.
  const Relation base = synchronizing | x.po;

  // ptx-v7.5-dat3m.cat: proxy-fence-ops = [F]; (same-proxy & scta); [M],
  // for the constant, surface and texture proxy fences.
  const Relation fenceOps = (proxies & x.sameCta).restricted(proxyFences(x, false), memory);
  // An access X ordered before a proxy fence of its proxy (cause-base &
  // proxy-fence-ops^-1), and a proxy fence ordered before an access Y of
  // its proxy (cause-base & proxy-fence-ops); with the generic accesses
  // themselves, the ends a path may have (the cat's four vloc cases).
  // A restricted bi-directional fence orders both ways; a uni-directional
  // one only "a subsequent memory access performed via the to-proxykind".
  const RestrictedFenceOps restricted = restrictedFenceOps(x, proxies, memory);
  const Relation bothWays = fenceOps | restricted.bothWays;
  const Relation from = Relation::identity(x.size, generic) | (base & bothWays.inverse());
  const Relation to = Relation::identity(x.size, generic) | (base & (bothWays | restricted.oneWay));
  const Relation aliasFence = Relation::identity(x.size, proxyFences(x, true));

  // ptx-v7.5-dat3m.cat: proxy-preserved-cause-base; PTX ISA 9.1 8.9.5:
  //  1. the same address through the generic proxy (with a proxy fence at
  //     either end when an end is not generic),
  //  2. the same address, one proxy, one CTA,
  //  3. aliases, with an alias proxy fence on the path.
  const Relation preserved = (sameVirtual & from.then(base).then(to)) |
                             (sameLocation & from.then(base).then(aliasFence).then(base).then(to)) |
                             (proxies & x.sameCta & sameVirtual & base).restricted(memory, memory);

  // Program order within one address and proxy: SC-per-Location's, as in
  // ptx60 (see the top of this file).
  const Relation ownProgramOrder = (x.po & x.sameVirtualAddress & proxies) - synchronizing;
  const Relation memoryPairs = Relation::product(x.size, memory, memory);
  // PTX ISA 9.1 8.9.5 causality order: proxy-preserved base causality,
  // optionally after observation.
  return (cause60 - memoryPairs) | (preserved - ownProgramOrder) | observation.then(preserved);
}

}  // namespace opcheck::axiomcheck

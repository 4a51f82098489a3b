// Which locations of a test are in shared memory, and whose (docs/dialects.md
// "Asynchronous operations"), for the fences whose effect "only applies to
// operations performed on objects in .shared::cta [.shared::cluster] state
// space" (PTX ISA 9.1 9.7.13.4).
//
// A test's locations are declared without a state space, so opcheck reads
// it off the instructions that name one for a location they access:
//  - .shared or .shared::cta by a thread of CTA c (ld.shared, mbarrier.init
//    .shared, the destination of cp.async.bulk.shared::cta.global, the source
//    of cp.async.bulk.global.shared::cta) puts the location in c's
//    .shared::cta window, and so in the .shared::cluster window of c's
//    cluster (a CTA's shared memory is part of its cluster's distributed
//    shared memory, PTX ISA 9.1 5.1.7 Shared State Space);
//  - .shared::cluster by a thread of cluster k (st.async, the destination of
//    cp.async.bulk.shared::cluster) puts it in k's .shared::cluster window,
//    in no CTA's known to opcheck (it may be a peer CTA's);
//  - a location that two namings put in different CTAs (clusters) is in none
//    of them, and a location no instruction names is in none;
//  - .global (ld.global, st.global, the global side of a bulk copy) puts a
//    location in the global state space, for fence.proxy.async.global ("The
//    memory ordering is limited only to operations performed on objects in
//    the state space specified", PTX ISA 9.1 9.7.13.4), unless an instruction
//    names it .shared too: then it is in no state space, shared or global.
// A location known to be in no window may still be in one: a restricted
// fence then orders fewer accesses than the hardware's, so a model that
// reads it so allows at least what the ISA allows.
#pragma once

#include <cstdint>
#include <vector>

#include "litmus/Test.h"

namespace opcheck::litmus {

struct SharedHome {
  static constexpr std::int16_t kNone = -1;
  std::int16_t cta = kNone;      // the CTA whose .shared::cta window holds it
  std::int16_t cluster = kNone;  // the cluster whose .shared::cluster window holds it
  bool global = false;           // named .global, and never .shared
};

// Per virtual address of TEST (litmus/Proxies.h): the windows it is in.
std::vector<SharedHome> sharedHomes(const Test& test);

// Whether LOCATION (a SharedHome of sharedHomes) is in SPACE
// (StateSpace::SharedCta or SharedCluster) as seen from a thread at PLACEMENT.
bool inSharedWindow(const SharedHome& location, StateSpace space, const ThreadPlacement& placement);

// Whether LOCATION is certainly in SPACE (Global, SharedCta or
// SharedCluster) as seen from a thread at PLACEMENT.
bool inStateSpace(const SharedHome& location, StateSpace space, const ThreadPlacement& placement);

}  // namespace opcheck::litmus

// Which barrier arrivals each barrier wait synchronizes with
// (NVIDIA's Alloy model: BarrierArrive -synchronizes-> BarrierWait, part of
// base causality; seed 001 Sec. 3.4.2: barrier synchronization has the
// effect of release-acquire synchronization at .cta scope).
//
// The reading of the operands and the thread count follows Dat3M's PTX
// litmus tests (corpora/dat3m-ptx/Barrier, Manual/*bar*), the reference the
// corpus's verdicts come from:
//  - "bar.cta.sync a", "bar.cta.sync a, b": the barrier is named by all of
//    its operands' values (Dat3M: instance id and barrier id), within one CTA;
//    the k-th barrier of a name in one thread meets the k-th of every other
//    thread of the CTA (barrier-instance-id, barrier-logical-id tests);
//  - "bar.cta.sync a, b, c": c is the number of threads the barrier waits
//    for. Without it, the threads that reach a barrier of that name are all
//    it waits for (SB+named-bar-* tests: a barrier nobody else names does not
//    block);
//  - with c threads of n (c < n) the first c to arrive complete the barrier
//    and synchronize with each other; one arriving later passes at once and
//    has seen the arrivals before its own (quorum*-pass/-fail tests);
//  - with c > n the barrier never completes: the candidate hangs and has
//    no final state (quorum*-hang tests).
// The orders of arrival are enumerated; only the relations they give are
// kept (duplicates removed).
#pragma once

#include <functional>

#include "axiomcheck/Execution.h"

namespace opcheck::axiomcheck {

// Adds to EXECUTION's barrierSync the barrier.cluster synchronization,
// which no choice decides (BarrierSynchronization.cpp).
void addClusterBarrierSynchronization(Execution& execution);

// Calls visit() once per distinct barrier synchronization of EXECUTION,
// with execution.barrierSync set. Returns false (visiting nothing) when a
// barrier can never complete.
bool forEachBarrierSynchronization(Execution& execution, const std::function<void()>& visit);

}  // namespace opcheck::axiomcheck

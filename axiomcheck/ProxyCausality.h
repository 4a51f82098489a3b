// ptx75's causality order: PTX 7.5's mixed-proxy model (PTX ISA 9.1 8.9.5
// "Causality Order"; reference-models/ptx-v7.5-dat3m.cat, its
// proxy-preserved-cause-base and cause). The rest of ptx75 is ptx60's code
// (Ptx.cpp), which already reads the proxy and the virtual address of every
// event (morally strong: same proxy, same virtual address; patterns:
// po-vloc); this file is only what 7.5 adds to 6.0. The model computes it
// only for tests with mixed proxies: on the others it agrees with ptx60's
// cause on every pair the axioms read (Ptx.cpp, causeOf).
#pragma once

#include "axiomcheck/Execution.h"

namespace opcheck::axiomcheck {

// The causality order of the mixed-proxy model, from ptx60's parts:
// SYNCHRONIZING is (po?; (sync | sc | bar); po?)+ (ptx60's cause_base),
// OBSERVATION is obs, and CAUSE60 is ptx60's cause built from them.
Relation proxyPreservedCause(const Execution& x, const Relation& synchronizing, const Relation& observation,
                             const Relation& cause60);

}  // namespace opcheck::axiomcheck

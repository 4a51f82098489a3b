// The mixed-proxy meaning of a test (PTX ISA 9.1 8.2 "Memory operations",
// 8.6 "Proxies"; Dat3M's dialect, reference-models/ptx-v7.5-dat3m.cat),
// stated once for every model: which proxy an access or a fence.proxy goes
// through, and which virtual address and memory location an access names.
//
// A location declared "v @ P aliases x" names x's memory:
//  - P generic: v is a distinct virtual address that aliases x (PTX ISA 9.1
//    8.2.2 "Aliases"); generic accesses to v and x are ordered only through
//    an alias proxy fence (8.6, 8.9.5 proxy-preserved base causality 3).
//  - P constant, surface or texture: v is x's address as that proxy reaches
//    it; the cat's vloc ("virtual address mapping to the same generic
//    address") relates accesses to v and to x, which then need only a proxy
//    fence of P (its proxy-preserved-cause-base; the test
//    Manual/proxy/Proxy-SingleThread-rf-surW-surF-genR is one).
// The proxy of an access comes from its instruction (Opcodes.def), not
// from the declaration: "cold r, v" is a constant access whatever v is.
#pragma once

#include "litmus/Instruction.h"
#include "litmus/Test.h"

namespace opcheck::litmus {

// The proxy a memory access goes through (generic for ld, st, atom, red;
// constant for cold, surface for sust and suld, texture for tld), or the
// one a fence.proxy orders (its .proxykind; alias for fence.proxy.alias).
// Generic for every other instruction.
Proxy proxyOf(const Instruction& instruction);

// The memory location LOCATION names: an alias resolves to what it aliases.
LocationId physicalLocation(const Test& test, LocationId location);

// The virtual address LOCATION names (the cat's vloc): itself, or for a
// constant, surface or texture view of another location, that one's.
LocationId virtualAddress(const Test& test, LocationId location);

// Whether TEST needs the mixed-proxy model: an instruction of a non-generic
// proxy or a fence.proxy (Opcodes.def), or a location that aliases another.
bool usesMixedProxies(const Test& test);

}  // namespace opcheck::litmus

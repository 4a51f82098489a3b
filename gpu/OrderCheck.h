// optcheck at the PTX level (seed 000 Sec. 4.4): the harness's module read
// back with ptxmodule/ must hold, in each thread's test code, the test's
// memory operations (accesses, fences, barriers) in the test's order, each
// with the test's qualifiers and on the test's location; a thread's leading
// mbarrier.init instructions in its setting up, before the start barrier
// (Harness.h leadingMbarrierInits). `opcheck gpu`
// runs it before it launches anything; the SASS-level check after ptxas is
// scripts/gpu-run.sh's (docs/gpu.md "Checking the order").
#pragma once

#include <string>
#include <vector>

#include "gpu/Harness.h"
#include "litmus/Test.h"

namespace opcheck::gpu {

// What differs, one line per difference ("P1: ..."); empty when the module
// keeps every thread's operations. A module that does not read back is
// one difference too.
std::vector<std::string> checkOrder(const litmus::Test& test, const Harness& harness);

}  // namespace opcheck::gpu

// Clusters of CTAs (PTX ISA 7.8; 9.1 8.5, Table 21) as the models that do
// not model them need to know: a model whose machine or relations know only
// .cta, .gpu and .sys (ptx-op, rmo) can still judge a test whose .cluster
// operations include exactly the threads .cta would, which is the case when
// every cluster holds one CTA (the meaning of a test that names no cluster,
// litmus/Test.h). When some cluster holds two CTAs and an instruction has
// .cluster scope, it must refuse the test.
#pragma once

#include <string>

#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "litmus/Test.h"

namespace opcheck::litmus {

// Whether some cluster of TEST holds two CTAs.
inline bool hasMultiCtaCluster(const Test& test) {
  for (const Thread& thread : test.threads) {
    for (const Thread& other : test.threads) {
      if (thread.placement.cluster == other.placement.cluster &&
          thread.placement.cta != other.placement.cta) {
        return true;
      }
    }
  }
  return false;
}

// Throws InputError at the first .cluster-scoped instruction of TEST when a
// cluster of TEST holds two CTAs: MODEL (its name, and why) cannot tell
// .cluster from .cta there.
inline void refuseClusterScope(const Test& test, const std::string& file, const std::string& model) {
  if (!hasMultiCtaCluster(test)) {
    return;
  }
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    for (const Instruction& instruction : test.threads[thread].instructions) {
      if (instruction.scope == Scope::Cluster) {
        fail(file, instruction.position,
             model + " does not model clusters: '" + printMnemonic(instruction) + "' in P" +
                 std::to_string(thread) + " has .cluster scope and a cluster of this test holds two CTAs");
      }
    }
  }
}

}  // namespace opcheck::litmus

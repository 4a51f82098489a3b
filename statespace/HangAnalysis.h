// Finds the states of an explored graph from which no final state can be
// reached: a thread spinning on a flag nobody will set, a barrier nobody
// else will reach (docs/architecture.md "ptx-op": a state
// from which no final state can be reached is a hang, and is reported).
#pragma once

#include <vector>

#include "statespace/Fingerprint.h"

namespace opcheck::statespace {

struct Edge {
  Fingerprint from;
  Fingerprint to;
};

struct Hangs {
  // Every state reachable from INITIAL along EDGES that reaches none of FINALS.
  std::vector<Fingerprint> cannotFinish;
  // Those where a hang ends up: the states of the graph's bottom components
  // (a stuck state; a cycle that cannot be left, such as a spin whose flag
  // nobody will set). Examples are taken from here, not from the states
  // merely on the way to one (the initial state, when nothing can finish).
  std::vector<Fingerprint> ends;
};

Hangs analyseHangs(const Fingerprint& initial, const std::vector<Edge>& edges,
                   const std::vector<Fingerprint>& finals);

}  // namespace opcheck::statespace

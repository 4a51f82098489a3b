// Finds the states of an explored graph from which no final state can be
// reached: a thread spinning on a flag nobody will set, a barrier nobody
// else will reach (design.md: "a state from which no final state is
// reachable is a hang and is reported").
#pragma once

#include <vector>

#include "statespace/Fingerprint.h"

namespace opcheck::statespace {

struct Edge {
  Fingerprint from;
  Fingerprint to;
};

// Every state reachable from INITIAL along EDGES that reaches none of FINALS.
std::vector<Fingerprint> statesThatCannotFinish(const Fingerprint& initial, const std::vector<Edge>& edges,
                                                const std::vector<Fingerprint>& finals);

}  // namespace opcheck::statespace

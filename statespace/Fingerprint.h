// A state's identity for deduplication: the 128-bit XXH3 hash of its bytes
// (docs/architecture.md "Exploration"). The set of states seen keeps 96 of
// its bits (FingerprintSet.cpp), so two different states are taken for one
// with probability about n^2 / 2^97 for n states: for 10^9 states, 10^-11.
#pragma once

// The hash is inlined (xxHash's header-only mode): states are hashed once per
// transition, and a call into the shared library costs more than hashing a
// small packed state.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdint>
#include <functional>
#include <type_traits>

namespace opcheck::statespace {

struct Fingerprint {
  std::uint64_t high = 0;
  std::uint64_t low = 0;

  friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
};

// The fingerprint of any state whose bytes are its value (no padding, no
// pointers): the Machine concept requires exactly that of states.
template <typename State>
Fingerprint fingerprintOf(const State& state) {
  static_assert(std::has_unique_object_representations_v<State>,
                "a state is hashed as bytes, so equal states must have equal bytes");
  const XXH128_hash_t hash = XXH3_128bits(&state, sizeof(State));
  return Fingerprint{hash.high64, hash.low64};
}

struct FingerprintHash {
  std::size_t operator()(const Fingerprint& fingerprint) const { return fingerprint.low; }
};

}  // namespace opcheck::statespace

// The set of fingerprints of the states seen so far, shared by all
// exploring threads. It stores fingerprints, not states: 12 bytes a state
// plus table slack (docs/architecture.md "Performance").
//
// The table is split into shards chosen by the fingerprint's top bits; each
// shard is an open-addressing table with linear probing behind its own spin
// lock, and grows on its own, so threads rarely meet and a growing shard
// never stops the others. (LTSmin's lockless table avoids the locks but
// cannot grow; litmus state spaces vary over six orders of magnitude.)
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <vector>

#include "statespace/Fingerprint.h"

namespace opcheck::statespace {

class FingerprintSet {
 public:
  // A set for one thread only (SHARED false) takes no locks: a locked
  // instruction per insert costs a one-job search a few percent.
  explicit FingerprintSet(std::size_t expectedStates = 1u << 12, bool shared = true);
  FingerprintSet(const FingerprintSet&) = delete;
  FingerprintSet& operator=(const FingerprintSet&) = delete;
  ~FingerprintSet();

  // Adds FINGERPRINT; true when it was not there before. Thread-safe when
  // shared.
  bool insert(const Fingerprint& fingerprint);

  bool contains(const Fingerprint& fingerprint) const;

  // The fingerprints inserted so far: exact once the inserting threads are
  // done, a recent count while they run. It adds up the shards' counts
  // (there is no shared counter for every insert to contend on).
  std::size_t size() const;

  // Bytes held by the tables (for the bytes-per-state figure).
  std::size_t bytesReserved() const;

 private:
  struct Shard;
  // A set for one thread has 64 shards: few enough that a small exploration
  // does not pay for thousands of empty ones. A shared set has 1024: a shard
  // grows under its lock, and with 64 shards of an exploration of millions
  // of states every worker met the growing one (each inserts thousands of
  // times while a shard of megabytes is copied) and waited for it; with
  // 1024 the shard is 16 times smaller and met 16 times less often.
  static constexpr unsigned kUnsharedShardBits = 6;
  static constexpr unsigned kSharedShardBits = 10;

  std::size_t shardCount() const { return std::size_t{1} << shardBits_; }
  Shard& shardOf(const Fingerprint& fingerprint) const;

  bool shared_;
  unsigned shardBits_;
  std::unique_ptr<Shard[]> shards_;
};

}  // namespace opcheck::statespace

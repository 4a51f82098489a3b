#include "statespace/FingerprintSet.h"

#include <bit>
#include <mutex>

namespace opcheck::statespace {

namespace {

// The empty slot: a real fingerprint is never all zeros (see normalized()).
constexpr Fingerprint kEmpty{0, 0};

Fingerprint normalized(Fingerprint fingerprint) {
  if (fingerprint == kEmpty) {
    fingerprint.low = 1;  // one fingerprint in 2^128 is moved by one
  }
  return fingerprint;
}

}  // namespace

// A cache line of its own per shard: threads that hold neighbouring shards
// do not take each other's line away.
struct alignas(64) FingerprintSet::Shard {
  // A test-and-test-and-set lock: shards are held for a few probes only.
  class SpinLock {
   public:
    void lock() {
      while (locked_.exchange(true, std::memory_order_acquire)) {
        while (locked_.load(std::memory_order_relaxed)) {
        }
      }
    }
    void unlock() { locked_.store(false, std::memory_order_release); }

   private:
    std::atomic<bool> locked_{false};
  };

  mutable SpinLock lock;
  std::vector<Fingerprint> slots;  // size is a power of two
  // Written under the lock; read without it by size().
  std::atomic<std::size_t> used{0};

  std::size_t find(const Fingerprint& fingerprint) const {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t index = fingerprint.low & mask;; index = (index + 1) & mask) {
      if (slots[index] == fingerprint || slots[index] == kEmpty) {
        return index;
      }
    }
  }

  void grow() {
    std::vector<Fingerprint> old(slots.size() * 2, kEmpty);
    old.swap(slots);
    for (const Fingerprint& fingerprint : old) {
      if (!(fingerprint == kEmpty)) {
        slots[find(fingerprint)] = fingerprint;
      }
    }
  }
};

FingerprintSet::FingerprintSet(std::size_t expectedStates, bool shared)
    : shards_(std::make_unique<Shard[]>(std::size_t{1} << kShardBits)), shared_(shared) {
  const std::size_t perShard = std::bit_ceil(std::max<std::size_t>(8, 2 * expectedStates >> kShardBits));
  for (std::size_t index = 0; index < (std::size_t{1} << kShardBits); ++index) {
    shards_[index].slots.assign(perShard, kEmpty);
  }
}

FingerprintSet::~FingerprintSet() = default;

FingerprintSet::Shard& FingerprintSet::shardOf(const Fingerprint& fingerprint) const {
  // The top bits pick the shard; the low bits pick the slot inside it.
  return shards_[fingerprint.high >> (64 - kShardBits)];
}

bool FingerprintSet::insert(const Fingerprint& raw) {
  const Fingerprint fingerprint = normalized(raw);
  Shard& shard = shardOf(fingerprint);
  std::unique_lock guard(shard.lock, std::defer_lock);
  if (shared_) {
    guard.lock();
  }
  const std::size_t index = shard.find(fingerprint);
  if (shard.slots[index] == fingerprint) {
    return false;
  }
  shard.slots[index] = fingerprint;
  // Keep the load under 3/4 so that probes stay short.
  const std::size_t used = shard.used.load(std::memory_order_relaxed) + 1;
  shard.used.store(used, std::memory_order_relaxed);
  if (used * 4 > shard.slots.size() * 3) {
    shard.grow();
  }
  return true;
}

bool FingerprintSet::contains(const Fingerprint& raw) const {
  const Fingerprint fingerprint = normalized(raw);
  Shard& shard = shardOf(fingerprint);
  std::unique_lock guard(shard.lock, std::defer_lock);
  if (shared_) {
    guard.lock();
  }
  return shard.slots[shard.find(fingerprint)] == fingerprint;
}

std::size_t FingerprintSet::size() const {
  std::size_t size = 0;
  for (std::size_t index = 0; index < (std::size_t{1} << kShardBits); ++index) {
    size += shards_[index].used.load(std::memory_order_relaxed);
  }
  return size;
}

std::size_t FingerprintSet::bytesReserved() const {
  std::size_t bytes = 0;
  for (std::size_t index = 0; index < (std::size_t{1} << kShardBits); ++index) {
    std::lock_guard guard(shards_[index].lock);
    bytes += shards_[index].slots.capacity() * sizeof(Fingerprint);
  }
  return bytes;
}

}  // namespace opcheck::statespace

#include "statespace/FingerprintSet.h"

#include <bit>
#include <mutex>

namespace opcheck::statespace {

// What a slot keeps of a fingerprint: 96 of its 128 bits, 12 bytes instead
// of 16, so that a 10^8-state exploration fits in a few GiB. The bits kept
// are all of `high` (whose top bits also pick the shard) and the low half
// of `low` (which picks the slot, so that a growing table can place every
// slot again). Two states then share a slot's key with probability about
// n^2 / 2^97 for n states: for 10^9 states, 10^-11.
struct FingerprintSlotKey {
  std::uint32_t high[2];
  std::uint32_t low;

  friend bool operator==(const FingerprintSlotKey&, const FingerprintSlotKey&) = default;
};
static_assert(sizeof(FingerprintSlotKey) == 12);

namespace {

// The empty slot: a real key is never all zeros (slotKeyOf moves the one
// fingerprint in 2^96 that would be).
constexpr FingerprintSlotKey kEmptySlot{{0, 0}, 0};

FingerprintSlotKey slotKeyOf(const Fingerprint& fingerprint) {
  FingerprintSlotKey key{
      {static_cast<std::uint32_t>(fingerprint.high >> 32), static_cast<std::uint32_t>(fingerprint.high)},
      static_cast<std::uint32_t>(fingerprint.low)};
  if (key == kEmptySlot) {
    key.low = 1;
  }
  return key;
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
  std::vector<FingerprintSlotKey> slots;  // size is a power of two, at most 2^32
  // Written under the lock; read without it by size().
  std::atomic<std::size_t> used{0};

  std::size_t find(const FingerprintSlotKey& key) const {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t index = key.low & mask;; index = (index + 1) & mask) {
      if (slots[index] == key || slots[index] == kEmptySlot) {
        return index;
      }
    }
  }

  void grow() {
    std::vector<FingerprintSlotKey> old(slots.size() * 2, kEmptySlot);
    old.swap(slots);
    for (const FingerprintSlotKey& key : old) {
      if (!(key == kEmptySlot)) {
        slots[find(key)] = key;
      }
    }
  }
};

FingerprintSet::FingerprintSet(std::size_t expectedStates, bool shared)
    : shared_(shared),
      shardBits_(shared ? kSharedShardBits : kUnsharedShardBits),
      shards_(std::make_unique<Shard[]>(shardCount())) {
  const std::size_t perShard = std::bit_ceil(std::max<std::size_t>(8, 2 * expectedStates >> shardBits_));
  for (std::size_t index = 0; index < shardCount(); ++index) {
    shards_[index].slots.assign(perShard, kEmptySlot);
  }
}

FingerprintSet::~FingerprintSet() = default;

FingerprintSet::Shard& FingerprintSet::shardOf(const Fingerprint& fingerprint) const {
  // The top bits pick the shard; the low bits pick the slot inside it.
  return shards_[fingerprint.high >> (64 - shardBits_)];
}

bool FingerprintSet::insert(const Fingerprint& fingerprint) {
  const FingerprintSlotKey key = slotKeyOf(fingerprint);
  Shard& shard = shardOf(fingerprint);
  std::unique_lock guard(shard.lock, std::defer_lock);
  if (shared_) {
    guard.lock();
  }
  const std::size_t index = shard.find(key);
  if (shard.slots[index] == key) {
    return false;
  }
  shard.slots[index] = key;
  // Keep the load under 3/4 so that probes stay short.
  const std::size_t used = shard.used.load(std::memory_order_relaxed) + 1;
  shard.used.store(used, std::memory_order_relaxed);
  if (used * 4 > shard.slots.size() * 3) {
    shard.grow();
  }
  return true;
}

bool FingerprintSet::contains(const Fingerprint& fingerprint) const {
  const FingerprintSlotKey key = slotKeyOf(fingerprint);
  Shard& shard = shardOf(fingerprint);
  std::unique_lock guard(shard.lock, std::defer_lock);
  if (shared_) {
    guard.lock();
  }
  return shard.slots[shard.find(key)] == key;
}

std::size_t FingerprintSet::size() const {
  std::size_t size = 0;
  for (std::size_t index = 0; index < shardCount(); ++index) {
    size += shards_[index].used.load(std::memory_order_relaxed);
  }
  return size;
}

std::size_t FingerprintSet::bytesReserved() const {
  std::size_t bytes = 0;
  for (std::size_t index = 0; index < shardCount(); ++index) {
    std::lock_guard guard(shards_[index].lock);
    bytes += shards_[index].slots.capacity() * sizeof(FingerprintSlotKey);
  }
  return bytes;
}

}  // namespace opcheck::statespace

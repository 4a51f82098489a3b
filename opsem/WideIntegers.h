// The integers a test computes that ptx-op's 32-bit values cannot hold as
// themselves: 64-bit results, and 32-bit integers that fall in one of the
// bands that stand for addresses, mbarrier objects or these integers
// (Program.h). Each is interned once per program: a state holds its index
// in a band of its own, kWideTag upwards, so states stay 32 bits a value and
// two states hold the same integer exactly when they hold the same index.
//
// Every model computes at the instruction's width (PTX ISA 9.1 9.7.1:
// .b64/.s64/.u64 at 64 bits, an untyped instruction at 64 too,
// litmus/InstructionSemantics.h); ptx-op turns an interned index back into
// its integer before it computes or compares (toLitmusValue, RunSupport.h),
// so the arithmetic is the IR's, whatever the index.
//
// One table serves every job of a run: interning takes a lock (an integer
// seen before only a shared one), reading an index back takes none, since
// the index reaches another job only through the explorer's hand-over of
// the state that holds it, after the entry was written. With several jobs
// the indices depend on which job met an integer first; the states, their
// number and the outcomes do not.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <shared_mutex>
#include <unordered_map>

namespace opcheck::opsem {

class WideIntegers {
 public:
  // The band of interned indices: 2^24 values of the negative range, above
  // the addresses' (2^24 up) and the mbarrier objects' (2^25 up).
  static constexpr std::int64_t kTag =
      std::int64_t{std::numeric_limits<std::int32_t>::min()} + (std::int64_t{1} << 27);
  static constexpr std::size_t kCapacity = std::size_t{1} << 24;

  static constexpr bool isInterned(std::int64_t value) {
    return value >= kTag && value < kTag + static_cast<std::int64_t>(kCapacity);
  }

  // CAPACITY distinct integers at most (tests may ask for fewer).
  explicit WideIntegers(std::size_t capacity = kCapacity);
  WideIntegers(const WideIntegers&) = delete;
  WideIntegers& operator=(const WideIntegers&) = delete;
  ~WideIntegers();

  // INTEGER's index, interned now if it was not; none once the table holds
  // its capacity of other integers.
  std::optional<std::int32_t> intern(std::int64_t integer);
  // The integer interned at INDEX (isInterned, returned by intern).
  std::int64_t integer(std::int32_t index) const {
    const auto offset = static_cast<std::size_t>(index - kTag);
    return chunks_[offset / kChunk].load(std::memory_order_acquire)[offset % kChunk];
  }
  std::size_t size() const;

 private:
  static constexpr std::size_t kChunk = std::size_t{1} << 16;
  static constexpr std::size_t kChunks = kCapacity / kChunk;

  std::size_t capacity_;
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::int64_t, std::int32_t> indices_;
  // Chunks never move once allocated, so a reader needs no lock.
  std::array<std::atomic<std::int64_t*>, kChunks> chunks_{};
};

}  // namespace opcheck::opsem

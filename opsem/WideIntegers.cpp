#include "opsem/WideIntegers.h"

#include <algorithm>
#include <mutex>

namespace opcheck::opsem {

WideIntegers::WideIntegers(std::size_t capacity) : capacity_(std::min(capacity, kCapacity)) {}

WideIntegers::~WideIntegers() {
  for (std::atomic<std::int64_t*>& chunk : chunks_) {
    delete[] chunk.load(std::memory_order_relaxed);
  }
}

std::optional<std::int32_t> WideIntegers::intern(std::int64_t integer) {
  {
    const std::shared_lock<std::shared_mutex> reading(mutex_);
    if (const auto found = indices_.find(integer); found != indices_.end()) {
      return found->second;
    }
  }
  const std::unique_lock<std::shared_mutex> writing(mutex_);
  if (const auto found = indices_.find(integer); found != indices_.end()) {
    return found->second;  // another job interned it in between
  }
  const std::size_t offset = indices_.size();
  if (offset == capacity_) {
    return std::nullopt;
  }
  std::atomic<std::int64_t*>& chunk = chunks_[offset / kChunk];
  if (chunk.load(std::memory_order_relaxed) == nullptr) {
    chunk.store(new std::int64_t[kChunk], std::memory_order_release);
  }
  chunk.load(std::memory_order_relaxed)[offset % kChunk] = integer;
  const auto index = static_cast<std::int32_t>(kTag + static_cast<std::int64_t>(offset));
  indices_.emplace(integer, index);
  return index;
}

std::size_t WideIntegers::size() const {
  const std::shared_lock<std::shared_mutex> reading(mutex_);
  return indices_.size();
}

}  // namespace opcheck::opsem

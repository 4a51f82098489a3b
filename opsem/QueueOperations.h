// What every queue of the machine does alike: store buffers, SM queues and
// device queues are arrays kept oldest first, with unused slots zero (the
// explorer hashes state bytes, so equal contents must have equal bytes).
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>

namespace opcheck::opsem {

// The newest write to LOCATION among the first LENGTH entries of QUEUE
// (oldest first). Load requests in an SM queue are not writes.
template <typename Write>
auto newestWrite(const Write* queue, std::int32_t length, std::uint32_t location)
    -> std::optional<decltype(queue->value)> {
  for (std::int32_t at = length - 1; at >= 0; --at) {
    if (queue[at].location == location && !queue[at].isLoadRequest()) {
      return queue[at].value;
    }
  }
  return std::nullopt;
}

// Removes the entry at INDEX of an array of LENGTH entries, keeping the
// others in order and the freed slot zero.
template <typename Array, typename Length>
void removeAt(Array& array, Length& length, std::size_t index) {
  for (std::size_t at = index; at + 1 < static_cast<std::size_t>(length); ++at) {
    array[at] = array[at + 1];
  }
  --length;
  std::memset(&array[static_cast<std::size_t>(length)], 0, sizeof array[0]);
}

}  // namespace opcheck::opsem

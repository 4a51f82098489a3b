// The execution graph of a ptx-op run, recorded in the state as the run goes
// (docs/architecture.md "Cross-validation", with --executions): for each thread the
// events it issued in program order and, for each read, the write it took;
// per location the order in which writes reached its coherence point; the
// order of the fence.sc (its morally strong pairs as performed,
// ExecutionRecorder::fenceSc); which barrier arrivals each wait saw. compare
// --executions turns each recorded graph into a candidate execution and
// checks the axioms on it.
//
// Only the recording size class (Capacity::kRecordsExecution) has any of
// this: values held for memory become TaggedValue, pairing the value with
// the identity of the write that produced it, and MachineState derives from
// ExecutionRecord. The other classes get Value and an empty base, so their
// states are exactly as they would be without the feature.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsem/Program.h"

namespace opcheck::opsem {

// Events are named by one number: 0 is the initial write of a location,
// 1 + thread * kEventsPerThread + index the INDEX-th event of THREAD.
using EventId = std::int32_t;
constexpr EventId kInitialWrite = 0;
constexpr EventId kNoEvent = -1;

template <typename Capacity>
constexpr EventId eventId(std::uint32_t thread, std::uint32_t index) {
  return 1 + static_cast<EventId>(thread * Capacity::kEventsPerThread + index);
}

struct TaggedValue {
  Value value;
  EventId writer;  // the write that produced VALUE
  friend constexpr bool operator==(const TaggedValue&, const TaggedValue&) = default;
};

template <typename Capacity>
using StoredFor = std::conditional_t<Capacity::kRecordsExecution, TaggedValue, Value>;

constexpr Value valueOf(Value stored) { return stored; }
constexpr Value valueOf(TaggedValue stored) { return stored.value; }
constexpr EventId writerOf(Value) { return kNoEvent; }
constexpr EventId writerOf(TaggedValue stored) { return stored.writer; }

template <typename Stored>
constexpr Stored makeStored(Value value, EventId writer) {
  if constexpr (std::is_same_v<Stored, TaggedValue>) {
    return TaggedValue{value, writer};
  } else {
    (void)writer;
    return value;
  }
}

// One instruction a thread issued that takes part in the memory model: a
// load, store, atomic, reduction, fence or barrier.
struct RecordedEvent {
  std::uint8_t instruction;  // index in the thread's code, plus one (0: slot unused)
  std::uint8_t performed;
  std::uint8_t padding[2];
  EventId readFrom;           // reads (loads, atomics): the write read; kNoEvent otherwise
  Value valueRead;            // reads: the value
  EventId barrierInstance;    // barriers: the event that opened the barrier instance it met
  std::int32_t arrivalIndex;  // barriers: how many arrivals came before this one
  std::int32_t arrivalsSeen;  // bar.sync: how many arrivals the wait saw when it passed
};

template <typename Capacity>
struct ExecutionRecord {
  struct ThreadRecord {
    RecordedEvent events[Capacity::kEventsPerThread];
    std::uint8_t eventCount;
    std::uint8_t backwardJumps;
    std::uint8_t padding[2];
  };
  ThreadRecord recordedThreads[Capacity::kThreads];
  // Per physical location, the writes in the order they reached the
  // location's point of coherence (the L2, or memory with several devices).
  EventId coherence[Capacity::kLocations][Capacity::kWritesPerLocation];
  std::int32_t coherenceLength[Capacity::kLocations];
  EventId fenceScOrder[Capacity::kFenceScs];
  std::int32_t fenceScCount;
  // A thread went past the recording bounds (--unroll K backward jumps,
  // or more events than kEventsPerThread) and was stopped: the run is not
  // an execution of the program and is left out of the check.
  std::int32_t cut;
};

struct NoExecutionRecord {};

template <typename Capacity>
using ExecutionRecordFor =
    std::conditional_t<Capacity::kRecordsExecution, ExecutionRecord<Capacity>, NoExecutionRecord>;

}  // namespace opcheck::opsem

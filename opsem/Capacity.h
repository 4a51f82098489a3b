// Size classes of ptx-op states. A state is one flat struct (the explorer
// hashes its bytes), so its arrays have fixed sizes; a test runs in the
// smallest class it fits whose queues hold all its code can queue
// (QueueDemand.h), because hashing and copying cost grows with size.
#pragma once

#include <cstddef>

namespace opcheck::opsem {

// Most litmus tests: every diy-generated test and the seeds' tests.
struct SmallCapacity {
  static constexpr std::size_t kThreads = 4;
  static constexpr std::size_t kLocations = 4;
  static constexpr std::size_t kRegisters = 8;
  static constexpr std::size_t kInFlight = 4;    // issued, not yet performed, per thread
  static constexpr std::size_t kQueue = 8;       // SM and device queues: every CTA-mate's entries
  static constexpr std::size_t kBarriers = 2;    // barrier identities per CTA
  static constexpr bool kPartitionedL2 = false;  // no near-partition copies (MachineState.h)
  static constexpr bool kRecordsExecution = false;
};

struct LargeCapacity {
  static constexpr std::size_t kThreads = 8;
  static constexpr std::size_t kLocations = 8;
  static constexpr std::size_t kRegisters = 16;
  static constexpr std::size_t kInFlight = 8;
  static constexpr std::size_t kQueue = 16;
  static constexpr std::size_t kBarriers = 4;
  static constexpr bool kRecordsExecution = false;
  static constexpr bool kPartitionedL2 = false;
};

// Tests beyond the large class, up to what the parser takes of threads
// (litmus/Limits.h) and what ptx-op's masks hold of locations and registers
// (a bit each in a 32-bit word: MachineState.h, QuietLocations.h). The
// state the machine steps over is 56 KiB (60 with near-partition copies);
// the explorer stores only the units the test uses (StateLayout.h), so the
// class costs a test that needs it little beyond the larger layout.
struct HugeCapacity {
  static constexpr std::size_t kThreads = 32;
  static constexpr std::size_t kLocations = 32;
  static constexpr std::size_t kRegisters = 32;
  static constexpr std::size_t kInFlight = 16;
  static constexpr std::size_t kQueue = 16;
  static constexpr std::size_t kBarriers = 32;  // barrier instructions per CTA: one each for 32 threads
  static constexpr bool kRecordsExecution = false;
  static constexpr bool kPartitionedL2 = false;
};

// compare --executions: the large class, plus what the execution graph of
// a run needs (ExecutionRecord in MachineState.h). Every write carries the
// identity of its event, so states that differ only in which write a value
// came from stay apart: there are more of them than without the record.
struct RecordingCapacity : LargeCapacity {
  static constexpr bool kRecordsExecution = true;
  static constexpr std::size_t kEventsPerThread = 16;    // memory operations, fences, barriers
  static constexpr std::size_t kWritesPerLocation = 16;  // arrivals at the coherence point
  static constexpr std::size_t kFenceScs = 16;
};

// A size class with the near-partition copies of a partitioned L2
// (Architecture::partitionedL2): a separate class, so that the states of
// every other preset keep their size and bytes.
template <typename Base>
struct PartitionedL2Capacity : Base {
  static constexpr bool kPartitionedL2 = true;
};

}  // namespace opcheck::opsem

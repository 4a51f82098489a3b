// The state of the ptx-op machine: one flat struct of fixed-size arrays,
// zero wherever unused, so that equal states have equal bytes (the explorer
// hashes bytes; see statespace/Machine.h). Every field is 1, 2 or 4 bytes wide
// and grouped so that the compiler inserts no padding.
//
// Structure (docs/architecture.md "ptx-op"; seed 002 Sec. II, seed 003
// Sec. 2.1):
//   thread      program counter, registers, in-flight memory operations,
//               a FIFO store buffer
//   CTA (SM)    an L1 cache, written through to the L2 via the SM queue
//   device      an L2 (the coherence point for .gpu), and a queue to memory
//   system      memory (the coherence point for .sys, several devices)
//   partitioned L2 (Architecture::partitionedL2 only): per CTA, the copy of
//               each line its near L2 partition keeps
//   copy engine per CTA (SM): the asynchronous operations handed to it
// The rules each part follows are in its own file (Hardware.h lists them).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "opsem/Capacity.h"
#include "opsem/ExecutionRecord.h"
#include "opsem/Program.h"

namespace opcheck::opsem {

// With a partitioned L2, per CTA, the value of each location in the copy its
// near partition keeps (L2Cache.h, PART-*); nothing (an
// empty base, no bytes) otherwise. The execution record (ExecutionRecord.h)
// is its base, so that the optional parts form one chain of single
// inheritance: GCC finds padding where an empty base follows another base.
template <typename Capacity, bool = Capacity::kPartitionedL2>
struct NearPartitionCopies : ExecutionRecordFor<Capacity> {};

template <typename Capacity>
struct NearPartitionCopies<Capacity, true> : ExecutionRecordFor<Capacity> {
  StoredFor<Capacity> nearCopy[Capacity::kThreads][Capacity::kLocations];  // [CTA][location]
};

// With Capacity::kRecordsExecution, every value held for memory (store
// buffers, queues, caches, memory) carries the write it came from, and the
// state carries the execution graph so far (ExecutionRecord.h); otherwise
// both are absent and cost nothing.
template <typename Capacity>
struct MachineState : NearPartitionCopies<Capacity> {
  using Stored = StoredFor<Capacity>;

  // The widths below hold what the capacity allows.
  static_assert(Capacity::kThreads <= 32, "Barrier::arrived and ::departed have a bit per thread");
  static_assert(Capacity::kRegisters <= 32, "Thread::pendingRegisters has a bit per register");
  static_assert(Capacity::kLocations <= 256, "InFlight::location and Write::location are 8 bits");
  static_assert(Capacity::kThreads <= 256, "Write::requester is thread << 8 | instruction");
  static_assert(kMaxClusterBarriers < 16, "Thread::clusterArrivals and ::clusterWaits are 4 bits");

  // A memory operation issued by a thread and not yet performed.
  struct InFlight {
    std::uint8_t instruction;  // index in the thread's code, plus one (0: slot unused)
    std::uint8_t location;     // a memory access: the location it accesses; 0 otherwise
    std::uint8_t destination;  // register that receives a loaded value
    // A bar.sync that has arrived and waits for the others (BAR-1); a load
    // whose request waits in the SM queue (LoadRequests.h).
    std::uint8_t waiting : 1;
    // A barrier: the number of threads it waits for, at most
    // kBarrierThreadsLimit (a count above the CTA's threads is never met,
    // so every larger count means the same); 0 otherwise.
    std::uint8_t barrierThreads : 7;
    Value value;    // value stored / atomic operand / barrier: its second operand
    Value compare;  // atom.cas: expected value; barrier: its first operand
  };
  static constexpr Value kBarrierThreadsLimit = 127;
  static_assert(kBarrierThreadsLimit > Capacity::kThreads, "a barrier count above every CTA's threads fits");

  // A write on its way up: in a store buffer, an SM queue or a device queue.
  // An SM queue also holds load requests (kWriteIsLoadRequest), which are
  // not writes: they mark where a load waits among the CTA's writes.
  struct Write {
    Stored value;
    std::uint8_t location;
    std::uint8_t flags;       // kWrite* below
    std::uint16_t requester;  // a load request: thread << 8 | instruction (InFlight)

    bool isLoadRequest() const { return (flags & kWriteIsLoadRequest) != 0; }
  };
  // A .cg store under Architecture::cgBypassesL1: it leaves the L1 alone (L1-1).
  static constexpr std::uint8_t kWriteBypassesL1 = 1;
  // A write cumulative at .gpu/.sys (ORD-6): it overtakes nothing in the SM
  // queue (SMQ-3), and under Architecture::partitionedL2 it reaches the L2
  // only when the near-partition copies it depends on are current (PART-3).
  static constexpr std::uint8_t kWriteIsCumulative = 2;
  // Not a write: a load's request, waiting in the SM queue for the L2's
  // answer (LoadRequests.h).
  static constexpr std::uint8_t kWriteIsLoadRequest = 4;
  // In a store buffer, a write through a virtual alias: the L1 line it is
  // written through (PROXY-5), plus one, in the flags' high four bits; zero
  // for the location's own line. The SM queue never sees them (SB-2).
  static constexpr unsigned kWriteLineShift = 4;
  static constexpr std::uint8_t kWriteLineBits = 0xf0;

  struct Thread {
    std::uint8_t pc;
    std::uint8_t inFlightCount;
    std::uint8_t storeBufferLength;
    // barrier.cluster.arrive and .wait performed (CBAR-2); Program.cpp
    // keeps a thread's count within kMaxClusterBarriers.
    std::uint8_t clusterArrivals : 4;
    std::uint8_t clusterWaits : 4;
    std::uint32_t pendingRegisters;  // bit r: a load in flight will write register r
    Value registers[Capacity::kRegisters];
    InFlight inFlight[Capacity::kInFlight];  // in program order
    // Performed stores on their way to the L1, oldest first: the thread
    // reads its own writes here before its CTA can.
    Write storeBuffer[Capacity::kInFlight];
  };

  struct Line {
    Stored value;
    std::int32_t valid;
  };

  // A bit per thread of the test: two bytes where the class has up to 16
  // threads, so that the smaller classes' barriers keep their bytes.
  using ThreadMask = std::conditional_t<(Capacity::kThreads <= 16), std::uint16_t, std::uint32_t>;

  // One instance of a named barrier of a CTA (BAR-1, BAR-2): unused while
  // nobody has arrived. The CTA's instances in use come first, oldest first.
  struct Barrier {
    Value first;
    Value second;           // -1: the instruction gave one operand
    ThreadMask arrived;     // the threads that arrived, a bit each
    ThreadMask departed;    // of those, the threads that went on
    std::int32_t instance;  // recording: the event that opened it (ExecutionRecorder); else 0
  };

  static constexpr std::size_t kCtas = Capacity::kThreads;
  static constexpr std::size_t kDevices = Capacity::kThreads;

  // An asynchronous operation handed to its SM's copy engine (CopyEngine.h):
  // a copy or st.async, the next of its accesses to perform. Unused: zero.
  struct AsyncOperation {
    std::uint8_t thread;       // the thread that issued it
    std::uint8_t instruction;  // index in the thread's code, plus one (0: slot unused)
    std::uint8_t stage;        // CopyEngine's kRead, kWrite or kComplete
    std::uint8_t event;        // recording: its first event in the thread's record; else 0
    Stored value;              // once read: the value it writes
  };
  static constexpr std::size_t kEngineSlots = 4;

  Thread threads[Capacity::kThreads];
  Line l1[kCtas][Capacity::kLocations];
  Write smQueue[kCtas][Capacity::kQueue];
  std::int32_t smQueueLength[kCtas];
  Stored l2[kDevices][Capacity::kLocations];
  Write deviceQueue[kDevices][Capacity::kQueue];
  std::int32_t deviceQueueLength[kDevices];
  Stored memory[Capacity::kLocations];
  Barrier barriers[kCtas][Capacity::kBarriers];
  // Per CTA, its SM's copy engine, oldest first; stored only in the layout
  // of a test with asynchronous operations (StateLayout.h, LAYOUT-7).
  AsyncOperation copyEngine[kCtas][kEngineSlots];
  std::int32_t copyEngineLength[kCtas];
};

static_assert(std::has_unique_object_representations_v<MachineState<SmallCapacity>>);
static_assert(std::has_unique_object_representations_v<MachineState<LargeCapacity>>);
static_assert(std::has_unique_object_representations_v<MachineState<RecordingCapacity>>);
static_assert(std::has_unique_object_representations_v<MachineState<HugeCapacity>>);
static_assert(std::has_unique_object_representations_v<MachineState<PartitionedL2Capacity<HugeCapacity>>>);
static_assert(std::has_unique_object_representations_v<MachineState<PartitionedL2Capacity<SmallCapacity>>>);
static_assert(std::has_unique_object_representations_v<MachineState<PartitionedL2Capacity<LargeCapacity>>>);
static_assert(
    std::has_unique_object_representations_v<MachineState<PartitionedL2Capacity<RecordingCapacity>>>);

// Whether two states are the same, byte for byte: with unique object
// representations (above), equal bytes and equal states are one thing, as
// the fingerprints of the explored states assume.
template <typename Capacity>
bool sameState(const MachineState<Capacity>& left, const MachineState<Capacity>& right) {
  static_assert(std::has_unique_object_representations_v<MachineState<Capacity>>);
  const auto leftBytes = std::as_bytes(std::span(&left, 1));
  const auto rightBytes = std::as_bytes(std::span(&right, 1));
  return std::equal(leftBytes.begin(), leftBytes.end(), rightBytes.begin());
}

}  // namespace opcheck::opsem

// What a test's code can put in ptx-op's counted parts at once: a thread's
// in-flight list and store buffer, an SM queue, a device queue, a CTA's
// barrier instances. Without a backward branch each instruction issued
// once occupies at most one in-flight slot, leaves at most one write in its
// store buffer, puts at most one entry (a write or a load request) in its
// SM queue and one write in its device queue, and opens at most one
// barrier instance. The size class a test runs in holds that much where
// one does (OperationalModel.cpp), so that no queue of a loop-free test is
// ever full, and the test's state layout stores no more (LAYOUT-1 in
// StateLayout.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "opsem/InstructionTraits.h"
#include "opsem/Program.h"

namespace opcheck::opsem {

// What one thread's code can put in flight and in the queues (LAYOUT-1),
// hand to its CTA's copy engine (LAYOUT-7), which registers it writes
// (LAYOUT-4) and what its in-flight entries carry (LAYOUT-5).
struct InstructionCounts {
  std::size_t performedLater = 0;      // accesses, fences, barriers: in-flight entries
  std::size_t accesses = 0;            // SM queue entries: writes and load requests
  std::size_t writes = 0;              // store buffer and device queue entries
  std::size_t engineEvents = 0;        // recorded by the copy engine, past every queue above
  std::size_t engineWrites = 0;        // of them, writes at the L2
  std::size_t barriers = 0;            // barrier instances
  std::uint64_t writtenRegisters = 0;  // a bit per register
  bool carriesValue = false;           // InFlight::value
  bool carriesCompare = false;         // InFlight::compare
  bool reads = false;                  // RecordedEvent::readFrom, valueRead (LAYOUT-6)

  std::size_t recordedEvents() const { return performedLater + engineEvents; }
  std::size_t writesAtTheL2() const { return writes + engineWrites; }
};

InstructionCounts countInstructions(const std::vector<CompiledInstruction>& code);

// The entries one pass over PROGRAM's code can put in each counted part of
// each CTA and device, and the most in each kind of part.
struct QueueDemand {
  std::size_t inFlight = 0;               // a thread's in-flight list
  std::size_t storeBuffer = 0;            // a thread's store buffer
  std::size_t smQueue = 0;                // a CTA's SM queue
  std::size_t deviceQueue = 0;            // a device's queue (LAYOUT-2: none with one device)
  std::vector<std::size_t> ctaAccesses;   // per CTA: its SM queue's entries
  std::vector<std::size_t> ctaBarriers;   // per CTA: its barrier instances
  std::vector<std::size_t> deviceWrites;  // per device: its queue's entries
};

QueueDemand queueDemand(const Program& program);

// Whether the size class CAPACITY holds every entry PROGRAM's code can put
// in its queues: never for code with a backward branch, which can fill any.
template <typename Capacity>
bool holdsEveryQueue(const Program& program) {
  if (program.hasBackwardBranch) {
    return false;
  }
  const QueueDemand demand = queueDemand(program);
  return demand.inFlight <= Capacity::kInFlight && demand.storeBuffer <= Capacity::kInFlight &&
         demand.smQueue <= Capacity::kQueue && demand.deviceQueue <= Capacity::kQueue;
}

}  // namespace opcheck::opsem

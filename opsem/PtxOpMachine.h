// ptx-op: the operational model of a GPU memory system (design.md "The
// operational model ptx-op"), as a statespace::Machine.
//
// Threads issue instructions in program order; a memory instruction becomes
// an in-flight operation that is performed later, so loads may complete out
// of order and stores may overtake earlier loads, unless a dependency, a
// fence, acquire/release semantics or the same address orders them (see
// mustPrecede in PtxOpMachine.cpp). Where an operation is performed follows
// its scope: .cta at the CTA's L1, .gpu at the device's L2, .sys at memory.
// With Architecture::partitionedL2 (and a PartitionedL2Capacity), reads of
// the L2 go through the CTA's near-partition copy (PtxOpMachine.cpp,
// "partitioned L2").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "opsem/Architecture.h"
#include "opsem/MachineState.h"
#include "opsem/Program.h"
#include "statespace/Machine.h"

namespace opcheck::opsem {

// What a transition id says: the kind of step, and on what.
enum class StepKind : std::uint32_t {
  Issue,
  Perform,
  DrainStoreBuffer,
  DrainSmQueue,
  DrainDeviceQueue,
  FillL1,
  FillL2,
  PropagateToPartition,  // a home line's value reaches a CTA's near-partition copy
  RequestLoad,           // a weak .cg/.cv load's request joins the SM queue
};

constexpr std::uint32_t transitionId(StepKind kind, std::uint32_t unit, std::uint32_t index = 0) {
  return static_cast<std::uint32_t>(kind) | unit << 4 | index << 12;
}

template <typename Capacity>
class PtxOpMachine {
 public:
  using State = MachineState<Capacity>;
  using Stored = typename State::Stored;

  // UNROLL bounds the backward jumps a thread may take when the machine
  // records execution graphs (RecordingCapacity); it has no effect otherwise.
  PtxOpMachine(const Program& program, const Architecture& architecture, unsigned unroll = 2);

  State initialState() const;
  bool isFinal(const State& state) const;
  State apply(const State& state, const statespace::Transition& transition) const;

  // Every step checks that it is enabled before it changes anything, so one
  // copy of the state serves all the disabled candidates.
  template <typename Sink>
  void forEachSuccessor(const State& state, Sink&& sink) const {
    State next = state;
    auto offer = [&](std::uint32_t id) {
      if (step(next, id)) {
        sink(statespace::Transition{id, isLocal(id)}, next);
        next = state;
      }
    };
    for (std::uint32_t thread = 0; thread < program_.threads.size(); ++thread) {
      offer(transitionId(StepKind::Issue, thread));
      for (std::uint32_t entry = 0; entry < state.threads[thread].inFlightCount; ++entry) {
        offer(transitionId(StepKind::Perform, thread, entry));
        if (loadRequests_) {
          offer(transitionId(StepKind::RequestLoad, thread, entry));
        }
      }
      if (state.threads[thread].storeBufferLength > 0) {
        offer(transitionId(StepKind::DrainStoreBuffer, thread));
      }
    }
    for (std::uint32_t cta = 0; cta < program_.ctas; ++cta) {
      if (state.smQueueLength[cta] > 0) {
        offer(transitionId(StepKind::DrainSmQueue, cta));
      }
      if (architecture_.l1Fills) {
        for (std::uint32_t location = 0; location < program_.locations; ++location) {
          if (program_.l1Live(cta, location)) {
            offer(transitionId(StepKind::FillL1, cta, location));
          }
        }
      }
    }
    if constexpr (Capacity::kPartitionedL2) {
      for (std::uint32_t cta = 0; cta < program_.ctas; ++cta) {
        for (std::uint32_t location = 0; location < program_.locations; ++location) {
          if (program_.nearCopyLive(cta, location)) {
            offer(transitionId(StepKind::PropagateToPartition, cta, location));
          }
        }
      }
    }
    for (std::uint32_t device = 0; device < program_.devices; ++device) {
      if (state.deviceQueueLength[device] > 0) {
        offer(transitionId(StepKind::DrainDeviceQueue, device));
      }
      if (program_.multipleDevices()) {
        for (std::uint32_t location = 0; location < program_.locations; ++location) {
          if (program_.l2Live(device, location)) {
            offer(transitionId(StepKind::FillL2, device, location));
          }
        }
      }
    }
  }

  // One line for a trace: what the transition did, read off the states
  // before and after it.
  std::string describe(const State& before, const statespace::Transition& transition,
                       const State& after) const;

  // The final value of every register and every (IR) location.
  std::vector<std::vector<Value>> finalRegisters(const State& state) const;
  std::vector<Value> finalMemory(const State& state) const;

  const Program& program() const { return program_; }

 private:
  // Takes step ID in STATE if it is enabled; leaves STATE alone otherwise.
  bool step(State& state, std::uint32_t id) const;
  // Issuing touches only the issuing thread (see issue()): a local step.
  static bool isLocal(std::uint32_t id) { return static_cast<StepKind>(id & 15u) == StepKind::Issue; }
  bool issue(State& state, std::uint32_t thread) const;
  bool perform(State& state, std::uint32_t thread, std::uint32_t entry) const;
  // INDEX is the operation's place in the thread's in-flight list.
  bool performLoad(State& state, std::uint32_t thread, std::uint32_t index) const;
  bool performStore(State& state, std::uint32_t thread, std::uint32_t index) const;
  bool performAtomic(State& state, std::uint32_t thread, std::uint32_t index) const;
  bool performFence(State& state, std::uint32_t thread, std::uint32_t index) const;
  bool performBarrier(State& state, std::uint32_t thread, std::uint32_t index) const;
  bool requestLoad(State& state, std::uint32_t thread, std::uint32_t index) const;
  Stored answerLoadRequest(State& state, std::uint32_t thread, const typename State::InFlight& entry) const;
  // What names the load request of ENTRY, a load of THREAD (Write::requester).
  static std::uint16_t requesterOf(std::uint32_t thread, const typename State::InFlight& entry) {
    return static_cast<std::uint16_t>(thread << 8 | entry.instruction);
  }
  bool drainStoreBuffer(State& state, std::uint32_t thread) const;
  bool drainSmQueue(State& state, std::uint32_t cta) const;
  // The place in CTA's SM queue of the write that may reach the L2 next; -1
  // when none may (see "load requests").
  std::int32_t nextWriteToL2(const State& state, std::uint32_t cta) const;
  bool drainDeviceQueue(State& state, std::uint32_t device) const;
  bool fillL1(State& state, std::uint32_t cta, std::uint32_t location) const;
  bool fillL2(State& state, std::uint32_t device, std::uint32_t location) const;
  bool propagateToPartition(State& state, std::uint32_t cta, std::uint32_t location) const;
  // Partitioned L2: whether, for every location in CTA's causalLines, every live
  // near-partition copy in its device holds the home line's value (always,
  // without partitions).
  bool nearCopiesCurrent(const State& state, std::uint32_t cta) const;
  // Partitioned L2: CTA's copy of LOCATION takes the home line's value, after
  // an access of CTA at the home line (nothing without partitions).
  void refreshNearCopy(State& state, std::uint32_t cta, std::uint32_t location) const;

  bool mustPrecede(std::uint32_t thread, const typename State::InFlight& earlier,
                   const typename State::InFlight& later) const;
  // What CTA reads of LOCATION at the L2, seeing its writes among the first
  // QUEUED entries of its SM queue (all of them when QUEUED is -1).
  Stored readAtL2(const State& state, std::uint32_t cta, std::uint32_t location,
                  std::int32_t queued = -1) const;
  Stored readAtMemory(State& state, std::uint32_t cta, std::uint32_t location) const;
  void acquire(State& state, std::uint32_t cta, litmus::Scope scope) const;
  // Writes to cache lines nobody reads are left out (Program::liveL1Lines).
  void setL1(State& state, std::uint32_t cta, std::uint32_t location, Stored value) const {
    if (program_.l1Live(cta, location)) {
      state.l1[cta][location] = {value, 1};
    }
  }
  void setL2(State& state, std::uint32_t device, std::uint32_t location, Stored value) const {
    if (program_.l2Live(device, location)) {
      state.l2[device][location] = value;
    }
  }
  const CompiledInstruction& instructionOf(std::uint32_t thread,
                                           const typename State::InFlight& entry) const {
    return program_.threads[thread][entry.instruction - 1u];
  }

  // Recording the execution graph (ExecutionRecord.h); each does nothing
  // unless Capacity::kRecordsExecution.
  //
  // Issuing a memory operation, fence or barrier: false when the thread has
  // no room left for the event (the run is then cut).
  bool recordIssue(State& state, std::uint32_t thread) const;
  // A backward jump: false past the unroll bound (the run is then cut).
  bool recordBackwardJump(State& state, std::uint32_t thread) const;
  // Stops THREAD: its run went past the recording bounds.
  void cut(State& state, std::uint32_t thread) const;
  // The event of the operation at INDEX of THREAD's in-flight list.
  EventId eventOf(const State& state, std::uint32_t thread, std::uint32_t index) const;
  int recordedEventIndex(const State& state, std::uint32_t thread, std::uint32_t index) const;
  RecordedEvent* recordedEvent(State& state, std::uint32_t thread, std::uint32_t index) const;
  void recordRead(State& state, std::uint32_t thread, std::uint32_t index, Stored read) const;
  // A write reaching the coherence point of its location.
  void recordCoherence(State& state, std::uint32_t location, Stored write) const;
  void recordFenceSc(State& state, std::uint32_t thread, std::uint32_t index) const;
  // The value written by the operation at INDEX of THREAD, tagged with its event.
  Stored written(const State& state, std::uint32_t thread, std::uint32_t index, Value value) const {
    return makeStored<Stored>(value, eventOf(state, thread, index));
  }

  const Program& program_;
  Architecture architecture_;
  unsigned unroll_;
  // Per thread and instruction, whether a write it makes is cumulative at
  // .gpu/.sys (see the constructor): it overtakes no load request and, with a
  // partitioned L2, waits for every near-partition copy to be current.
  std::vector<std::vector<bool>> cumulativeWrite_;
  // Whether some thread has both a load that may send a request and a .cta
  // fence: without one, no RequestLoad step is offered ("load requests").
  bool loadRequests_ = false;
};

extern template class PtxOpMachine<SmallCapacity>;
extern template class PtxOpMachine<LargeCapacity>;
extern template class PtxOpMachine<RecordingCapacity>;
extern template class PtxOpMachine<PartitionedL2Capacity<SmallCapacity>>;
extern template class PtxOpMachine<PartitionedL2Capacity<LargeCapacity>>;
extern template class PtxOpMachine<PartitionedL2Capacity<RecordingCapacity>>;

}  // namespace opcheck::opsem

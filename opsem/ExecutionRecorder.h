// How the machine records the execution graph of a run (ExecutionRecord.h)
// as it goes: a policy chosen by the size class. The recording class
// (Capacity::kRecordsExecution) records; every other class gets the
// no-op policy, whose calls vanish, so its states are exactly as they would
// be without the feature.
//
// Events are recorded when issued, in program order; an in-flight
// operation's event is the first not yet performed one at its place in the
// list, because both lists keep program order and lose an entry exactly
// when it is performed.
#pragma once

#include <cstdint>
#include <vector>

#include "opsem/MachineState.h"

namespace opcheck::opsem {

template <typename Capacity, bool = Capacity::kRecordsExecution>
class ExecutionRecorder {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;

  ExecutionRecorder(const Program& /*program*/, unsigned /*unroll*/) {}

  bool issue(State&, std::uint32_t /*thread*/) const { return true; }
  std::int32_t issueAsync(State&, std::uint32_t /*thread*/, std::uint32_t /*count*/) const { return 0; }
  Stored writtenAt(const State&, std::uint32_t /*thread*/, std::uint32_t /*event*/, Value value) const {
    return value;
  }
  void readAt(State&, std::uint32_t /*thread*/, std::uint32_t /*event*/, Stored) const {}
  bool backwardJump(State&, std::uint32_t /*thread*/) const { return true; }
  void cut(State&) const {}
  Stored written(const State&, std::uint32_t /*thread*/, std::uint32_t /*index*/, Value value) const {
    return value;
  }
  void performed(State&, std::uint32_t /*thread*/, std::uint32_t /*index*/) const {}
  void read(State&, std::uint32_t /*thread*/, std::uint32_t /*index*/, Stored) const {}
  void coherence(State&, std::uint32_t /*location*/, Stored) const {}
  void fenceSc(State&, std::uint32_t /*thread*/, std::uint32_t /*index*/) const {}
  std::int32_t barrierInstance(const State&, std::uint32_t /*thread*/, std::uint32_t /*index*/) const {
    return 0;
  }
  void barrierArrival(State&, std::uint32_t /*thread*/, std::uint32_t /*index*/, std::int32_t /*instance*/,
                      std::int32_t /*arrivalsBefore*/) const {}
  void barrierPassed(State&, std::uint32_t /*thread*/, std::uint32_t /*index*/,
                     std::int32_t /*arrivalsSeen*/) const {}
};

template <typename Capacity>
class ExecutionRecorder<Capacity, true> {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;

  // UNROLL bounds the backward jumps a thread may take, as --unroll bounds
  // the axiomatic models' paths.
  ExecutionRecorder(const Program& program, unsigned unroll) : unroll_(unroll) {
    // Per thread and instruction, the threads its scope takes in (a bit
    // each), for the Fence-SC order (fenceSc). A .cluster scope is taken as
    // its device: a wider scope makes more pairs morally strong, which only
    // keeps more orders apart.
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      std::vector<std::uint32_t> reach;
      for (const CompiledInstruction& instruction : program.threads[thread]) {
        std::uint32_t threads = 0;
        for (std::size_t other = 0; other < program.threads.size(); ++other) {
          const bool sameCta = program.ctaOf[other] == program.ctaOf[thread];
          const bool sameDevice = program.deviceOf[other] == program.deviceOf[thread];
          const bool within =
              instruction.scope == litmus::Scope::Cta ? sameCta
              : instruction.scope == litmus::Scope::Cluster || instruction.scope == litmus::Scope::Gpu
                  ? sameDevice
                  : true;
          threads |= within ? std::uint32_t{1} << other : 0;
        }
        reach.push_back(threads);
      }
      reach_.push_back(std::move(reach));
    }
  }

  // Issuing a memory operation, fence or barrier: false when the thread has
  // no room left for the event (the run is then cut).
  bool issue(State& state, std::uint32_t thread) const {
    auto& record = state.recordedThreads[thread];
    if (record.eventCount == Capacity::kEventsPerThread) {
      return false;
    }
    // Its readFrom is kNoEvent from the initial state on (LAYOUT-6).
    record.events[record.eventCount++].instruction = static_cast<std::uint8_t>(state.threads[thread].pc + 1);
    return true;
  }

  // Issuing an asynchronous operation or a wait (CopyEngine.h): its COUNT
  // events, marked performed at once, since the copy engine, not the
  // in-flight list, performs them (the in-flight list keeps its one
  // unperformed event per entry). The index of the first; -1 when the
  // thread has no room left (the run is then cut).
  std::int32_t issueAsync(State& state, std::uint32_t thread, std::uint32_t count) const {
    auto& record = state.recordedThreads[thread];
    if (record.eventCount + count > Capacity::kEventsPerThread) {
      return -1;
    }
    const std::int32_t first = record.eventCount;
    for (std::uint32_t at = 0; at < count; ++at) {
      RecordedEvent& event = record.events[record.eventCount++];
      event.instruction = static_cast<std::uint8_t>(state.threads[thread].pc + 1);
      event.performed = 1;
    }
    return first;
  }

  // The value written by THREAD's recorded event EVENT, tagged with it.
  Stored writtenAt(const State&, std::uint32_t thread, std::uint32_t event, Value value) const {
    return TaggedValue{value, eventId<Capacity>(thread, event)};
  }

  void readAt(State& state, std::uint32_t thread, std::uint32_t event, Stored read) const {
    RecordedEvent& recorded = state.recordedThreads[thread].events[event];
    recorded.readFrom = read.writer;
    recorded.valueRead = read.value;
  }

  // A backward jump: false past the unroll bound (the run is then cut).
  bool backwardJump(State& state, std::uint32_t thread) const {
    auto& record = state.recordedThreads[thread];
    if (record.backwardJumps == unroll_) {
      return false;
    }
    ++record.backwardJumps;
    return true;
  }

  // The run went past the recording bounds: it is not an execution of the
  // program and is left out of the check.
  void cut(State& state) const { state.cut = 1; }

  // The value written by the operation at INDEX of THREAD, tagged with its
  // event.
  Stored written(const State& state, std::uint32_t thread, std::uint32_t index, Value value) const {
    return TaggedValue{value, eventOf(state, thread, index)};
  }

  void performed(State& state, std::uint32_t thread, std::uint32_t index) const {
    if (RecordedEvent* event = eventAt(state, thread, index)) {
      event->performed = 1;
    }
  }

  void read(State& state, std::uint32_t thread, std::uint32_t index, Stored read) const {
    if (RecordedEvent* event = eventAt(state, thread, index)) {
      event->readFrom = read.writer;
      event->valueRead = read.value;
    }
  }

  // A write reaching the coherence point of its location.
  void coherence(State& state, std::uint32_t location, Stored write) const {
    std::int32_t& length = state.coherenceLength[location];
    if (length == static_cast<std::int32_t>(Capacity::kWritesPerLocation)) {
      state.cut = 1;  // more writes than the record holds: not checked
      return;
    }
    state.coherence[location][length++] = write.writer;
  }

  // A fence.sc performed. PTX ISA 9.1 8.8.3: the Fence-SC order relates
  // the morally strong pairs of fence.sc; the models read no other pair
  // (axiomcheck/Ptx.cpp narrowToLeastOrders, axiomcheck/DataRaces.cpp), so
  // runs that perform two fences that are not morally strong in either order
  // make one graph. The record keeps, of the orders that keep every morally
  // strong pair as the run performed it, the least by event identity (the
  // lexicographic normal form of the fences as a trace whose dependent
  // letters are the morally strong pairs): the new fence goes after the
  // last fence it is morally strong with, then after every fence of a
  // smaller identity. Without that, each such order would be states of its
  // own.
  void fenceSc(State& state, std::uint32_t thread, std::uint32_t index) const {
    const std::int32_t count = state.fenceScCount;
    if (count == static_cast<std::int32_t>(Capacity::kFenceScs)) {
      state.cut = 1;
      return;
    }
    const int event = eventIndex(state, thread, index);
    const EventId fence = event < 0 ? kNoEvent : eventId<Capacity>(thread, static_cast<std::uint32_t>(event));
    EventId* order = state.fenceScOrder;
    std::int32_t at = count;
    while (at > 0 && (event < 0 || !morallyStrong(state, order[at - 1], thread, event))) {
      --at;
    }
    while (at < count && order[at] < fence) {
      ++at;
    }
    for (std::int32_t later = count; later > at; --later) {
      order[later] = order[later - 1];
    }
    order[at] = fence;
    state.fenceScCount = count + 1;
  }

  // The id of a barrier instance the barrier at INDEX of THREAD opens: its
  // own event. (The other policy gives every instance 0, so that states
  // do not differ by it.)
  std::int32_t barrierInstance(const State& state, std::uint32_t thread, std::uint32_t index) const {
    return eventOf(state, thread, index);
  }

  // A barrier arrives at INSTANCE after ARRIVALSBEFORE others; a bar.arrive
  // does not wait, and a bar.sync sets what it saw when it passes.
  void barrierArrival(State& state, std::uint32_t thread, std::uint32_t index, std::int32_t instance,
                      std::int32_t arrivalsBefore) const {
    if (RecordedEvent* event = eventAt(state, thread, index)) {
      event->barrierInstance = instance;
      event->arrivalIndex = arrivalsBefore;
      event->arrivalsSeen = arrivalsBefore + 1;
    }
  }

  void barrierPassed(State& state, std::uint32_t thread, std::uint32_t index,
                     std::int32_t arrivalsSeen) const {
    if (RecordedEvent* event = eventAt(state, thread, index)) {
      event->arrivalsSeen = arrivalsSeen;
    }
  }

 private:
  // The index in THREAD's record of the event of its in-flight operation
  // INDEX; -1 when there is none.
  static int eventIndex(const State& state, std::uint32_t thread, std::uint32_t index) {
    const auto& record = state.recordedThreads[thread];
    std::uint32_t pending = 0;
    for (std::uint32_t event = 0; event < record.eventCount; ++event) {
      if (!record.events[event].performed && pending++ == index) {
        return static_cast<int>(event);
      }
    }
    return -1;
  }

  static RecordedEvent* eventAt(State& state, std::uint32_t thread, std::uint32_t index) {
    const int event = eventIndex(state, thread, index);
    return event < 0 ? nullptr : &state.recordedThreads[thread].events[event];
  }

  // Whether the recorded fence OTHER and THREAD's recorded event EVENT, a
  // fence, are morally strong (PTX ISA 9.1 8.7): in program order, or each
  // in the other's scope.
  bool morallyStrong(const State& state, EventId other, std::uint32_t thread, int event) const {
    if (other == kNoEvent) {
      return true;
    }
    const auto otherThread = static_cast<std::uint32_t>(other - 1) / Capacity::kEventsPerThread;
    const auto otherEvent = static_cast<std::uint32_t>(other - 1) % Capacity::kEventsPerThread;
    if (otherThread == thread) {
      return true;
    }
    const std::uint32_t instruction = state.recordedThreads[thread].events[event].instruction - 1u;
    const std::uint32_t otherInstruction =
        state.recordedThreads[otherThread].events[otherEvent].instruction - 1u;
    return (reach_[thread][instruction] >> otherThread & 1u) != 0 &&
           (reach_[otherThread][otherInstruction] >> thread & 1u) != 0;
  }

  static EventId eventOf(const State& state, std::uint32_t thread, std::uint32_t index) {
    const int event = eventIndex(state, thread, index);
    return event < 0 ? kNoEvent : eventId<Capacity>(thread, static_cast<std::uint32_t>(event));
  }

  unsigned unroll_;
  std::vector<std::vector<std::uint32_t>> reach_;  // per thread and instruction (fenceSc)
};

}  // namespace opcheck::opsem

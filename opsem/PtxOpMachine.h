// ptx-op: the operational model of a GPU memory system (docs/architecture.md
// "ptx-op"), as a statespace::Machine. The parts of the
// GPU and the rules each follows are in the files Hardware.h lists; this
// class says which steps a state offers, and describes them for traces.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "opsem/Architecture.h"
#include "opsem/Hardware.h"
#include "opsem/MachineState.h"
#include "opsem/Program.h"
#include "statespace/Machine.h"

namespace opcheck::opsem {

// What a transition id says: the kind of step, and on what.
enum class StepKind : std::uint32_t {
  Issue,                 // a thread issues its next instruction (ISSUE-*)
  Perform,               // an in-flight operation is performed (LD-*, ST-*, ATOM-*, FENCE-*, BAR-*)
  DrainStoreBuffer,      // SB-2
  DrainSmQueue,          // SMQ-2
  DrainDeviceQueue,      // DQ-1
  FillL1,                // L1-2, PROXY-1
  FillL2,                // MEM-2
  PropagateToPartition,  // PART-1
  RequestLoad,           // a load's request joins the SM queue (REQ-*)
  CopyEngine,            // an SM's copy engine performs an access (COPY-*)
};

// A transition id: the kind in its low kStepKindBits, then the unit (a
// thread, CTA or device) in kStepUnitBits, then the index (an in-flight
// slot, a queue position, a line or location) in the rest.
inline constexpr unsigned kStepKindBits = 4;
inline constexpr unsigned kStepUnitBits = 8;
inline constexpr unsigned kStepIndexShift = kStepKindBits + kStepUnitBits;
inline constexpr std::uint32_t kStepKindMask = (1u << kStepKindBits) - 1;
inline constexpr std::uint32_t kStepUnitMask = (1u << kStepUnitBits) - 1;
static_assert(static_cast<std::uint32_t>(StepKind::CopyEngine) <= kStepKindMask,
              "every StepKind fits a transition id's kind bits");

constexpr std::uint32_t transitionId(StepKind kind, std::uint32_t unit, std::uint32_t index = 0) {
  return static_cast<std::uint32_t>(kind) | unit << kStepKindBits | index << kStepIndexShift;
}

template <typename Capacity>
class PtxOpMachine {
  // A transition id's unit names a thread, a CTA or a device (as many as
  // threads: MachineState.h); its index an in-flight slot, a queue
  // position, a line or a location.
  static_assert(Capacity::kThreads <= kStepUnitMask + 1,
                "a thread, CTA or device fits a transition id's unit");
  static_assert(std::max({Capacity::kInFlight, Capacity::kQueue, Capacity::kLocations,
                          MachineState<Capacity>::kEngineSlots}) <=
                    (std::uint64_t{1} << (32 - kStepIndexShift)),
                "an in-flight slot, queue position, line or location fits a transition id's index");

 public:
  using State = MachineState<Capacity>;
  using Stored = typename State::Stored;

  // REDUCTIONS says which state-space reductions apply (RED-3 is the
  // explorer's, the others the machine's). UNROLL bounds the backward jumps a
  // thread may take when the machine records execution graphs
  // (RecordingCapacity); it has no effect otherwise.
  PtxOpMachine(const Program& program, const Architecture& architecture, const Reductions& reductions = {},
               unsigned unroll = 2);

  State initialState() const;
  bool isFinal(const State& state) const;
  // RED-3: without a backward branch, no state comes back.
  // RED-3: only a branch back closes a cycle, and it is never local.
  bool localStepsFormNoCycle() const { return true; }
  // forEachSuccessorIn offers the first enabled local step before the rest,
  // and offers every later step as not local.
  bool offersLocalStepFirst() const { return true; }
  State apply(const State& state, const statespace::Transition& transition) const;

  // Every step checks that it is enabled before it changes anything, so one
  // copy of the state serves all the disabled candidates.
  template <typename Sink>
  void forEachSuccessor(const State& state, Sink&& sink) const {
    State next = state;
    forEachSuccessorIn(state, next, sink, [&](State& changed) { changed = state; });
  }

  // forEachSuccessor, the successors built in NEXT, which holds STATE on
  // entry; RESTORE(NEXT) brings it back to STATE after each step taken. A
  // caller that knows which bytes a step can change restores only those
  // (StateLayout.h, statespace/PackedMachine.h).
  template <typename Sink, typename Restore>
  void forEachSuccessorIn(const State& state, State& next, Sink&& sink, Restore&& restore) const {
    const Program& program = hardware_.program;
    bool going = true;  // until the sink has what it needs
    // RED-3: the first enabled local step (an issue but of a branch back,
    // which touches only its thread, or a step RED-4, RED-5, RED-7, RED-8 or RED-10 lets
    // alone), in the order of the loops below, is offered before them all:
    // a sink that follows it alone needs no other successor built. The
    // loops then skip it.
    constexpr std::uint32_t kNone = ~std::uint32_t{0};
    std::uint32_t first = kNone;
    auto offerLocal = [&](std::uint32_t id) {
      if (first != kNone || !step(next, id)) {
        return;
      }
#ifdef OPCHECK_CHECK_INVARIANTS
      requireInvariants(state, id, next);
#endif
      first = id;
      going = statespace::offer(sink, statespace::Transition{id, true}, next);
      restore(next);
    };
    for (std::uint32_t thread = 0; thread < program.threads.size() && first == kNone; ++thread) {
      const typename State::Thread& self = state.threads[thread];
      if (self.pc < program.threads[thread].size() && hardware_.issue.issueAlone(state, thread)) {
        offerLocal(transitionId(StepKind::Issue, thread));
      }
      for (std::uint32_t entry = 0; entry < self.inFlightCount && first == kNone; ++entry) {
        if (hardware_.operations.storeAlone(state, thread, entry)) {
          offerLocal(transitionId(StepKind::Perform, thread, entry));
        }
      }
      if (first == kNone && self.storeBufferLength > 0 && hardware_.storeBuffer.drainAlone(state, thread)) {
        offerLocal(transitionId(StepKind::DrainStoreBuffer, thread));
      }
    }
    for (std::uint32_t device = 0; device < program.devices && first == kNone; ++device) {  // RED-10
      if (state.deviceQueueLength[device] > 0 && hardware_.quiet.appliesToMemory() &&
          hardware_.quiet.memoryDrainAlone(state, device)) {
        offerLocal(transitionId(StepKind::DrainDeviceQueue, device));
      }
    }
    if (first == kNone && hardware_.quiet.applies()) {
      const std::uint32_t quiet = hardware_.quiet.quietLocations(state);  // RED-7
      std::uint32_t owned[Capacity::kThreads];                            // RED-8
      hardware_.quiet.ownedLocations(state, owned);
      for (std::uint32_t cta = 0; cta < program.ctas && first == kNone; ++cta) {
        if ((quiet | owned[cta]) == 0) {
          continue;
        }
        for (std::int32_t at = 0; at < state.smQueueLength[cta] && first == kNone; ++at) {
          const auto index = static_cast<std::uint32_t>(at);
          if (hardware_.quiet.drainAlone(state, cta, index, quiet, owned[cta])) {
            offerLocal(transitionId(StepKind::DrainSmQueue, cta, index));
          }
        }
      }
    }
    auto offer = [&](std::uint32_t id) {
      if (!going || id == first) {
        return;
      }
      if (step(next, id)) {
#ifdef OPCHECK_CHECK_INVARIANTS
        requireInvariants(state, id, next);
#endif
        // Not local: every step RED-3 may follow alone was tried by the
        // first loop, so a local one offered here comes after the one it
        // offered, and a sink that reduces has asked for no more by then.
        going = statespace::offer(sink, statespace::Transition{id, false}, next);
        restore(next);
      } else {
#ifdef OPCHECK_CHECK_INVARIANTS
        // The one copy serves every candidate step (above): a disabled step
        // must leave it as it found it.
        requireUnchanged(state, id, next);
#endif
      }
    };
    for (std::uint32_t thread = 0; thread < program.threads.size(); ++thread) {
      offer(transitionId(StepKind::Issue, thread));
      for (std::uint32_t entry = 0; entry < state.threads[thread].inFlightCount; ++entry) {
        offer(transitionId(StepKind::Perform, thread, entry));
        // REQ-4: a load whose request waits sends no other.
        if (hardware_.loadRequests.offered() && state.threads[thread].inFlight[entry].waiting == 0) {
          offer(transitionId(StepKind::RequestLoad, thread, entry));
        }
      }
      if (state.threads[thread].storeBufferLength > 0) {
        offer(transitionId(StepKind::DrainStoreBuffer, thread));
      }
    }
    for (std::uint32_t cta = 0; cta < program.ctas; ++cta) {
      for (std::int32_t at = 0; at < state.smQueueLength[cta]; ++at) {
        offer(transitionId(StepKind::DrainSmQueue, cta, static_cast<std::uint32_t>(at)));
      }
      for (std::int32_t at = 0; at < state.copyEngineLength[cta]; ++at) {  // COPY-2
        offer(transitionId(StepKind::CopyEngine, cta, static_cast<std::uint32_t>(at)));
      }
      if (hardware_.architecture.l1Fills) {
        for (std::uint32_t line = 0; line < program.lines; ++line) {  // L1-2, PROXY-1
          if (hardware_.l1.kept(cta, line)) {
            offer(transitionId(StepKind::FillL1, cta, line));
          }
        }
      }
    }
    if constexpr (Capacity::kPartitionedL2) {
      for (std::uint32_t cta = 0; cta < program.ctas; ++cta) {
        const std::uint32_t device = program.deviceOfCta[cta];
        for (std::uint32_t location = 0; location < program.locations; ++location) {
          // PART-1 is enabled only where the copy differs from the home line:
          // the others are not tried (a step costs more than the test).
          if (hardware_.l2.nearCopyKept(cta, location) &&
              state.nearCopy[cta][location] != state.l2[device][location]) {
            offer(transitionId(StepKind::PropagateToPartition, cta, location));
          }
        }
      }
    }
    for (std::uint32_t device = 0; device < program.devices; ++device) {
      if (state.deviceQueueLength[device] > 0) {
        offer(transitionId(StepKind::DrainDeviceQueue, device));
      }
      if (program.multipleDevices()) {
        for (std::uint32_t location = 0; location < program.locations; ++location) {
          // MEM-2 is enabled only where the line differs from memory.
          if (hardware_.l2.homeLineKept(device, location) &&
              state.l2[device][location] != state.memory[location]) {
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

  const Program& program() const { return hardware_.program; }
  // The parts and the configuration (for the test's state layout,
  // StateLayout.h).
  const Hardware<Capacity>& hardware() const { return hardware_; }

  // The invariants of the machine's state that STATE breaks (none in a state
  // the machine built: StateInvariants.h). With OPCHECK_CHECK_INVARIANTS
  // every successor is checked as it is built.
  std::vector<BrokenInvariant> brokenInvariants(const State& state) const {
    return hardware_.brokenInvariants(state);
  }

  // STATE, every part of it, a line per thread, CTA, device and memory: for
  // the message of a broken invariant.
  std::string stateText(const State& state) const;

 private:
  // Takes step ID in STATE if it is enabled, then settles the copies the
  // step can have left behind (RED-6); leaves STATE alone otherwise.
  bool step(State& state, std::uint32_t id) const;
  // Step ID alone.
  bool takeStep(State& state, std::uint32_t id) const;
  // Stops the program, naming each broken invariant and the states around
  // step ID, when AFTER breaks one (OPCHECK_CHECK_INVARIANTS).
  void requireInvariants(const State& before, std::uint32_t id, const State& after) const;
  // Stops the program, naming step ID and the bytes it changed, when the
  // step was disabled but AFTER differs from BEFORE (OPCHECK_CHECK_INVARIANTS).
  void requireUnchanged(const State& before, std::uint32_t id, const State& after) const;

  Hardware<Capacity> hardware_;
};

extern template class PtxOpMachine<SmallCapacity>;
extern template class PtxOpMachine<LargeCapacity>;
extern template class PtxOpMachine<HugeCapacity>;
extern template class PtxOpMachine<RecordingCapacity>;
extern template class PtxOpMachine<PartitionedL2Capacity<SmallCapacity>>;
extern template class PtxOpMachine<PartitionedL2Capacity<LargeCapacity>>;
extern template class PtxOpMachine<PartitionedL2Capacity<HugeCapacity>>;
extern template class PtxOpMachine<PartitionedL2Capacity<RecordingCapacity>>;

}  // namespace opcheck::opsem

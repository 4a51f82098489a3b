// A test's own layout of ptx-op's state: which bytes of a MachineState the
// test can ever change, as a list of 4-byte units, so that the explorer stores (hashes,
// copies, queues) only those (statespace/PackedMachine.h). MachineState is
// sized for the largest test of its size class; a test uses the threads,
// CTAs, devices, locations and registers it names, and its queues can hold
// no more than its code can put there. Everything else keeps the bytes of the
// initial state in every state the machine reaches, and unpacking restores
// it from there.
//
// [LAYOUT-1] Counted parts (a thread's in-flight operations and store
//   buffer, an SM queue, a device queue, a CTA's barrier instances) are kept
//   up to what the code can fill without a backward branch (QueueDemand.h
//   counts it); with a backward branch, up to the capacity. Unused slots are
//   zero (INV-8, INV-12, INV-18), so a slot past the bound holds the initial
//   state's zero.
// [LAYOUT-2] With one device, memory keeps the initial values (INV-20) and
//   no device queue is used (INV-18): neither is stored.
// [LAYOUT-3] A cache line the machine does not keep (RED-1) keeps its
//   initial contents (INV-10, INV-15, INV-16) and is not stored.
// [LAYOUT-4] A register no instruction of its thread writes (the first
//   operand of a load, atomic, register operation or setp) keeps its
//   initial value and is not stored.
// [LAYOUT-5] An in-flight entry's value is stored where the thread has a
//   store, atomic, reduction, barrier or an mbarrier wait (InFlight); its
//   compare where it has an atomic or a barrier; a barrier instance's
//   opening event only when the state records the execution.
// [LAYOUT-6] The execution record of a recording run: addRecord.
// [LAYOUT-7] The copy engines (CopyEngine.h) only in a test with
//   asynchronous operations: in every other test they stay empty. An
//   operation handed to the engine counts as the events and writes it
//   records (countInstructions).
//
// The invariant build (OPCHECK_CHECK_INVARIANTS) checks every packed state
// against its wide state, so a layout that forgot a byte the machine writes
// stops the run instead of merging states that differ.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "opsem/Hardware.h"
#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"
#include "opsem/Program.h"
#include "opsem/QueueDemand.h"

namespace opcheck::opsem {

// Every field of a MachineState is 4-byte aligned and a multiple of 4 bytes
// wide, or packed with others into 4 bytes (MachineState.h), so a layout is a
// list of 4-byte units.
using Unit = std::uint32_t;
static_assert(sizeof(MachineState<SmallCapacity>) % sizeof(Unit) == 0 &&
              sizeof(MachineState<LargeCapacity>) % sizeof(Unit) == 0 &&
              sizeof(MachineState<HugeCapacity>) % sizeof(Unit) == 0 &&
              sizeof(MachineState<RecordingCapacity>) % sizeof(Unit) == 0);

template <typename Capacity>
class StateLayout {
 public:
  using State = MachineState<Capacity>;

  // The layout of the states of HARDWARE's program; BASE is the machine's
  // initial state, which holds every byte outside the layout.
  StateLayout(const Hardware<Capacity>& hardware, const State& base) : base_(std::make_unique<State>(base)) {
    addUnits(hardware);
    std::sort(units_.begin(), units_.end());
    units_.erase(std::unique(units_.begin(), units_.end()), units_.end());
  }

  // Bytes a packed state needs, and 64-bit words.
  std::size_t bytes() const { return units_.size() * sizeof(Unit); }
  std::size_t words() const { return (bytes() + 7) / 8; }

  // The units are gathered one by one: a fixed-size memcpy is one move, and
  // most runs of consecutive units are short (a register, a line).
  void pack(const State& state, std::uint64_t* words) const {
    auto* out = reinterpret_cast<unsigned char*>(words);
    const auto* in = reinterpret_cast<const unsigned char*>(&state);
    for (const std::uint32_t unit : units_) {
      std::memcpy(out, in + unit * sizeof(Unit), sizeof(Unit));
      out += sizeof(Unit);
    }
#ifdef OPCHECK_CHECK_INVARIANTS
    requireExact(state, words);
#endif
  }

  void unpack(const std::uint64_t* words, State& state) const {
    std::memcpy(&state, base_.get(), sizeof(State));
    scatter(words, state);
  }

  // WORDS unpacked into a state of the calling thread's, valid until the
  // next view on the thread; editable() is a second such state, to change.
  // Only the layout's units are written: the thread's states hold the base
  // everywhere else as long as they last served this layout (a layout is
  // known by a number no other layout of the process has, not by its
  // address, which a later one may reuse).
  const State& view(const std::uint64_t* words) const { return scratch(0, words); }
  State& editable(const std::uint64_t* words) const { return scratch(1, words); }

  // Packs STATE into WORDS and brings STATE back to the state PARENT
  // packs, in one pass: STATE holds PARENT's state but for a step's
  // changes, which the layout's units hold (the invariant build checks
  // the packing as pack() does).
  void packRestoring(State& state, const std::uint64_t* parent, std::uint64_t* words) const {
#ifdef OPCHECK_CHECK_INVARIANTS
    pack(state, words);
    scatter(parent, state);
#else
    auto* out = reinterpret_cast<unsigned char*>(words);
    const auto* from = reinterpret_cast<const unsigned char*>(parent);
    auto* at = reinterpret_cast<unsigned char*>(&state);
    for (const std::uint32_t unit : units_) {
      std::memcpy(out, at + unit * sizeof(Unit), sizeof(Unit));
      std::memcpy(at + unit * sizeof(Unit), from, sizeof(Unit));
      out += sizeof(Unit);
      from += sizeof(Unit);
    }
#endif
  }

 private:
  State& scratch(std::size_t which, const std::uint64_t* words) const {
    struct Scratch {
      std::uint64_t layout = 0;
      std::unique_ptr<State> state = std::make_unique<State>();
    };
    thread_local Scratch scratches[2];
    Scratch& mine = scratches[which];
    if (mine.layout != identity_) {
      std::memcpy(mine.state.get(), base_.get(), sizeof(State));
      mine.layout = identity_;
    }
    scatter(words, *mine.state);
    return *mine.state;
  }

  void scatter(const std::uint64_t* words, State& state) const {
    const auto* in = reinterpret_cast<const unsigned char*>(words);
    auto* out = reinterpret_cast<unsigned char*>(&state);
    for (const std::uint32_t unit : units_) {
      std::memcpy(out + unit * sizeof(Unit), in, sizeof(Unit));
      in += sizeof(Unit);
    }
  }

  static std::uint64_t newIdentity() {
    static std::atomic<std::uint64_t> last{0};
    return last.fetch_add(1, std::memory_order_relaxed) + 1;
  }

  // Stops the program when STATE differs from what its packed WORDS unpack
  // to: a byte the layout leaves out was written.
  void requireExact(const State& state, const std::uint64_t* words) const {
    State unpacked;
    unpack(words, unpacked);
    if (!sameState(unpacked, state)) {
      std::fputs("opcheck: ptx-op wrote a byte its test's state layout leaves out (opsem/StateLayout.h)\n",
                 stderr);
      std::abort();
    }
  }

  // COUNT parts from FIRST, a part of PROBE (the base state).
  template <typename Part>
  void add(const State& probe, const Part* first, std::size_t count) {
    const auto* origin = reinterpret_cast<const unsigned char*>(&probe);
    const auto offset = static_cast<std::size_t>(reinterpret_cast<const unsigned char*>(first) - origin);
    const std::size_t bytes = sizeof(Part) * count;
    for (std::size_t at = offset / sizeof(Unit); at < (offset + bytes + sizeof(Unit) - 1) / sizeof(Unit);
         ++at) {
      units_.push_back(static_cast<std::uint32_t>(at));
    }
  }

  void addUnits(const Hardware<Capacity>& hardware) {
    const Program& program = hardware.program;
    const State& probe = *base_;
    // LAYOUT-1: what one pass over the code can fill, or the capacity.
    const auto bounded = [&](std::size_t instructions, std::size_t capacity) {
      return program.hasBackwardBranch ? capacity : std::min(instructions, capacity);
    };
    const QueueDemand demand = queueDemand(program);
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      const InstructionCounts counts = countInstructions(program.threads[thread]);
      const typename State::Thread& self = probe.threads[thread];
      // pc, counts, cluster barrier counts, pending registers: the bytes
      // before the registers.
      add(probe, reinterpret_cast<const unsigned char*>(&self),
          static_cast<std::size_t>(reinterpret_cast<const unsigned char*>(&self.registers[0]) -
                                   reinterpret_cast<const unsigned char*>(&self)));
      // LAYOUT-4: the registers the code writes; the others keep their
      // initial values.
      for (std::size_t reg = 0; reg < program.initialRegisters[thread].size(); ++reg) {
        if ((counts.writtenRegisters >> reg & 1u) != 0) {
          add(probe, &self.registers[reg], 1);
        }
      }
      for (std::size_t slot = 0; slot < bounded(counts.performedLater, Capacity::kInFlight); ++slot) {
        const typename State::InFlight& entry = self.inFlight[slot];
        add(probe, &entry.instruction, 4);  // instruction, location, destination, waiting
        if (counts.carriesValue) {          // LAYOUT-5
          add(probe, &entry.value, 1);
        }
        if (counts.carriesCompare) {
          add(probe, &entry.compare, 1);
        }
      }
      add(probe, &self.storeBuffer[0], bounded(counts.writes, Capacity::kInFlight));
    }
    for (std::size_t cta = 0; cta < program.ctas; ++cta) {
      for (std::uint32_t line = 0; line < program.lines; ++line) {
        // LAYOUT-3: a line the machine does not keep stays invalid (INV-10).
        if (hardware.l1.kept(static_cast<std::uint32_t>(cta), line)) {
          add(probe, &probe.l1[cta][line], 1);
        }
      }
      add(probe, &probe.smQueue[cta][0], bounded(demand.ctaAccesses[cta], Capacity::kQueue));
      add(probe, &probe.smQueueLength[cta], 1);
      for (std::size_t slot = 0; slot < bounded(demand.ctaBarriers[cta], Capacity::kBarriers); ++slot) {
        const typename State::Barrier& instance = probe.barriers[cta][slot];
        // LAYOUT-5: the opening event is recorded only by RecordingCapacity.
        add(probe, reinterpret_cast<const unsigned char*>(&instance),
            Capacity::kRecordsExecution
                ? sizeof instance
                : static_cast<std::size_t>(reinterpret_cast<const unsigned char*>(&instance.instance) -
                                           reinterpret_cast<const unsigned char*>(&instance)));
      }
      if (program.asyncOperations) {  // LAYOUT-7
        add(probe, &probe.copyEngine[cta][0], State::kEngineSlots);
        add(probe, &probe.copyEngineLength[cta], 1);
      }
      if constexpr (Capacity::kPartitionedL2) {
        for (std::uint32_t location = 0; location < program.locations; ++location) {
          if (hardware.l2.nearCopyKept(static_cast<std::uint32_t>(cta), location)) {  // LAYOUT-3
            add(probe, &probe.nearCopy[cta][location], 1);
          }
        }
      }
    }
    for (std::size_t device = 0; device < program.devices; ++device) {
      for (std::uint32_t location = 0; location < program.locations; ++location) {
        if (hardware.l2.homeLineKept(static_cast<std::uint32_t>(device), location)) {  // LAYOUT-3
          add(probe, &probe.l2[device][location], 1);
        }
      }
    }
    if (program.multipleDevices()) {  // LAYOUT-2
      for (std::size_t device = 0; device < program.devices; ++device) {
        add(probe, &probe.deviceQueue[device][0], bounded(demand.deviceWrites[device], Capacity::kQueue));
        add(probe, &probe.deviceQueueLength[device], 1);
      }
      add(probe, &probe.memory[0], program.locations);
    }
    if constexpr (Capacity::kRecordsExecution) {
      addRecord(program, probe, bounded);
    }
  }

  // LAYOUT-6: the execution record (RecordingCapacity) of the threads and
  // locations the test has: a thread's events up to what its code performs,
  // of each event the fields its thread's instructions can set (what it
  // read only where the thread reads, the barrier fields only where it has
  // a barrier: the others keep the initial state's, as the recorder sets
  // nothing else), each location's coherence order up to the writes that
  // can reach it, the Fence-SC order up to its fences, as LAYOUT-1 bounds
  // them (the recorder marks a run cut before it passes the capacity).
  template <typename Bounded>
  void addRecord(const Program& program, const State& probe, Bounded bounded) {
    std::size_t writes = 0;
    std::size_t orderingPoints = 0;  // fences, barriers: the Fence-SC order's candidates
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      const InstructionCounts counts = countInstructions(program.threads[thread]);
      writes += counts.writesAtTheL2();
      orderingPoints += counts.performedLater - counts.accesses;
      const auto& record = probe.recordedThreads[thread];
      for (std::size_t event = 0; event < bounded(counts.recordedEvents(), Capacity::kEventsPerThread);
           ++event) {
        const RecordedEvent& fields = record.events[event];
        add(probe, &fields.instruction, 1);  // with performed: one unit
        if (counts.reads) {
          add(probe, &fields.readFrom, 1);
          add(probe, &fields.valueRead, 1);
        }
        if (counts.barriers > 0) {
          add(probe, &fields.barrierInstance, 1);
          add(probe, &fields.arrivalIndex, 1);
          add(probe, &fields.arrivalsSeen, 1);
        }
      }
      add(probe, &record.eventCount, 1);  // with the jump count: one unit
    }
    const std::vector<std::size_t> coherenceBounds = writesPerLocation(program, writes);
    for (std::size_t location = 0; location < program.locations; ++location) {
      add(probe, &probe.coherence[location][0],
          bounded(coherenceBounds[location], Capacity::kWritesPerLocation));
      add(probe, &probe.coherenceLength[location], 1);
    }
    add(probe, &probe.fenceScOrder[0], bounded(orderingPoints, Capacity::kFenceScs));
    add(probe, &probe.fenceScCount, 1);
    add(probe, &probe.cut, 1);
  }

  // Per physical location, the writes that can reach it: the stores,
  // atomics and reductions whose address is fixed (SettledLocations::
  // fixedLocation) and names it. Where a write's address is known only when
  // it issues, or the code has other writers (mbarrier objects,
  // asynchronous operations), every location gets ALL, the program's writes.
  static std::vector<std::size_t> writesPerLocation(const Program& program, std::size_t all) {
    using litmus::InstructionKind;
    std::vector<std::size_t> writes(program.locations, 0);
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      const std::vector<CompiledInstruction>& code = program.threads[thread];
      const std::uint64_t written = SettledLocations<Capacity>::writtenRegisters(code);
      for (const CompiledInstruction& instruction : code) {
        const InstructionKind kind = litmus::kindOf(instruction.opcode);
        if (kind == InstructionKind::Load || isOrderingPoint(instruction.opcode) ||
            kind == InstructionKind::LegacyFence || completesAtIssue(instruction.opcode)) {
          continue;  // writes nothing
        }
        const std::optional<std::size_t> operand = addressOperand(kind);
        const std::optional<std::size_t> location =
            operand ? SettledLocations<Capacity>::fixedLocation(program, thread, written,
                                                                instruction.operands[*operand])
                    : std::nullopt;
        if (!location || *location >= program.locations) {
          return std::vector<std::size_t>(program.locations, all);
        }
        ++writes[*location];
      }
    }
    return writes;
  }

  std::unique_ptr<State> base_;
  const std::uint64_t identity_ = newIdentity();  // for view()
  std::vector<std::uint32_t> units_;              // in the order of the wide state
};

}  // namespace opcheck::opsem

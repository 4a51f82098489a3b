#include "opsem/PtxOpMachine.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "litmus/CanonicalPrinter.h"

namespace opcheck::opsem {

template <typename Capacity>
PtxOpMachine<Capacity>::PtxOpMachine(const Program& program, const Architecture& architecture,
                                     const Reductions& reductions, unsigned unroll)
    : hardware_(program, architecture, reductions, unroll) {}

template <typename Capacity>
typename PtxOpMachine<Capacity>::State PtxOpMachine<Capacity>::initialState() const {
  const Program& program = hardware_.program;
  State state;
  std::memset(&state, 0, sizeof state);
  if constexpr (Capacity::kRecordsExecution) {
    // An event reads nothing until a read says what (ExecutionRecorder.h):
    // the initial state holds that, so that the events of a thread that
    // never reads keep it without a byte of the state changing (LAYOUT-6).
    for (auto& record : state.recordedThreads) {
      for (RecordedEvent& event : record.events) {
        event.readFrom = kNoEvent;
      }
    }
  }
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    const std::vector<Value>& registers = program.initialRegisters[thread];
    for (std::size_t reg = 0; reg < registers.size(); ++reg) {
      state.threads[thread].registers[reg] = registers[reg];
    }
  }
  for (std::size_t location = 0; location < program.locations; ++location) {
    const Stored initial = makeStored<Stored>(program.initialMemory[location], kInitialWrite);
    for (std::size_t device = 0; device < program.devices; ++device) {
      state.l2[device][location] = initial;
    }
    state.memory[location] = initial;
    if constexpr (Capacity::kPartitionedL2) {
      for (std::size_t cta = 0; cta < program.ctas; ++cta) {
        state.nearCopy[cta][location] = initial;
      }
    }
  }
  hardware_.settled.settle(state);  // RED-6
  return state;
}

// Every thread finished, every buffer and queue drained (docs/architecture.md "ptx-op").
template <typename Capacity>
bool PtxOpMachine<Capacity>::isFinal(const State& state) const {
  const Program& program = hardware_.program;
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    const typename State::Thread& self = state.threads[thread];
    if (self.pc < program.threads[thread].size() || self.inFlightCount > 0 || self.storeBufferLength > 0) {
      return false;
    }
  }
  for (std::size_t cta = 0; cta < program.ctas; ++cta) {
    if (state.smQueueLength[cta] > 0 || state.copyEngineLength[cta] > 0) {
      return false;
    }
  }
  for (std::size_t device = 0; device < program.devices; ++device) {
    if (state.deviceQueueLength[device] > 0) {
      return false;
    }
  }
  return true;
}

template <typename Capacity>
typename PtxOpMachine<Capacity>::State PtxOpMachine<Capacity>::apply(
    const State& state, const statespace::Transition& transition) const {
  State next = state;
  step(next, transition.id);
#ifdef OPCHECK_CHECK_INVARIANTS
  requireInvariants(state, transition.id, next);
#endif
  return next;
}

// RED-6: the step's state was settled, so only the copies and lines the
// step can have left behind are settled after it (SettledLocations.h).
template <typename Capacity>
bool PtxOpMachine<Capacity>::step(State& next, std::uint32_t id) const {
  const auto kind = static_cast<StepKind>(id & kStepKindMask);
  const std::uint32_t unit = (id >> kStepKindBits) & kStepUnitMask;
  const std::uint32_t index = id >> kStepIndexShift;
  const SettledLocations<Capacity>& settled = hardware_.settled;
  if (!settled.applies()) {
    return takeStep(next, id);
  }
  const Program& program = hardware_.program;
  // The write a drain moves, read before the step removes it.
  std::uint32_t written = 0;
  std::uint32_t writtenLine = 0;
  if (kind == StepKind::DrainStoreBuffer && next.threads[unit].storeBufferLength > 0) {
    const typename State::Write& write = next.threads[unit].storeBuffer[0];
    const unsigned alias = write.flags >> State::kWriteLineShift;  // PROXY-5
    written = write.location;
    writtenLine = alias == 0 ? write.location : alias - 1u;
  } else if (kind == StepKind::DrainSmQueue && static_cast<std::int32_t>(index) < next.smQueueLength[unit]) {
    written = next.smQueue[unit][index].location;
  } else if (kind == StepKind::DrainDeviceQueue && next.deviceQueueLength[unit] > 0) {
    written = next.deviceQueue[unit][0].location;
  }
  // The instruction a perform completes, read before it leaves the
  // in-flight list.
  const std::uint32_t pc = next.threads[unit].pc;
  const std::uint32_t inFlight = kind == StepKind::Perform && index < next.threads[unit].inFlightCount
                                     ? next.threads[unit].inFlight[index].instruction
                                     : 0;
  if (!takeStep(next, id)) {
    return false;
  }
#ifdef OPCHECK_CHECK_INVARIANTS
  const State before = next;
#endif
  switch (kind) {
    case StepKind::Issue:  // the thread's pc and in-flight list, nothing else
      settled.settleIssue(next, unit, pc);
      break;
    case StepKind::Perform: {
      // A store only joins its thread's store buffer (ST-1); a load changes
      // its CTA's line, SM queue (REQ-2) and with an acquire its L1 (L1-3),
      // and may end its device's reads of a location (RED-9), but a .sys
      // load with several devices reads memory into its device's L2 (MEM-1)
      // and a .sys acquire refreshes a whole device (MEM-3).
      const litmus::InstructionKind performed =
          inFlight == 0 ? litmus::InstructionKind::Fence
                        : litmus::kindOf(program.threads[unit][inFlight - 1u].opcode);
      const bool atMemory = inFlight != 0 && program.multipleDevices() &&
                            program.threads[unit][inFlight - 1u].scope == litmus::Scope::System;
      if (performed == litmus::InstructionKind::Load && !atMemory) {
        settled.settleLoad(next, unit);
      } else if (performed != litmus::InstructionKind::Store) {
        settled.settle(next);  // a fence, atomic or barrier reaches further
      }
      break;
    }
    case StepKind::DrainStoreBuffer:  // SB-2: the CTA's SM queue and line (L1-1)
      settled.settleLine(next, program.ctaOf[unit], written);
      if (writtenLine != written) {
        settled.settleLine(next, program.ctaOf[unit], writtenLine);
      }
      break;
    case StepKind::DrainSmQueue:  // SMQ-2: the home line, the CTA's SM queue
      settled.settleHomeLine(next, program.deviceOfCta[unit], written);
      break;
    case StepKind::FillL2:  // MEM-2: the home line
      settled.settleHomeLine(next, unit, index);
      break;
    case StepKind::CopyEngine:  // a test without RED-6 (Hardware::reductionsFor)
      settled.settle(next);
      break;
    case StepKind::DrainDeviceQueue:  // memory, which the home lines fetch (RED-9)
      settled.settleMemory(next, written);
      break;
    case StepKind::FillL1:  // enabled only where the CTA still loads
    case StepKind::PropagateToPartition:
    case StepKind::RequestLoad:  // a location the CTA loads: its own line and queue
      break;
  }
#ifdef OPCHECK_CHECK_INVARIANTS
  State whole = next;
  settled.settle(whole);
  if (!sameState(whole, next)) {
    std::fputs(("opcheck: ptx-op left a copy unsettled (RED-6, SettledLocations.h) after step " +
                std::to_string(id) + "\nstate after the step:\n" + stateText(before) + "settled:\n" +
                stateText(whole))
                   .c_str(),
               stderr);
    std::abort();
  }
#endif
  return true;
}

template <typename Capacity>
bool PtxOpMachine<Capacity>::takeStep(State& next, std::uint32_t id) const {
  const auto kind = static_cast<StepKind>(id & kStepKindMask);
  const std::uint32_t unit = (id >> kStepKindBits) & kStepUnitMask;
  const std::uint32_t index = id >> kStepIndexShift;
  switch (kind) {
    case StepKind::Issue:
      return hardware_.issue.issue(next, unit);
    case StepKind::Perform:
      return hardware_.operations.perform(next, unit, index);
    case StepKind::DrainStoreBuffer:
      return hardware_.storeBuffer.drain(next, unit);
    case StepKind::DrainSmQueue:
      return hardware_.smQueue.drain(next, unit, index);
    case StepKind::DrainDeviceQueue:
      return hardware_.deviceQueue.drain(next, unit);
    case StepKind::FillL1:
      return hardware_.l1.fill(next, unit, index);
    case StepKind::FillL2:
      return hardware_.memory.refetch(next, unit, index);
    case StepKind::PropagateToPartition:
      return hardware_.l2.propagate(next, unit, index);
    case StepKind::RequestLoad:
      return hardware_.loadRequests.request(next, unit, index);
    case StepKind::CopyEngine:
      return hardware_.copyEngine.step(next, unit, index);
  }
  return false;
}

// --- invariants ------------------------------------------------------------------

template <typename Capacity>
void PtxOpMachine<Capacity>::requireInvariants(const State& before, std::uint32_t id,
                                               const State& after) const {
  const std::vector<BrokenInvariant> broken = hardware_.brokenInvariants(after);
  if (broken.empty()) {
    return;
  }
  // The names first: describing the step reads the broken state.
  std::string message = "opcheck: ptx-op broke an invariant of its state (opsem/StateInvariants.h) in test " +
                        (hardware_.program.test ? hardware_.program.test->name : std::string("?")) +
                        ", step " + std::to_string(id) + ":\n";
  for (const BrokenInvariant& invariant : broken) {
    message += "  " + invariant.name + " (" + invariant.detail + ")\n";
  }
  message += "state before the step:\n" + stateText(before) + "state after the step:\n" + stateText(after);
  std::fputs(message.c_str(), stderr);
  if (hardware_.program.test == nullptr) {
    std::abort();
  }
  std::fputs(("the step: " + describe(before, statespace::Transition{id, false}, after) + "\n").c_str(),
             stderr);
  std::abort();
}

template <typename Capacity>
void PtxOpMachine<Capacity>::requireUnchanged(const State& before, std::uint32_t id,
                                              const State& after) const {
  if (sameState(before, after)) {
    return;
  }
  std::string message = "opcheck: ptx-op changed its state in a disabled step (PtxOpMachine::step) in test " +
                        (hardware_.program.test ? hardware_.program.test->name : std::string("?")) +
                        ", step " + std::to_string(id) + "\nstate before the step:\n" + stateText(before) +
                        "state after the step:\n" + stateText(after);
  std::fputs(message.c_str(), stderr);
  std::abort();
}

template <typename Capacity>
std::string PtxOpMachine<Capacity>::stateText(const State& state) const {
  const Program& program = hardware_.program;
  std::string text;
  const auto number = [](auto value) { return std::to_string(value); };
  const auto writes = [&](const typename State::Write* queue, std::size_t length) {
    std::string list = "[";
    for (std::size_t index = 0; index < length; ++index) {
      const typename State::Write& write = queue[index];
      list += (index ? ", " : "") + std::string(write.isLoadRequest() ? "request " : "") + "loc " +
              number(write.location) + " = " + number(valueOf(write.value)) + " flags " +
              number(write.flags) + (write.requester ? " by " + number(write.requester) : "");
    }
    return list + "]";
  };
  // Lengths are clamped to the capacity, so that a broken count still prints.
  const auto clamped = [](auto length, std::size_t capacity) {
    return std::min(static_cast<std::size_t>(std::max<std::int64_t>(length, 0)), capacity);
  };
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    const typename State::Thread& self = state.threads[thread];
    text += "  thread " + number(thread) + ": pc " + number(self.pc) + ", pending " +
            number(self.pendingRegisters) + ", registers [";
    for (std::size_t reg = 0; reg < Capacity::kRegisters; ++reg) {
      text += (reg ? " " : "") + number(self.registers[reg]);
    }
    text += "], in flight [";
    for (std::size_t index = 0; index < clamped(self.inFlightCount, Capacity::kInFlight); ++index) {
      const typename State::InFlight& entry = self.inFlight[index];
      text += (index ? ", " : "") + std::string("instr ") + number(entry.instruction) + " loc " +
              number(entry.location) + " dest " + number(entry.destination) + " waiting " +
              number(entry.waiting) + " barrier threads " + number(entry.barrierThreads) + " value " +
              number(entry.value) + " compare " + number(entry.compare);
    }
    text += "], store buffer " +
            writes(self.storeBuffer, clamped(self.storeBufferLength, Capacity::kInFlight)) + "\n";
  }
  for (std::size_t cta = 0; cta < program.ctas; ++cta) {
    text += "  CTA " + number(cta) + ": L1 [";
    for (std::size_t location = 0; location < program.lines; ++location) {  // PROXY-1, PROXY-5 after
      const typename State::Line& line = state.l1[cta][location];
      text += (location ? " " : "") + (line.valid ? number(valueOf(line.value)) : std::string("-"));
    }
    text += "], SM queue " + writes(state.smQueue[cta], clamped(state.smQueueLength[cta], Capacity::kQueue));
    if constexpr (Capacity::kPartitionedL2) {
      text += ", near copies [";
      for (std::size_t location = 0; location < program.locations; ++location) {
        text += (location ? " " : "") + number(valueOf(state.nearCopy[cta][location]));
      }
      text += "]";
    }
    text += ", barriers [";
    for (std::size_t slot = 0; slot < Capacity::kBarriers; ++slot) {
      const typename State::Barrier& instance = state.barriers[cta][slot];
      text += (slot ? ", " : "") + number(instance.first) + "/" + number(instance.second) + " arrived " +
              number(instance.arrived) + " departed " + number(instance.departed);
    }
    text += "], copy engine [";
    for (std::size_t slot = 0; slot < clamped(state.copyEngineLength[cta], State::kEngineSlots); ++slot) {
      const typename State::AsyncOperation& operation = state.copyEngine[cta][slot];
      text += (slot ? ", " : "") + std::string("P") + number(operation.thread) + " instr " +
              number(operation.instruction) + " stage " + number(operation.stage) + " value " +
              number(valueOf(operation.value));
    }
    text += "]\n";
  }
  for (std::size_t device = 0; device < program.devices; ++device) {
    text += "  device " + number(device) + ": L2 [";
    for (std::size_t location = 0; location < program.locations; ++location) {
      text += (location ? " " : "") + number(valueOf(state.l2[device][location]));
    }
    text += "], queue " +
            writes(state.deviceQueue[device], clamped(state.deviceQueueLength[device], Capacity::kQueue)) +
            "\n";
  }
  text += "  memory [";
  for (std::size_t location = 0; location < program.locations; ++location) {
    text += (location ? " " : "") + number(valueOf(state.memory[location]));
  }
  return text + "]\n";
}

// --- outcomes and traces --------------------------------------------------------

template <typename Capacity>
std::vector<std::vector<Value>> PtxOpMachine<Capacity>::finalRegisters(const State& state) const {
  const Program& program = hardware_.program;
  std::vector<std::vector<Value>> registers;
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    const std::size_t count = program.initialRegisters[thread].size();
    registers.emplace_back(state.threads[thread].registers, state.threads[thread].registers + count);
  }
  return registers;
}

template <typename Capacity>
std::vector<Value> PtxOpMachine<Capacity>::finalMemory(const State& state) const {
  // Every queue has drained: memory holds the last write with several
  // devices, the one L2 otherwise.
  const Program& program = hardware_.program;
  std::vector<Value> memory;
  for (std::size_t location = 0; location < program.physicalLocation.size(); ++location) {
    const std::uint8_t physical = program.physicalLocation[location];
    memory.push_back(valueOf(program.multipleDevices() ? state.memory[physical] : state.l2[0][physical]));
  }
  return memory;
}

template <typename Capacity>
std::string PtxOpMachine<Capacity>::describe(const State& before, const statespace::Transition& transition,
                                             const State& after) const {
  const Program& program = hardware_.program;
  const auto kind = static_cast<StepKind>(transition.id & 15u);
  const std::uint32_t unit = (transition.id >> 4) & 255u;
  const std::uint32_t index = transition.id >> 12;
  const litmus::Test& test = *program.test;
  auto locationName = [&](std::int32_t physical) {
    for (std::size_t location = 0; location < program.physicalLocation.size(); ++location) {
      if (program.physicalLocation[location] == physical) {
        return test.locations[location].name;
      }
    }
    return std::string("?");
  };
  // An address shows the location it names, as herd prints pointers; an
  // integer shows itself, not the index it may be held by.
  auto valueText = [&](Value value) {
    return isAddress(value) ? locationName(static_cast<std::int32_t>(locationAt(value)))
                            : std::to_string(toLitmusValue(program, value).integer);
  };
  auto instructionText = [&](const typename State::InFlight& entry) {
    return litmus::printInstruction(test, unit, test.threads[unit].instructions[entry.instruction - 1u]);
  };
  const std::string threadName = "P" + std::to_string(unit);
  switch (kind) {
    case StepKind::Issue: {
      const std::uint8_t pc = before.threads[unit].pc;
      return threadName + " issues    " +
             litmus::printInstruction(test, unit, test.threads[unit].instructions[pc]);
    }
    case StepKind::Perform: {
      const typename State::InFlight& entry = before.threads[unit].inFlight[index];
      const litmus::Opcode opcode = test.threads[unit].instructions[entry.instruction - 1u].opcode;
      std::string text = threadName + " performs  " + instructionText(entry);
      if (litmus::readsMemory(opcode)) {
        text += "  -> " + test.threads[unit].registers[entry.destination].name + " = " +
                valueText(after.threads[unit].registers[entry.destination]);
      }
      if (opcode == litmus::Opcode::Load && entry.waiting) {
        text += "  (the L2 answers its request)";
      }
      if (opcode == litmus::Opcode::Barrier &&
          after.threads[unit].inFlightCount == before.threads[unit].inFlightCount) {
        text += "  (arrives and waits)";
      }
      return text;
    }
    case StepKind::DrainStoreBuffer: {
      const typename State::Write& write = before.threads[unit].storeBuffer[0];
      return threadName + " store buffer  " + locationName(write.location) + " = " +
             valueText(valueOf(write.value)) + " reaches the L1 of CTA " +
             std::to_string(program.ctaOf[unit]);
    }
    case StepKind::DrainSmQueue: {
      const typename State::Write& write = before.smQueue[unit][index];
      std::string overtaken;  // what the write passes (REQ-2, SMQ-5)
      for (std::uint32_t at = 0; at < index; ++at) {
        const typename State::Write& ahead = before.smQueue[unit][at];
        overtaken += overtaken.empty() ? "  (ahead of " : ", ";
        overtaken += ahead.isLoadRequest()
                         ? "P" + std::to_string(ahead.requester >> 8) + "'s request for " +
                               locationName(ahead.location)
                         : locationName(ahead.location) + " = " + valueText(valueOf(ahead.value));
      }
      return "CTA " + std::to_string(unit) + " SM queue  " + locationName(write.location) + " = " +
             valueText(valueOf(write.value)) +
             (Capacity::kPartitionedL2 ? " reaches its home partition in the L2 of device "
                                       : " reaches the L2 of device ") +
             std::to_string(program.deviceOfCta[unit]) + (overtaken.empty() ? "" : overtaken + ")");
    }
    case StepKind::DrainDeviceQueue: {
      const typename State::Write& write = before.deviceQueue[unit][0];
      return "device " + std::to_string(unit) + " queue  " + locationName(write.location) + " = " +
             valueText(valueOf(write.value)) + " reaches memory";
    }
    case StepKind::FillL1: {
      const Program& program = hardware_.program;
      const std::string filled = valueText(valueOf(after.l1[unit][index].value)) + " from the L2";
      const std::string location = locationName(program.lineLocation[index]);
      switch (program.lineKind[index]) {
        case LineKind::Own:
          break;
        case LineKind::Alias:  // PROXY-5
          return "CTA " + std::to_string(unit) + " L1 fills the line of alias " +
                 program.test->locations[program.lineKey[index]].name + " = " + filled;
        case LineKind::Constant:  // PROXY-1
          return "CTA " + std::to_string(unit) + " constant cache fills " + location + " = " + filled;
        case LineKind::Texture:  // PROXY-1
          return "CTA " + std::to_string(unit) + " texture cache fills " + location + " = " + filled;
      }
      return "CTA " + std::to_string(unit) + " L1 fills " + location + " = " + filled;
    }
    case StepKind::FillL2:
      return "device " + std::to_string(unit) + " L2 fetches " +
             locationName(static_cast<std::int32_t>(index)) + " = " +
             valueText(valueOf(after.l2[unit][index])) + " from memory";
    case StepKind::CopyEngine:
      return hardware_.copyEngine.describe(before, unit, index);
    case StepKind::RequestLoad:
      return threadName + " requests  " + instructionText(before.threads[unit].inFlight[index]) +
             "  (the request waits in the SM queue of CTA " + std::to_string(program.ctaOf[unit]) + ")";
    case StepKind::PropagateToPartition:
      if constexpr (Capacity::kPartitionedL2) {
        return "CTA " + std::to_string(unit) + " near L2 partition's copy of " +
               locationName(static_cast<std::int32_t>(index)) + " = " +
               valueText(valueOf(after.nearCopy[unit][index])) + " from its home partition";
      }
      break;
  }
  return {};
}

template class PtxOpMachine<SmallCapacity>;
template class PtxOpMachine<LargeCapacity>;
template class PtxOpMachine<HugeCapacity>;
template class PtxOpMachine<RecordingCapacity>;
template class PtxOpMachine<PartitionedL2Capacity<SmallCapacity>>;
template class PtxOpMachine<PartitionedL2Capacity<LargeCapacity>>;
template class PtxOpMachine<PartitionedL2Capacity<HugeCapacity>>;
template class PtxOpMachine<PartitionedL2Capacity<RecordingCapacity>>;

static_assert(statespace::Machine<PtxOpMachine<SmallCapacity>>);
static_assert(statespace::Machine<PtxOpMachine<PartitionedL2Capacity<SmallCapacity>>>);

}  // namespace opcheck::opsem

// Hopper's copy engine: per SM (a CTA here), the hardware that performs the
// asynchronous operations (litmus/AsyncOperations.h, PTX ISA 9.1 8.9.1.1,
// 9.7.9.25, 9.7.9.12) through its own path, beside the threads' store
// buffers, the L1 and the SM queue. Its queue is MachineState::copyEngine,
// stored only for tests that have asynchronous operations (LAYOUT-7).
//
// [COPY-1] Issuing a copy (cp.async.bulk, cp.async) or st.async waits until
//   its thread has nothing in flight ("ordered after prior instructions in
//   the same thread", 8.9.1.1) and its CTA's engine has a free slot, then
//   hands the operation to the engine; the thread goes on at once, so its
//   later instructions are not ordered after the operation ("not part of
//   the program order for that thread"). st.async's value is read at issue.
// [COPY-2] The engine performs an operation's accesses in order, read then
//   write ("the loads and stores performed as part of a cp.async are ordered
//   with respect to each other"), the operations of its queue in any order.
//   It reads the source at its L2 home line and writes the destination
//   there, never through a store buffer, an L1 or an SM queue; the write
//   also updates the valid L1 lines and the near-partition copies of the
//   location in every CTA, since the destination is shared memory of an SM,
//   which the test does not name (docs/models.md "ptx-op"): stronger than
//   the hardware, so sound. A write at the L2 is where the location's
//   coherence order takes it.
// [COPY-3] The accesses of cp.async and st.async are the generic proxy's
//   (9.7.9.25.2 puts only the bulk copies in the async proxy), so they are
//   morally strong with their thread's accesses before them in program
//   order (8.7): each waits until its thread's store buffer and its CTA's
//   SM queue are empty, so that an earlier write of the thread is at the L2
//   first (SC per location, 8.10.5). A bulk copy's accesses wait for
//   neither: a generic store before it may still be on its way, which is
//   why "fence.proxy.async should be used" (9.7.9.25.2).
// [COPY-4] fence.proxy.async waits for its thread's earlier operations
//   (ORD-1; it passes no load request, REQ-6, so earlier loads have their
//   values) and until its thread's store buffer and its CTA's SM queue are
//   empty: the generic writes before it are at the L2, where the engine
//   reads the operations issued after it. The uni-directional
//   fence.proxy.async::generic runs as it (opsem/Program.cpp), a stronger
//   fence than the one direction and state space it orders (PTX ISA 9.1
//   9.7.13.4).
// [COPY-5] An operation completed through an mbarrier (.mbarrier::
//   complete_tx::bytes, st.async) ends with the complete-tx, once its write
//   has landed: a release reduction at .cluster scope (9.7.9.12, 9.7.9.25.2)
//   of the bytes moved (litmus::kBulkCopyBytes, st.async's type) on the
//   mbarrier's L2 home line, performed as ATOM-1 performs one: once the
//   issuing thread's store buffer and its CTA's SM queue are empty (the
//   writes before it in program order are at the L2) and the CTA's
//   near-partition copies are current (PART-3), refreshing its CTA's copy
//   and L1 line (PART-2, L1-4). The write landed at the L2 and the L1 lines before, so
//   the implicit generic-async proxy fence that precedes the complete-tx
//   needs nothing more.
// [COPY-6] A wait (cp.async.bulk.wait_group{.read} N, cp.async.wait_group
//   N, cp.async.wait_all) is issued once every copy of the groups it awaits
//   (CompiledInstruction::readAwaitedBy, writeAwaitedBy: the groups as
//   Program.cpp reads them off the code) has performed its write, or with
//   .read its read: the thread's later instructions then come after those
//   accesses (9.7.9.25.3.3, 9.7.9.25.6.2). A bulk wait that completes
//   something puts the implicit generic-async proxy fence after them, and
//   waits as COPY-4 does, with nothing in flight. A commit does nothing at
//   run time: the groups are the program's.
// [COPY-8] cp.async.mbarrier.arrive{.noinc} is handed over as COPY-1 says.
//   Without .noinc, issuing it first increments the mbarrier's pending
//   count, counted as an expect-tx of one (litmus/AsyncOperations.h), at
//   the mbarrier's home line as COPY-5 performs a complete-tx. Its
//   arrive-on (without .noinc, the complete-tx of that transaction) is
//   performed as COPY-5's, once no cp.async its thread issued before it is
//   in the engine: "upon the completion of all prior cp.async operations
//   initiated by the executing thread" (9.7.13.15.15).
// [COPY-9] cp.reduce.async.bulk and red.async write their destination as
//   an atomic update at its home line, reading the old value and writing
//   the new one in one step (their .relaxed.gpu and .relaxed.cluster
//   reductions, 9.7.9.25.4.2, 9.7.13.7), where the location's coherence
//   order takes it.
//
// [COPY-10] The release forms of st.async and red.async (to global memory,
//   9.7.9.12, 9.7.13.7: "a strong memory operation with .release semantics
//   at the scope specified by .scope") complete through no mbarrier: the
//   engine writes them at the L2 as COPY-3 says, once also its CTA's
//   near-partition copies are current, as a release does (PART-3): the
//   thread's earlier operations performed (COPY-1) and its writes at the L2
//   before, which is the release of a device's scopes.
//
// Invariants (StateInvariants.h):
// [INV-21] A CTA's engine holds at most kEngineSlots operations, its unused
//   slots zero; a CTA the program lacks has none.
// [INV-22] An operation in an engine is a copy or st.async of a thread of
//   its CTA, at a stage it can reach (a st.async never reads).
#pragma once

#include <cstdint>
#include <string>

#include "litmus/AsyncOperations.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/InstructionSemantics.h"
#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"
#include "opsem/QueueOperations.h"
#include "opsem/StateInvariants.h"
#include "opsem/ValueOperations.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class CopyEngine {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;
  using Operation = typename State::AsyncOperation;

  // An operation's stages (Operation::stage), in the order COPY-2 and
  // COPY-5 perform them.
  static constexpr std::uint8_t kRead = 1;
  static constexpr std::uint8_t kWrite = 2;
  static constexpr std::uint8_t kComplete = 3;

  explicit CopyEngine(const Hardware<Capacity>& hardware) : hardware_(hardware) {}

  // Whether INSTRUCTION is handed to the engine (COPY-1), or waits for what
  // it holds (COPY-6).
  static bool handedOver(const CompiledInstruction& instruction) {
    const litmus::InstructionKind kind = litmus::kindOf(instruction.opcode);
    return kind == litmus::InstructionKind::AsyncCopy || kind == litmus::InstructionKind::AsyncStore;
  }

  // COPY-1: THREAD issues the copy or st.async at its program counter.
  bool handOver(State& state, std::uint32_t thread) const {
    typename State::Thread& self = state.threads[thread];
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    if (self.inFlightCount != 0 || state.copyEngineLength[cta] == static_cast<std::int32_t>(kSlots)) {
      return false;
    }
    const CompiledInstruction& instruction = hardware_.program.threads[thread][self.pc];
    const bool increments = instruction.opcode == litmus::Opcode::AsyncMbarrierArrive;
    if (increments && (!drained(state, thread) || !hardware_.l2.nearCopiesCurrent(state, cta))) {
      return false;  // COPY-8, as COPY-5
    }
    const std::int32_t event = hardware_.recorder.issueAsync(state, thread, eventsOf(instruction));
    if (event < 0) {
      return cut(state, thread);
    }
    if (increments) {
      updateMbarrier(state, thread, self.pc, static_cast<std::uint32_t>(event),
                     litmus::Operation::MbarrierExpectTx);  // COPY-8
    }
    Operation& operation = state.copyEngine[cta][state.copyEngineLength[cta]++];
    operation.thread = static_cast<std::uint8_t>(thread);
    operation.instruction = static_cast<std::uint8_t>(self.pc + 1);
    operation.event = static_cast<std::uint8_t>(event);
    if (litmus::isAsyncMbarrierArrive(instruction.opcode)) {
      operation.stage = kComplete;  // COPY-8
    } else if (isStore(instruction)) {
      const CompiledOperand& value = instruction.operands[1];
      operation.value = makeStored<Stored>(
          value.kind == CompiledOperand::Kind::Register ? self.registers[value.value] : value.value,
          kNoEvent);
      operation.stage = kWrite;
    } else {
      operation.stage = kRead;
    }
    ++self.pc;
    return true;
  }

  // COPY-6: THREAD issues the wait at its program counter.
  bool await(State& state, std::uint32_t thread) const {
    typename State::Thread& self = state.threads[thread];
    const Program& program = hardware_.program;
    const std::uint32_t cta = program.ctaOf[thread];
    const CompiledInstruction& wait = program.threads[thread][self.pc];
    const auto self_ = static_cast<std::uint8_t>(self.pc + 1);
    const auto awaitedBy = [&](std::uint8_t by) { return by != 0 && by <= self_; };
    for (std::int32_t slot = 0;
         slot < state.copyEngineLength[cta] && !hardware_.architecture.brokenWaitGroupSkipsCopies; ++slot) {
      const Operation& operation = state.copyEngine[cta][slot];
      if (operation.thread != thread) {
        continue;
      }
      const CompiledInstruction& copy = program.threads[thread][operation.instruction - 1u];
      if (awaitedBy(copy.writeAwaitedBy) || (awaitedBy(copy.readAwaitedBy) && operation.stage == kRead)) {
        return false;
      }
    }
    if (wait.awaitFence) {
      if (self.inFlightCount != 0 || !drained(state, thread)) {
        return false;  // COPY-4
      }
      if (hardware_.recorder.issueAsync(state, thread, 1) < 0) {
        return cut(state, thread);
      }
    }
    ++self.pc;
    return true;
  }

  // COPY-4: the fence.proxy.async of THREAD, its earlier operations
  // performed (ORD-1).
  bool fence(const State& state, std::uint32_t thread) const {
    return hardware_.architecture.brokenAsyncFenceSkipsDrain || drained(state, thread);
  }

  // COPY-2, COPY-3, COPY-5: the step in which CTA's engine performs the
  // next access of the operation at SLOT.
  bool step(State& state, std::uint32_t cta, std::uint32_t slot) const {
    if (static_cast<std::int32_t>(slot) >= state.copyEngineLength[cta]) {
      return false;
    }
    Operation& operation = state.copyEngine[cta][slot];
    const std::uint32_t thread = operation.thread;
    const CompiledInstruction& instruction = hardware_.program.threads[thread][operation.instruction - 1u];
    const bool generic = instruction.proxy != litmus::Proxy::Async;
    const bool completes = completesTx(instruction);
    const bool early = hardware_.architecture.brokenCompleteTxBeforeWrite;
    switch (operation.stage) {
      case kRead:
        if (generic && !drained(state, thread)) {
          return false;  // COPY-3
        }
        read(state, operation);
        operation.stage = completes && early ? kComplete : kWrite;
        return true;
      case kWrite:
        if ((generic && !drained(state, thread)) || (instruction.semantics == litmus::Semantics::Release &&
                                                     !hardware_.l2.nearCopiesCurrent(state, cta))) {
          return false;  // COPY-3, COPY-10, PART-3
        }
        write(state, operation);
        if (completes && !early) {
          operation.stage = kComplete;
          return true;
        }
        break;
      case kComplete:
        if (!drained(state, thread) || !hardware_.l2.nearCopiesCurrent(state, cta) ||
            copiesBefore(state, cta, slot)) {
          return false;  // COPY-5, PART-3, COPY-8
        }
        completeTx(state, operation);
        if (early) {
          operation.stage = kWrite;
          return true;
        }
        break;
      default:
        return false;
    }
    removeAt(state.copyEngine[cta], state.copyEngineLength[cta], slot);
    return true;
  }

  bool empty(const State& state, std::uint32_t cta) const { return state.copyEngineLength[cta] == 0; }

  // What the trace says of the step at SLOT of CTA's engine, read off the
  // state before it.
  std::string describe(const State& before, std::uint32_t cta, std::uint32_t slot) const {
    const Operation& operation = before.copyEngine[cta][slot];
    const std::string stage = operation.stage == kRead    ? "reads the source of"
                              : operation.stage == kWrite ? "writes the destination of"
                                                          : "signals the mbarrier of";
    const litmus::Test& test = *hardware_.program.test;
    return "CTA " + std::to_string(cta) + " copy engine " + stage + "  " +
           litmus::printInstruction(test, operation.thread,
                                    test.threads[operation.thread].instructions[operation.instruction - 1u]);
  }

  // INV-21, INV-22.
  void checkInvariants(const State& state, InvariantCheck& check) const {
    const Program& program = hardware_.program;
    for (std::size_t cta = 0; cta < State::kCtas; ++cta) {
      const std::int32_t length = state.copyEngineLength[cta];
      const auto where = [&] { return at("CTA", cta) + ": length " + std::to_string(length); };
      const bool within =
          length >= 0 && length <= static_cast<std::int32_t>(kSlots) && (cta < program.ctas || length == 0);
      check.require(
          within && unusedSlotsZero(state.copyEngine[cta], static_cast<std::size_t>(within ? length : 0)),
          "INV-21 a copy engine within capacity, unused slots zero", where);
      for (std::int32_t slot = 0; within && slot < length; ++slot) {
        const Operation& operation = state.copyEngine[cta][slot];
        const bool named = operation.thread < program.threads.size() &&
                           program.ctaOf[operation.thread] == cta && operation.instruction >= 1 &&
                           operation.instruction <= program.threads[operation.thread].size() &&
                           handedOver(program.threads[operation.thread][operation.instruction - 1u]);
        const bool reachable = named && operation.stage >= kRead && operation.stage <= kComplete &&
                               !(operation.stage == kRead &&
                                 isStore(program.threads[operation.thread][operation.instruction - 1u]));
        check.require(reachable,
                      "INV-22 an engine's operation is a copy or st.async of its CTA at a stage it reaches",
                      [&] { return where() + ", slot " + std::to_string(slot); });
      }
    }
  }

 private:
  static constexpr std::size_t kSlots = State::kEngineSlots;

  // st.async and red.async; cp.async.mbarrier.arrive is of their kind but
  // writes nothing but the mbarrier.
  static bool isStore(const CompiledInstruction& instruction) {
    return litmus::kindOf(instruction.opcode) == litmus::InstructionKind::AsyncStore &&
           !litmus::isAsyncMbarrierArrive(instruction.opcode);
  }
  static bool completesTx(const CompiledInstruction& instruction) {
    return litmus::isAsyncMbarrierArrive(instruction.opcode) ||
           instruction.completion == litmus::Completion::MbarrierCompleteTx;
  }
  // The events the ptx model gives the operation (axiomcheck/ThreadPaths.cpp),
  // an atomic update one event: a copy's read and write (a reduction's
  // update), then with an mbarrier the implicit proxy fence and the
  // complete-tx; st.async's write (red.async's update) and complete-tx;
  // cp.async.mbarrier.arrive's increment without .noinc, then its arrive-on.
  static std::uint32_t eventsOf(const CompiledInstruction& instruction) {
    if (litmus::isAsyncMbarrierArrive(instruction.opcode)) {
      return instruction.opcode == litmus::Opcode::AsyncMbarrierArrive ? 2 : 1;
    }
    if (isStore(instruction)) {
      return completesTx(instruction) ? 2 : 1;
    }
    return completesTx(instruction) ? 4 : 2;
  }
  // The recorded events of OPERATION's write and complete-tx.
  static std::uint32_t writeEvent(const CompiledInstruction& instruction, const Operation& operation) {
    return operation.event + (isStore(instruction) ? 0u : 1u);
  }
  static std::uint32_t completeEvent(const CompiledInstruction& instruction, const Operation& operation) {
    return operation.event + eventsOf(instruction) - 1u;
  }

  // COPY-8: a cp.async the thread of the operation at SLOT issued before it
  // is still in CTA's engine (the engine keeps them oldest first).
  bool copiesBefore(const State& state, std::uint32_t cta, std::uint32_t slot) const {
    const Operation& operation = state.copyEngine[cta][slot];
    const CompiledInstruction& instruction =
        hardware_.program.threads[operation.thread][operation.instruction - 1u];
    if (!litmus::isAsyncMbarrierArrive(instruction.opcode) ||
        hardware_.architecture.brokenAsyncArriveSkipsCopies) {
      return false;
    }
    for (std::uint32_t earlier = 0; earlier < slot; ++earlier) {
      const Operation& other = state.copyEngine[cta][earlier];
      const CompiledInstruction& copy = hardware_.program.threads[other.thread][other.instruction - 1u];
      if (other.thread == operation.thread &&
          litmus::kindOf(copy.opcode) == litmus::InstructionKind::AsyncCopy &&
          copy.proxy != litmus::Proxy::Async) {
        return true;
      }
    }
    return false;
  }

  // COPY-3, COPY-4, COPY-5: THREAD's writes are at the L2.
  bool drained(const State& state, std::uint32_t thread) const {
    return hardware_.storeBuffer.empty(state, thread) &&
           hardware_.smQueue.empty(state, hardware_.program.ctaOf[thread]);
  }

  std::uint32_t device(std::uint32_t thread) const { return hardware_.program.deviceOf[thread]; }

  // COPY-2: the source at its home line.
  void read(State& state, Operation& operation) const {
    const CompiledInstruction& instruction =
        hardware_.program.threads[operation.thread][operation.instruction - 1u];
    const auto source = static_cast<std::uint32_t>(instruction.operands[1].value);
    operation.value = hardware_.l2.homeLine(state, device(operation.thread), source);
    hardware_.recorder.readAt(state, operation.thread, operation.event, operation.value);
  }

  // COPY-2: the destination at its home line and in the L1 lines that hold it.
  void write(State& state, const Operation& operation) const {
    const Program& program = hardware_.program;
    const CompiledInstruction& instruction = program.threads[operation.thread][operation.instruction - 1u];
    const auto destination = static_cast<std::uint32_t>(instruction.operands[0].value);
    const std::uint32_t event = writeEvent(instruction, operation);
    Value value = valueOf(operation.value);
    if (litmus::isAsyncReduction(instruction.opcode)) {
      // COPY-9: the update of the destination at its home line.
      const Stored old = hardware_.l2.homeLine(state, device(operation.thread), destination);
      hardware_.recorder.readAt(state, operation.thread, event, old);
      value = update(program, instruction.operation, valueOf(old), value, instruction.type, operation.thread,
                     operation.instruction - 1u);
    }
    const Stored written = hardware_.recorder.writtenAt(state, operation.thread, event, value);
    hardware_.l2.setHomeLine(state, device(operation.thread), destination, written);
    hardware_.recorder.coherence(state, destination, written);
    for (std::uint32_t cta = 0; cta < program.ctas; ++cta) {
      hardware_.l2.refreshNearCopy(state, cta, destination);  // PART-2
      if (hardware_.l1.line(state, cta, destination).valid) {
        hardware_.l1.refresh(state, cta, destination, written);
      }
    }
  }

  // COPY-5, COPY-8: the complete-tx on the mbarrier, the operation's last
  // operand, or cp.async.mbarrier.arrive's arrive-on.
  void completeTx(State& state, const Operation& operation) const {
    const CompiledInstruction& instruction =
        hardware_.program.threads[operation.thread][operation.instruction - 1u];
    const bool arrive = instruction.opcode == litmus::Opcode::AsyncMbarrierArriveNoInc;
    updateMbarrier(state, operation.thread, operation.instruction - 1u, completeEvent(instruction, operation),
                   arrive ? litmus::Operation::MbarrierArrive : litmus::Operation::MbarrierCompleteTx);
  }

  // OPERATION (complete-tx, expect-tx, arrive-on) of the bytes or the one
  // transaction the instruction at AT of THREAD counts, on its mbarrier (its
  // last operand) at the home line, recorded as EVENT; then the CTA's copy
  // and L1 line (PART-2, L1-4).
  void updateMbarrier(State& state, std::uint32_t thread, std::uint32_t at, std::uint32_t event,
                      litmus::Operation operation) const {
    const Program& program = hardware_.program;
    const CompiledInstruction& instruction = program.threads[thread][at];
    const std::uint32_t cta = program.ctaOf[thread];
    const auto mbarrier = static_cast<std::uint32_t>(instruction.operands.back().value);
    const Stored old = hardware_.l2.homeLine(state, device(thread), mbarrier);
    hardware_.recorder.readAt(state, thread, event, old);
    Value count = static_cast<Value>(litmus::kBulkCopyBytes);
    if (litmus::isAsyncMbarrierArrive(instruction.opcode)) {
      count = operation == litmus::Operation::MbarrierArrive ? 0 : 1;
    } else if (isStore(instruction)) {
      count = static_cast<Value>(litmus::bitsOf(instruction.type) / 8);
    }
    const Stored result = hardware_.recorder.writtenAt(
        state, thread, event,
        update(program, operation, valueOf(old), count, litmus::DataType::B64, thread, at));
    hardware_.l2.setHomeLine(state, device(thread), mbarrier, result);
    hardware_.recorder.coherence(state, mbarrier, result);
    hardware_.l2.refreshNearCopy(state, cta, mbarrier);  // PART-2
    hardware_.l1.refresh(state, cta, mbarrier, result);  // L1-4
  }

  // The run went past the recording bounds: THREAD stops.
  bool cut(State& state, std::uint32_t thread) const {
    hardware_.recorder.cut(state);
    state.threads[thread].pc = static_cast<std::uint8_t>(hardware_.program.threads[thread].size());
    return true;
  }

  const Hardware<Capacity>& hardware_;
};

}  // namespace opcheck::opsem

// What performing each kind of memory operation does to the memory system:
// loads, stores, atomics and reductions, fences and barriers. Where an
// operation is performed follows its scope (.cta at the L1,
// .gpu at the L2, .sys at memory: docs/architecture.md "ptx-op"); when it may be performed is
// PerformOrder.h's question.
//
// [LD-1] Where a load reads: its thread's own newest buffered write first
//   (SB-1); else, when it sent a request, the L2's answer (REQ-2); else a
//   weak or .cta load reads its CTA's L1 (filling a missing line from the
//   L2), but .cg/.cv loads read the L2 (seed 000 Sec. 2); a .gpu load reads
//   the L2 and a .sys load with several devices memory (MEM-1), refreshing
//   the L1 line (L1-4). A read at the L2 waits while a request of its CTA
//   for the location waits (REQ-7).
// [LD-2] An acquire load is then an acquire at its scope (ACQ-1).
// [ST-1] A performed store joins its thread's store buffer (SB-1), marked
//   cumulative when it is (ORD-6) and, on Fermi, when a .cg store bypasses
//   the L1 (L1-1).
// [ATOM-1] Atomics and reductions are performed at the L2's home line, or
//   at memory for .sys with several devices (docs/architecture.md
//   "ptx-op"), once the thread's
//   store buffer and the CTA's SM queue are empty, so that no release or
//   program order is overtaken, and (PART-3) once a cumulative one's
//   near-partition copies are current. A failing atom.cas writes nothing.
// [ATOM-2] A .cta atomic is performed at the L2 as well, so that .cta and
//   .gpu atomics of one CTA, which are morally strong, stay atomic with each
//   other (docs/architecture.md "ptx-op"). Its CTA's line and near copy are refreshed (L1-4,
//   PART-2); an acquire atomic is then an acquire (ACQ-1).
// [FENCE-1] Every fence waits for its thread's earlier operations (ORD-1)
//   and is an acquire at its scope (ACQ-1).
// [FENCE-2] A fence.sc also waits until its thread's store buffer is empty,
//   and a .gpu/.sys fence.sc until its CTA's SM queue (and with several
//   devices, for .sys, its device's queue) is empty and the near-partition
//   copies are current (PART-5): a fence.sc whose writes have only reached
//   the L1 does not forbid SB across CTAs (docs/architecture.md "ptx-op"). Its place among the
//   fence.sc is its place in Fence-SC order.
// [ACQ-1] An acquire at .gpu/.sys invalidates the CTA's L1 (L1-3); at .sys
//   with several devices it also brings memory into the device (MEM-3). An
//   acquire at .cta needs nothing: the L1 is the CTA's point of coherence.
//   No acquire waits for the near-partition copies (PART-4).
// [BAR-1] bar.sync arrives, then waits until COUNT threads have arrived at
//   its instance of the barrier (Dat3M's quorum reading: more arrivals than
//   the count pass as well); bar.arrive arrives and goes on. Arriving waits
//   for the thread's earlier operations and for its store buffer, whose
//   writes are then in the CTA's L1: the barrier orders at CTA scope.
// [BAR-2] A barrier's instances: the k-th barrier of a name that a thread
//   meets is the k-th instance of that name in its CTA, shared with the
//   k-th of every other thread (as the axiomatic models read it,
//   axiomcheck/BarrierSynchronization.h). A thread that meets a name again
//   joins the next instance, not the one it already passed, so a reused
//   barrier makes it wait for the others' next arrivals (PTX ISA 9.1 9.7.13.1
//   bar: the barrier is reinitialized once it completes). An instance closes
//   when every thread of the CTA that may meet the name has come and gone,
//   which bounds the instances open at once and keeps a barrier in a loop
//   from growing the state space.
// [CBAR-1] barrier.cluster.arrive (PTX ISA 9.1 9.7.13.3), .release or
//   not (Program.cpp runs .relaxed as .release), waits for its thread's
//   earlier operations (ORD-1) and for its store buffer, and, in a cluster
//   of several CTAs, whose point of coherence is the L2 (L2-3), for its
//   CTA's SM queue and the near-partition copies (PART-5), as a .gpu
//   fence.sc does (FENCE-2): the thread's writes before it are then where
//   every thread of the cluster reads. It then counts as one more arrival
//   of the thread at its cluster's barrier.
// [CBAR-2] barrier.cluster.wait waits until every other thread of its
//   cluster whose code arrives at the cluster barrier has arrived as often
//   as its own thread, or has exited (its code done, nothing in flight):
//   "wait for all non-exited threads of the cluster to perform
//   barrier.cluster.arrive" (9.7.13.3); the barrier "is automatically
//   reinitialized", so the k-th wait meets the k-th arrivals, as the
//   axiomatic models pair them (axiomcheck/BarrierSynchronization.cpp). It
//   is then an acquire at the cluster's scope (ACQ-1): in a cluster of
//   several CTAs it invalidates the CTA's L1, as a .gpu acquire does.
// [RED-4] Reduction (off with --no-reduction; followed alone through
//   RED-3): performing a store touches only its thread's in-flight list and
//   store buffer (ST-1). No other thread's step reads either, but for
//   CBAR-2's test that the thread exited, which the store can only make
//   true. So the store commutes with every other thread's step and
//   disables none, and with its own thread's steps too when no operation
//   that could be performed before it touches the store buffer: every
//   other operation in flight, and every instruction still to issue (any
//   instruction, with a backward branch), is a load or a register
//   operation, or waits for the store (PerformOrder.h: a fence or cluster
//   barrier, ORD-1; a release write, ORD-4; a write with a FIFO store
//   buffer, ORD-5). A load of the store's location waits for it (ORD-2),
//   and so does its request (REQ-1); other loads do not read the write.
//   Another store would join the buffer in the other order, and an atomic,
//   fence.sc or bar.sync that overtook the store would not wait for it:
//   those keep the interleavings.
//
// Invariants (StateInvariants.h):
// [INV-6] A CTA's barrier instances in use come first, and a free slot
//   is zero (BAR-2 moves the younger ones up when one closes); a CTA the
//   program lacks has none.
// [INV-7] An instance's arrivals are threads of its CTA, and its
//   departures are among its arrivals.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"
#include "opsem/StateInvariants.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class MemoryOperations {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;
  using Write = typename State::Write;
  using InFlight = typename State::InFlight;

  explicit MemoryOperations(const Hardware<Capacity>& hardware) : hardware_(hardware) {
    for (const std::vector<CompiledInstruction>& code : hardware.program.threads) {
      quietAfterStores_.push_back(holdsFromEachInstruction(
          code, hardware.program.hasBackwardBranch, [&](const CompiledInstruction& instruction) {
            return waitsForEarlierStoresOrKeepsOff(instruction);
          }));
    }
  }

  // RED-4: whether performing the store at INDEX of THREAD's in-flight list,
  // which is enabled, may be followed alone.
  bool storeAlone(const State& state, std::uint32_t thread, std::uint32_t index) const {
    const typename State::Thread& self = state.threads[thread];
    const InFlight& store = self.inFlight[index];
    using litmus::InstructionKind;
    if (!hardware_.reductions.storesAlone || !quietAfterStores_[thread][self.pc] ||
        litmus::kindOf(hardware_.instructionOf(thread, store).opcode) != InstructionKind::Store) {
      return false;
    }
    for (std::uint32_t other = 0; other < self.inFlightCount; ++other) {
      const InFlight& entry = self.inFlight[other];
      const bool behind = other > index && hardware_.order.mustPrecede(thread, store, entry);
      if (other != index && !behind &&
          litmus::kindOf(hardware_.instructionOf(thread, entry).opcode) != InstructionKind::Load) {
        return false;
      }
    }
    return true;
  }

  // The step that performs the operation at INDEX of THREAD's in-flight list.
  // INV-6, INV-7.
  void checkInvariants(const State& state, InvariantCheck& check) const {
    const Program& program = hardware_.program;
    for (std::size_t cta = 0; cta < State::kCtas; ++cta) {
      std::uint32_t members = 0;  // the threads of the CTA, a bit each (as Barrier::arrived)
      for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
        members |= program.ctaOf[thread] == cta ? 1u << thread : 0u;
      }
      bool free = cta >= program.ctas;
      for (std::size_t slot = 0; slot < Capacity::kBarriers; ++slot) {
        const typename State::Barrier& instance = state.barriers[cta][slot];
        const auto where = [&] { return at("CTA", cta) + ", barrier slot " + std::to_string(slot); };
        free = free || instance.arrived == 0;
        if (free) {
          check.require(isZero(instance), "INV-6 barrier instances in use come first, a free slot is zero",
                        where);
          continue;
        }
        check.require((instance.arrived & ~members) == 0 && (instance.departed & ~instance.arrived) == 0,
                      "INV-7 arrivals are threads of the CTA, departures among them", [&] {
                        return where() + ": arrived " + std::to_string(instance.arrived) + ", departed " +
                               std::to_string(instance.departed);
                      });
      }
    }
  }

  bool perform(State& state, std::uint32_t thread, std::uint32_t index) const {
    if (hardware_.order.waits(state, thread, index)) {
      return false;
    }
    typename State::Thread& self = state.threads[thread];
    bool performed = false;
    using litmus::InstructionKind;
    switch (litmus::kindOf(hardware_.instructionOf(thread, self.inFlight[index]).opcode)) {
      case InstructionKind::Load:
        performed = load(state, thread, index);
        break;
      case InstructionKind::Store:
        performed = store(state, thread, index);
        break;
      case InstructionKind::ReadModifyWrite:
      case InstructionKind::Reduction:
        performed = atomic(state, thread, index);
        break;
      case InstructionKind::Fence:
        performed = fence(state, thread, index);
        break;
      case InstructionKind::Barrier:
        if (!barrier(state, thread, index)) {
          return false;
        }
        if (self.inFlight[index].waiting) {
          return true;  // arrived; it leaves once enough threads have
        }
        performed = true;
        break;
      case InstructionKind::ProxyFence:
        performed = hardware_.instructionOf(thread, self.inFlight[index]).proxy == litmus::Proxy::Async
                        ? hardware_.copyEngine.fence(state, thread)           // COPY-4
                        : hardware_.proxyCaches.fence(state, thread, index);  // PROXY-4, PROXY-6
        break;
      case InstructionKind::ClusterArrive:
        performed = clusterArrive(state, thread, index);
        break;
      case InstructionKind::ClusterWait:
        performed = clusterWait(state, thread, index);
        break;
      case InstructionKind::MbarrierInit:    // run as st, atom and ld
      case InstructionKind::MbarrierArrive:  // (MBAR-1, litmus/MbarrierLowering.h)
      case InstructionKind::MbarrierWait:
      case InstructionKind::MbarrierUpdate:
      case InstructionKind::AsyncCopy:  // the copy engine's (CopyEngine.h)
      case InstructionKind::AsyncCommit:
      case InstructionKind::AsyncWait:
      case InstructionKind::AsyncStore:
      case InstructionKind::LegacyFence:  // decoded as fence.sc
      case InstructionKind::RegisterOperation:
      case InstructionKind::SetPredicate:
      case InstructionKind::Jump:
      case InstructionKind::ConditionalBranch:
        break;  // never in flight (InstructionIssue.h)
    }
    if (performed) {
      hardware_.recorder.performed(state, thread, index);
      removeAt(self.inFlight, self.inFlightCount, index);
    }
    return performed;
  }

 private:
  // LD-1, LD-2.
  bool load(State& state, std::uint32_t thread, std::uint32_t index) const {
    typename State::Thread& self = state.threads[thread];
    const InFlight entry = self.inFlight[index];
    const CompiledInstruction& instruction = hardware_.instructionOf(thread, entry);
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    const std::uint32_t location = entry.location;
    const std::uint32_t line = hardware_.program.lineOf(instruction, location);  // PROXY-5
    const std::optional<Stored> own = hardware_.storeBuffer.ownWrite(state, thread, location);
    const bool atL1 = loadsThroughL1(instruction) && hardware_.l1.line(state, cta, line).valid;
    Stored value{};
    if (hardware_.proxyCaches.isProxyCacheLine(line)) {
      value = hardware_.proxyCaches.read(state, cta, line);  // PROXY-2
    } else if (entry.waiting) {
      if (!hardware_.loadRequests.answerable(state, thread, entry)) {
        return false;  // REQ-7
      }
      value = hardware_.loadRequests.answer(state, thread, entry);
    } else if (own) {
      value = *own;
    } else if (!atL1 && hardware_.loadRequests.holdsLocation(state, cta, location)) {
      return false;  // REQ-7
    } else if (instruction.semantics == litmus::Semantics::Weak || instruction.scope == litmus::Scope::Cta) {
      if (atL1) {
        value = hardware_.l1.line(state, cta, line).value;
      } else {
        value = hardware_.l2.read(state, cta, location);
        if (!readsPastL1(instruction)) {
          hardware_.l1.refresh(state, cta, line, value);
        }
      }
    } else {
      value = instruction.scope == litmus::Scope::System && hardware_.program.multipleDevices()
                  ? hardware_.memory.read(state, cta, location)
                  : hardware_.l2.read(state, cta, location);
      hardware_.l1.refresh(state, cta, line, value);
    }
    if (isAcquire(instruction.semantics) && !hardware_.architecture.brokenAcquireKeepsL1) {
      acquire(state, cta, instruction.scope);
    }
    hardware_.recorder.read(state, thread, index, value);
    self.registers[entry.destination] = received(thread, entry, valueOf(value));
    self.pendingRegisters &= ~(1u << entry.destination);
    return true;
  }

  // What the destination register of ENTRY, a load or atom of THREAD that
  // read READ, receives: READ, or what an mbarrier instruction makes of it
  // (CompiledInstruction::result, MBAR-1).
  Value received(std::uint32_t thread, const InFlight& entry, Value read) const {
    const CompiledInstruction& instruction = hardware_.instructionOf(thread, entry);
    if (instruction.result == litmus::Operation::None) {
      return read;
    }
    const Value operand = instruction.opcode == litmus::Opcode::Load ? entry.value : 0;
    return update(hardware_.program, instruction.result, read, operand, instruction.type, thread,
                  entry.instruction - 1u);
  }

  // ST-1.
  bool store(State& state, std::uint32_t thread, std::uint32_t index) const {
    const InFlight& entry = state.threads[thread].inFlight[index];
    if (hardware_.storeBuffer.full(state, thread)) {
      return false;
    }
    std::uint8_t flags = 0;
    if (hardware_.architecture.cgBypassesL1 &&
        hardware_.instructionOf(thread, entry).cacheOperator == litmus::CacheOperator::CacheGlobal) {
      flags |= State::kWriteBypassesL1;
    }
    if (hardware_.order.cumulative(thread, entry)) {
      flags |= State::kWriteIsCumulative;
    }
    const CompiledInstruction& instruction = hardware_.instructionOf(thread, entry);
    if (instruction.line != CompiledInstruction::kOwnLine &&
        !hardware_.architecture.brokenAliasWriteUpdatesOwnLine) {
      flags |= static_cast<std::uint8_t>((instruction.line + 1u) << State::kWriteLineShift);  // PROXY-5
    }
    const Write write{hardware_.recorder.written(state, thread, index, entry.value), entry.location, flags,
                      0};
    hardware_.storeBuffer.append(state, thread, write);
    return true;
  }

  // ATOM-1, ATOM-2.
  bool atomic(State& state, std::uint32_t thread, std::uint32_t index) const {
    const InFlight entry = state.threads[thread].inFlight[index];
    const CompiledInstruction& instruction = hardware_.instructionOf(thread, entry);
    const Program& program = hardware_.program;
    const std::uint32_t cta = program.ctaOf[thread];
    const std::uint32_t device = program.deviceOf[thread];
    const std::uint32_t location = entry.location;
    const bool atMemory = instruction.scope == litmus::Scope::System && program.multipleDevices();
    if (!hardware_.storeBuffer.empty(state, thread) || !hardware_.smQueue.empty(state, cta)) {
      return false;
    }
    if (program.multipleDevices() && (atMemory ? !hardware_.deviceQueue.empty(state, device)
                                               : hardware_.deviceQueue.full(state, device))) {
      return false;
    }
    if (hardware_.architecture.partitionedL2 && hardware_.order.cumulative(thread, entry) &&
        !hardware_.l2.nearCopiesCurrent(state, cta)) {
      return false;  // PART-3
    }
    const Stored old = atMemory ? state.memory[location] : hardware_.l2.homeLine(state, device, location);
    hardware_.recorder.read(state, thread, index, old);
    const bool writes =
        instruction.operation != litmus::Operation::CompareAndSwap ||
        holds(program, litmus::Comparison::Equal, valueOf(old), entry.compare, instruction.type);
    const Stored result =
        writes ? hardware_.recorder.written(state, thread, index,
                                            update(program, instruction.operation, valueOf(old), entry.value,
                                                   instruction.type, thread, entry.instruction - 1u))
               : old;
    if (atMemory) {
      state.memory[location] = result;
      hardware_.l2.setHomeLine(state, device, location, result);
    } else if (writes) {
      hardware_.l2.setHomeLine(state, device, location, result);
      if (program.multipleDevices()) {
        hardware_.deviceQueue.append(state, device, Write{result, static_cast<std::uint8_t>(location), 0, 0});
      }
    }
    if (writes && (atMemory || !program.multipleDevices())) {
      hardware_.recorder.coherence(state, location, result);
    }
    hardware_.l2.refreshNearCopy(state, cta, location);                                    // PART-2
    hardware_.l1.refresh(state, cta, program.lineOf(instruction, location), result);       // L1-4, PROXY-5
    if (litmus::kindOf(instruction.opcode) == litmus::InstructionKind::ReadModifyWrite) {  // atom, not red
      if (isAcquire(instruction.semantics)) {
        acquire(state, cta, instruction.scope);
      }
      typename State::Thread& self = state.threads[thread];
      self.registers[entry.destination] = received(thread, entry, valueOf(old));
      self.pendingRegisters &= ~(1u << entry.destination);
    }
    return true;
  }

  // FENCE-1, FENCE-2.
  bool fence(State& state, std::uint32_t thread, std::uint32_t index) const {
    const CompiledInstruction& instruction =
        hardware_.instructionOf(thread, state.threads[thread].inFlight[index]);
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    const std::uint32_t device = hardware_.program.deviceOf[thread];
    if (instruction.semantics == litmus::Semantics::SequentiallyConsistent) {
      if (!hardware_.storeBuffer.empty(state, thread)) {
        return false;
      }
      if (beyondCta(instruction.scope)) {
        if (!hardware_.architecture.brokenFenceScSkipsSmQueue &&
            (!hardware_.smQueue.empty(state, cta) ||
             (instruction.scope == litmus::Scope::System && hardware_.program.multipleDevices() &&
              !hardware_.deviceQueue.empty(state, device)))) {
          return false;
        }
        if (!hardware_.l2.nearCopiesCurrent(state, cta)) {
          return false;  // PART-5
        }
      }
      hardware_.recorder.fenceSc(state, thread, index);
    }
    acquire(state, cta, instruction.scope);
    return true;
  }

  // CBAR-1.
  bool clusterArrive(State& state, std::uint32_t thread, std::uint32_t index) const {
    const CompiledInstruction& instruction =
        hardware_.instructionOf(thread, state.threads[thread].inFlight[index]);
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    if (!hardware_.architecture.brokenClusterArriveSkipsRelease && isRelease(instruction.semantics)) {
      if (!hardware_.storeBuffer.empty(state, thread)) {
        return false;
      }
      if (beyondCta(instruction.scope) &&
          (!hardware_.smQueue.empty(state, cta) || !hardware_.l2.nearCopiesCurrent(state, cta))) {
        return false;  // L2-3, PART-5
      }
    }
    ++state.threads[thread].clusterArrivals;
    return true;
  }

  // CBAR-2.
  bool clusterWait(State& state, std::uint32_t thread, std::uint32_t index) const {
    const Program& program = hardware_.program;
    const unsigned instance = state.threads[thread].clusterWaits + 1u;  // the k-th wait
    const std::uint32_t members = program.clusterBarrierMembers[thread];
    for (std::uint32_t other = 0; other < program.threads.size(); ++other) {
      const typename State::Thread& them = state.threads[other];
      const bool exited = them.pc >= program.threads[other].size() && them.inFlightCount == 0;
      if (other != thread && ((members >> other) & 1u) != 0 && them.clusterArrivals < instance && !exited) {
        return false;
      }
    }
    ++state.threads[thread].clusterWaits;
    acquire(state, program.ctaOf[thread],
            hardware_.instructionOf(thread, state.threads[thread].inFlight[index]).scope);
    return true;
  }

  // BAR-1, BAR-2.
  bool barrier(State& state, std::uint32_t thread, std::uint32_t index) const {
    InFlight& entry = state.threads[thread].inFlight[index];
    const std::uint32_t cta = hardware_.program.ctaOf[thread];
    auto& instances = state.barriers[cta];
    const auto self = static_cast<typename State::ThreadMask>(1u << thread);
    const auto named = [&](const typename State::Barrier& instance) {
      return instance.arrived != 0 && instance.first == entry.compare && instance.second == entry.value;
    };
    if (entry.waiting) {
      for (std::size_t at = 0; at < Capacity::kBarriers; ++at) {
        typename State::Barrier& instance = instances[at];
        if (named(instance) && (instance.arrived & self) != 0 && (instance.departed & self) == 0) {
          const int arrivals = std::popcount(instance.arrived);
          if (arrivals < entry.barrierThreads) {
            return false;
          }
          entry.waiting = 0;
          hardware_.recorder.barrierPassed(state, thread, index, arrivals);
          depart(state, thread, entry, at);
          return true;
        }
      }
      return false;
    }
    if (!hardware_.storeBuffer.empty(state, thread)) {
      return false;
    }
    // BAR-2: the oldest instance of the name this thread has not met, else a
    // new one after those in use.
    std::size_t at = 0;
    while (at < Capacity::kBarriers && instances[at].arrived != 0 &&
           !(named(instances[at]) && (instances[at].arrived & self) == 0)) {
      ++at;
    }
    if (at == Capacity::kBarriers) {
      return false;  // every slot holds an open instance: wait until one closes
    }
    typename State::Barrier& instance = instances[at];
    if (instance.arrived == 0) {
      instance = {entry.compare, entry.value, 0, 0, hardware_.recorder.barrierInstance(state, thread, index)};
    }
    hardware_.recorder.barrierArrival(state, thread, index, instance.instance,
                                      std::popcount(instance.arrived));
    instance.arrived |= self;
    entry.waiting =
        hardware_.instructionOf(thread, entry).barrierAction == litmus::BarrierAction::Sync ? 1 : 0;
    if (entry.waiting == 0) {
      depart(state, thread, entry, at);
    }
    return true;
  }

  // BAR-2: THREAD goes on from the instance at AT; once every thread that
  // may meet it has come and gone, the instance closes and the younger ones
  // move up, so that a barrier in a loop reuses its slot.
  void depart(State& state, std::uint32_t thread, const InFlight& entry, std::size_t at) const {
    auto& instances = state.barriers[hardware_.program.ctaOf[thread]];
    typename State::Barrier& instance = instances[at];
    instance.departed |= static_cast<typename State::ThreadMask>(1u << thread);
    const CompiledInstruction& code = hardware_.instructionOf(thread, entry);
    const std::uint32_t members =
        barrierParticipants(hardware_.program, thread, code, entry.compare, entry.value);
    if (instance.departed != instance.arrived || instance.arrived != members) {
      return;
    }
    for (std::size_t later = at; later + 1 < Capacity::kBarriers; ++later) {
      instances[later] = instances[later + 1];
    }
    instances[Capacity::kBarriers - 1] = {};
  }

  // ACQ-1.
  void acquire(State& state, std::uint32_t cta, litmus::Scope scope) const {
    if (!beyondCta(scope)) {
      return;
    }
    hardware_.l1.invalidate(state, cta);
    if (scope == litmus::Scope::System && hardware_.program.multipleDevices()) {
      hardware_.memory.refreshDevice(state, cta);
    }
  }

  // RED-4: whether INSTRUCTION, issued after a store, leaves the store
  // buffer alone (a load, a register operation) or is performed after the
  // store whatever its address (PerformOrder.h). A barrier is not: one that
  // no other thread reaches orders nothing (ORD-1).
  bool waitsForEarlierStoresOrKeepsOff(const CompiledInstruction& instruction) const {
    using litmus::InstructionKind;
    const InstructionKind kind = litmus::kindOf(instruction.opcode);
    if (kind == InstructionKind::Load || completesAtIssue(instruction.opcode)) {
      return true;
    }
    if (kind == InstructionKind::Barrier) {
      return false;
    }
    return isOrderingPoint(instruction.opcode) ||                                             // ORD-1
           (litmus::writesMemory(instruction.opcode) && isRelease(instruction.semantics)) ||  // ORD-4
           hardware_.architecture.fifoStoreBuffer;                                            // ORD-5
  }

  const Hardware<Capacity>& hardware_;
  // RED-4: per thread and program counter, whether every instruction still
  // to issue waits for an earlier store or keeps off the store buffer.
  std::vector<std::vector<bool>> quietAfterStores_;
};

}  // namespace opcheck::opsem

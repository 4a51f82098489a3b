// Cache copies of a location that a CTA will not read again, which the
// machine settles at once rather than in every order.
//
// [RED-6] Reduction (off with --no-reduction): once no thread of a CTA can
//   load a location again (no load of it still to issue, with a backward
//   branch none in the code at all; none in flight), every step is followed
//   by the steps that bring the CTA's copies of it up to date: its
//   near-partition copy catches up with the home line (PART-1), then its L1
//   line is filled (L1-2). Both are steps the machine may take at any time,
//   so every state reached is one the machine reaches, and no outcome is
//   added. None is lost either: the CTA's copy and line of a location are
//   read by its loads of it (LD-*, REQ-*; an atomic reads the home line,
//   ATOM-1), by these two steps, and by the wait of a release or fence.sc
//   for copies to be current (PART-3, PART-5), which a copy brought up to
//   date only lets go on earlier, as it could after the same catch-up. Every
//   other step is enabled in a state as in its settled form and changes
//   them alike, so both reach the same outcomes and the same stuck states (a
//   stuck state has neither step enabled, so it is settled already), while
//   the orders in which a CTA's copies of a location it is done with catch
//   up, each a state of its own without the rule, become one. Only a guarded
//   load skipped at its issue ends a CTA's loads of a location in a step
//   RED-3 follows alone; what it settles is what the steps it leaves for
//   later would have brought up to date, and every other step stays as it
//   was. Programs whose loads take their address from a register the
//   thread writes (the location is then not known before the load) or that
//   read through a
//   virtual alias or a constant or texture cache (whose lines are filled
//   from the same copies, PROXY-1, PROXY-5) are left as they are.
//   Every state the machine builds is settled (its initial state and the
//   state after every step), and settling a (CTA, location) pair reads only
//   the CTA's threads' program counters and in-flight lists, the home line,
//   the CTA's copy, line and SM queue; so after a step only the pairs whose
//   inputs it changed are settled again (PtxOpMachine::step): an issue's
//   CTA (its pc moved), the location a drain wrote (in the CTA's queue and
//   line, or at the home line for every CTA of the device), a refetched
//   home line; a fill or a propagation is never enabled for a pair a
//   settled CTA is done with, and the others touch only pairs the CTA still
//   loads, as does a load's request. A perform (fences, atomics, barriers,
//   a .sys acquire's refresh) settles everything. The invariant build
//   settles the whole state after every step and stops where that changes
//   anything.
// [RED-9] Reduction (off with --no-reduction): the same one level up, in a
//   test of several devices: once no thread of a device can read a location
//   again (no load, atomic or reduction of it still to issue or in flight,
//   none with a backward branch), the device's L2 fetches the line from
//   memory (MEM-2) whenever it may (the device has no write of it queued
//   for memory) before RED-6 settles the device's copies and lines of it.
//   The fetch is a step the machine may take at any time, so no outcome is
//   added. None is lost: a device's home line of a location is read by its
//   threads' accesses of it (loads, atomics, reductions, .sys accesses:
//   none is left; a store's write only overwrites it), by the copies and
//   lines of its CTAs, which RED-6 settles (no CTA of the device loads the
//   location again), by the waits for current copies (PART-3, PART-5), which
//   settled copies let go on only earlier, and by the fetch itself; a .sys
//   acquire's refresh (MEM-3) writes what the fetch would. Every other step
//   is enabled in a state as in its settled form and changes them alike, and
//   a stuck state has no fetch enabled, so it is settled already. A line is
//   settled again after every step that can unsettle it: a device queue's
//   drain (memory and the device's queue changed), an issue or perform that
//   ends a thread's reads. It applies where RED-6 does, and to tests whose
//   every read has a fixed address.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"
#include "opsem/Program.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class SettledLocations {
 public:
  using State = MachineState<Capacity>;

  explicit SettledLocations(const Hardware<Capacity>& hardware) : hardware_(hardware) {
    const Program& program = hardware.program;
    applies_ =
        hardware.reductions.settleCopies && program.lines == program.locations && program.locations <= 32;
    homeLines_ = applies_ && hardware.reductions.settleHomeLines && program.multipleDevices();
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      const std::vector<CompiledInstruction>& code = program.threads[thread];
      const std::uint64_t written = writtenRegisters(code);
      std::vector<std::uint32_t> loads(code.size(), 0);
      std::vector<std::uint32_t> reads(code.size(), 0);  // RED-9
      for (std::size_t at = 0; at < code.size(); ++at) {
        const litmus::InstructionKind kind = litmus::kindOf(code[at].opcode);
        if (kind == litmus::InstructionKind::ReadModifyWrite || kind == litmus::InstructionKind::Reduction) {
          // An atomic's or a reduction's address is its second or first operand (ISSUE-3).
          const std::optional<std::size_t> location =
              fixedLocation(program, thread, written,
                            code[at].operands[kind == litmus::InstructionKind::ReadModifyWrite ? 1 : 0]);
          if (!location || *location >= 32) {
            homeLines_ = false;  // an address known only when the access issues
            continue;
          }
          reads[at] = std::uint32_t{1} << *location;
          continue;
        }
        if (kind != litmus::InstructionKind::Load) {
          continue;
        }
        const std::optional<std::size_t> location =
            fixedLocation(program, thread, written, code[at].operands[1]);
        if (!location || *location >= 32) {
          applies_ = false;  // an address known only when the load issues
          continue;
        }
        loads[at] = std::uint32_t{1} << *location;
        reads[at] = loads[at];
      }
      loadsFrom_.push_back(fromEachInstruction(loads, program.hasBackwardBranch));
      loadOf_.push_back(std::move(loads));
      readsFrom_.push_back(fromEachInstruction(reads, program.hasBackwardBranch));
      readOf_.push_back(std::move(reads));
    }
    homeLines_ = homeLines_ && applies_;
    allLocations_ = program.allLocations();
    threadsOf_.resize(program.ctas);
    threadsOfDevice_.resize(program.devices);
    for (std::uint32_t thread = 0; thread < program.threads.size(); ++thread) {
      threadsOf_[program.ctaOf[thread]].push_back(thread);
      threadsOfDevice_[program.deviceOf[thread]].push_back(thread);
    }
  }

  // Whether RED-6 is on and the program is one it settles.
  bool applies() const { return applies_; }
  // Whether RED-9 is on and the program is one it settles.
  bool settlesHomeLines() const { return homeLines_; }

  // RED-6: each CTA's copies and lines of the locations it will not load
  // again are brought up to date.
  void settle(State& state) const {
    if (!applies_) {
      return;
    }
    for (std::uint32_t device = 0; device < hardware_.program.devices && homeLines_; ++device) {
      settleDevice(state, device, allLocations_);  // RED-9
    }
    for (std::uint32_t cta = 0; cta < hardware_.program.ctas; ++cta) {
      settleCta(state, cta, allLocations_);
    }
  }

  // RED-6 after a step that changed only CTA's threads, lines and SM queue
  // (a load performed): the CTA's copies and lines of every location it is
  // done with. In a settled state, the other CTAs' stay as settled as they
  // were.
  void settleCta(State& state, std::uint32_t cta) const {
    if (applies_) {
      settleCta(state, cta, allLocations_);
    }
  }

  // RED-9 and RED-6 after THREAD performed a load that changed only its
  // CTA's lines and SM queue (not a .sys load with several devices, MEM-1,
  // MEM-3): its device's home lines it may no longer read, then its CTA's
  // copies and lines. In a settled state, the other CTAs' stay as settled
  // as they were.
  void settleLoad(State& state, std::uint32_t thread) const {
    if (homeLines_) {
      settleDevice(state, hardware_.program.deviceOf[thread], allLocations_);
    }
    if (applies_) {
      settleCta(state, hardware_.program.ctaOf[thread], allLocations_);
    }
  }

  // RED-6 after THREAD issued the instruction at PC, which changes nothing
  // but the thread: nothing, unless the issue ended loads of the thread's
  // (a load skipped by its guard, a jump past loads), and then the thread's
  // CTA's copies and lines.
  void settleIssue(State& state, std::uint32_t thread, std::uint32_t pc) const {
    if (homeLines_ && (readsFrom_[thread][pc] & ~readsOf(state, thread)) != 0) {
      settleDevice(state, hardware_.program.deviceOf[thread], allLocations_);  // RED-9
    }
    if (applies_ && (loadsFrom_[thread][pc] & ~loadsOf(state, thread)) != 0) {
      settleCta(state, hardware_.program.ctaOf[thread], allLocations_);
    }
  }

  // RED-9 after a write of LOCATION reached memory from a device's queue
  // (DQ-1): every device's home line of it, with the copies and lines RED-6
  // settles behind it.
  void settleMemory(State& state, std::uint32_t location) const {
    if (!homeLines_ || location >= 32) {
      return;
    }
    for (std::uint32_t device = 0; device < hardware_.program.devices; ++device) {
      settleDevice(state, device, std::uint32_t{1} << location);
    }
  }

  // RED-6 after a step that changed only what CTA's copy or line of
  // LOCATION catches up with (its SM queue's newest write to LOCATION, a
  // line written through): that copy and line alone.
  void settleLine(State& state, std::uint32_t cta, std::uint32_t location) const {
    if (applies_ && location < 32) {
      settleCta(state, cta, std::uint32_t{1} << location);
    }
  }

  // RED-6 after a step that changed LOCATION's home line in DEVICE (SMQ-2,
  // MEM-2): the copies and lines of LOCATION of every CTA of DEVICE.
  void settleHomeLine(State& state, std::uint32_t device, std::uint32_t location) const {
    if (!applies_ || location >= 32) {
      return;
    }
    const Program& program = hardware_.program;
    for (std::uint32_t cta = 0; cta < program.ctas; ++cta) {
      if (program.deviceOfCta[cta] == device) {
        settleCta(state, cta, std::uint32_t{1} << location);
      }
    }
  }

 private:
  // RED-9: DEVICE's home lines of the locations among CANDIDATES (a bit
  // each) that no thread of DEVICE will read again, fetched from memory
  // (MEM-2, which leaves a line with a write queued for memory as it is),
  // then its CTAs' copies and lines of each line fetched (RED-6).
  void settleDevice(State& state, std::uint32_t device, std::uint32_t candidates) const {
    std::uint32_t reading = 0;
    for (const std::uint32_t thread : threadsOfDevice_[device]) {
      reading |= readsOf(state, thread);
    }
    for (std::uint32_t done = candidates & ~reading; done != 0; done &= done - 1) {
      const auto location = static_cast<std::uint32_t>(std::countr_zero(done));
      if (hardware_.l2.homeLineKept(device, location) && hardware_.memory.refetch(state, device, location)) {
        for (std::uint32_t cta = 0; cta < hardware_.program.ctas; ++cta) {
          if (hardware_.program.deviceOfCta[cta] == device) {
            settleCta(state, cta, std::uint32_t{1} << location);
          }
        }
      }
    }
  }

  // The locations THREAD's loads, atomics and reductions still to issue or
  // in flight read (RED-9).
  std::uint32_t readsOf(const State& state, std::uint32_t thread) const {
    return stillAhead(state, thread, readsFrom_, readOf_);
  }

  // CTA's copies and lines of the locations among CANDIDATES (a bit each)
  // that no thread of CTA will load again: PART-1, then L1-2.
  void settleCta(State& state, std::uint32_t cta, std::uint32_t candidates) const {
    std::uint32_t loading = 0;
    for (const std::uint32_t thread : threadsOf_[cta]) {
      loading |= loadsOf(state, thread);
    }
    for (std::uint32_t done = candidates & ~loading; done != 0; done &= done - 1) {
      const auto location = static_cast<std::uint32_t>(std::countr_zero(done));
      hardware_.l2.propagate(state, cta, location);  // PART-1
      if (hardware_.architecture.l1Fills && hardware_.l1.kept(cta, location)) {
        hardware_.l1.fill(state, cta, location);  // L1-2
      }
    }
  }

  // The locations THREAD's loads still to issue or in flight read.
  std::uint32_t loadsOf(const State& state, std::uint32_t thread) const {
    return stillAhead(state, thread, loadsFrom_, loadOf_);
  }

  // The locations of THREAD's instructions still to issue (FROM, per
  // program counter) or in flight (OF, per instruction).
  static std::uint32_t stillAhead(const State& state, std::uint32_t thread,
                                  const std::vector<std::vector<std::uint32_t>>& from,
                                  const std::vector<std::vector<std::uint32_t>>& of) {
    const typename State::Thread& self = state.threads[thread];
    std::uint32_t ahead = from[thread][self.pc];
    for (std::uint32_t index = 0; index < self.inFlightCount; ++index) {
      ahead |= of[thread][self.inFlight[index].instruction - 1u];
    }
    return ahead;
  }

  // Public for QuietLocations.h, which finds fixed addresses and what is
  // left of a thread's accesses as RED-6 does.
 public:
  // EACH's locations (a bit each, one entry per instruction) from each
  // program counter to the end, and at the end none; every one of them
  // from everywhere when a backward branch may run any instruction again.
  static std::vector<std::uint32_t> fromEachInstruction(const std::vector<std::uint32_t>& each,
                                                        bool backwardBranch) {
    std::vector<std::uint32_t> from(each.size() + 1, 0);
    for (std::size_t at = each.size(); at-- > 0;) {
      from[at] = from[at + 1] | each[at];
    }
    if (backwardBranch) {
      from.assign(each.size() + 1, from[0]);
    }
    return from;
  }

  // The registers CODE writes, a bit each (writtenRegister).
  static std::uint64_t writtenRegisters(const std::vector<CompiledInstruction>& code) {
    std::uint64_t written = 0;
    for (const CompiledInstruction& instruction : code) {
      if (const CompiledOperand* reg = writtenRegister(instruction); reg != nullptr && reg->value < 64) {
        written |= std::uint64_t{1} << reg->value;
      }
    }
    return written;
  }

  // The location ADDRESS names in every run: a location, or a register the
  // thread never writes whose initial value is a location's address
  // (GPU_PTX's "0:.reg .b64 r9 = x"; ISSUE-3). Nothing otherwise.
  static std::optional<std::size_t> fixedLocation(const Program& program, std::size_t thread,
                                                  std::uint64_t written, const CompiledOperand& address) {
    if (address.kind == CompiledOperand::Kind::Location && address.value >= 0) {
      return static_cast<std::size_t>(address.value);
    }
    if (address.kind != CompiledOperand::Kind::RegisterAddress || address.value < 0 || address.value >= 64 ||
        ((written >> address.value) & 1u) != 0 ||
        static_cast<std::size_t>(address.value) >= program.initialRegisters[thread].size()) {
      return std::nullopt;
    }
    const Value held = program.initialRegisters[thread][static_cast<std::size_t>(address.value)];
    if (!isAddress(held) || locationAt(held) >= program.locations) {
      return std::nullopt;
    }
    return locationAt(held);
  }

 private:
  const Hardware<Capacity>& hardware_;
  bool applies_ = false;
  std::uint32_t allLocations_ = 0;
  // Per thread: the location each instruction loads (a bit, none for
  // other instructions), and the locations the loads from each program
  // counter on read.
  std::vector<std::vector<std::uint32_t>> loadOf_;
  std::vector<std::vector<std::uint32_t>> loadsFrom_;
  std::vector<std::vector<std::uint32_t>> threadsOf_;  // per CTA
  // RED-9: whether it applies; per thread, the location each instruction
  // reads (loads, atomics, reductions) and those read from each program
  // counter on; per device, its threads.
  bool homeLines_ = false;
  std::vector<std::vector<std::uint32_t>> readOf_;
  std::vector<std::vector<std::uint32_t>> readsFrom_;
  std::vector<std::vector<std::uint32_t>> threadsOfDevice_;
};

}  // namespace opcheck::opsem

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
        hardware.reductions.settleCopies && program.lines == program.locations && program.locations < 32;
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      const std::vector<CompiledInstruction>& code = program.threads[thread];
      const std::uint64_t written = writtenRegisters(code);
      std::vector<std::uint32_t> loads(code.size(), 0);
      for (std::size_t at = 0; at < code.size(); ++at) {
        if (litmus::kindOf(code[at].opcode) != litmus::InstructionKind::Load) {
          continue;
        }
        const std::optional<std::size_t> location =
            fixedLocation(program, thread, written, code[at].operands[1]);
        if (!location || *location >= 32) {
          applies_ = false;  // an address known only when the load issues
          continue;
        }
        loads[at] = std::uint32_t{1} << *location;
      }
      loadsFrom_.push_back(fromEachInstruction(loads, program.hasBackwardBranch));
      loadOf_.push_back(std::move(loads));
    }
    allLocations_ = (std::uint32_t{1} << program.locations) - 1;
    threadsOf_.resize(program.ctas);
    for (std::uint32_t thread = 0; thread < program.threads.size(); ++thread) {
      threadsOf_[program.ctaOf[thread]].push_back(thread);
    }
  }

  // Whether RED-6 is on and the program is one it settles.
  bool applies() const { return applies_; }

  // RED-6: each CTA's copies and lines of the locations it will not load
  // again are brought up to date.
  void settle(State& state) const {
    if (!applies_) {
      return;
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

  // RED-6 after THREAD issued the instruction at PC, which changes nothing
  // but the thread: nothing, unless the issue ended loads of the thread's
  // (a load skipped by its guard, a jump past loads), and then the thread's
  // CTA's copies and lines.
  void settleIssue(State& state, std::uint32_t thread, std::uint32_t pc) const {
    if (applies_ && (loadsFrom_[thread][pc] & ~loadsOf(state, thread)) != 0) {
      settleCta(state, hardware_.program.ctaOf[thread], allLocations_);
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
    const typename State::Thread& self = state.threads[thread];
    std::uint32_t loading = loadsFrom_[thread][self.pc];
    for (std::uint32_t index = 0; index < self.inFlightCount; ++index) {
      loading |= loadOf_[thread][self.inFlight[index].instruction - 1u];
    }
    return loading;
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
};

}  // namespace opcheck::opsem

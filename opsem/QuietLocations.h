// Locations no thread will touch again, or that only one CTA's stores
// will, whose writes drain alone.
//
// [RED-7] Reduction (off with --no-reduction): a write in an SM queue may
//   reach the L2 (SMQ-2) as a step the explorer follows alone (RED-3) when
//   its location is quiet: no thread will access the location again (no
//   access of it still to issue, with a backward branch none in the code
//   at all; none in flight), no other write or load request for it waits
//   in a store buffer or an SM queue, and the write is not cumulative. Such
//   a drain stays enabled whatever else happens first: other steps only
//   take entries out of the queue ahead of it (SMQ-1, SMQ-5) or add them
//   behind it, and a non-cumulative write does not wait for near-partition
//   copies (PART-3); with one device no device queue can fill (DQ-1). It
//   commutes with every other step: it writes the location's home line and
//   the writer's near copy (PART-2), and RED-6 then settles every CTA's copy
//   and line of the location (no CTA loads it again), so every copy of the
//   location is current before and after it; what else reads the location,
//   its home line or its copies (loads, atomics, requests, fills,
//   propagations) is an access of the location, and there is none; the
//   waits of fences and releases for an empty SM queue (FENCE-2) cannot be
//   met while it is queued, and their waits for current copies (PART-3,
//   PART-5) read copies it leaves current. So every final and stuck state
//   stays reachable, and the orders in which such writes interleave with
//   everything else collapse into one. It applies where RED-6 applies (one
//   device, fixed addresses, no alias, constant or texture lines), and then
//   only to tests whose every access has a fixed address.
// [RED-8] Reduction (off with --no-reduction): the same for a write whose
//   location only its own CTA will still write and nothing will read: no
//   thread of another CTA will access the location again (nothing still to
//   issue, in flight or in its store buffer), no thread of the write's CTA
//   will read it again (its loads, atomics and reductions still to issue or
//   in flight: only plain stores of it are left), no other CTA's SM queue
//   holds a write or request for it, and the write is not cumulative. The
//   writes of the location still to come all pass the CTA's store buffers
//   into the same SM queue behind this one, which they cannot overtake
//   (SMQ-1, SMQ-5: one address stays in order; a preset that breaks that,
//   brokenSlicesReorderOneAddress, runs without the rule), so the order in
//   which writes reach the home line, the location's coherence order, is
//   fixed whatever comes first. The drain stays enabled as in RED-7. It
//   commutes with every other step: as in RED-7 no CTA loads the location
//   again, so RED-6 keeps every copy and line of it settled; a store of the
//   CTA joining a store buffer touches neither; a store buffer's drain of a
//   write of the location writes the CTA's line and the back of its queue,
//   and the line settled after either order is the same, since a line reads
//   its CTA's newest queued write before the L2 (L1-2, SMQ-4), which the
//   later write is in both orders. Every final and stuck state stays
//   reachable, as in RED-7 (the write must leave the queue before the end,
//   and stays enabled until it does), and with it every execution graph:
//   the location's coherence order is fixed and nothing reads it. RED-8
//   holds wherever RED-7 does, and more often (RED-7 asks that nobody
//   access the location again).
// [RED-10] Reduction (off with --no-reduction): in a test of several
//   devices, the oldest write of a device's queue may reach memory (DQ-1)
//   as a step followed alone when no thread will read its location again
//   (no load, atomic or reduction of it still to issue or in flight) and
//   no other device will write it again (nothing of it still to issue, in
//   flight, in a store buffer or queue of another device's threads, CTAs
//   or L2). The device's own later writes of the location reach memory
//   behind this one (DQ-1: in order), so the location's coherence order is
//   fixed. The drain stays enabled whatever else happens first (only it
//   takes the oldest write out; others join behind) and disables nothing
//   (an emptier queue only lets .sys fences and atomics, FENCE-2, ATOM-1,
//   and SM queues waiting for room, SMQ-2, go on sooner). It commutes with
//   every other step: it writes memory, which the location's .sys accesses
//   (none left), the fetches of its home lines (MEM-2) and a .sys acquire's
//   refresh (MEM-3) read; RED-9 keeps every home line of a location that no
//   device reads settled, so those read memory's value in either order
//   (a refresh writes what the settling would). So every final and stuck
//   state stays reachable (the write must reach memory before the end) and
//   every execution graph: its coherence order is fixed and nothing reads
//   it. It applies where RED-9 does.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"
#include "opsem/Program.h"
#include "opsem/SettledLocations.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class QuietLocations {
 public:
  using State = MachineState<Capacity>;

  explicit QuietLocations(const Hardware<Capacity>& hardware) : hardware_(hardware) {
    const Program& program = hardware.program;
    applies_ = hardware.settled.applies();
    for (std::size_t thread = 0; thread < program.threads.size() && applies_; ++thread) {
      const std::vector<CompiledInstruction>& code = program.threads[thread];
      const std::uint64_t written = SettledLocations<Capacity>::writtenRegisters(code);
      std::vector<std::uint32_t> accesses(code.size(), 0);
      for (std::size_t at = 0; at < code.size() && applies_; ++at) {
        const litmus::InstructionKind kind = litmus::kindOf(code[at].opcode);
        if (kind == litmus::InstructionKind::MbarrierInit ||
            kind == litmus::InstructionKind::MbarrierArrive ||
            kind == litmus::InstructionKind::MbarrierWait) {
          applies_ = false;  // compiled to other instructions (Program.cpp) where ptx-op runs them
          break;
        }
        const std::optional<std::size_t> operand = addressOperand(kind);
        if (!operand) {
          continue;
        }
        const std::optional<std::size_t> location =
            SettledLocations<Capacity>::fixedLocation(program, thread, written, code[at].operands[*operand]);
        if (!location || *location >= 32) {
          applies_ = false;  // an address known only when the access issues
          break;
        }
        accesses[at] = std::uint32_t{1} << *location;
      }
      std::vector<std::uint32_t> reads(accesses);
      for (std::size_t at = 0; at < code.size(); ++at) {
        if (litmus::kindOf(code[at].opcode) == litmus::InstructionKind::Store) {
          reads[at] = 0;  // RED-8: a plain store reads nothing at the L2
        }
      }
      accessesFrom_.push_back(
          SettledLocations<Capacity>::fromEachInstruction(accesses, program.hasBackwardBranch));
      readsFrom_.push_back(SettledLocations<Capacity>::fromEachInstruction(reads, program.hasBackwardBranch));
      accessOf_.push_back(std::move(accesses));
      readOf_.push_back(std::move(reads));
    }
    memory_ = applies_ && hardware.reductions.memoryDrainsAlone && hardware.settled.settlesHomeLines();
    applies_ = applies_ && !program.multipleDevices();
    owned_ = applies_ && hardware.reductions.ownedDrainsAlone &&
             !hardware.architecture.brokenSlicesReorderOneAddress &&
             (!hardware.reductions.quietDrainsAlone || writesOneLocationTwice(program));
    applies_ = applies_ && hardware.reductions.quietDrainsAlone;
  }

  // Whether RED-7 or RED-8 may let a drain alone in some state.
  bool applies() const { return applies_ || owned_; }
  // Whether RED-10 may.
  bool appliesToMemory() const { return memory_; }

  // RED-10: whether the drain of DEVICE's oldest queued write to memory,
  // which is enabled, may be followed alone.
  bool memoryDrainAlone(const State& state, std::uint32_t device) const {
    const Program& program = hardware_.program;
    const std::uint32_t location = std::uint32_t{1} << state.deviceQueue[device][0].location;
    for (std::uint32_t thread = 0; thread < program.threads.size(); ++thread) {
      const typename State::Thread& self = state.threads[thread];
      const bool other = program.deviceOf[thread] != device;
      if (((other ? accessesFrom_ : readsFrom_)[thread][self.pc] & location) != 0) {
        return false;
      }
      for (std::uint32_t index = 0; index < self.inFlightCount; ++index) {
        if (((other ? accessOf_ : readOf_)[thread][self.inFlight[index].instruction - 1u] & location) != 0) {
          return false;
        }
      }
      for (std::int32_t index = 0; other && index < self.storeBufferLength; ++index) {
        if ((std::uint32_t{1} << self.storeBuffer[index].location) == location) {
          return false;
        }
      }
    }
    for (std::uint32_t cta = 0; cta < program.ctas; ++cta) {
      const bool other = program.deviceOfCta[cta] != device;
      for (std::int32_t index = 0; index < state.smQueueLength[cta]; ++index) {
        const typename State::Write& entry = state.smQueue[cta][index];
        if ((std::uint32_t{1} << entry.location) == location && (other || entry.isLoadRequest())) {
          return false;
        }
      }
    }
    for (std::uint32_t other = 0; other < program.devices; ++other) {
      for (std::int32_t index = 0; other != device && index < state.deviceQueueLength[other]; ++index) {
        if ((std::uint32_t{1} << state.deviceQueue[other][index].location) == location) {
          return false;
        }
      }
    }
    return true;
  }

  // RED-7: the quiet locations of STATE, a bit each: none that a thread
  // will access, or that a store buffer holds, and one entry in all the SM
  // queues together. Read once per state, for drainAlone.
  std::uint32_t quietLocations(const State& state) const {
    if (!applies_) {
      return 0;
    }
    const Program& program = hardware_.program;
    std::uint32_t queued = 0;
    std::uint32_t queuedAgain = 0;
    for (std::uint32_t cta = 0; cta < program.ctas; ++cta) {
      for (std::int32_t index = 0; index < state.smQueueLength[cta]; ++index) {
        const std::uint32_t location = std::uint32_t{1} << state.smQueue[cta][index].location;
        queuedAgain |= queued & location;
        queued |= location;
      }
    }
    std::uint32_t quiet = queued & ~queuedAgain;
    for (std::uint32_t thread = 0; thread < program.threads.size() && quiet != 0; ++thread) {
      const typename State::Thread& self = state.threads[thread];
      quiet &= ~accessesFrom_[thread][self.pc];
      for (std::uint32_t index = 0; index < self.inFlightCount; ++index) {
        quiet &= ~accessOf_[thread][self.inFlight[index].instruction - 1u];
      }
      for (std::int32_t index = 0; index < self.storeBufferLength; ++index) {
        quiet &= ~(std::uint32_t{1} << self.storeBuffer[index].location);
      }
    }
    return quiet;
  }

  // RED-8: per CTA, the locations only that CTA's stores will still write
  // and nothing will read (a bit each), in OWNED[cta]; OWNED has a word
  // per CTA of the program. Nothing when RED-8 is off.
  void ownedLocations(const State& state, std::uint32_t* owned) const {
    const Program& program = hardware_.program;
    if (!owned_) {
      std::fill(owned, owned + program.ctas, 0u);
      return;
    }
    std::uint32_t touched[Capacity::kThreads] = {};  // per CTA: what its threads or queue may touch
    std::uint32_t read = 0;                          // what any thread may still read
    for (std::uint32_t thread = 0; thread < program.threads.size(); ++thread) {
      const typename State::Thread& self = state.threads[thread];
      std::uint32_t& mine = touched[program.ctaOf[thread]];
      mine |= accessesFrom_[thread][self.pc];
      read |= readsFrom_[thread][self.pc];
      for (std::uint32_t index = 0; index < self.inFlightCount; ++index) {
        mine |= accessOf_[thread][self.inFlight[index].instruction - 1u];
        read |= readOf_[thread][self.inFlight[index].instruction - 1u];
      }
      for (std::int32_t index = 0; index < self.storeBufferLength; ++index) {
        mine |= std::uint32_t{1} << self.storeBuffer[index].location;
      }
    }
    std::uint32_t once = 0;   // touched by some CTA
    std::uint32_t twice = 0;  // touched by two CTAs or more
    for (std::uint32_t cta = 0; cta < program.ctas; ++cta) {
      for (std::int32_t index = 0; index < state.smQueueLength[cta]; ++index) {
        const typename State::Write& entry = state.smQueue[cta][index];
        touched[cta] |= std::uint32_t{1} << entry.location;
        if (entry.isLoadRequest()) {
          read |= std::uint32_t{1} << entry.location;
        }
      }
      twice |= once & touched[cta];
      once |= touched[cta];
    }
    for (std::uint32_t cta = 0; cta < program.ctas; ++cta) {
      owned[cta] = touched[cta] & ~twice & ~read;
    }
  }

  // RED-7, RED-8: whether the drain of the write at AT of CTA's SM queue,
  // which is enabled, may be followed alone; QUIET is quietLocations(STATE)
  // and OWNED ownedLocations(STATE)'s word for CTA.
  bool drainAlone(const State& state, std::uint32_t cta, std::uint32_t at, std::uint32_t quiet,
                  std::uint32_t owned) const {
    const typename State::Write& write = state.smQueue[cta][at];
    return (write.flags & (State::kWriteIsLoadRequest | State::kWriteIsCumulative)) == 0 &&
           (((quiet | owned) >> write.location) & 1u) != 0;
  }

 private:
  // RED-8: whether the threads of some CTA of PROGRAM write some location
  // more than once (or may, with a backward branch). Where none does,
  // RED-8 lets alone no drain RED-7 does not (so, with RED-7 on, it is not
  // looked for): what keeps a location RED-8 lets alone from being quiet
  // is another write of it by the same CTA.
  bool writesOneLocationTwice(const Program& program) const {
    if (program.hasBackwardBranch) {
      return true;
    }
    std::vector<std::uint32_t> written(program.ctas, 0);
    for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
      std::uint32_t& once = written[program.ctaOf[thread]];
      for (std::size_t at = 0; at < accessOf_[thread].size(); ++at) {
        const std::uint32_t location = accessOf_[thread][at] & ~readOf_[thread][at];  // a plain store's
        if ((once & location) != 0) {
          return true;
        }
        once |= location;
      }
    }
    return false;
  }

  const Hardware<Capacity>& hardware_;
  bool applies_ = false;  // RED-7
  bool owned_ = false;    // RED-8
  bool memory_ = false;   // RED-10
  // Per thread: the location each instruction accesses (a bit, none for
  // other instructions), and the locations the accesses from each program
  // counter on touch; the same for the accesses that read (all but plain
  // stores).
  std::vector<std::vector<std::uint32_t>> accessOf_;
  std::vector<std::vector<std::uint32_t>> accessesFrom_;
  std::vector<std::vector<std::uint32_t>> readOf_;
  std::vector<std::vector<std::uint32_t>> readsFrom_;
};

}  // namespace opcheck::opsem

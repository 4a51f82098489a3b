// A CTA's L1 cache: per location a line, valid or not. The L1 is the CTA's
// point of coherence (.cta operations are performed there), written through
// to the L2, and not coherent with other CTAs' L1s: a weak load can hit a
// stale line (seed 002 Sec. II; seed 003 Sec. 2.1; docs/architecture.md "ptx-op").
//
// [L1-1] A write leaving a thread's store buffer updates its CTA's line
//   (write-through: it goes on to the SM queue, SB-2), but a .cg store under
//   Architecture::cgBypassesL1 (Fermi), which leaves the line as it was:
//   seed 000 Sec. 2.3 (".ca ... targets the L1 (resp. .cg ... L2)"), Sec.
//   3.1.2 Fig. 4, Sec. 5.5.
// [L1-2] A line may be (re)filled from the L2 at any time
//   (Architecture::l1Fills): a prefetch, or a line evicted and loaded
//   again. A line so filled and then left alone is what makes a later weak
//   load stale: IRIW and coRR across CTAs with .cta-scoped order.
// [L1-3] A .gpu/.sys acquire, and every .gpu/.sys fence, invalidates the
//   CTA's lines (Architecture::invalidateL1OnFenceAndAcquire; off for Fermi,
//   whose fences left lines loaded with .ca in place: seed 000 Sec. 3.1.2,
//   Figs. 3-4). No write of the CTA is lost: one that has not reached the L2
//   is still in the SM queue, and reads at the L2 see it (SMQ-4; docs/architecture.md
//   "ptx-op").
// [L1-4] An access performed at the L2 or beyond (a strong .gpu/.sys load, an
//   atomic) refreshes its CTA's line with the value it read or wrote.
//   Otherwise a CTA-mate's later weak load could hit a line older than what
//   a cause chain makes it see (docs/architecture.md "ptx-op": W.relaxed.gpu x observed by
//   ld.relaxed.gpu x in CTA1, then st.release.cta y / ld.acquire.cta y to a
//   CTA-mate, whose ld.weak x must see the write: obs; base causality;
//   Causality, PTX ISA 9.1 8.10.6). A strong load answered through a request
//   fills nothing (REQ-9); its request dropped the line instead (REQ-8).
//
// Invariants (StateInvariants.h):
// [INV-10] A line of a CTA or location the program lacks (beyond
//   Program::lines, which holds the proxies' and aliases' lines, PROXY-1,
//   PROXY-5), or one the machine does not keep (RED-1), is zero.
// [INV-11] A line is valid with a value in range, or invalid and zero
//   (L1-3 and REQ-8 drop a line whole).
#pragma once

#include <cstdint>
#include <cstring>

#include "opsem/MachineState.h"
#include "opsem/StateInvariants.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class L1Cache {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;
  using Write = typename State::Write;
  using Line = typename State::Line;

  explicit L1Cache(const Hardware<Capacity>& hardware) : hardware_(hardware) {}

  const Line& line(const State& state, std::uint32_t cta, std::uint32_t location) const {
    return state.l1[cta][location];
  }

  // L1-4: CTA's line for LOCATION takes VALUE.
  void refresh(State& state, std::uint32_t cta, std::uint32_t location, Stored value) const {
    if (kept(cta, location)) {
      state.l1[cta][location] = {value, 1};
    }
  }

  // L1-1: WRITE, leaving a store buffer of CTA, passes through the L1.
  // PROXY-5: through the line it was written through.
  void writeThrough(State& state, std::uint32_t cta, const Write& write) const {
    if ((write.flags & State::kWriteBypassesL1) == 0) {
      const unsigned line = write.flags >> State::kWriteLineShift;
      refresh(state, cta, line == 0 ? write.location : line - 1u, write.value);
    }
  }

  // L1-2, PROXY-1: the step in which CTA's line LINE (a location's own, an
  // alias's, a constant or texture line) is filled from the L2.
  bool fill(State& state, std::uint32_t cta, std::uint32_t lineIndex) const {
    const std::uint32_t location = hardware_.program.lineLocation[lineIndex];
    if (hardware_.loadRequests.holdsLocation(state, cta, location)) {
      return false;  // REQ-7: the line is pending
    }
    Line& line = state.l1[cta][lineIndex];
    const Stored current = hardware_.proxyCaches.isProxyCacheLine(lineIndex)
                               ? hardware_.proxyCaches.fetch(state, cta, lineIndex)
                               : hardware_.l2.read(state, cta, location);
    if (line.valid && line.value == current) {
      return false;
    }
    line = {current, 1};
    return true;
  }

  // REQ-8: CTA's line for LOCATION is dropped.
  void drop(State& state, std::uint32_t cta, std::uint32_t location) const { state.l1[cta][location] = {}; }

  // L1-3: every line of CTA's L1 is dropped, but the constant and texture
  // caches' (PROXY-1).
  void invalidate(State& state, std::uint32_t cta) const {
    if (!hardware_.architecture.invalidateL1OnFenceAndAcquire) {
      return;
    }
    const Program& program = hardware_.program;
    if (program.proxyCacheLines == 0) {
      std::memset(state.l1[cta], 0, sizeof state.l1[cta]);
      return;
    }
    for (std::uint32_t line = 0; line < program.lines; ++line) {
      if (((program.proxyCacheLines >> line) & 1u) == 0) {
        state.l1[cta][line] = {};
      }
    }
  }

  // INV-10, INV-11.
  void checkInvariants(const State& state, InvariantCheck& check) const {
    const Program& program = hardware_.program;
    for (std::size_t cta = 0; cta < State::kCtas; ++cta) {
      for (std::size_t location = 0; location < Capacity::kLocations; ++location) {
        const Line& line = state.l1[cta][location];
        const auto where = [&] { return at("CTA", cta) + ", " + at("location", location); };
        const bool used = cta < program.ctas && location < program.lines &&
                          kept(static_cast<std::uint32_t>(cta), static_cast<std::uint32_t>(location));
        if (!used) {
          check.require(isZero(line), "INV-10 a line the program lacks or does not keep (RED-1) is zero",
                        where);
          continue;
        }
        check.require(
            (line.valid == 0 && isZero(line)) || (line.valid == 1 && valueInRange(program, line.value)),
            "INV-11 a line is valid with a value in range, or invalid and zero",
            [&] { return where() + ": valid " + std::to_string(line.valid); });
      }
    }
  }

  // RED-1: a line is kept only when a thread of its CTA loads through the
  // L1 (Program::liveL1Lines).
  bool kept(std::uint32_t cta, std::uint32_t location) const {
    return !hardware_.reductions.deadCacheLines || hardware_.program.l1Live(cta, location);
  }

 private:
  const Hardware<Capacity>& hardware_;
};

}  // namespace opcheck::opsem

// A CTA's caches beside the generic path (PTX ISA 9.1 8.6 "Proxies"): the
// constant cache, the texture cache, and the lines a virtually indexed L1
// keeps for virtual aliases. Memory reached through different proxies, or
// through different virtual addresses of one physical location, is not kept
// coherent by the hardware; the proxy fences (fence.proxy.P, PTX ISA 9.1
// 9.7.13.4) make the views agree. ptx (the 7.5 model, axiomcheck/
// ProxyCausality.h) orders an access through one view after a write through
// another only on a causality path that holds the matching proxy fence in
// the reader's (or for the alias fence, anybody's) CTA (8.9.5
// proxy-preserved base causality); these rules are the hardware that needs
// them.
//
// The lines live in MachineState::l1 after the locations' own lines
// (Program::lines, lineLocation, lineKind), so a test without proxies and
// aliases has states of the same bytes as before.
//
// [PROXY-1] A CTA has a constant cache line and a texture cache line per
//   location its constant (cold) and texture (tld) loads name, filled from
//   the L2 as the CTA sees it at any time (the L1-2 step): the read-only
//   caches fetch ahead. No store writes them (a generic or surface store
//   updates the L1 only, L1-1), and no generic fence or acquire invalidates
//   them (L1-3 keeps them): they are not coherent with the generic path.
// [PROXY-2] A constant or texture load reads its CTA's line; at a miss it
//   reads the L2 as the CTA sees it (L2-2: with the CTA's writes still in
//   the SM queue) and fills the line. It never reads its thread's store
//   buffer: a write there has not left the generic path.
// [PROXY-3] Surface accesses (sust, suld) go the generic way: through the
//   store buffer and the CTA's L1 line of the location, written through to
//   the L2. On Volta to Hopper the texture and L1 caches are one array and
//   surface stores write through it to the L2; what a surface access orders
//   in ptx is a subset of what a generic one does (8.9.5 needs a surface
//   proxy fence for the rest), so running it as generic adds no outcome.
//   fence.proxy.surface is then only a fence (PROXY-4).
// [PROXY-4] fence.proxy.constant, .texture and .surface order their thread's
//   operations around them as every fence does (ORD-1), wait until their
//   thread's store buffer is empty (its writes are in the L1 and the SM
//   queue, where PROXY-2's misses see them), and invalidate their CTA's
//   lines of their proxy. The fence acts for its CTA only (the cat's
//   proxy-fence-ops relate a fence to the accesses of its CTA).
// [PROXY-5] A generic access through a virtual alias (v @ generic aliases x)
//   goes through the alias's own L1 line, filled like any line (L1-2): the
//   L1 is indexed by virtual address, so it may hold a line for v and one
//   for x of the same memory. A write updates the line it was written
//   through only (Write::kWriteLineShift), and goes on to the L2 under the
//   physical location. Stores, the SM queue and the L2 are physically
//   addressed, so a thread's own buffered write is seen through either name.
// [PROXY-6] fence.proxy.alias orders and waits as PROXY-4 and invalidates
//   every generic line of its CTA, its locations' and its aliases': a read
//   after it misses and finds the newest write at the L2 (SMQ-4).
//
// Invariants: the lines are L1 lines (INV-10, INV-11 in L1Cache.h; a line
// beyond Program::lines is zero).
#pragma once

#include <cstdint>

#include "opsem/InstructionTraits.h"
#include "opsem/MachineState.h"

namespace opcheck::opsem {

template <typename Capacity>
struct Hardware;

template <typename Capacity>
class ProxyCaches {
 public:
  using State = MachineState<Capacity>;
  using Stored = StoredFor<Capacity>;
  using Line = typename State::Line;

  explicit ProxyCaches(const Hardware<Capacity>& hardware) : hardware_(hardware) {}

  // Whether LINE is a constant or texture cache line (PROXY-1).
  bool isProxyCacheLine(std::uint32_t line) const {
    return ((hardware_.program.proxyCacheLines >> line) & 1u) != 0;
  }

  // PROXY-2: what a constant or texture load of CTA through LINE reads.
  Stored read(State& state, std::uint32_t cta, std::uint32_t line) const {
    const Line& cached = state.l1[cta][line];
    if (cached.valid) {
      return cached.value;
    }
    const Stored value = fetch(state, cta, line);
    hardware_.l1.refresh(state, cta, line, value);
    return value;
  }

  // PROXY-1, PROXY-2: what a fill or a miss of CTA's constant or texture
  // LINE brings from the L2.
  Stored fetch(const State& state, std::uint32_t cta, std::uint32_t line) const {
    const std::int32_t queued = hardware_.architecture.brokenProxyCacheSkipsSmQueue ? 0 : -1;
    return hardware_.l2.read(state, cta, hardware_.program.lineLocation[line], queued);
  }

  // PROXY-4, PROXY-6: the fence.proxy at INDEX of THREAD's in-flight list.
  bool fence(State& state, std::uint32_t thread, std::uint32_t index) const {
    const CompiledInstruction& instruction =
        hardware_.instructionOf(thread, state.threads[thread].inFlight[index]);
    if (!hardware_.storeBuffer.empty(state, thread) &&
        !hardware_.architecture.brokenProxyFenceSkipsStoreBuffer) {
      return false;
    }
    const Program& program = hardware_.program;
    const std::uint32_t cta = program.ctaOf[thread];
    std::uint32_t invalidated = 0;
    switch (instruction.proxy) {
      case litmus::Proxy::Constant:
      case litmus::Proxy::Texture:
        for (std::uint32_t line = program.locations; line < program.lines; ++line) {
          const LineKind wanted =
              instruction.proxy == litmus::Proxy::Constant ? LineKind::Constant : LineKind::Texture;
          invalidated |= program.lineKind[line] == wanted ? 1u << line : 0u;
        }
        break;
      case litmus::Proxy::Alias:
        invalidated = ~program.proxyCacheLines;
        if (hardware_.architecture.brokenAliasFenceKeepsAliasLines) {
          invalidated &= ~program.aliasLines;
        }
        break;
      case litmus::Proxy::Generic:
      case litmus::Proxy::Surface:  // PROXY-3: the surface path is the generic one
      case litmus::Proxy::Async:    // the copy engine's (COPY-4, MemoryOperations.h)
        break;
    }
    if (hardware_.architecture.brokenProxyFenceKeepsLines && instruction.proxy != litmus::Proxy::Alias) {
      invalidated = 0;
    }
    for (std::uint32_t line = 0; line < program.lines; ++line) {
      if ((invalidated >> line) & 1u) {
        state.l1[cta][line] = {};
      }
    }
    return true;
  }

 private:
  const Hardware<Capacity>& hardware_;
};

}  // namespace opcheck::opsem

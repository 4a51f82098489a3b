// The paths one thread can take (docs/architecture.md "Axiomatic models": per-thread
// paths with guards and branches, loops unrolled to --unroll K).
//
// A thread is executed symbolically: a load's result is an unknown, so a
// guard or branch whose condition depends on a load forks the path, each
// side remembering the condition it assumed. A candidate execution picks
// one path per thread; once rf gives every load a value, the assumptions
// are checked (a path whose assumptions fail is not an execution).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "axiomcheck/Expression.h"
#include "axiomcheck/Relation.h"
#include "litmus/Test.h"

namespace opcheck::axiomcheck {

// The kinds of event of a candidate execution. An atom or red is a Read
// followed by a Write (its rmw pair, seed 001 Sec. 3.5.3); bar.sync is a
// BarrierArrive followed by a BarrierWait and bar.arrive only the arrival
// (NVIDIA's Alloy model: BarrierArrive, BarrierWait).
enum class EventKind : std::uint8_t { Read, Write, Fence, BarrierArrive, BarrierWait };

// PathEvent::awaitedAt of an asynchronous event no wait completes.
constexpr std::uint8_t kNotAwaited = 0xFF;

struct PathEvent {
  EventKind kind = EventKind::Read;
  litmus::Semantics semantics = litmus::Semantics::Weak;
  litmus::Scope scope = litmus::Scope::None;
  litmus::LocationId location = 0;  // as the instruction names it (an alias stays one)
  // The proxy an access goes through, or the one a fence.proxy orders
  // (litmus/Proxies.h); proxyFence marks a fence.proxy.
  litmus::Proxy proxy = litmus::Proxy::Generic;
  bool proxyFence = false;
  // A fence.proxy.async.space or fence.proxy.async::generic: the state space
  // its ordering is restricted to (Generic for none); uniDirectional marks
  // the latter (litmus::isUniDirectionalProxyFence).
  litmus::StateSpace restrictedTo = litmus::StateSpace::Generic;
  bool uniDirectional = false;
  std::uint16_t instruction = 0;  // index in the thread's instructions
  // The events of an asynchronous operation (litmus/AsyncOperations.h; PTX
  // ISA 9.1 8.9.1.1): the operation's number on its path, counted from 1;
  // 0 for the thread's own events. Program order leads from the thread's
  // earlier events to them, from them to the later events of the same
  // operation, and to the thread's events from path event awaitedAt on,
  // once a wait has completed them (kNotAwaited until then).
  std::uint8_t asyncOperation = 0;
  std::uint8_t awaitedAt = kNotAwaited;
  // The path events of other asynchronous operations that program order
  // leads to this one (bits are path event indices): the arrive-on of
  // cp.async.mbarrier.arrive follows the accesses of the thread's prior
  // cp.async operations (PTX ISA 9.1 8.9.1.1).
  EventSet asyncPredecessors = 0;
  bool atomic = false;     // one half of an atom or red
  bool reduction = false;  // one half of a red (PTX ISA 9.1 8.11.1: no acquire patterns)
  ExprId value = kNoExpr;  // Write: the value written
  // Barriers: the operands that name the barrier ("bar.cta.sync a, b":
  // both a and b, as Dat3M reads them) and the thread count (a third
  // operand), kNoExpr when absent.
  std::array<ExprId, 2> barrierName{kNoExpr, kNoExpr};
  ExprId barrierCount = kNoExpr;
  // The loads of this path (bits are path event indices) this event depends
  // on through its value, its address, and the branches and guards that
  // decided it runs.
  EventSet data = 0;
  EventSet address = 0;
  EventSet control = 0;
};

struct PathAssumption {
  ExprId condition = kNoExpr;
  bool holds = true;  // the path assumed the condition nonzero (true) or zero
};

struct ThreadPath {
  ExpressionArena expressions;
  std::vector<PathEvent> events;
  std::vector<ExprId> finalRegisters;  // one per register of the thread
  std::vector<PathAssumption> assumptions;
};

struct PathOptions {
  // How many times one backward jump may be taken on a path (herd's
  // -unroll; default 2).
  unsigned unroll = 2;
  // herd's GPU_PTX semantics (GPU_PTXSem.ml): a failing atom.cas writes the
  // old value back. PTX: it writes nothing.
  bool failedCasWrites = false;
};

struct ThreadPaths {
  std::vector<ThreadPath> paths;
  bool boundCut = false;  // some path needed more than --unroll iterations
};

// Throws litmus::InputError (naming FILE) for what the models cannot
// follow: an address computed from a load, a register used as an address
// that holds no address, a path with too many events.
ThreadPaths enumeratePaths(const litmus::Test& test, std::size_t thread, const PathOptions& options,
                           const std::string& file);

}  // namespace opcheck::axiomcheck

// A candidate execution (docs/architecture.md "Axiomatic models"): the events of one
// path per thread plus an initial write per location, the relations the
// program fixes (po, rmw, dependencies, same location, same CTA, same GPU)
// and the ones a candidate chooses (rf, co, the Fence-SC order, barrier
// synchronization), with the values they imply.
//
// Initial writes come first (one per location the paths touch), then each
// thread's events in program order. Every relation is a Relation over these
// events; the models build theirs from these.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "axiomcheck/Relation.h"
#include "axiomcheck/ThreadPaths.h"
#include "litmus/Test.h"
#include "litmus/Value.h"

namespace opcheck::axiomcheck {

struct Event {
  EventKind kind = EventKind::Write;
  bool initial = false;      // the initial write of its location
  bool atomic = false;       // one half of an atom or red
  bool reduction = false;    // one half of a red
  std::int16_t thread = -1;  // -1 for initial writes
  // Reads and writes: the memory location (an alias resolved) and the
  // virtual address they name (litmus/Proxies.h; the same but for aliases).
  litmus::LocationId location = 0;
  litmus::LocationId virtualAddress = 0;
  // The proxy of an access, or the one a fence.proxy orders (proxyFence);
  // generic for every other event (PTX ISA 9.1 8.6).
  litmus::Proxy proxy = litmus::Proxy::Generic;
  bool proxyFence = false;
  litmus::StateSpace restrictedTo = litmus::StateSpace::Generic;  // PathEvent::restrictedTo
  bool uniDirectional = false;                                    // PathEvent::uniDirectional
  litmus::Semantics semantics = litmus::Semantics::Weak;
  litmus::Scope scope = litmus::Scope::None;
  std::uint8_t pathEvent = 0;  // index in its thread's path

  bool isMemory() const { return kind == EventKind::Read || kind == EventKind::Write; }
  // PTX ISA 9.1 8.4 Operation types: a fence, or an access that is not .weak (barriers are
  // CTA-scoped synchronization, strong like fences).
  bool isStrong() const { return !initial && (!isMemory() || semantics != litmus::Semantics::Weak); }
};

class Execution {
 public:
  const litmus::Test* test = nullptr;
  unsigned size = 0;
  std::array<Event, kMaxEvents> events{};
  std::vector<const ThreadPath*> paths;  // per thread
  std::vector<unsigned> firstEvent;      // per thread: its first event
  std::vector<EventSet> threadEvents;    // per thread

  EventSet reads = 0;
  EventSet writes = 0;  // initial writes included
  EventSet initialWrites = 0;
  EventSet fences = 0;
  EventSet barrierArrives = 0;
  EventSet barrierWaits = 0;
  // The events of asynchronous operations (PathEvent::asyncOperation).
  EventSet asyncEvents = 0;
  // Per location id: its reads and writes (initial write included), and its
  // initial write; empty and kNoEvent for locations no path touches.
  static constexpr unsigned kNoEvent = kMaxEvents;
  std::vector<EventSet> locationEvents;
  std::vector<unsigned> initialWriteOf;

  // Fixed by the program.
  bool mixedProxies = false;  // litmus::usesMixedProxies(*test), read once per candidate
  Relation po;                // program order (events of one thread)
  Relation sameLocation;      // reads and writes of one location, pairs of distinct events
  // Reads and writes that name one virtual address (Event::virtualAddress;
  // the cat's vloc), pairs of distinct events: sameLocation but for aliases.
  Relation sameVirtualAddress;
  Relation rmw;  // read half -> write half of an atom or red
  Relation data;
  Relation address;
  Relation control;
  Relation sameCta;  // events of threads in one CTA (initial writes in none)
  Relation sameGpu;  // events of threads on one GPU (herd's "gl")

  // Chosen by the candidate.
  Relation rf;
  Relation co;  // kept transitive
  Relation fenceScOrder;
  Relation barrierSync;                            // BarrierArrive -> BarrierWait that waited for it
  std::array<std::uint8_t, kMaxEvents> source{};   // Read: the write it reads from
  std::array<litmus::Value, kMaxEvents> values{};  // Read: value read; Write: value written

  EventSet memory() const { return reads | writes; }
  EventSet writesAt(litmus::LocationId location) const { return locationEvents[location] & writes; }
  bool sameThread(unsigned a, unsigned b) const {
    return events[a].thread == events[b].thread && !events[a].initial && !events[b].initial;
  }

  // fr = rf^-1; co (co transitive, initial write first: a read of the
  // initial value is before every write of its location).
  Relation fromRead() const { return rf.inverse().then(co); }
  Relation poLoc() const { return po & sameLocation; }
  Relation dependencies() const { return data | address | control; }
  // Pairs of events of different threads; an initial write is external to
  // everything (herd's ext).
  Relation external() const;

  // The value expression ID of THREAD's path takes with this candidate's
  // read values.
  litmus::Value evaluate(std::size_t thread, ExprId id) const;
};

// Fills EXECUTION with the events and fixed relations of a candidate running
// PATHS (one per thread of TEST). Throws litmus::InputError (naming FILE)
// when the candidate has more than 64 events.
void buildExecution(Execution& execution, const litmus::Test& test, std::span<const ThreadPath* const> paths,
                    const std::string& file);

}  // namespace opcheck::axiomcheck

#include "axiomcheck/Execution.h"

#include "litmus/Diagnostic.h"
#include "litmus/Proxies.h"

namespace opcheck::axiomcheck {

Relation Execution::external() const {
  Relation result(size);
  const EventSet all = firstEvents(size);
  for (unsigned event = 0; event < size; ++event) {
    const Event& e = events[event];
    result.setSuccessors(
        event, e.initial ? all & ~eventBit(event) : all & ~threadEvents[static_cast<std::size_t>(e.thread)]);
  }
  return result;
}

litmus::Value Execution::evaluate(std::size_t thread, ExprId id) const {
  const unsigned first = firstEvent[thread];
  return paths[thread]->expressions.evaluate(
      id, [&](std::uint8_t pathEvent) { return values[first + pathEvent]; });
}

void buildExecution(Execution& execution, const litmus::Test& test, std::span<const ThreadPath* const> paths,
                    const std::string& file) {
  Execution& x = execution;
  x.test = &test;
  x.mixedProxies = litmus::usesMixedProxies(test);
  x.paths.assign(paths.begin(), paths.end());
  const std::size_t threads = paths.size();

  // Which locations the paths touch: each gets an initial write.
  std::vector<bool> touched(test.locations.size(), false);
  std::size_t total = 0;
  for (const ThreadPath* path : paths) {
    total += path->events.size();
    for (const PathEvent& event : path->events) {
      if (event.kind == EventKind::Read || event.kind == EventKind::Write) {
        touched[litmus::physicalLocation(test, event.location)] = true;
      }
    }
  }
  std::size_t initials = 0;
  for (bool is : touched) {
    initials += is ? 1 : 0;
  }
  if (total + initials > kMaxEvents) {
    // Point at the instruction whose event is the first beyond the limit
    // (initial writes come first, then the threads' events in order).
    litmus::SourcePosition beyond;
    std::size_t counted = initials;
    for (std::size_t thread = 0; thread < threads && beyond.line == 0; ++thread) {
      for (const PathEvent& event : paths[thread]->events) {
        if (++counted > kMaxEvents) {
          beyond = test.threads[thread].instructions[event.instruction].position;
          break;
        }
      }
    }
    litmus::fail(file, beyond,
                 "test too large for the axiomatic models: " + std::to_string(total + initials) +
                     " events with the initial writes and unrolled loops; the limit is " +
                     std::to_string(kMaxEvents) + " (one 64-bit word per relation row)");
  }
  x.size = static_cast<unsigned>(total + initials);
  x.reads = x.writes = x.initialWrites = x.fences = x.barrierArrives = x.barrierWaits = x.asyncEvents = 0;
  x.locationEvents.assign(test.locations.size(), 0);
  x.initialWriteOf.assign(test.locations.size(), Execution::kNoEvent);
  x.threadEvents.assign(threads, 0);
  x.firstEvent.assign(threads, 0);

  unsigned next = 0;
  for (std::size_t location = 0; location < touched.size(); ++location) {
    if (!touched[location]) {
      continue;
    }
    Event& init = x.events[next];
    init = Event{};
    init.kind = EventKind::Write;
    init.initial = true;
    init.location = static_cast<litmus::LocationId>(location);
    init.virtualAddress = init.location;
    x.initialWriteOf[location] = next;
    x.values[next] = litmus::Value::of(test.locations[location].initialValue);
    x.writes |= eventBit(next);
    x.initialWrites |= eventBit(next);
    x.locationEvents[location] |= eventBit(next);
    ++next;
  }

  for (Relation* relation :
       {&x.po, &x.sameLocation, &x.sameVirtualAddress, &x.rmw, &x.data, &x.address, &x.control, &x.sameCta,
        &x.sameGpu, &x.rf, &x.co, &x.fenceScOrder, &x.barrierSync}) {
    *relation = Relation(x.size);
  }

  for (std::size_t thread = 0; thread < threads; ++thread) {
    const ThreadPath& path = *paths[thread];
    const unsigned first = next;
    x.firstEvent[thread] = first;
    for (std::size_t index = 0; index < path.events.size(); ++index) {
      const PathEvent& source = path.events[index];
      const unsigned id = next++;
      Event& event = x.events[id];
      event = Event{};
      event.kind = source.kind;
      event.atomic = source.atomic;
      event.reduction = source.reduction;
      event.thread = static_cast<std::int16_t>(thread);
      event.location = litmus::physicalLocation(test, source.location);
      event.virtualAddress = litmus::virtualAddress(test, source.location);
      event.proxy = source.proxy;
      event.proxyFence = source.proxyFence;
      event.restrictedTo = source.restrictedTo;
      event.uniDirectional = source.uniDirectional;
      event.semantics = source.semantics;
      event.scope = source.scope;
      event.pathEvent = static_cast<std::uint8_t>(index);
      const EventSet bit = eventBit(id);
      if (source.asyncOperation != 0) {
        x.asyncEvents |= bit;
      }
      switch (source.kind) {
        case EventKind::Read:
          x.reads |= bit;
          x.locationEvents[event.location] |= bit;
          break;
        case EventKind::Write:
          x.writes |= bit;
          x.locationEvents[event.location] |= bit;
          break;
        case EventKind::Fence:
          x.fences |= bit;
          break;
        case EventKind::BarrierArrive:
          x.barrierArrives |= bit;
          break;
        case EventKind::BarrierWait:
          x.barrierWaits |= bit;
          break;
      }
      // Dependencies: the path's bits are path event indices.
      auto shift = [&](EventSet local) { return local << first; };
      forEachEvent(shift(source.data), [&](unsigned load) { x.data.add(load, id); });
      forEachEvent(shift(source.address), [&](unsigned load) { x.address.add(load, id); });
      forEachEvent(shift(source.control), [&](unsigned load) { x.control.add(load, id); });
      if (source.atomic && source.kind == EventKind::Write && index > 0) {
        x.rmw.add(id - 1, id);
      }
    }
    x.threadEvents[thread] = firstEvents(next) & ~firstEvents(first);
  }

  // Program order, and the scope relations by thread placement.
  for (std::size_t thread = 0; thread < threads; ++thread) {
    EventSet ctaMates = 0;
    EventSet gpuMates = 0;
    const litmus::ThreadPlacement& placement = test.threads[thread].placement;
    for (std::size_t other = 0; other < threads; ++other) {
      const litmus::ThreadPlacement& otherPlacement = test.threads[other].placement;
      if (otherPlacement.cta == placement.cta) {
        ctaMates |= x.threadEvents[other];
      }
      if (otherPlacement.device == placement.device) {
        gpuMates |= x.threadEvents[other];
      }
    }
    const ThreadPath& path = *paths[thread];
    const unsigned first = x.firstEvent[thread];
    forEachEvent(x.threadEvents[thread], [&](unsigned event) {
      EventSet later = x.threadEvents[thread] & ~firstEvents(event + 1);
      const PathEvent& own = path.events[event - first];
      if (own.asyncOperation != 0) {
        // PTX ISA 9.1 8.9.1.1: an asynchronous operation's accesses are
        // ordered with each other and after the thread's earlier
        // instructions, not before its later ones, until a wait completes
        // them (ThreadPaths.h, litmus/AsyncOperations.h).
        EventSet ordered = 0;
        forEachEvent(later, [&](unsigned other) {
          if (path.events[other - first].asyncOperation == own.asyncOperation) {
            ordered |= eventBit(other);
          }
        });
        if (own.awaitedAt != kNotAwaited) {
          ordered |= later & ~firstEvents(first + own.awaitedAt);
        }
        later = ordered;
      }
      x.po.setSuccessors(event, later);
      x.sameCta.setSuccessors(event, ctaMates);
      x.sameGpu.setSuccessors(event, gpuMates);
    });
    // cp.async.mbarrier.arrive's arrive-on follows the accesses of the
    // thread's prior cp.async operations (ThreadPaths.h asyncPredecessors).
    forEachEvent(x.threadEvents[thread] & x.asyncEvents, [&](unsigned event) {
      forEachEvent(path.events[event - first].asyncPredecessors << first,
                   [&](unsigned predecessor) { x.po.add(predecessor, event); });
    });
  }
  for (const EventSet located : x.locationEvents) {
    forEachEvent(located,
                 [&](unsigned event) { x.sameLocation.setSuccessors(event, located & ~eventBit(event)); });
  }
  forEachEvent(x.memory(), [&](unsigned event) {
    EventSet named = 0;
    forEachEvent(x.locationEvents[x.events[event].location], [&](unsigned other) {
      if (x.events[other].virtualAddress == x.events[event].virtualAddress) {
        named |= eventBit(other);
      }
    });
    x.sameVirtualAddress.setSuccessors(event, named & ~eventBit(event));
  });
}

}  // namespace opcheck::axiomcheck

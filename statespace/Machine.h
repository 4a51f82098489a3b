// What the explorer needs of a transition system. statespace/ knows nothing
// of PTX: a second operational model drops in beside ptx-op by satisfying
// this concept (design.md "Layout and data flow").
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>

namespace opcheck::statespace {

// One enabled step out of a state.
struct Transition {
  // The machine's own name for the step, for traces: Machine::describe and
  // Machine::apply take it back.
  std::uint32_t id = 0;
  // A local step (a register operation, an issue that touches no shared
  // structure) commutes with every other thread's steps, disables none and
  // changes nothing the outcome reads but its own thread's registers. The
  // explorer may then follow it alone (partial-order reduction).
  bool local = false;
};

// A callback that receives each successor: sink(transition, nextState).
template <typename Sink, typename State>
concept SuccessorSink = std::invocable<Sink&, const Transition&, const State&>;

template <typename M>
concept Machine = requires(const M& machine, const typename M::State& state, const Transition& transition,
                           void (*sink)(const Transition&, const typename M::State&)) {
  // States are flat values hashed as bytes: no padding, no pointers.
  requires std::is_trivially_copyable_v<typename M::State>;
  requires std::has_unique_object_representations_v<typename M::State>;
  { machine.initialState() } -> std::same_as<typename M::State>;
  // Calls the sink once for every enabled transition.
  machine.forEachSuccessor(state, sink);
  // A state in which every thread finished and every buffer drained.
  { machine.isFinal(state) } -> std::same_as<bool>;
  // The successor along one transition (for rebuilding traces).
  { machine.apply(state, transition) } -> std::same_as<typename M::State>;
};

}  // namespace opcheck::statespace

// What the explorer needs of a transition system. statespace/ knows nothing
// of PTX: a second operational model drops in beside ptx-op by satisfying
// this concept (docs/architecture.md "Modules").
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
  // A local step commutes with every step that could be taken before it
  // (a register operation, an issue that touches no shared structure),
  // disables none and stays enabled until it is taken. The explorer may
  // then follow it alone (partial-order reduction).
  bool local = false;
};

// A callback that receives each successor: sink(transition, nextState). A
// sink may return bool: false when it needs no more successors of the
// state, so that the machine may stop building them.
template <typename Sink, typename State>
concept SuccessorSink = std::invocable<Sink&, const Transition&, const State&>;

// Gives SINK a successor; whether the machine should go on.
template <typename State, SuccessorSink<State> Sink>
bool offer(Sink& sink, const Transition& transition, const State& next) {
  if constexpr (std::is_same_v<std::invoke_result_t<Sink&, const Transition&, const State&>, bool>) {
    return sink(transition, next);
  } else {
    sink(transition, next);
    return true;
  }
}

template <typename M>
concept Machine = requires(const M& machine, const typename M::State& state, const Transition& transition,
                           void (*sink)(const Transition&, const typename M::State&)) {
  // States are flat values hashed as bytes: no padding, no pointers.
  requires std::is_trivially_copyable_v<typename M::State>;
  requires std::has_unique_object_representations_v<typename M::State>;
  { machine.initialState() } -> std::same_as<typename M::State>;
  // Calls the sink once for every enabled transition, or until it says
  // stop.
  machine.forEachSuccessor(state, sink);
  // A state in which every thread finished and every buffer drained.
  { machine.isFinal(state) } -> std::same_as<bool>;
  // The successor along one transition (for rebuilding traces).
  { machine.apply(state, transition) } -> std::same_as<typename M::State>;
};

// What MACHINE answers to ASK, a call of a member the machine may lack (a
// generic lambda whose return type names the call); false without it.
template <typename M, typename Ask>
bool machineSays(const M& machine, Ask ask) {
  if constexpr (std::is_invocable_v<Ask, const M&>) {
    return ask(machine);
  } else {
    return false;
  }
}

// Whether MACHINE says its local steps (Transition::local) form no cycle:
// every cycle of its states takes a step that is not local. A machine may
// say so with `bool localStepsFormNoCycle() const`; the explorer's
// partial-order reduction then needs no cycle proviso, as the state a cycle
// leaves by a step that is not local is expanded fully.
template <typename M>
bool localStepsFormNoCycle(const M& machine) {
  return machineSays(machine, [](const auto& said) -> decltype(bool(said.localStepsFormNoCycle())) {
    return said.localStepsFormNoCycle();
  });
}

// Whether MACHINE says it offers a local step, when a state has one, before
// any other successor of the state (`bool offersLocalStepFirst() const`).
// With localStepsFormNoCycle the explorer then follows each successor as it
// is offered instead of keeping them until it knows whether one is local.
template <typename M>
bool offersLocalStepFirst(const M& machine) {
  return machineSays(machine, [](const auto& said) -> decltype(bool(said.offersLocalStepFirst())) {
    return said.offersLocalStepFirst();
  });
}

// Offers STATE's successors to SINK as forEachSuccessor does and says
// whether STATE is final (isFinal). A machine that reads a state in a form
// of its own (a packed state unpacked: PackedMachine.h) may do both from
// one reading, with `bool expand(const State&, Sink&&) const`.
template <typename M, typename Sink>
bool expand(const M& machine, const typename M::State& state, Sink&& sink) {
  if constexpr (requires {
                  { machine.expand(state, sink) } -> std::same_as<bool>;
                }) {
    return machine.expand(state, sink);
  } else {
    machine.forEachSuccessor(state, sink);
    return machine.isFinal(state);
  }
}

}  // namespace opcheck::statespace

// A machine whose states are stored packed: the explorer hashes, copies and
// queues a few dozen bytes a state instead of the machine's working layout,
// which is sized for the largest test it runs.
//
// The machine keeps stepping over its own ("wide") states; a codec, which
// knows for the one system being explored which bytes of a wide state can
// ever differ from a base state, packs a wide state into WORDS 64-bit words
// and unpacks it again. The codec must be exact: unpack(pack(s)) == s for
// every state the machine reaches, so that two packed states are equal
// exactly when their wide states are, and the packed system has the same
// states, transitions and final states as the wide one.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>

#include "statespace/Machine.h"

namespace opcheck::statespace {

template <std::size_t Words>
struct PackedState {
  std::array<std::uint64_t, Words> words;
  friend bool operator==(const PackedState&, const PackedState&) = default;
};

// What PackedMachine needs of a codec for the states WIDE.
template <typename Codec, typename Wide>
concept StateCodec = requires(const Codec& codec, const Wide& wide, Wide& into, std::uint64_t* out,
                              const std::uint64_t* in) {
  { codec.words() } -> std::convertible_to<std::size_t>;  // words a packed state needs
  codec.pack(wide, out);                                  // writes words() words
  codec.unpack(in, into);                                 // reads words() words
  // The state IN packs, in a buffer of the calling thread's that the next
  // view() on the thread overwrites: cheaper than unpack, which builds a
  // whole state.
  { codec.view(in) } -> std::same_as<const Wide&>;
  // The same in a second buffer, to change.
  { codec.editable(in) } -> std::same_as<Wide&>;
  // Packs INTO into OUT and brings INTO back to the state IN packs, in one
  // pass over the packed bytes: INTO was unpacked from IN (or copied from
  // its view) and a machine's step changed it.
  codec.packRestoring(into, in, out);
};

// A machine that builds successors in a state its caller gives and
// restores it between steps as the caller says (PackedMachine restores it
// as it packs each successor: only the bytes the codec packs can change).
template <typename M, typename Sink, typename Restore>
concept BuildsSuccessorsIn = requires(const M& machine, const typename M::State& state,
                                      typename M::State& next, Sink sink, Restore restore) {
  machine.forEachSuccessorIn(state, next, sink, restore);
};

template <Machine M, typename Codec, std::size_t Words>
requires StateCodec<Codec, typename M::State>
class PackedMachine {
 public:
  using State = PackedState<Words>;
  using Wide = typename M::State;

  // The codec's packed states must fit WORDS (the caller picks WORDS from
  // Codec::words()).
  PackedMachine(const M& machine, const Codec& codec) : machine_(machine), codec_(codec) {}

  State pack(const Wide& wide) const {
    State packed{};  // words beyond the codec's stay zero
    codec_.pack(wide, packed.words.data());
    return packed;
  }
  Wide unpack(const State& packed) const {
    Wide wide;
    codec_.unpack(packed.words.data(), wide);
    return wide;
  }

  State initialState() const { return pack(machine_.initialState()); }
  bool isFinal(const State& state) const { return machine_.isFinal(codec_.view(state.words.data())); }
  State apply(const State& state, const Transition& transition) const {
    return pack(machine_.apply(unpack(state), transition));
  }

  template <typename Sink>
  void forEachSuccessor(const State& state, Sink&& sink) const {
    successorsOf(state, codec_.view(state.words.data()), sink);
  }

  // forEachSuccessor and isFinal from one unpacking of STATE
  // (statespace::expand).
  template <typename Sink>
  bool expand(const State& state, Sink&& sink) const {
    const Wide& wide = codec_.view(state.words.data());
    successorsOf(state, wide, sink);
    return machine_.isFinal(wide);
  }

  bool localStepsFormNoCycle() const { return statespace::localStepsFormNoCycle(machine_); }
  bool offersLocalStepFirst() const { return statespace::offersLocalStepFirst(machine_); }

  const M& machine() const { return machine_; }

 private:
  // The successors of STATE, whose wide state is WIDE, each built in one
  // copy of WIDE, packed from it and undone (Offer).
  template <typename Sink>
  void successorsOf(const State& state, const Wide& wide, Sink& sink) const {
    const std::uint64_t* words = state.words.data();
    if constexpr (BuildsSuccessorsIn<M, Offer<Sink>, Restored>) {
      Wide& next = editableCopy(wide, words);
      machine_.forEachSuccessorIn(wide, next, Offer<Sink>{*this, sink, wide, next, words}, Restored{});
    } else {
      machine_.forEachSuccessor(wide, [&](const Transition& transition, const Wide& next) {
        return statespace::offer(sink, transition, pack(next));  // it copies WIDE before it steps
      });
    }
  }

  // Gives SINK each successor packed, and brings NEXT (the state the
  // machine builds its successors in) back to WIDE. Copying a wide state
  // costs fewer instructions than restoring its packed bytes one unit at a
  // time (measured on ptx-op's small size class), so a wide state up to
  // eight times the packed one is copied back whole; a larger one is
  // restored as it is packed.
  template <typename Sink>
  struct Offer {
    const PackedMachine& machine;
    Sink& sink;
    const Wide& wide;
    Wide& next;
    const std::uint64_t* parent;
    bool operator()(const Transition& transition, [[maybe_unused]] const Wide& built) const {
      State packed{};  // words beyond the codec's stay zero
      if constexpr (sizeof(Wide) > 8 * sizeof(State)) {
        machine.codec_.packRestoring(next, parent, packed.words.data());
      } else {
        machine.codec_.pack(next, packed.words.data());
        next = wide;
      }
      return statespace::offer(sink, transition, packed);
    }
  };
  // The restoring is done as the successor is packed (Offer).
  struct Restored {
    void operator()(Wide&) const {}
  };

  // A copy of WIDE to build successors in. Copying a wide state costs
  // about an eighth of unpacking as many bytes (measured on ptx-op), so a
  // wide state more than eight times the packed one is unpacked again
  // instead.
  Wide& editableCopy(const Wide& wide, const std::uint64_t* words) const {
    if constexpr (sizeof(Wide) > 8 * sizeof(State)) {
      return codec_.editable(words);
    } else {
      thread_local Wide copy;
      copy = wide;
      return copy;
    }
  }

  const M& machine_;
  const Codec& codec_;
};
}  // namespace opcheck::statespace

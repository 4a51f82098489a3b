// ptx-op's state invariants (opsem/StateInvariants.h, INV-*): every state
// the machine reaches keeps them, under every preset and size class, and a
// state that breaks one is reported with the invariant's name. The checks
// run here in every build; the sanitizer build also runs them after every
// step of every exploration (OPCHECK_CHECK_INVARIANTS).
#include <catch2/catch.hpp>
#include <string>
#include <unordered_set>
#include <vector>

#include "opsem/PtxOpMachine.h"
#include "parser/LitmusReader.h"
#include "statespace/Fingerprint.h"

using namespace opcheck;
using namespace opcheck::opsem;

namespace {

// Message passing across two CTAs with a .cg load (load requests), a
// release/acquire pair, an atomic, and a barrier within a CTA: every part
// of the machine but the device queue holds something on the way.
constexpr const char* kOneDevice = R"(PTX inv-one-device
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0        | P2@cta 1,gpu 0  ;
 st.weak x, 1         | ld.acquire.gpu r0, y  | bar.cta.sync 0  ;
 st.release.gpu y, 1  | ld.cg.u32 r1, [x]     | ld.weak r2, x   ;
                      | bar.cta.sync 0        | atom.add r3, y, 1 ;
exists (1:r0 == 1 /\ 1:r1 == 0)
)";

// Two devices: .sys accesses performed at memory, writes queued for it.
constexpr const char* kTwoDevices = R"(PTX inv-two-devices
{ x=0; y=0; }
 P0@cta 0,gpu 0        | P1@cta 1,gpu 1        ;
 st.relaxed.sys x, 1   | ld.relaxed.sys r0, y  ;
 st.release.sys y, 1   | ld.relaxed.gpu r1, x  ;
exists (1:r0 == 1 /\ 1:r1 == 0)
)";

struct Explored {
  std::size_t states = 0;
  std::size_t broken = 0;
  std::string firstBroken;
};

// Every state MACHINE reaches, each checked (INFO names the first broken).
template <typename Capacity>
Explored exploreChecking(const PtxOpMachine<Capacity>& machine) {
  using State = typename PtxOpMachine<Capacity>::State;
  Explored explored;
  // States are told apart by their fingerprints, as the explorer does
  // (statespace/Fingerprint.h): storing each state's bytes in the set cost
  // most of this test's time.
  std::unordered_set<statespace::Fingerprint, statespace::FingerprintHash> seen;
  std::vector<State> pending{machine.initialState()};
  seen.insert(statespace::fingerprintOf(pending.back()));
  while (!pending.empty() && explored.states < 200000) {
    const State state = pending.back();
    pending.pop_back();
    ++explored.states;
    const std::vector<BrokenInvariant> broken = machine.brokenInvariants(state);
    if (!broken.empty() && explored.broken++ == 0) {
      explored.firstBroken =
          broken.front().name + " (" + broken.front().detail + ")\n" + machine.stateText(state);
    }
    machine.forEachSuccessor(state, [&](const statespace::Transition&, const State& next) {
      if (seen.insert(statespace::fingerprintOf(next)).second) {
        pending.push_back(next);
      }
    });
  }
  return explored;
}

template <typename Capacity>
void checkEveryPreset(const litmus::Test& test) {
  const Program program = compileProgram(test, test.name + ".litmus");
  for (const Architecture& preset : architecturePresets()) {
    for (const Reductions reductions : {Reductions{}, Reductions::none()}) {
      INFO(test.name << " under " << preset.name
                     << (reductions == Reductions{} ? "" : " without reductions"));
      Explored explored;
      if (preset.partitionedL2) {
        explored =
            exploreChecking(PtxOpMachine<PartitionedL2Capacity<Capacity>>(program, preset, reductions));
      } else {
        explored = exploreChecking(PtxOpMachine<Capacity>(program, preset, reductions));
      }
      INFO(explored.firstBroken);
      CHECK(explored.states > 10);
      CHECK(explored.broken == 0);
    }
  }
}

// The names of the invariants STATE breaks.
template <typename Capacity>
std::vector<std::string> brokenNames(const PtxOpMachine<Capacity>& machine,
                                     const typename PtxOpMachine<Capacity>::State& state) {
  std::vector<std::string> names;
  for (const BrokenInvariant& invariant : machine.brokenInvariants(state)) {
    names.push_back(invariant.name.substr(0, invariant.name.find(' ')));
  }
  return names;
}

bool names(const std::vector<std::string>& broken, const std::string& id) {
  return std::find(broken.begin(), broken.end(), id) != broken.end();
}

}  // namespace

// [long]: minutes in the ASan/UBSan build, which scripts/test.sh starts first.
TEST_CASE("every state ptx-op reaches keeps its invariants, under every preset",
          "[opsem][invariants][long]") {
  checkEveryPreset<SmallCapacity>(parser::readLitmusText(kOneDevice, "inv-one-device.litmus"));
  checkEveryPreset<SmallCapacity>(parser::readLitmusText(kTwoDevices, "inv-two-devices.litmus"));
}

TEST_CASE(
    "every state ptx-op reaches recording the execution keeps its invariants, where a near copy's place in "
    "coherence order is known (INV-17)",
    "[opsem][invariants][long]") {
  checkEveryPreset<RecordingCapacity>(parser::readLitmusText(kOneDevice, "inv-one-device.litmus"));
  checkEveryPreset<RecordingCapacity>(parser::readLitmusText(kTwoDevices, "inv-two-devices.litmus"));
}

TEST_CASE("a state that breaks an invariant is reported by the invariant's name", "[opsem][invariants]") {
  const litmus::Test test = parser::readLitmusText(kOneDevice, "inv-one-device.litmus");
  const Program program = compileProgram(test, "inv-one-device.litmus");
  const PtxOpMachine<SmallCapacity> machine(program, architecturePresets().front());
  using State = PtxOpMachine<SmallCapacity>::State;
  const State initial = machine.initialState();
  REQUIRE(machine.brokenInvariants(initial).empty());
  const auto breaking = [&](auto&& corrupt) {
    State state = initial;
    corrupt(state);
    return brokenNames(machine, state);
  };
  CHECK(names(breaking([](State& s) { s.threads[3].registers[0] = 1; }), "INV-1"));
  CHECK(names(breaking([](State& s) { s.threads[0].pc = 9; }), "INV-2"));
  CHECK(names(breaking([](State& s) { s.threads[0].registers[7] = 5; }), "INV-3"));
  CHECK(names(breaking([](State& s) { s.threads[0].registers[0] = static_cast<Value>(addressOf(3)); }),
              "INV-3"));
  CHECK(names(breaking([](State& s) { s.threads[1].inFlight[2].value = 7; }), "INV-4"));
  CHECK(names(breaking([](State& s) { s.threads[1].pendingRegisters = 1; }), "INV-5"));
  CHECK(names(breaking([](State& s) { s.barriers[1][1].arrived = 2; }), "INV-6"));
  CHECK(names(breaking([](State& s) { s.barriers[1][0].arrived = 1; }), "INV-7"));  // P0 is in CTA 0
  CHECK(names(breaking([](State& s) { s.threads[0].storeBufferLength = SmallCapacity::kInFlight + 1; }),
              "INV-8"));
  CHECK(names(breaking([](State& s) {
                s.threads[0].storeBufferLength = 1;
                s.threads[0].storeBuffer[0].location = 3;
              }),
              "INV-9"));
  CHECK(names(breaking([](State& s) { s.l1[3][0].valid = 1; }), "INV-10"));
  CHECK(names(breaking([](State& s) { s.smQueueLength[0] = -1; }), "INV-12"));
  CHECK(names(breaking([](State& s) {
                s.smQueueLength[1] = 1;
                s.smQueue[1][0].flags = State::kWriteIsLoadRequest;
                s.smQueue[1][0].requester = 1 << 8 | 2;  // P1's .cg load, which is not in flight
              }),
              "INV-14"));
  CHECK(names(breaking([](State& s) { s.l2[2][0] = 4; }), "INV-15"));
  CHECK(names(breaking([](State& s) { s.deviceQueueLength[0] = 1; }), "INV-18"));
  CHECK(names(breaking([](State& s) { s.memory[0] = 1; }), "INV-20"));
}

TEST_CASE("a near copy ahead of its home line in coherence order is reported (INV-17)",
          "[opsem][invariants]") {
  const litmus::Test test = parser::readLitmusText(kOneDevice, "inv-one-device.litmus");
  const Program program = compileProgram(test, "inv-one-device.litmus");
  const PtxOpMachine<PartitionedL2Capacity<RecordingCapacity>> machine(
      program, *findArchitecture("partitioned-l2"), Reductions::none());
  auto state = machine.initialState();
  REQUIRE(machine.brokenInvariants(state).empty());
  // P0's store to x reached the home line (coherence x: [it]) and CTA 1's
  // copy took it; the home line holding it is a copy catching up (PART-1)...
  const EventId store = eventId<RecordingCapacity>(0, 0);
  state.coherence[0][0] = store;
  state.coherenceLength[0] = 1;
  state.l2[0][0] = {1, store};
  state.nearCopy[1][0] = {1, store};
  CHECK(machine.brokenInvariants(state).empty());
  // ...but a copy holding it while the home line still holds the initial
  // write is ahead of it.
  state.l2[0][0] = {0, kInitialWrite};
  CHECK(brokenNames(machine, state) == std::vector<std::string>{"INV-17"});
}

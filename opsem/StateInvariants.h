// What must hold of every ptx-op state, whatever the test: the invariants
// the parts keep (unused slots zero, counts within capacity, values in
// range, a near copy never ahead of its home line). Each part states its
// own, beside its rules, in a `checkInvariants` of its file, numbered as
// rules are (INV-1 to INV-5 the threads' in InstructionIssue.h, INV-6 and
// INV-7 the barriers' in MemoryOperations.h, INV-8 and INV-9 StoreBuffer.h,
// INV-10 and INV-11 L1Cache.h, INV-12 and INV-13 SmQueue.h, INV-14
// LoadRequests.h, INV-15 to INV-17 L2Cache.h, INV-18 and INV-19
// DeviceQueue.h, INV-20 SystemMemory.h); Hardware::brokenInvariants asks
// every part.
//
// Why: a state is hashed by its bytes (MachineState.h), so garbage in an
// unused slot splits one state into many, and a count past its capacity
// writes into the next field: both go unnoticed in the outcomes until they
// change one. With -DOPCHECK_CHECK_INVARIANTS (on in the sanitizer build,
// CMakeLists.txt) the machine checks every successor it builds and stops
// at the first broken invariant, naming it and printing the state
// (PtxOpMachine.cpp); in every build, tests call the checks directly
// (tests/opsem_invariants_test.cpp). CBMC's INVARIANT(cond, "message") is
// the model: a condition and the name of what broke.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "opsem/ExecutionRecord.h"
#include "opsem/Program.h"

namespace opcheck::opsem {

struct BrokenInvariant {
  std::string name;    // "INV-8 store buffer within capacity, unused slots zero"
  std::string detail;  // where: "thread 1: length 5"
};

class InvariantCheck {
 public:
  // Records NAME as broken unless HOLDS; DETAIL() says where, and is called
  // only then.
  template <typename Detail>
  void require(bool holds, std::string_view name, Detail&& detail) {
    if (!holds) {
      broken_.push_back({std::string(name), detail()});
    }
  }

  const std::vector<BrokenInvariant>& broken() const { return broken_; }

 private:
  std::vector<BrokenInvariant> broken_;
};

// Whether every byte of OBJECT is zero: an unused slot (MachineState.h).
template <typename T>
bool isZero(const T& object) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(&object);
  return std::all_of(bytes, bytes + sizeof object, [](unsigned char byte) { return byte == 0; });
}

// Whether the slots of SLOTS from LENGTH on are zero (LENGTH within range).
template <typename T, std::size_t N>
bool unusedSlotsZero(const T (&slots)[N], std::size_t length) {
  return std::all_of(slots + std::min(length, N), slots + N, [](const T& slot) { return isZero(slot); });
}

// Whether VALUE, held in a register or for memory, is an integer, the
// address of a location the program has (Program.h: addresses are
// kAddressTag + location) or the index of a wide integer it interned.
template <typename Stored>
bool valueInRange(const Program& program, Stored stored) {
  const Value value = valueOf(stored);
  if (WideIntegers::isInterned(value)) {
    return static_cast<std::size_t>(value - WideIntegers::kTag) < program.wideIntegers->size();
  }
  return !isAddress(value) || locationAt(value) < program.locations;
}

inline std::string at(std::string_view what, std::size_t index) {
  return std::string(what) + " " + std::to_string(index);
}

}  // namespace opcheck::opsem

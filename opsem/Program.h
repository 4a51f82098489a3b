// A litmus test compiled for ptx-op: per thread, instructions with their
// operands resolved to register numbers, location numbers and branch
// targets; where each thread runs; initial values. The machine steps over
// this, never over the IR's strings.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "litmus/Limits.h"
#include "litmus/Test.h"
#include "opsem/Architecture.h"
#include "opsem/WideIntegers.h"

namespace opcheck::opsem {

// A value in ptx-op: an integer, or the address of a physical location
// (GPU_PTX's pointer registers, "0:.reg .b64 r1 = x"), never both
// (litmus/InstructionSemantics.h). States keep values in 32 bits, which
// keeps them small and fast to hash: the address of location L is
// kAddressTag + L, 256 values in the negative range away from the round
// numbers tests use (0, +-1, the extremes 2^31 - 1 and -2^31); an integer
// is held as itself when it fits in 32 bits outside the bands (addresses
// here, mbarrier objects below, WideIntegers.h's indices), and otherwise as
// its index in the program's table of wide integers. Every model computes
// at the instruction's width (64 bits for untyped instructions), ptx-op on
// the integers themselves (ValueOperations.h).
using Value = std::int32_t;
constexpr std::int64_t kAddressTag =
    std::int64_t{std::numeric_limits<Value>::min()} + (std::int64_t{1} << 24);
constexpr std::int64_t kAddressRange = static_cast<std::int64_t>(litmus::kMaxLocations);

constexpr Value addressOf(std::size_t location) {
  return static_cast<Value>(kAddressTag + static_cast<std::int64_t>(location));
}
constexpr bool isAddress(std::int64_t value) {
  return value >= kAddressTag && value < kAddressTag + kAddressRange;
}
constexpr std::size_t locationAt(Value address) { return static_cast<std::size_t>(address - kAddressTag); }
// Whether ptx-op holds INTEGER as itself (in a test with asynchronous
// operations, also outside the mbarrier band: heldInteger).
constexpr bool representable(std::int64_t integer) {
  return integer >= std::numeric_limits<Value>::min() && integer <= std::numeric_limits<Value>::max() &&
         !isAddress(integer) && !WideIntegers::isInterned(integer);
}

// The message refusing INTEGER, which ptx-op cannot hold: its table of
// wide integers is full.
std::string unrepresentable(std::int64_t integer);

// [COPY-7] An mbarrier object with a tx-count is a value beyond 32 bits in
// the IR's encoding (litmus/InstructionSemantics.h "mbarrier objects"). A
// test with asynchronous operations holds such an object, with phase,
// expected and pending counts below 16, as kMbarrierTag plus its
// tx digits, phase, expected and pending count in 11, 4, 4 and 4 bits: a
// band of 2^23 values far from the round numbers and the addresses, which
// in such a test an integer takes only as a wide integer (heldInteger).
constexpr std::int64_t kMbarrierTag =
    std::int64_t{std::numeric_limits<Value>::min()} + (std::int64_t{1} << 25);
constexpr std::int64_t kMbarrierRange = std::int64_t{1} << 23;
constexpr bool isPackedMbarrier(std::int64_t value) {
  return value >= kMbarrierTag && value < kMbarrierTag + kMbarrierRange;
}
// INTEGER, an mbarrier object beyond 32 bits, as ptx-op holds it, if it can.
std::optional<Value> packedMbarrier(std::int64_t integer);
// The IR's integer for PACKED (isPackedMbarrier).
std::int64_t unpackedMbarrier(Value packed);

struct CompiledOperand {
  enum class Kind : std::uint8_t { Register, Immediate, Location, RegisterAddress, Label };
  Kind kind = Kind::Immediate;
  Value value = 0;  // register, immediate, location, or the label's target instruction
};

struct CompiledInstruction {
  litmus::Opcode opcode = litmus::Opcode::Move;
  litmus::DataType type = litmus::DataType::None;  // the width it computes at (InstructionSemantics.h)
  litmus::Semantics semantics = litmus::Semantics::Weak;
  litmus::Scope scope = litmus::Scope::None;
  litmus::CacheOperator cacheOperator = litmus::CacheOperator::None;
  litmus::Operation operation = litmus::Operation::None;
  // What a load or atom gives its destination register: the value read
  // (None), or, for the accesses mbarrier instructions run as (MBAR-1,
  // litmus/MbarrierLowering.h), litmus::update(result, value read, entry's
  // value): the wait's state, 0 for the arrive's atom.
  litmus::Operation result = litmus::Operation::None;
  litmus::Comparison comparison = litmus::Comparison::None;
  litmus::BarrierAction barrierAction = litmus::BarrierAction::None;
  // The proxy an access goes through, or the one a fence.proxy orders
  // (litmus/Proxies.h). sust and suld are compiled as st and ld (PROXY-3).
  litmus::Proxy proxy = litmus::Proxy::Generic;
  // The cache line of its CTA an access to a named location goes through
  // when it is not the location's own L1 line (Program::lineLocation): a
  // virtual alias's line, or a constant or texture cache line (ProxyCaches.h).
  std::uint8_t line = kOwnLine;
  static constexpr std::uint8_t kOwnLine = 0xff;
  // A barrier whose name is immediate: the threads that may meet it
  // (barrierParticipants), computed once; otherwise, for each instance met.
  bool participantsKnown = false;
  std::uint32_t participants = 0;
  bool guarded = false;
  bool guardNegated = false;
  std::uint8_t guardRegister = 0;
  // A branch to itself or to an earlier instruction: the one step that can
  // bring a state back (RED-3 in InstructionIssue.h).
  bool jumpsBack = false;
  // Asynchronous operations (CopyEngine.h). A copy's or st.async's
  // completion; for a copy of a bulk async-group, the wait (its index plus
  // one, 0: none) that first awaits its read (COPY-5, .read or not) and the
  // one that first awaits its write; for a wait, whether it completes
  // something of a bulk group, which puts the implicit generic-async proxy
  // fence after it (COPY-6). Program.cpp reads the groups off the code once.
  litmus::Completion completion = litmus::Completion::None;
  std::uint8_t readAwaitedBy = 0;
  std::uint8_t writeAwaitedBy = 0;
  bool awaitFence = false;
  std::vector<CompiledOperand> operands;
};

// What a CTA's cache line holds (ProxyCaches.h): a line of the L1 for a
// location, or for a virtual alias of one (PROXY-5), or a line of the
// constant or texture cache (PROXY-1).
enum class LineKind : std::uint8_t { Own, Alias, Constant, Texture };

struct Program {
  const litmus::Test* test = nullptr;
  std::string file;  // the test's, for diagnostics
  std::vector<std::vector<CompiledInstruction>> threads;
  std::vector<std::uint8_t> ctaOf;     // per thread
  std::vector<std::uint8_t> deviceOf;  // per thread, also per CTA through ctaOf
  std::vector<std::uint8_t> deviceOfCta;
  std::size_t ctas = 0;
  std::size_t devices = 0;
  std::size_t locations = 0;                   // physical locations (aliases share one)
  std::vector<std::uint8_t> physicalLocation;  // IR location -> physical location
  std::vector<Value> initialMemory;            // per physical location
  // A CTA's cache lines (MachineState::l1): first one per physical location,
  // its own L1 line; then one per virtual alias a generic access names and
  // one per location a constant or texture load names (ProxyCaches.h).
  std::size_t lines = 0;
  std::vector<std::uint8_t> lineLocation;  // per line: the physical location it caches
  std::vector<LineKind> lineKind;          // per line
  std::vector<std::size_t> lineKey;        // per line: its location, or an alias's IR location
  std::uint32_t proxyCacheLines = 0;       // the constant and texture lines, a bit each
  std::uint32_t aliasLines = 0;            // the virtual aliases' lines, a bit each
  std::vector<std::vector<Value>> initialRegisters;
  std::size_t maxRegisters = 0;
  std::size_t maxBarriersPerCta = 0;  // barrier instructions in the busiest CTA
  // Per thread, a bit per thread: the threads of its cluster whose code
  // holds a barrier.cluster.arrive, those its barrier.cluster.wait waits
  // for (CBAR-2).
  std::vector<std::uint32_t> clusterBarrierMembers;
  bool hasBackwardBranch = false;  // loops can spin: hang analysis needs the graph
  // The test has asynchronous operations (litmus/AsyncOperations.h): the
  // copy engine's state is in its layout (CopyEngine.h).
  bool asyncOperations = false;
  // The integers ptx-op holds by index (WideIntegers.h), shared by every
  // job exploring the program and by its copies.
  std::shared_ptr<WideIntegers> wideIntegers = std::make_shared<WideIntegers>();
  // [RED-1] Reduction (off with --no-reduction): cache lines somebody can
  // read (bit per location). An L1 line is live when a thread of its CTA
  // loads through the L1; a device's L2 line, with several devices, when a
  // thread of the device loads or updates the location. The machine neither
  // keeps nor refills dead lines (L1Cache::kept, L2Cache::homeLineKept,
  // L2Cache::nearCopyKept): they could only multiply states that no outcome
  // tells apart.
  std::vector<std::uint32_t> liveL1Lines;  // per CTA
  std::vector<std::uint32_t> liveL2Lines;  // per device
  // With a partitioned L2, a CTA's near-partition copy of a line is live when
  // a thread of the CTA loads the location (every load reads through the L2,
  // at a miss or a fill if not directly); atomics read the home line.
  std::vector<std::uint32_t> liveNearCopyLines;  // per CTA
  // Locations whose writes can precede a release of the CTA in causality
  // order (PART-3): those a thread of the CTA writes or updates, and those it
  // reads with a strong load or an atomic. A weak load observes nothing
  // (observation needs morally strong accesses, seed 001 Sec. 3.4.1).
  std::vector<std::uint32_t> causalLines;  // per CTA

  bool multipleDevices() const { return devices > 1; }
  // Every location, a bit each (the reductions' masks hold 32).
  std::uint32_t allLocations() const {
    return locations >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << locations) - 1;
  }
  // The line INSTRUCTION's access at LOCATION goes through.
  std::uint32_t lineOf(const CompiledInstruction& instruction, std::uint32_t location) const {
    return instruction.line == CompiledInstruction::kOwnLine ? location : instruction.line;
  }
  bool l1Live(std::size_t cta, std::size_t location) const { return (liveL1Lines[cta] >> location) & 1u; }
  bool nearCopyLive(std::size_t cta, std::size_t location) const {
    return (liveNearCopyLines[cta] >> location) & 1u;
  }
  bool l2Live(std::size_t device, std::size_t location) const {
    return !multipleDevices() || ((liveL2Lines[device] >> location) & 1u);
  }
};

// INTEGER, which ptx-op cannot hold as itself, as PROGRAM's states hold
// it: a packed mbarrier object (COPY-7) or its index among the wide
// integers; none when that table is full.
std::optional<Value> heldBeyond32Bits(const Program& program, std::int64_t integer);

// INTEGER as PROGRAM's states hold it: itself where it can (inline: the
// common case of every computed value), else heldBeyond32Bits.
inline std::optional<Value> heldInteger(const Program& program, std::int64_t integer) {
  if (representable(integer) && !(program.asyncOperations && isPackedMbarrier(integer))) {
    return static_cast<Value>(integer);
  }
  return heldBeyond32Bits(program, integer);
}

// The cluster barrier instructions a thread may hold (CBAR-2 counts them
// in 4 bits, MachineState.h).
constexpr std::size_t kMaxClusterBarriers = 15;

// Compiles TEST for ARCHITECTURE (which decides where .cluster operations
// are performed, L2-3); throws litmus::InputError naming the instruction
// ptx-op cannot run (a constant or texture load through a register, an
// asynchronous operation in a form the copy engine does not model,
// CopyEngine.h), or the limit a test passes.
Program compileProgram(const litmus::Test& test, const std::string& file,
                       const Architecture& architecture = Architecture{});

// barrierParticipants for INSTRUCTION, a barrier of THREAD whose operands
// gave the name (FIRST, SECOND): computed when the program was compiled if
// the name is immediate.
std::uint32_t barrierParticipants(const Program& program, std::size_t thread,
                                  const CompiledInstruction& instruction, Value first, Value second);

// The threads of THREAD's CTA that may meet a barrier with identity
// (FIRST, SECOND), a bit each: those whose code holds a barrier that could
// have that identity (an operand in a register could be anything).
std::uint32_t barrierParticipants(const Program& program, std::size_t thread, Value first, Value second,
                                  bool hasSecond);

}  // namespace opcheck::opsem

#include "axiomcheck/ThreadPaths.h"

#include <array>
#include <optional>
#include <utility>

#include "litmus/AsyncOperations.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "litmus/InstructionSemantics.h"
#include "litmus/MbarrierLowering.h"
#include "litmus/Proxies.h"

namespace opcheck::axiomcheck {

using litmus::Instruction;
using litmus::InstructionKind;
using litmus::Operand;
using litmus::Semantics;

namespace {

// More paths than this means a test whose branches multiply beyond what an
// enumeration of candidates can cover; it is refused rather than left to run.
constexpr std::size_t kMaxPathsPerThread = 1u << 14;

std::string threadName(std::size_t thread) { return "P" + std::to_string(thread); }

// The semantics of the read and the write half of an atom or red
// (seed 001 Sec. 3.5.3 splits an RMW into a read and a write; an .acq_rel
// RMW is an acquire read and a release write). A C seq_cst RMW (only C
// tests have one: PTX's atom has no .sc) is both halves seq_cst, as RC11's
// single RMW event is in [SC] (seed 001 Fig. 10).
Semantics readHalf(Semantics semantics) {
  switch (semantics) {
    case Semantics::Acquire:
    case Semantics::AcquireRelease:
      return Semantics::Acquire;
    case Semantics::SequentiallyConsistent:
      return Semantics::SequentiallyConsistent;
    default:
      return Semantics::Relaxed;
  }
}

Semantics writeHalf(Semantics semantics) {
  switch (semantics) {
    case Semantics::Release:
    case Semantics::AcquireRelease:
      return Semantics::Release;
    case Semantics::SequentiallyConsistent:
      return Semantics::SequentiallyConsistent;
    default:
      return Semantics::Relaxed;
  }
}

struct PathState {
  ThreadPath path;
  std::size_t next = 0;                  // the next instruction to run
  EventSet control = 0;                  // loads the branches taken so far depend on
  std::vector<std::uint16_t> backJumps;  // per instruction: backward jumps taken
  std::vector<ExprId> registers;
  // Async-groups (litmus/AsyncOperations.h), the bulk ones ([1]) apart
  // from the non-bulk ones ([0]): the accesses of the copies not yet
  // committed, and the committed groups whose accesses are not all awaited,
  // oldest first.
  std::uint8_t asyncOperations = 0;
  std::array<std::vector<std::uint8_t>, 2> uncommitted;
  std::array<std::vector<std::vector<std::uint8_t>>, 2> groups;
  // The accesses of the non-bulk cp.async operations so far (bits are path
  // event indices), which a cp.async.mbarrier.arrive's arrive-on follows.
  EventSet cpAsyncAccesses = 0;
};

// Which of PathState's group lists an instruction's copies and groups use:
// the bulk ones go through the async proxy (Opcodes.def's proxies column).
std::size_t groupsOf(const Instruction& instruction) {
  return litmus::proxyOf(instruction) == litmus::Proxy::Async ? 1 : 0;
}

class PathEnumerator {
 public:
  PathEnumerator(const litmus::Test& test, std::size_t thread, const PathOptions& options,
                 const std::string& file)
      : thread_(test.threads[thread]), threadIndex_(thread), options_(options), file_(file) {}

  ThreadPaths run() {
    PathState initial;
    initial.backJumps.assign(thread_.instructions.size(), 0);
    for (const litmus::Register& reg : thread_.registers) {
      initial.registers.push_back(
          reg.initialValue ? initial.path.expressions.constant(litmus::Value::of(*reg.initialValue))
                           : initial.path.expressions.integer(0));
    }
    pending_.push_back(std::move(initial));
    while (!pending_.empty()) {
      PathState state = std::move(pending_.back());
      pending_.pop_back();
      runToEnd(std::move(state));
    }
    return std::move(result_);
  }

 private:
  [[noreturn]] void fail(const Instruction& instruction, const std::string& message) const {
    litmus::fail(file_, instruction.position, message);
  }

  [[noreturn]] void refuse(const Instruction& instruction) const {
    fail(instruction,
         "'" + std::string(info(instruction.opcode).spelling) + "' is not supported by the axiomatic models");
  }

  void runToEnd(PathState state) {
    while (state.next < thread_.instructions.size()) {
      const Instruction& instruction = thread_.instructions[state.next];
      EventSet guardLoads = 0;
      if (instruction.guarded) {
        ExpressionArena& arena = state.path.expressions;
        const ExprId condition = arena.comparison(
            instruction.guard.negated ? litmus::Comparison::Equal : litmus::Comparison::NotEqual,
            state.registers[instruction.guard.predicate], arena.integer(0), litmus::DataType::None);
        if (arena.isConstant(condition)) {
          if (arena[condition].constant.integer == 0) {
            ++state.next;
            continue;
          }
        } else {
          // The guard depends on a load: one path skips the instruction,
          // the other runs it (and its events depend on the guard's loads).
          PathState skipped = state;
          skipped.path.assumptions.push_back({condition, false});
          ++skipped.next;
          fork(std::move(skipped));
          state.path.assumptions.push_back({condition, true});
          guardLoads = arena.loads(condition);
        }
      }
      if (!execute(state, instruction, guardLoads)) {
        return;
      }
    }
    state.path.finalRegisters = state.registers;
    if (result_.paths.size() >= kMaxPathsPerThread) {
      litmus::fail(file_, {},
                   "test too large: " + threadName(threadIndex_) + " has more than " +
                       std::to_string(kMaxPathsPerThread) + " paths (lower --unroll)");
    }
    result_.paths.push_back(std::move(state.path));
  }

  void fork(PathState state) { pending_.push_back(std::move(state)); }

  ExprId value(PathState& state, const Operand& operand) {
    if (operand.kind == Operand::Kind::Register) {
      return state.registers[operand.index];
    }
    if (operand.kind == Operand::Kind::Location) {
      return state.path.expressions.constant(
          litmus::Value::ofAddress(static_cast<litmus::LocationId>(operand.index)));
    }
    return state.path.expressions.integer(operand.immediate);
  }

  litmus::LocationId address(PathState& state, const Instruction& instruction, const Operand& operand) {
    if (operand.kind == Operand::Kind::Location) {
      return static_cast<litmus::LocationId>(operand.index);
    }
    const std::string& name = thread_.registers[operand.index].name;
    const ExprId held = state.registers[operand.index];
    const ExpressionArena& arena = state.path.expressions;
    if (!arena.isConstant(held)) {
      fail(instruction,
           "the address in register " + name + " of " + threadName(threadIndex_) +
               " depends on a load; the axiomatic models need addresses fixed before the test runs");
    }
    const litmus::Value address = arena[held].constant;
    if (!address.isAddress()) {
      fail(instruction, "register " + name + " of " + threadName(threadIndex_) +
                            " is used as an address but holds the number " + std::to_string(address.integer));
    }
    return static_cast<litmus::LocationId>(address.location);
  }

  std::uint8_t addEvent(PathState& state, const Instruction& instruction, PathEvent event,
                        EventSet guardLoads) {
    if (state.path.events.size() >= kMaxEvents) {
      fail(instruction, "test too large: a path of " + threadName(threadIndex_) + " has more than " +
                            std::to_string(kMaxEvents) +
                            " events (one 64-bit word per relation row; lower --unroll)");
    }
    event.instruction = static_cast<std::uint16_t>(state.next);
    event.control |= state.control | guardLoads;
    state.path.events.push_back(event);
    return static_cast<std::uint8_t>(state.path.events.size() - 1);
  }

  // Jumps to instruction TARGET; false when the jump goes back more often
  // than --unroll allows (the path is cut, as herd cuts unrolled loops).
  bool jump(PathState& state, std::size_t target) {
    if (target <= state.next) {
      if (++state.backJumps[state.next] > options_.unroll) {
        result_.boundCut = true;
        return false;
      }
    }
    state.next = target;
    return true;
  }

  std::size_t labelTarget(const Operand& operand) const { return thread_.labels[operand.index].target; }

  // Runs one instruction; false when the path ends here (cut by --unroll).
  bool execute(PathState& state, const Instruction& instruction, EventSet guardLoads) {
    ExpressionArena& arena = state.path.expressions;
    const auto& operands = instruction.operands;
    switch (litmus::kindOf(instruction.opcode)) {
      case InstructionKind::RegisterOperation: {
        // mov and cvt have one source: it is both (Exchange gives the second).
        const ExprId right = value(state, operands.back());
        const ExprId left = operands.size() > 2 ? value(state, operands[1]) : right;
        state.registers[operands[0].index] =
            arena.binary(litmus::registerOperation(instruction.opcode), left, right, instruction.type);
        break;
      }
      case InstructionKind::SetPredicate:
        state.registers[operands[0].index] = arena.comparison(
            instruction.comparison, value(state, operands[1]), value(state, operands[2]), instruction.type);
        break;
      case InstructionKind::Load: {
        PathEvent read;
        read.kind = EventKind::Read;
        read.semantics = instruction.semantics;
        read.scope = instruction.scope;
        read.proxy = litmus::proxyOf(instruction);
        read.location = address(state, instruction, operands[1]);
        const std::uint8_t index = addEvent(state, instruction, read, guardLoads);
        state.registers[operands[0].index] = arena.load(index);
        break;
      }
      case InstructionKind::Store:
        store(state, instruction, guardLoads);
        break;
      case InstructionKind::ReadModifyWrite:
      case InstructionKind::Reduction:
        return readModifyWrite(state, instruction, litmus::Operation::None, guardLoads);
      case InstructionKind::Fence: {
        PathEvent fence;
        fence.kind = EventKind::Fence;
        fence.semantics = instruction.semantics;
        fence.scope = instruction.scope;
        addEvent(state, instruction, fence, guardLoads);
        break;
      }
      case InstructionKind::Barrier:
        barrier(state, instruction, guardLoads);
        break;
      case InstructionKind::ClusterArrive:
      case InstructionKind::ClusterWait: {
        // barrier.cluster (PTX ISA 9.1 9.7.13.3): the barrier of the
        // thread's cluster, told from bar's by its .cluster scope
        // (BarrierSynchronization.cpp).
        PathEvent event;
        event.kind = litmus::kindOf(instruction.opcode) == InstructionKind::ClusterArrive
                         ? EventKind::BarrierArrive
                         : EventKind::BarrierWait;
        event.semantics = instruction.semantics;
        event.scope = litmus::Scope::Cluster;
        addEvent(state, instruction, event, guardLoads);
        break;
      }
      case InstructionKind::MbarrierInit:
      case InstructionKind::MbarrierArrive:
      case InstructionKind::MbarrierWait:
      case InstructionKind::MbarrierUpdate:
        return mbarrier(state, litmus::lowerMbarrier(instruction), guardLoads);
      case InstructionKind::Jump:
        return jump(state, labelTarget(operands[0]));
      case InstructionKind::ConditionalBranch:
        return conditionalBranch(state, instruction);
      case InstructionKind::AsyncCopy:
        bulkCopy(state, instruction, guardLoads);
        break;
      case InstructionKind::AsyncCommit:
        commit(state, groupsOf(instruction));
        break;
      case InstructionKind::AsyncWait:
        if (instruction.operands.empty()) {
          commit(state, groupsOf(instruction));  // cp.async.wait_all (9.7.9.25.3.3)
        }
        asyncWait(state, instruction, guardLoads);
        break;
      case InstructionKind::AsyncStore:
        if (litmus::isAsyncMbarrierArrive(instruction.opcode)) {
          asyncMbarrierArrive(state, instruction, guardLoads);
        } else {
          asyncStore(state, instruction, guardLoads);
        }
        break;
      case InstructionKind::ProxyFence: {
        // Models without proxies refuse it first (checkSupported).
        PathEvent fence;
        fence.kind = EventKind::Fence;
        fence.proxy = litmus::proxyOf(instruction);
        fence.proxyFence = true;
        // fence.proxy.async.space and the uni-directional fence's
        // .sync_restrict space (ProxyCausality.cpp).
        fence.restrictedTo = instruction.stateSpace;
        fence.uniDirectional = litmus::isUniDirectionalProxyFence(instruction);
        addEvent(state, instruction, fence, guardLoads);
        break;
      }
      case InstructionKind::LegacyFence:
        // The decoder rewrites membar as fence.sc, so a LegacyFence here
        // came from elsewhere and is refused rather than guessed at.
        refuse(instruction);
    }
    ++state.next;
    return true;
  }

  // st; one whose operation is set (the st an mbarrier.init runs as, MBAR-1
  // in litmus/MbarrierLowering.h) stores update(operation, 0, its value).
  void store(PathState& state, const Instruction& instruction, EventSet guardLoads) {
    ExpressionArena& arena = state.path.expressions;
    PathEvent write;
    write.kind = EventKind::Write;
    write.semantics = instruction.semantics;
    write.scope = instruction.scope;
    write.proxy = litmus::proxyOf(instruction);
    write.location = address(state, instruction, instruction.operands[0]);
    write.value = value(state, instruction.operands[1]);
    if (instruction.operation != litmus::Operation::None) {
      write.value = arena.binary(instruction.operation, arena.integer(0), write.value, instruction.type);
    }
    write.data = arena.loads(write.value);
    addEvent(state, instruction, write, guardLoads);
  }

  bool conditionalBranch(PathState& state, const Instruction& instruction) {
    ExpressionArena& arena = state.path.expressions;
    const ExprId condition =
        arena.comparison(litmus::branchComparison(instruction.opcode), value(state, instruction.operands[0]),
                         value(state, instruction.operands[1]), instruction.type);
    const std::size_t target = labelTarget(instruction.operands[2]);
    if (arena.isConstant(condition)) {
      if (arena[condition].constant.integer != 0) {
        return jump(state, target);
      }
      ++state.next;
      return true;
    }
    // Every later event depends on the loads the branch tested.
    state.control |= arena.loads(condition);
    PathState fallThrough = state;
    fallThrough.path.assumptions.push_back({condition, false});
    ++fallThrough.next;
    fork(std::move(fallThrough));
    state.path.assumptions.push_back({condition, true});
    return jump(state, target);
  }

  // atom and red; atom's destination receives the old value, or
  // update(RESULT, old value, operand) for the atom an mbarrier.arrive runs
  // as (MBAR-1, litmus/MbarrierLowering.h).
  bool readModifyWrite(PathState& state, const Instruction& instruction, litmus::Operation result,
                       EventSet guardLoads) {
    ExpressionArena& arena = state.path.expressions;
    // atom returns the old value; red returns nothing (Opcodes.def's kinds).
    const bool isAtom = litmus::kindOf(instruction.opcode) == InstructionKind::ReadModifyWrite;
    const litmus::Operation operation = instruction.operation;
    const auto& operands = instruction.operands;
    const Operand& addressOperand = operands[isAtom ? 1 : 0];
    PathEvent read;
    read.kind = EventKind::Read;
    read.semantics = readHalf(instruction.semantics);
    read.scope = instruction.scope;
    read.location = address(state, instruction, addressOperand);
    read.atomic = true;
    read.reduction = !isAtom;
    const std::uint8_t readIndex = addEvent(state, instruction, read, guardLoads);
    const ExprId old = arena.load(readIndex);
    const ExprId operand = value(state, operands[isAtom ? 2 : 1]);
    if (isAtom) {
      state.registers[operands[0].index] =
          result == litmus::Operation::None ? old : arena.binary(result, old, operand, instruction.type);
    }

    PathEvent write = read;
    write.kind = EventKind::Write;
    write.semantics = writeHalf(instruction.semantics);
    write.control = 0;
    switch (operation) {
      case litmus::Operation::Exchange:
        write.value = operand;
        break;
      case litmus::Operation::CompareAndSwap: {
        const ExprId swapped = value(state, operands[3]);
        const ExprId matches = arena.comparison(litmus::Comparison::Equal, old, operand, instruction.type);
        if (options_.failedCasWrites) {
          write.value = arena.select(matches, swapped, old);
        } else {
          // PTX: only a successful compare-and-swap writes.
          PathState failed = state;
          failed.path.assumptions.push_back({matches, false});
          ++failed.next;
          fork(std::move(failed));
          state.path.assumptions.push_back({matches, true});
          write.value = swapped;
        }
        break;
      }
      default:
        write.value = arena.binary(operation, old, operand, instruction.type);
        break;
    }
    write.data = arena.loads(write.value);
    addEvent(state, instruction, write, guardLoads);
    ++state.next;
    return true;
  }

  // An mbarrier instruction runs as the st, atom or ld it is lowered to
  // (MBAR-1, litmus/MbarrierLowering.h).
  bool mbarrier(PathState& state, const litmus::MbarrierAccess& lowered, EventSet guardLoads) {
    const Instruction& access = lowered.access;
    const InstructionKind kind = litmus::kindOf(access.opcode);
    if (kind == InstructionKind::Store) {
      store(state, access, guardLoads);
      ++state.next;
      return true;
    }
    if (kind == InstructionKind::ReadModifyWrite || kind == InstructionKind::Reduction) {
      return readModifyWrite(state, access, lowered.result, guardLoads);
    }
    return mbarrierWait(state, access, lowered.result, guardLoads);
  }

  // The ld an mbarrier wait runs as (MBAR-1): its destination receives
  // update(RESULT, value read, state). An acquire wait is an acquire read on
  // the path where it returns True and a relaxed read where it returns
  // False (PTX ISA 9.1 9.7.13.15.16).
  bool mbarrierWait(PathState& state, const Instruction& instruction, litmus::Operation result,
                    EventSet guardLoads) {
    const auto& operands = instruction.operands;
    PathEvent read;
    read.kind = EventKind::Read;
    read.semantics = instruction.semantics;
    read.scope = instruction.scope;
    read.location = address(state, instruction, operands[1]);
    const ExprId token = value(state, operands[2]);
    const auto complete = [&](PathState& path, const PathEvent& event) {
      ExpressionArena& arena = path.path.expressions;
      const ExprId done = arena.binary(result, arena.load(addEvent(path, instruction, event, guardLoads)),
                                       token, instruction.type);
      path.registers[operands[0].index] = done;
      ++path.next;
      return done;
    };
    if (instruction.semantics != Semantics::Acquire) {
      complete(state, read);
      return true;
    }
    PathState incomplete = state;
    PathEvent relaxed = read;
    relaxed.semantics = Semantics::Relaxed;
    const ExprId notDone = complete(incomplete, relaxed);
    incomplete.path.assumptions.push_back({notDone, false});
    fork(std::move(incomplete));
    const ExprId done = complete(state, read);
    state.path.assumptions.push_back({done, true});
    return true;
  }

  // 9.7.9.25.1.1: "A commit operation creates a per-thread async-group
  // containing all prior asynchronous operations tracked by async-group
  // completion ... but none of the asynchronous operations following".
  static void commit(PathState& state, std::size_t kind) {
    state.groups[kind].push_back(std::move(state.uncommitted[kind]));
    state.uncommitted[kind].clear();
  }

  // The complete-tx of BYTES on the mbarrier at OPERAND that ends an
  // asynchronous operation: a release update at .cluster scope
  // (litmus/AsyncOperations.h).
  void completeTx(PathState& state, const Instruction& instruction, const Operand& operand,
                  std::uint8_t operation, std::int64_t bytes, EventSet guardLoads) {
    PathEvent update;
    update.location = address(state, instruction, operand);
    update.reduction = true;
    update.asyncOperation = operation;
    const Update completeTx{litmus::Operation::MbarrierCompleteTx, state.path.expressions.integer(bytes),
                            litmus::DataType::B64};
    atomicUpdate(state, instruction, update, {litmus::Scope::Cluster, Semantics::Release}, completeTx,
                 guardLoads);
  }

  // What an atomic update writes: OPERATION of the old value and OPERAND at
  // TYPE.
  struct Update {
    litmus::Operation operation = litmus::Operation::None;
    ExprId operand = kNoExpr;
    litmus::DataType type = litmus::DataType::None;
  };
  // The scope of an atomic update's two halves and its write's semantics
  // (its read is relaxed).
  struct UpdateOrder {
    litmus::Scope scope = litmus::Scope::None;
    Semantics write = Semantics::Relaxed;
  };

  // The atomic update the asynchronous operations and the mbarrier
  // completions make of ACCESS's location (an rmw pair, seed 001 Sec.
  // 3.5.3): a relaxed read at ORDER's scope, then the write of UPDATE at
  // that scope with ORDER's semantics. ACCESS gives the location, the
  // proxy, the asynchronous operation and whether the pair is a reduction
  // (no acquire pattern, PTX ISA 9.1 8.11.1). The indices of read and write.
  std::pair<std::uint8_t, std::uint8_t> atomicUpdate(PathState& state, const Instruction& instruction,
                                                     PathEvent access, UpdateOrder order, Update update,
                                                     EventSet guardLoads) {
    ExpressionArena& arena = state.path.expressions;
    access.kind = EventKind::Read;
    access.value = kNoExpr;
    access.semantics = Semantics::Relaxed;
    access.scope = order.scope;
    access.atomic = true;
    const std::uint8_t old = addEvent(state, instruction, access, guardLoads);
    access.kind = EventKind::Write;
    access.semantics = order.write;
    access.value = arena.binary(update.operation, arena.load(old), update.operand, update.type);
    access.data = arena.loads(access.value);
    return {old, addEvent(state, instruction, access, guardLoads)};
  }

  // st.async [a], b, [mbar]: a weak write outside program order, then the
  // complete-tx of the bytes stored; red.async [a], b, [mbar]: the same
  // with a relaxed .cluster atomic update of a for the write; their release
  // forms, a release write or update at their scope, complete nothing
  // (litmus/AsyncOperations.h).
  void asyncStore(PathState& state, const Instruction& instruction, EventSet guardLoads) {
    ExpressionArena& arena = state.path.expressions;
    const std::uint8_t operation = ++state.asyncOperations;
    PathEvent write;
    write.kind = EventKind::Write;
    write.location = address(state, instruction, instruction.operands[0]);
    write.value = value(state, instruction.operands[1]);
    write.asyncOperation = operation;
    const bool release = instruction.semantics == Semantics::Release;
    if (release) {
      // 9.7.9.12: "The store operation is a strong memory operation with
      // .release semantics at the scope specified by .scope".
      write.semantics = Semantics::Release;
      write.scope = instruction.scope;
    }
    if (litmus::isAsyncReduction(instruction.opcode)) {
      // PTX ISA 9.1 9.7.13.7: "The reduce operation is a relaxed memory
      // operation", at the instruction's .cluster scope; in the release
      // form "a strong memory operation with .release semantics".
      write.reduction = true;
      atomicUpdate(state, instruction, write,
                   {instruction.scope, release ? Semantics::Release : Semantics::Relaxed},
                   {instruction.operation, write.value, instruction.type}, guardLoads);
    } else {
      write.data = arena.loads(write.value);
      addEvent(state, instruction, write, guardLoads);
    }
    if (instruction.completion != litmus::Completion::MbarrierCompleteTx) {
      return;
    }
    completeTx(state, instruction, instruction.operands[2], operation, litmus::bitsOf(instruction.type) / 8,
               guardLoads);
  }

  // cp.async.bulk [dst], [src], size{, [mbar]} and cp.async [dst], [src],
  // size: the events of one asynchronous operation
  // (litmus/AsyncOperations.h).
  void bulkCopy(PathState& state, const Instruction& instruction, EventSet guardLoads) {
    ExpressionArena& arena = state.path.expressions;
    const auto& operands = instruction.operands;
    const std::uint8_t operation = ++state.asyncOperations;
    PathEvent read;
    read.kind = EventKind::Read;
    read.proxy = litmus::proxyOf(instruction);
    read.location = address(state, instruction, operands[1]);
    read.asyncOperation = operation;
    const std::uint8_t readIndex = addEvent(state, instruction, read, guardLoads);
    PathEvent write = read;
    write.kind = EventKind::Write;
    write.location = address(state, instruction, operands[0]);
    write.value = arena.load(readIndex);
    std::optional<std::uint8_t> oldIndex;
    std::uint8_t writeIndex = 0;
    if (litmus::isAsyncReduction(instruction.opcode)) {
      // cp.reduce.async.bulk (9.7.9.25.4.2): "Each reduction operation
      // performed by the cp.reduce.async.bulk has individually .relaxed.gpu
      // memory ordering semantics": an atomic update of the destination.
      write.reduction = true;
      const auto [old, updated] =
          atomicUpdate(state, instruction, write, {litmus::Scope::Gpu, Semantics::Relaxed},
                       {instruction.operation, write.value, instruction.type}, guardLoads);
      oldIndex = old;
      writeIndex = updated;
    } else {
      write.data = arena.loads(write.value);
      writeIndex = addEvent(state, instruction, write, guardLoads);
    }
    if (read.proxy == litmus::Proxy::Generic) {
      state.cpAsyncAccesses |= eventBit(readIndex) | eventBit(writeIndex);
    }
    if (instruction.completion != litmus::Completion::MbarrierCompleteTx) {
      std::vector<std::uint8_t>& uncommitted = state.uncommitted[groupsOf(instruction)];
      uncommitted.push_back(readIndex);
      if (oldIndex) {
        uncommitted.push_back(*oldIndex);
      }
      uncommitted.push_back(writeIndex);
      return;
    }
    // The implicit generic-async proxy fence, then the complete-tx: a
    // release update of the mbarrier at .cluster scope.
    PathEvent fence;
    fence.kind = EventKind::Fence;
    fence.proxy = litmus::Proxy::Async;
    fence.proxyFence = true;
    fence.asyncOperation = operation;
    addEvent(state, instruction, fence, guardLoads);
    completeTx(state, instruction, operands[3], operation, litmus::kBulkCopyBytes, guardLoads);
  }

  // cp.async.mbarrier.arrive{.noinc} [mbar] (PTX ISA 9.1 9.7.13.15.15):
  // without .noinc, "the pending count of the mbarrier object is
  // incremented by 1 prior to the asynchronous arrive-on operation", an
  // atomic update of the object in program order (relaxed, at the .cta
  // scope of an mbarrier operation without one); then the arrive-on, an
  // asynchronous operation that "is ordered with respect to the memory
  // operations performed by all prior cp.async operations initiated by the
  // same thread" (8.9.1.1) and releases them as mbarrier.arrive's default
  // .release.cta does (9.7.13.15.13): the consumer that sees the phase
  // complete may "access the result of the asynchronous operations"
  // (9.7.9.25.1.2).
  void asyncMbarrierArrive(PathState& state, const Instruction& instruction, EventSet guardLoads) {
    ExpressionArena& arena = state.path.expressions;
    PathEvent read;
    read.location = address(state, instruction, instruction.operands[0]);
    const auto update = [&](const PathEvent& access, litmus::Operation operation, std::int64_t operand,
                            Semantics semantics) {
      atomicUpdate(state, instruction, access, {litmus::Scope::Cta, semantics},
                   {operation, arena.integer(operand), litmus::DataType::B64}, guardLoads);
    };
    read.asyncOperation = ++state.asyncOperations;
    read.asyncPredecessors = state.cpAsyncAccesses;
    if (instruction.opcode == litmus::Opcode::AsyncMbarrierArriveNoInc) {
      update(read, litmus::Operation::MbarrierArrive, 0, Semantics::Release);
      return;
    }
    // Without .noinc the increment and the arrive-on leave the pending
    // count as it was, and no phase completes between them: opcheck counts
    // the increment as one pending transaction, an expect-tx of 1, and the
    // arrive-on as its complete-tx (litmus/AsyncOperations.h).
    PathEvent increment = read;
    increment.asyncOperation = 0;
    increment.asyncPredecessors = 0;
    update(increment, litmus::Operation::MbarrierExpectTx, 1, Semantics::Relaxed);
    update(read, litmus::Operation::MbarrierCompleteTx, 1, Semantics::Release);
  }

  // cp.async.bulk.wait_group{.read} N, cp.async.wait_group N: every group
  // but the N most recent completes (its reads only, with .read); an
  // implicit generic-async proxy fence follows what a bulk wait completed
  // (litmus/AsyncOperations.h).
  void asyncWait(PathState& state, const Instruction& instruction, EventSet guardLoads) {
    const std::size_t kind = groupsOf(instruction);
    std::vector<std::vector<std::uint8_t>>& groups = state.groups[kind];
    const auto recent = instruction.operands.empty()
                            ? std::size_t{0}
                            : static_cast<std::size_t>(instruction.operands[0].immediate);
    if (groups.size() <= recent) {
      return;
    }
    const std::size_t completed = groups.size() - recent;
    const bool readsOnly = instruction.completion == litmus::Completion::Read;
    const auto awaitedAt = static_cast<std::uint8_t>(state.path.events.size());
    bool any = false;
    for (std::size_t group = 0; group < completed; ++group) {
      for (const std::uint8_t index : groups[group]) {
        PathEvent& event = state.path.events[index];
        if (event.awaitedAt == kNotAwaited && (!readsOnly || event.kind == EventKind::Read)) {
          event.awaitedAt = awaitedAt;
          any = true;
        }
      }
    }
    if (!readsOnly) {
      groups.erase(groups.begin(), groups.begin() + static_cast<std::ptrdiff_t>(completed));
    }
    if (any && kind == 1) {
      PathEvent fence;
      fence.kind = EventKind::Fence;
      fence.proxy = litmus::Proxy::Async;
      fence.proxyFence = true;
      addEvent(state, instruction, fence, guardLoads);
    }
  }

  void barrier(PathState& state, const Instruction& instruction, EventSet guardLoads) {
    PathEvent arrive;
    arrive.kind = EventKind::BarrierArrive;
    arrive.semantics = Semantics::AcquireRelease;
    arrive.scope = litmus::Scope::Cta;
    const auto& operands = instruction.operands;
    for (std::size_t index = 0; index < operands.size() && index < 2; ++index) {
      arrive.barrierName[index] = value(state, operands[index]);
      arrive.data |= state.path.expressions.loads(arrive.barrierName[index]);
    }
    if (operands.size() > 2) {
      arrive.barrierCount = value(state, operands[2]);
      arrive.data |= state.path.expressions.loads(arrive.barrierCount);
    }
    addEvent(state, instruction, arrive, guardLoads);
    if (instruction.barrierAction == litmus::BarrierAction::Sync) {
      PathEvent wait = arrive;
      wait.kind = EventKind::BarrierWait;
      addEvent(state, instruction, wait, guardLoads);
    }
  }

  const litmus::Thread& thread_;
  std::size_t threadIndex_;
  const PathOptions& options_;
  const std::string& file_;
  std::vector<PathState> pending_;
  ThreadPaths result_;
};

}  // namespace

ThreadPaths enumeratePaths(const litmus::Test& test, std::size_t thread, const PathOptions& options,
                           const std::string& file) {
  return PathEnumerator(test, thread, options, file).run();
}

}  // namespace opcheck::axiomcheck

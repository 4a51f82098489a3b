#include "opsem/Program.h"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>

#include "litmus/AsyncOperations.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Clusters.h"
#include "litmus/Diagnostic.h"
#include "litmus/InstructionSemantics.h"
#include "litmus/MbarrierLowering.h"
#include "litmus/Proxies.h"
#include "opsem/InstructionTraits.h"
#include "opsem/OperationalModel.h"
#include "support/Assert.h"

namespace opcheck::opsem {

using litmus::Opcode;

std::string unrepresentable(std::int64_t integer) {
  return "ptx-op cannot hold the integer " + std::to_string(integer) + ": the test computes more than " +
         std::to_string(WideIntegers::kCapacity) +
         " distinct integers beyond the 32-bit values its states hold (opsem/WideIntegers.h)";
}

std::optional<Value> heldBeyond32Bits(const Program& program, std::int64_t integer) {
  if (program.asyncOperations && !representable(integer)) {  // COPY-7
    if (std::optional<Value> packed = packedMbarrier(integer)) {
      return packed;
    }
  }
  return program.wideIntegers->intern(integer);
}

std::optional<Value> packedMbarrier(std::int64_t integer) {
  const std::optional<litmus::MbarrierObject> object =
      litmus::mbarrierObject(litmus::Value::ofInteger(integer));
  if (!object || object->phase > 15 || object->expected > 15 || object->pending > 15) {
    return std::nullopt;
  }
  const std::int64_t digits = object->tx >= 0 ? object->tx : litmus::kMaxMbarrierCount - object->tx;
  return static_cast<Value>(kMbarrierTag +
                            (digits << 12 | object->phase << 8 | object->expected << 4 | object->pending));
}

std::int64_t unpackedMbarrier(Value packed) {
  const std::int64_t bits = packed - kMbarrierTag;
  const std::int64_t digits = bits >> 12;
  const std::int64_t tx = digits <= litmus::kMaxMbarrierCount ? digits : litmus::kMaxMbarrierCount - digits;
  return litmus::mbarrierValue({bits >> 8 & 15, bits >> 4 & 15, bits & 15, tx}).integer;
}

namespace {

// OPERAND of INSTRUCTION, a wide immediate interned (heldInteger).
CompiledOperand compileOperand(const litmus::Thread& thread, const Program& program,
                               const litmus::Instruction& instruction, const litmus::Operand& operand) {
  using Kind = litmus::Operand::Kind;
  switch (operand.kind) {
    case Kind::Register:
      return {CompiledOperand::Kind::Register, static_cast<Value>(operand.index)};
    case Kind::Immediate: {
      const std::optional<Value> held = heldInteger(program, operand.immediate);
      if (!held) {
        litmus::fail(program.file, instruction.position, unrepresentable(operand.immediate));
      }
      return {CompiledOperand::Kind::Immediate, *held};
    }
    case Kind::Location:
      return {CompiledOperand::Kind::Location, program.physicalLocation[operand.index]};
    case Kind::RegisterAddress:
      return {CompiledOperand::Kind::RegisterAddress, static_cast<Value>(operand.index)};
    case Kind::Label:
      return {CompiledOperand::Kind::Label, static_cast<Value>(thread.labels[operand.index].target)};
  }
  return {};
}

// The locations an address operand may name: one, or all of them when it
// goes through a register the thread overwrites.
std::uint32_t locationsNamed(const Program& program, std::size_t thread, const CompiledOperand& address) {
  const std::uint32_t all = program.allLocations();
  if (address.kind == CompiledOperand::Kind::Location) {
    return address.value < 32 ? 1u << address.value : all;  // beyond 32: refused later (RunSupport.h fits)
  }
  for (const CompiledInstruction& instruction : program.threads[thread]) {
    const bool writesRegister =
        !instruction.operands.empty() && instruction.operands[0].kind == CompiledOperand::Kind::Register &&
        instruction.operands[0].value == address.value && instruction.opcode != Opcode::Store &&
        instruction.opcode != Opcode::Reduction && !litmus::isBranch(instruction.opcode);
    if (writesRegister) {
      return all;
    }
  }
  const Value initial = program.initialRegisters[thread][static_cast<std::size_t>(address.value)];
  return isAddress(initial) && locationAt(initial) < std::min<std::size_t>(program.locations, 32)
             ? 1u << locationAt(initial)
             : all;
}

// VALUE, an initial value of a register or a location, as ptx-op keeps it.
Value initialValue(const Program& program, const std::string& file, const litmus::InitialValue& value) {
  if (value.isAddress) {
    return addressOf(program.physicalLocation[value.location]);
  }
  const std::optional<Value> held = heldInteger(program, value.integer);
  if (!held) {
    litmus::fail(file, value.position, unrepresentable(value.integer));
  }
  return *held;
}

// The address operand of INSTRUCTION, a memory access.
const litmus::Operand& addressOperand(const litmus::Instruction& instruction) {
  const litmus::InstructionKind kind = litmus::kindOf(instruction.opcode);
  return instruction.operands
      [kind == litmus::InstructionKind::Load || kind == litmus::InstructionKind::ReadModifyWrite ? 1 : 0];
}

// What the copy engine does not model (CopyEngine.h) is refused at the
// instruction: a copy, st.async, commit or wait under a guard or with an
// address in a register (the async-groups are read off the code once,
// compileAsyncGroups). The tx-count instructions run as the mbarrier
// accesses they are (MBAR-1); fence.proxy.async with a state space runs as
// the fence without one, which orders every state space (stronger than the
// ptx model's reading, tests/opsem-incompleteness-reasons.md).
void refuseUnmodelledAsync(const std::string& file, const litmus::Instruction& instruction) {
  if (!litmus::isAsyncOperation(instruction) || litmus::isMbarrierInstruction(instruction.opcode)) {
    return;
  }
  const auto refuse = [&](const std::string& why) {
    litmus::fail(file, instruction.position,
                 "'" + litmus::printMnemonic(instruction) + "' is not supported by ptx-op: " + why +
                     " (opsem/CopyEngine.h; the ptx model reads it)");
  };
  const litmus::InstructionKind kind = litmus::kindOf(instruction.opcode);
  if (kind == litmus::InstructionKind::ProxyFence) {
    return;  // with a state space too, as the fence without one (COPY-4)
  }
  if (instruction.guarded) {
    refuse("it runs asynchronous operations and their groups without a guard");
  }
  for (const litmus::Operand& operand : instruction.operands) {
    if (operand.kind == litmus::Operand::Kind::RegisterAddress ||
        (kind == litmus::InstructionKind::AsyncWait && operand.kind != litmus::Operand::Kind::Immediate)) {
      refuse("it runs asynchronous operations on named locations and waits with an immediate count only");
    }
  }
}

// The tests the copy engine runs in: one device, no proxy caches or alias
// lines beside the locations' own, no loop in a thread with an asynchronous
// operation (CopyEngine.h).
void refuseAsyncSetting(const litmus::Test& test, const std::string& file, const Program& program) {
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    const auto& code = program.threads[thread];
    const bool loops = std::any_of(code.begin(), code.end(), [](const CompiledInstruction& instruction) {
      return instruction.jumpsBack;
    });
    for (const litmus::Instruction& instruction : test.threads[thread].instructions) {
      if (!litmus::isAsyncOperation(instruction)) {
        continue;
      }
      std::string why;
      if (program.multipleDevices()) {
        why = "its copy engine runs in tests of one device";
      } else if (program.lines != program.locations) {
        why =
            "its copy engine writes the locations' own L1 lines, not those of constant, texture or alias "
            "views";
      } else if (loops) {
        why = "it reads the async-groups off code without loops";
      } else {
        continue;
      }
      litmus::fail(file, instruction.position,
                   "'" + litmus::printMnemonic(instruction) + "' is not supported by ptx-op: " + why +
                       " (opsem/CopyEngine.h; the ptx model reads it)");
    }
  }
}

// COPY-5, COPY-6: the async-groups of a thread's CODE, read off the code as
// the ptx model reads them off a path (axiomcheck/ThreadPaths.cpp; PTX ISA
// 9.1 9.7.9.25.1.1, 9.7.9.25.3.3, 9.7.9.25.6.2): a commit closes a group of
// the copies since the last, a wait awaits every group but the N most
// recent (their reads only with .read) and forgets them when it awaits them
// whole; the bulk groups apart from the non-bulk ones. Unguarded, without
// loops (refuseUnmodelledAsync, refuseAsyncSetting), a thread meets them
// in the order of its code.
void compileAsyncGroups(std::vector<CompiledInstruction>& code) {
  std::array<std::vector<std::size_t>, 2> uncommitted;
  std::array<std::vector<std::vector<std::size_t>>, 2> groups;
  for (std::size_t at = 0; at < code.size(); ++at) {
    CompiledInstruction& instruction = code[at];
    const litmus::InstructionKind kind = litmus::kindOf(instruction.opcode);
    const std::size_t bulk = instruction.proxy == litmus::Proxy::Async ? 1 : 0;
    if (kind == litmus::InstructionKind::AsyncCopy &&
        instruction.completion != litmus::Completion::MbarrierCompleteTx) {
      uncommitted[bulk].push_back(at);
    }
    const bool waitAll = kind == litmus::InstructionKind::AsyncWait && instruction.operands.empty();
    if (kind == litmus::InstructionKind::AsyncCommit || waitAll) {
      groups[bulk].push_back(std::move(uncommitted[bulk]));
      uncommitted[bulk].clear();
    }
    if (kind != litmus::InstructionKind::AsyncWait) {
      continue;
    }
    const auto recent = waitAll ? std::size_t{0} : static_cast<std::size_t>(instruction.operands[0].value);
    if (groups[bulk].size() <= recent) {
      continue;
    }
    const std::size_t completed = groups[bulk].size() - recent;
    const bool readsOnly = instruction.completion == litmus::Completion::Read;
    const auto self = static_cast<std::uint8_t>(at + 1);
    bool any = false;
    for (std::size_t group = 0; group < completed; ++group) {
      for (const std::size_t copy : groups[bulk][group]) {
        CompiledInstruction& awaited = code[copy];
        if (awaited.readAwaitedBy == 0) {
          awaited.readAwaitedBy = self;
          any = true;
        }
        if (!readsOnly && awaited.writeAwaitedBy == 0) {
          awaited.writeAwaitedBy = self;
          any = true;
        }
      }
    }
    if (!readsOnly) {
      groups[bulk].erase(groups[bulk].begin(), groups[bulk].begin() + static_cast<std::ptrdiff_t>(completed));
    }
    instruction.awaitFence = any && bulk == 1;
  }
}

// PROXY-3: surface accesses go the generic way (ProxyCaches.h); constant
// and texture loads are loads that read their own cache (PROXY-2). So an
// access of a non-generic proxy (its row's proxies, litmus/Opcodes.def) runs
// as the generic ld or st of its kind.
Opcode compiledOpcode(Opcode opcode) {
  switch (litmus::info(opcode).proxies) {
    case litmus::AccessProxy::Generic:
    case litmus::AccessProxy::Qualified:
      return opcode;
    case litmus::AccessProxy::Constant:
    case litmus::AccessProxy::Surface:
    case litmus::AccessProxy::Texture:
      break;
    case litmus::AccessProxy::Async:  // the copy engine's (CopyEngine.h)
      return opcode;
  }
  OPCHECK_ASSERT(litmus::kindOf(opcode) == litmus::InstructionKind::Load ||
                     litmus::kindOf(opcode) == litmus::InstructionKind::Store,
                 "a non-generic proxy's access is a load or a store");
  return litmus::readsMemory(opcode) ? Opcode::Load : Opcode::Store;
}

// The line of PROGRAM's CTAs that INSTRUCTION, going through PROXY, reads or
// writes (CompiledInstruction::line), adding it to the program's lines the
// first time: a constant or texture cache line per physical location
// (PROXY-1), an L1 line per virtual alias (PROXY-5).
std::uint8_t lineFor(const litmus::Test& test, const std::string& file,
                     const litmus::Instruction& instruction, litmus::Proxy proxy, Program& program) {
  if (!litmus::isMemoryAccess(instruction.opcode)) {
    return CompiledInstruction::kOwnLine;
  }
  const bool proxyCache = proxy == litmus::Proxy::Constant || proxy == litmus::Proxy::Texture;
  const litmus::Operand& address = addressOperand(instruction);
  if (address.kind != litmus::Operand::Kind::Location) {
    if (proxyCache) {
      litmus::fail(file, instruction.position,
                   "ptx-op models constant and texture loads of a named location only: '" +
                       litmus::printMnemonic(instruction) + "' reads through a register");
    }
    return CompiledInstruction::kOwnLine;  // a register holds a physical address (Program.h)
  }
  const auto location = static_cast<litmus::LocationId>(address.index);
  const std::uint8_t physical = program.physicalLocation[location];
  LineKind kind = LineKind::Own;
  std::size_t key = physical;  // what tells two lines of one kind apart
  if (proxy == litmus::Proxy::Constant) {
    kind = LineKind::Constant;
  } else if (proxy == litmus::Proxy::Texture) {
    kind = LineKind::Texture;
  } else if (const litmus::LocationId virtualAddress = litmus::virtualAddress(test, location);
             program.physicalLocation[virtualAddress] != physical ||
             litmus::physicalLocation(test, virtualAddress) != virtualAddress) {
    kind = LineKind::Alias;
    key = virtualAddress;
  }
  if (kind == LineKind::Own) {
    return CompiledInstruction::kOwnLine;
  }
  for (std::size_t line = program.locations; line < program.lines; ++line) {
    if (program.lineKind[line] == kind && program.lineKey[line] == key) {
      return static_cast<std::uint8_t>(line);
    }
  }
  if (program.lines == 32) {  // the live-line masks (Program::liveL1Lines)
    litmus::fail(file, instruction.position,
                 "ptx-op keeps at most 32"
                 " cache lines per CTA (a location's, an alias's, a constant or texture line)");
  }
  program.lineLocation.push_back(physical);
  program.lineKind.push_back(kind);
  program.lineKey.push_back(key);
  (kind == LineKind::Alias ? program.aliasLines : program.proxyCacheLines) |= 1u << program.lines;
  return static_cast<std::uint8_t>(program.lines++);
}

// PROXY-5: an address in a register is a physical location (Program.h), so
// an access through it would take the location's own L1 line where ptx sees
// the alias's virtual address; beside a line of an alias, that could let a
// read through one name miss a write through the same name. ptx-op refuses
// what it cannot tell apart.
void refuseRegisterAddressesBesideAliasLines(const litmus::Test& test, const std::string& file,
                                             const Program& program) {
  if (program.aliasLines == 0) {
    return;
  }
  for (const litmus::Thread& thread : test.threads) {
    for (const litmus::Instruction& instruction : thread.instructions) {
      if (litmus::isMemoryAccess(instruction.opcode) &&
          addressOperand(instruction).kind != litmus::Operand::Kind::Location) {
        litmus::fail(file, instruction.position,
                     "ptx-op gives a virtual alias an L1 line of its own only where accesses name it: '" +
                         litmus::printMnemonic(instruction) +
                         "' reads or writes through a register in a test that names an alias");
      }
    }
  }
}

void markLiveLines(Program& program) {
  program.liveL1Lines.assign(program.ctas, 0);
  program.liveL2Lines.assign(program.devices, 0);
  program.liveNearCopyLines.assign(program.ctas, 0);
  program.causalLines.assign(program.ctas, 0);
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    for (const CompiledInstruction& instruction : program.threads[thread]) {
      if (instruction.opcode == Opcode::Store) {
        program.causalLines[program.ctaOf[thread]] |=
            locationsNamed(program, thread, instruction.operands[0]);
      }
      if (instruction.opcode != Opcode::Load && instruction.opcode != Opcode::Atomic &&
          instruction.opcode != Opcode::Reduction) {
        continue;
      }
      const CompiledOperand& address = instruction.operands[instruction.opcode == Opcode::Reduction ? 0 : 1];
      const std::uint32_t named = locationsNamed(program, thread, address);
      // PROXY-1, PROXY-5: a line of its own is read through only by the
      // accesses that name it.
      const std::uint32_t lines =
          instruction.line == CompiledInstruction::kOwnLine ? named : 1u << instruction.line;
      program.liveL2Lines[program.deviceOf[thread]] |= named;
      if (instruction.opcode != Opcode::Load || instruction.semantics != litmus::Semantics::Weak) {
        program.causalLines[program.ctaOf[thread]] |= named;
      }
      if (instruction.opcode == Opcode::Load) {
        program.liveNearCopyLines[program.ctaOf[thread]] |= named;
      }
      const bool throughL1 =
          instruction.opcode == Opcode::Load &&
          (instruction.semantics == litmus::Semantics::Weak || instruction.scope == litmus::Scope::Cta) &&
          instruction.cacheOperator != litmus::CacheOperator::CacheGlobal &&
          instruction.cacheOperator != litmus::CacheOperator::DontCache;
      if (throughL1 || instruction.line != CompiledInstruction::kOwnLine) {
        program.liveL1Lines[program.ctaOf[thread]] |= lines;
      }
    }
  }
}

}  // namespace

Program compileProgram(const litmus::Test& test, const std::string& file, const Architecture& architecture) {
  litmus::requireDialect(test, file, litmus::Dialect::Ptx, "model " + std::string(kOperationalModelName));
  Program program;
  program.test = &test;
  program.file = file;
  // L2-3: a cluster of several CTAs meets at the L2, one of one CTA at its L1.
  const litmus::Scope clusterScope = litmus::hasMultiCtaCluster(test) && !architecture.brokenClusterScopeAtL1
                                         ? litmus::Scope::Gpu
                                         : litmus::Scope::Cta;

  // COPY-7: known before any value is held (heldInteger).
  for (const litmus::Thread& thread : test.threads) {
    program.asyncOperations =
        program.asyncOperations || std::any_of(thread.instructions.begin(), thread.instructions.end(),
                                               [](const litmus::Instruction& instruction) {
                                                 return litmus::isAsyncOperation(instruction);
                                               });
  }

  // An alias is the memory it names (litmus/Proxies.h; PTX ISA 9.1 8.2.2).
  program.physicalLocation.resize(test.locations.size());
  for (std::size_t id = 0; id < test.locations.size(); ++id) {
    if (!test.locations[id].aliasOf) {
      program.physicalLocation[id] = static_cast<std::uint8_t>(program.locations++);
    }
  }
  for (std::size_t id = 0; id < test.locations.size(); ++id) {
    if (test.locations[id].aliasOf) {
      program.physicalLocation[id] =
          program.physicalLocation[litmus::physicalLocation(test, static_cast<litmus::LocationId>(id))];
    } else {
      program.initialMemory.push_back(initialValue(program, file, test.locations[id].initialValue));
    }
  }
  program.lines = program.locations;
  for (std::size_t location = 0; location < program.locations; ++location) {
    program.lineLocation.push_back(static_cast<std::uint8_t>(location));
    program.lineKind.push_back(LineKind::Own);
    program.lineKey.push_back(location);
  }

  for (std::size_t index = 0; index < test.threads.size(); ++index) {
    const litmus::Thread& thread = test.threads[index];
    program.ctaOf.push_back(static_cast<std::uint8_t>(thread.placement.cta));
    program.deviceOf.push_back(static_cast<std::uint8_t>(thread.placement.device));
    program.ctas = std::max<std::size_t>(program.ctas, thread.placement.cta + 1);
    program.devices = std::max<std::size_t>(program.devices, thread.placement.device + 1);
    program.maxRegisters = std::max(program.maxRegisters, thread.registers.size());

    std::vector<Value> registers;
    registers.reserve(thread.registers.size());
    for (const litmus::Register& reg : thread.registers) {
      registers.push_back(reg.initialValue ? initialValue(program, file, *reg.initialValue) : 0);
    }
    program.initialRegisters.push_back(std::move(registers));

    std::vector<CompiledInstruction> code;
    for (std::size_t at = 0; at < thread.instructions.size(); ++at) {
      const litmus::Instruction& written = thread.instructions[at];
      refuseUnmodelledAsync(file, written);
      // MBAR-1 (litmus/MbarrierLowering.h): an mbarrier instruction runs as
      // the st, atom or ld it is lowered to. lineFor reads the instruction as
      // written, which gives an mbarrier access its location's own line.
      std::optional<litmus::MbarrierAccess> mbarrier;
      if (litmus::isMbarrierInstruction(written.opcode)) {
        mbarrier = litmus::lowerMbarrier(written);
      }
      const litmus::Instruction& instruction = mbarrier ? mbarrier->access : written;
      CompiledInstruction compiled;
      compiled.proxy = litmus::proxyOf(instruction);
      compiled.opcode = compiledOpcode(instruction.opcode);
      compiled.line = lineFor(test, file, written, compiled.proxy, program);
      compiled.type = instruction.type;
      // fence.acquire and fence.release run as fence.acq_rel: a stronger
      // fence, so every run of it is one ptx allows for the weaker fence
      // (it takes part in a superset of the release and acquire patterns,
      // PTX ISA 9.1 8.8; compare checks this on catalogue/isa91/).
      compiled.semantics = litmus::kindOf(instruction.opcode) == litmus::InstructionKind::Fence &&
                                   (instruction.semantics == litmus::Semantics::Acquire ||
                                    instruction.semantics == litmus::Semantics::Release)
                               ? litmus::Semantics::AcquireRelease
                               : instruction.semantics;
      compiled.scope = instruction.scope == litmus::Scope::Cluster ? clusterScope : instruction.scope;
      if (litmus::isUniDirectionalProxyFence(instruction)) {
        // COPY-4: the uni-directional proxy fence runs as fence.proxy.async,
        // which orders both directions in every state space: a stronger
        // fence than the ptx model's reading (litmus/AsyncOperations.h).
        compiled.semantics = litmus::Semantics::Weak;
        compiled.scope = litmus::Scope::None;
      }
      if (litmus::kindOf(instruction.opcode) == litmus::InstructionKind::ClusterArrive ||
          litmus::kindOf(instruction.opcode) == litmus::InstructionKind::ClusterWait) {
        // CBAR-1: the barrier is the cluster's, at the cluster's point of
        // coherence (L2-3); an arrive is a release, .relaxed too (stronger,
        // so sound: a release fence before a relaxed arrive must still
        // synchronize, 9.1 9.7.13.3's example).
        compiled.scope = clusterScope;
        if (compiled.semantics == litmus::Semantics::Relaxed) {
          compiled.semantics = litmus::Semantics::Release;
        }
      }
      compiled.cacheOperator = instruction.cacheOperator;
      compiled.completion = instruction.completion;
      compiled.operation = instruction.operation;
      compiled.comparison = instruction.comparison;
      compiled.barrierAction = instruction.barrierAction;
      compiled.guarded = instruction.guarded;
      compiled.guardNegated = instruction.guard.negated;
      compiled.guardRegister = static_cast<std::uint8_t>(instruction.guard.predicate);
      for (const litmus::Operand& operand : written.operands) {
        if (operand.kind == litmus::Operand::Kind::Label && thread.labels[operand.index].target <= at) {
          compiled.jumpsBack = true;
          program.hasBackwardBranch = true;
        }
      }
      for (const litmus::Operand& operand : instruction.operands) {
        compiled.operands.push_back(compileOperand(thread, program, written, operand));
      }
      if (mbarrier) {
        compiled.result = mbarrier->result;
        if (architecture.brokenMbarrierArriveIsRelaxed && compiled.opcode == Opcode::Atomic) {
          compiled.semantics = litmus::Semantics::Relaxed;
        }
      }
      code.push_back(std::move(compiled));
    }
    compileAsyncGroups(code);
    program.threads.push_back(std::move(code));
  }
  refuseRegisterAddressesBesideAliasLines(test, file, program);
  refuseAsyncSetting(test, file, program);
  program.deviceOfCta.assign(program.ctas, 0);
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    program.deviceOfCta[program.ctaOf[thread]] = program.deviceOf[thread];
  }
  // Each barrier instruction may name a new identity: an upper bound on the
  // barrier slots a CTA needs.
  std::vector<std::size_t> barriersPerCta(program.ctas, 0);
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    for (const CompiledInstruction& instruction : program.threads[thread]) {
      if (instruction.opcode == Opcode::Barrier) {
        program.maxBarriersPerCta =
            std::max(program.maxBarriersPerCta, ++barriersPerCta[program.ctaOf[thread]]);
      }
    }
  }
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    const auto clusterBarriers = std::count_if(
        program.threads[thread].begin(), program.threads[thread].end(),
        [](const CompiledInstruction& instruction) { return isClusterBarrier(instruction.opcode); });
    const auto& code = test.threads[thread].instructions;
    const auto first = std::find_if(code.begin(), code.end(), [](const litmus::Instruction& instruction) {
      return isClusterBarrier(instruction.opcode);
    });
    if (clusterBarriers > static_cast<std::ptrdiff_t>(kMaxClusterBarriers) ||
        (clusterBarriers > 0 && program.hasBackwardBranch)) {
      litmus::fail(file, first->position,
                   "ptx-op counts a thread's barrier.cluster arrivals and waits up to " +
                       std::to_string(kMaxClusterBarriers) +
                       ": it runs barrier.cluster in a test without loops, at most that many a thread");
    }
  }
  std::uint32_t arriving = 0;  // the threads with a barrier.cluster.arrive
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    if (std::any_of(program.threads[thread].begin(), program.threads[thread].end(),
                    [](const CompiledInstruction& instruction) {
                      return litmus::kindOf(instruction.opcode) == litmus::InstructionKind::ClusterArrive;
                    })) {
      arriving |= 1u << thread;
    }
  }
  program.clusterBarrierMembers.assign(test.threads.size(), 0);
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    for (std::size_t other = 0; other < test.threads.size(); ++other) {
      if ((arriving >> other & 1u) != 0 &&
          test.threads[other].placement.cluster == test.threads[thread].placement.cluster) {
        program.clusterBarrierMembers[thread] |= 1u << other;
      }
    }
  }
  // ISSUE-4, BAR-2: who may meet a barrier named by immediates is known
  // before the run.
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    for (CompiledInstruction& instruction : program.threads[thread]) {
      const auto& operands = instruction.operands;
      const auto immediate = [](const CompiledOperand& operand) {
        return operand.kind == CompiledOperand::Kind::Immediate;
      };
      if (instruction.opcode == Opcode::Barrier && !operands.empty() && immediate(operands[0]) &&
          (operands.size() == 1 || immediate(operands[1]))) {
        instruction.participants =
            barrierParticipants(program, thread, operands[0].value,
                                operands.size() > 1 ? operands[1].value : -1, operands.size() > 1);
        instruction.participantsKnown = true;
      }
    }
  }
  markLiveLines(program);
  return program;
}

std::uint32_t barrierParticipants(const Program& program, std::size_t thread, Value first, Value second,
                                  bool hasSecond) {
  std::uint32_t participants = 0;
  for (std::size_t other = 0; other < program.threads.size(); ++other) {
    if (program.ctaOf[other] != program.ctaOf[thread]) {
      continue;
    }
    for (const CompiledInstruction& instruction : program.threads[other]) {
      if (instruction.opcode != Opcode::Barrier) {
        continue;
      }
      auto couldBe = [](const CompiledOperand& operand, Value wanted) {
        return operand.kind == CompiledOperand::Kind::Register || operand.value == wanted;
      };
      const bool firstMatches = couldBe(instruction.operands[0], first);
      const bool secondMatches = instruction.operands.size() > 1
                                     ? hasSecond && couldBe(instruction.operands[1], second)
                                     : !hasSecond;
      if (firstMatches && secondMatches) {
        participants |= 1u << other;
        break;
      }
    }
  }
  return participants;
}

std::uint32_t barrierParticipants(const Program& program, std::size_t thread,
                                  const CompiledInstruction& instruction, Value first, Value second) {
  return instruction.participantsKnown
             ? instruction.participants
             : barrierParticipants(program, thread, first, second, instruction.operands.size() > 1);
}

}  // namespace opcheck::opsem

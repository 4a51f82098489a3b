// The harness's PTX (docs/gpu.md "The kernel"). Seed 000 Sec. 4.2: one
// kernel, run by every thread, switches on the thread's role; testing
// threads run the test and record their registers, the others exit or run
// an incantation.
#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "gpu/Harness.h"
#include "litmus/AsyncOperations.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "litmus/FinalState.h"

namespace opcheck::gpu {

std::optional<Incantations> parseIncantations(std::string_view list, std::string& problem) {
  Incantations chosen{false, false, false, false};
  if (list == "none") {
    return chosen;
  }
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view word = list.substr(start, comma - start);
    if (word == "stress") {
      chosen.stress = true;
    } else if (word == "shuffle") {
      chosen.shuffle = true;
    } else if (word == "sync") {
      chosen.sync = true;
    } else if (word == "spread") {
      chosen.spread = true;
    } else {
      problem = "unknown incantation '" + std::string(word) +
                "': give a comma-separated list of stress, shuffle, sync, spread, or none";
      return std::nullopt;
    }
    start = comma + 1;
  }
  return chosen;
}

std::string describe(const Incantations& incantations) {
  std::string list;
  const auto add = [&](bool on, const char* name) {
    if (on) {
      list += (list.empty() ? "" : ",") + std::string(name);
    }
  };
  add(incantations.stress, "stress");
  add(incantations.shuffle, "shuffle");
  add(incantations.sync, "sync");
  add(incantations.spread, "spread");
  return list.empty() ? "none" : list;
}

std::string Harness::beginLabel(std::size_t thread) {
  return "$opcheck_P" + std::to_string(thread) + "_begin";
}
std::string Harness::endLabel(std::size_t thread) { return "$opcheck_P" + std::to_string(thread) + "_end"; }

std::string Harness::setupLabel(std::size_t thread) { return "$opcheck_P" + std::to_string(thread); }

std::size_t leadingMbarrierInits(const litmus::Thread& thread) {
  std::size_t count = 0;
  while (count < thread.instructions.size() &&
         litmus::kindOf(thread.instructions[count].opcode) == litmus::InstructionKind::MbarrierInit) {
    ++count;
  }
  return count;
}

namespace {

using litmus::DataType;
using litmus::Instruction;
using litmus::InstructionKind;
using litmus::Operand;
using litmus::Operation;
using litmus::Scope;
using litmus::Semantics;
using litmus::Test;

// How often a stressing thread writes and reads its stress lines, and how
// long a testing thread waits at the start barrier before it gives up
// (its instance is then not counted; docs/gpu.md "Incantations").
constexpr unsigned kStressRounds = 1024;
constexpr unsigned kStartSpinLimit = 1000000;
// The stress buffer: 4096 words, of which each stressing thread writes one
// of the first 2048 (its lane in one of 64 lines) and reads one of the others.
constexpr unsigned kStressWords = 4096;
// A cache line of 128 bytes holds 16 cells: spread locations lie that far apart.
constexpr unsigned kSpreadStride = 16;

[[noreturn]] void refuse(const std::string& file, litmus::SourcePosition position, const std::string& what) {
  litmus::fail(file, position,
               "the GPU harness cannot run " + what + " (docs/gpu.md \"What is not supported\")");
}

bool isNarrow(DataType type) {
  return type == DataType::B32 || type == DataType::U32 || type == DataType::S32;
}
bool isWide(DataType type) {
  return type == DataType::None || type == DataType::B64 || type == DataType::U64 || type == DataType::S64;
}
bool isSignedType(DataType type) {
  return type == DataType::S32 || type == DataType::S64 || type == DataType::None;
}

std::string dot(std::string_view qualifier) { return qualifier.empty() ? "" : "." + std::string(qualifier); }

class ModuleWriter {
 public:
  ModuleWriter(const Test& test, const std::string& file, const Incantations& incantations)
      : test_(test), file_(file) {
    harness_.test = test.name;
    harness_.kernel = "opcheck_litmus";
    harness_.threads = static_cast<unsigned>(test.threads.size());
    harness_.locations = static_cast<unsigned>(test.locations.size());
    harness_.cells.assign(test.locations.size(), CellFormat{});
    harness_.incantations = incantations;
    harness_.locationStride = incantations.spread ? kSpreadStride : 1;
  }

  Harness write() {
    litmus::requireDialect(test_, file_, litmus::Dialect::Ptx, "the GPU harness");
    checkPlacement();
    checkLocations();
    const litmus::ObservedTerms observed = litmus::ObservedTerms::of(test_);
    for (const litmus::ConditionTerm& term : observed.terms()) {
      if (term.kind == litmus::ConditionTerm::Kind::Register) {
        harness_.recordedRegisters.push_back(term);
      }
    }
    harness_.resultSlots = static_cast<unsigned>(harness_.recordedRegisters.size()) + harness_.threads;
    std::string threads;
    std::string checkKernels;
    for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
      const ThreadText text = writeThread(thread);
      threads += mainThreadPart(thread, text);
      checkKernels += checkKernel(thread, text);
    }
    harness_.ptx = header() + body(threads) + checkKernels;
    return harness_;
  }

 private:
  litmus::SourcePosition firstPosition(std::size_t thread) const {
    const auto& instructions = test_.threads[thread].instructions;
    return instructions.empty() ? litmus::SourcePosition{1, 1} : instructions.front().position;
  }

  // The launch has one device; clusters of up to 8 CTAs (the portable
  // cluster size, CUDA Programming Guide "Thread Block Clusters").
  void checkPlacement() {
    std::map<int, std::set<int>> ctasOfCluster;
    std::map<int, std::set<int>> threadsOfWarp;
    for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
      const litmus::ThreadPlacement& placement = test_.threads[thread].placement;
      if (placement.device != 0) {
        refuse(file_, firstPosition(thread),
               "P" + std::to_string(thread) + " on a second GPU: it launches one kernel on one device");
      }
      ctasOfCluster[placement.cluster].insert(placement.cta);
    }
    for (const auto& [cluster, ctas] : ctasOfCluster) {
      harness_.clusterSize = std::max(harness_.clusterSize, static_cast<unsigned>(ctas.size()));
    }
    if (harness_.clusterSize > 8) {
      refuse(file_, {1, 1}, "a cluster of more than 8 CTAs");
    }
  }

  // Every location a global cell of 8 bytes of its own.
  void checkLocations() {
    for (std::size_t location = 0; location < test_.locations.size(); ++location) {
      const litmus::Location& declared = test_.locations[location];
      if (declared.aliasOf || declared.proxy != litmus::Proxy::Generic) {
        refuse(file_, declared.aliasPosition,
               "location " + declared.name +
                   ", an alias through another proxy: it allocates plain global memory");
      }
      if (declared.stateSpace == litmus::StateSpace::Shared) {
        refuse(file_, positionNaming(static_cast<litmus::LocationId>(location)),
               "location " + declared.name + " in shared memory: its locations are global");
      }
    }
    findMbarrierObjects();
  }

  static bool isMbarrierAccess(InstructionKind kind) {
    return kind == InstructionKind::MbarrierInit || kind == InstructionKind::MbarrierArrive ||
           kind == InstructionKind::MbarrierWait || kind == InstructionKind::MbarrierUpdate;
  }

  // The operand an mbarrier instruction names its object by (Opcodes.def:
  // init "av", arrive "da", waits "dav").
  static std::size_t mbarrierOperand(const Instruction& instruction) {
    const InstructionKind kind = litmus::kindOf(instruction.opcode);
    return kind == InstructionKind::MbarrierInit || kind == InstructionKind::MbarrierUpdate ? 0 : 1;
  }

  // PTX ISA 9.1 9.7.13.15.1: an mbarrier object lives in shared memory. A
  // location the test's mbarrier instructions name is one, in the shared
  // memory of the one CTA whose threads use it (docs/gpu.md "mbarrier").
  void findMbarrierObjects() {
    sharedSlot_.assign(test_.locations.size(), -1);
    std::vector<bool> object(test_.locations.size(), false);
    for (const litmus::Thread& thread : test_.threads) {
      for (const Instruction& instruction : thread.instructions) {
        if (!isMbarrierAccess(litmus::kindOf(instruction.opcode))) {
          continue;
        }
        const Operand& operand = instruction.operands[mbarrierOperand(instruction)];
        if (operand.kind != Operand::Kind::Location) {
          refuseInstruction(instruction, "an mbarrier object named through a register");
        }
        object[operand.index] = true;
      }
    }
    int slots = 0;
    for (std::size_t location = 0; location < test_.locations.size(); ++location) {
      if (object[location]) {
        placeMbarrierObject(static_cast<litmus::LocationId>(location), slots++);
      }
    }
    if (slots == 0) {
      return;
    }
    // One instance a CTA (or cluster): the object's slot in its CTA's shared
    // memory is then the instance's own.
    harness_.exclusiveClusters = true;
    sharedSlots_ = static_cast<unsigned>(slots);
    const litmus::ObservedTerms observed = litmus::ObservedTerms::of(test_);
    for (const litmus::ConditionTerm& term : observed.terms()) {
      if (term.kind == litmus::ConditionTerm::Kind::Location && object[term.index]) {
        refuse(file_, positionNaming(static_cast<litmus::LocationId>(term.index)),
               "the final value of mbarrier object " + test_.locations[term.index].name +
                   ": the hardware's encoding of an object is its own (PTX ISA 9.1 9.7.13.15.2)");
      }
    }
  }

  void placeMbarrierObject(litmus::LocationId location, int slot) {
    const litmus::Location& declared = test_.locations[location];
    const litmus::SourcePosition where = positionNaming(location);
    if (declared.initialValue.isAddress || declared.initialValue.integer != 0) {
      refuse(file_, where, "mbarrier object " + declared.name + " with an initial value but 0 (no object)");
    }
    if (!harness_.incantations.sync) {
      refuse(file_, where,
             "mbarrier object " + declared.name +
                 " without the sync incantation: its start barrier orders the object's mbarrier.init "
                 "before the other threads' code");
    }
    std::optional<std::pair<int, int>> cta;
    std::optional<std::size_t> initializer;
    for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
      const litmus::Thread& code = test_.threads[thread];
      for (const auto& reg : code.registers) {
        if (reg.initialValue && reg.initialValue->isAddress && reg.initialValue->location == location) {
          refuse(file_, firstPosition(thread),
                 "the address of mbarrier object " + declared.name + " in a register");
        }
      }
      for (const Instruction& instruction : code.instructions) {
        const bool names = std::any_of(
            instruction.operands.begin(), instruction.operands.end(), [&](const Operand& operand) {
              return operand.kind == Operand::Kind::Location && operand.index == location;
            });
        if (!names) {
          continue;
        }
        if (litmus::isAsyncOperation(instruction)) {
          refuseInstruction(instruction, "the harness runs no asynchronous operations");
        }
        if (!isMbarrierAccess(litmus::kindOf(instruction.opcode))) {
          refuseInstruction(instruction, "an access of mbarrier object " + declared.name +
                                             " but through mbarrier instructions");
        }
        if (litmus::kindOf(instruction.opcode) == InstructionKind::MbarrierInit) {
          const auto index = static_cast<std::size_t>(&instruction - code.instructions.data());
          if (initializer) {
            refuseInstruction(instruction, "a second mbarrier.init of " + declared.name +
                                               ": initializing an initialized object is undefined on "
                                               "hardware (PTX ISA 9.1 9.7.13.15.9)");
          }
          if (index >= leadingMbarrierInits(code) || instruction.guarded) {
            refuseInstruction(instruction,
                              "an mbarrier.init after other instructions of its thread, or guarded: the "
                              "harness runs a thread's first mbarrier.init instructions before its start "
                              "barrier (docs/gpu.md \"mbarrier\")");
          }
          initializer = thread;
        }
        const std::pair<int, int> here{code.placement.cluster, code.placement.cta};
        if (cta && *cta != here) {
          refuseInstruction(instruction,
                            "mbarrier object " + declared.name +
                                " used by threads of two CTAs: a remote arrive needs the object's "
                                ".shared::cluster address (mapa), which the harness does not compute");
        }
        cta = here;
      }
    }
    if (!initializer) {
      refuse(file_, where,
             "mbarrier object " + declared.name +
                 " that no thread initializes: an mbarrier operation on an uninitialized object is "
                 "undefined on hardware (PTX ISA 9.1 9.7.13.15.2)");
    }
    sharedSlot_[location] = slot;
  }

  litmus::SourcePosition positionNaming(litmus::LocationId location) const {
    for (const litmus::Thread& thread : test_.threads) {
      for (const Instruction& instruction : thread.instructions) {
        for (const Operand& operand : instruction.operands) {
          if (operand.kind == Operand::Kind::Location && operand.index == location) {
            return instruction.position;
          }
        }
      }
    }
    return {1, 1};
  }

  std::string header() const {
    std::ostringstream out;
    // PTX ISA 9.1 9.7.13.3: barrier.cluster's .release/.acquire need 8.0;
    // 9.7.13.4 (fence): .acquire and .release need 8.6. sm_90 (Hopper) runs clusters.
    out << "// The GPU harness of " << test_.name << ", written by opcheck gpu (docs/gpu.md).\n"
        << "// Incantations: " << describe(harness_.incantations) << "\n"
        << ".version " << (needsPtx86_ ? "8.6" : "8.0") << "\n"
        << ".target sm_90\n"
        << ".address_size 64\n\n";
    if (sharedSlots_ > 0) {
      // The instance's mbarrier objects, in its CTA's shared memory.
      out << ".shared .align 8 .b64 opcheck_shared[" << sharedSlots_ << "];\n\n";
    }
    return out.str();
  }

  std::string body(const std::string& threads) const {
    std::ostringstream out;
    out << ".visible .entry " << harness_.kernel << "(";
    for (std::size_t index = 0; index < std::size(kParameterNames); ++index) {
      out << (index == 0 ? "" : ",") << "\n  .param .u64 opcheck_" << kParameterNames[index];
    }
    out << "\n)\n.maxntid " << kThreadsPerCta << ", 1, 1\n";
    if (harness_.clusterSize > 1) {
      out << ".reqnctapercluster " << harness_.clusterSize << ", 1, 1\n";
    }
    out << "{\n" << declarations();
    for (std::size_t index = 0; index < std::size(kParameterNames); ++index) {
      out << "  ld.param.u64 %h" << index << ", [opcheck_" << kParameterNames[index] << "];\n"
          << "  cvta.to.global.u64 %h" << index << ", %h" << index << ";\n";
    }
    const std::uint64_t instanceBytes =
        std::uint64_t{8} * harness_.locationStride * std::max<std::size_t>(test_.locations.size(), 1);
    out << "  // The role of this thread (gpu/Harness.h roleOf).\n"
        << "  mov.u32 %w0, %ctaid.x;\n"
        << "  mov.u32 %w1, %ntid.x;\n"
        << "  mov.u32 %w2, %tid.x;\n"
        << "  mad.lo.u32 %w3, %w0, %w1, %w2;\n"
        << "  mul.wide.u32 %h5, %w3, 4;\n"
        << "  add.u64 %h5, %h0, %h5;\n"
        << "  ld.global.u32 %w4, [%h5];\n"
        << "  setp.eq.u32 %q0, %w4, " << kRoleExit << ";\n"
        << "  @%q0 bra $opcheck_exit;\n"
        << "  setp.eq.u32 %q0, %w4, " << kRoleStress << ";\n"
        << "  @%q0 bra $opcheck_stress;\n"
        << "  shr.u32 %w5, %w4, 8;\n"
        << "  sub.u32 %w5, %w5, 1;\n"
        << "  and.b32 %w6, %w4, 255;\n"
        << "  // The instance's locations, result record and start counter.\n"
        << "  mul.wide.u32 %h6, %w5, " << instanceBytes << ";\n"
        << "  add.u64 %h6, %h1, %h6;\n"
        << "  mul.wide.u32 %h7, %w5, " << 8 * harness_.resultSlots << ";\n"
        << "  add.u64 %h7, %h2, %h7;\n"
        << "  mul.wide.u32 %h8, %w5, 4;\n"
        << "  add.u64 %h8, %h3, %h8;\n";
    out << locationAddresses();
    for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
      out << "  setp.eq.u32 %q0, %w6, " << thread << ";\n"
          << "  @%q0 bra $opcheck_P" << thread << ";\n";
    }
    out << "  bra.uni $opcheck_exit;\n";
    out << threads;
    out << "$opcheck_stress:\n";
    if (harness_.incantations.stress) {
      // Seed 000 Sec. 4.3.1: non-testing threads access other locations,
      // 64 lines shared by all warps.
      out << "  and.b32 %w9, %w3, " << (kStressWords / 2 - 1) << ";\n"
          << "  mul.wide.u32 %h9, %w9, 4;\n"
          << "  add.u64 %h9, %h4, %h9;\n"
          << "  mov.u32 %w10, 0;\n"
          << "$opcheck_stress_loop:\n"
          << "  st.relaxed.gpu.global.u32 [%h9], %w10;\n"
          << "  ld.relaxed.gpu.global.u32 %w11, [%h9+" << 4 * (kStressWords / 2) << "];\n"
          << "  add.u32 %w10, %w10, 1;\n"
          << "  setp.lt.u32 %q0, %w10, " << kStressRounds << ";\n"
          << "  @%q0 bra $opcheck_stress_loop;\n";
    }
    out << "$opcheck_exit:\n"
        << "  ret;\n"
        << "}\n";
    return out.str();
  }

  // The registers every kernel of the module declares: the harness's own
  // (%h, %w, %q, %c, %x), the locations' addresses (%a) and each thread's
  // registers, as values (%tKrN) and as predicates (%tKpN).
  std::string declarations() const {
    std::ostringstream out;
    out << "  .reg .b64 %h<12>;\n"
        << "  .reg .b32 %w<12>;\n"
        << "  .reg .pred %q<2>;\n"
        << "  .reg .pred %c;\n"
        << "  .reg .b32 %x<4>;\n"
        << "  .reg .b64 %k<4>;\n";
    if (!test_.locations.empty()) {
      out << "  .reg .b64 %a<" << test_.locations.size() << ">;\n";
    }
    for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
      const std::size_t count = test_.threads[thread].registers.size();
      if (count > 0) {
        out << "  .reg .b64 %t" << thread << "r<" << count << ">;\n"
            << "  .reg .pred %t" << thread << "p<" << count << ">;\n";
      }
    }
    return out.str();
  }

  // %aL: the address of location L of the instance whose locations start at %h6.
  std::string locationAddresses() const {
    std::ostringstream out;
    for (std::size_t location = 0; location < test_.locations.size(); ++location) {
      if (sharedSlot_[location] >= 0) {
        // A shared-window address, as the .shared mbarrier instructions take.
        out << "  mov.u64 %a" << location << ", opcheck_shared;\n"
            << "  add.u64 %a" << location << ", %a" << location << ", " << 8 * sharedSlot_[location] << ";\n";
        continue;
      }
      out << "  add.u64 %a" << location << ", %h6, " << 8 * harness_.locationStride * location << ";\n";
    }
    return out.str();
  }

  // Registers that hold predicates: declared so, set by setp, or guarding.
  std::vector<bool> predicateRegisters(const litmus::Thread& thread) const {
    std::vector<bool> predicate(thread.registers.size(), false);
    for (std::size_t index = 0; index < thread.registers.size(); ++index) {
      predicate[index] = thread.registers[index].declaredType == DataType::Predicate;
    }
    for (const Instruction& instruction : thread.instructions) {
      if (instruction.guarded) {
        predicate[instruction.guard.predicate] = true;
      }
      if (litmus::kindOf(instruction.opcode) == InstructionKind::SetPredicate &&
          !instruction.operands.empty() && instruction.operands[0].kind == Operand::Kind::Register) {
        predicate[instruction.operands[0].index] = true;
      }
    }
    return predicate;
  }

  std::string registerName(std::size_t thread, std::size_t index) const {
    return "%t" + std::to_string(thread) + (predicates_[index] ? "p" : "r") + std::to_string(index);
  }

  std::string labelName(std::size_t thread, std::size_t label) const {
    return "$opcheck_P" + std::to_string(thread) + "_" + std::to_string(label);
  }

  // A value operand: a register, an immediate or a location's address.
  std::string value(std::size_t thread, const Instruction& instruction, const Operand& operand) const {
    switch (operand.kind) {
      case Operand::Kind::Register:
        if (predicates_[operand.index]) {
          refuse(file_, instruction.position, "a predicate register used as a value");
        }
        return registerName(thread, operand.index);
      case Operand::Kind::Immediate:
        return std::to_string(operand.immediate);
      case Operand::Kind::Location:
        return "%a" + std::to_string(operand.index);
      case Operand::Kind::RegisterAddress:
      case Operand::Kind::Label:
        break;
    }
    refuse(file_, instruction.position, "this operand as a value");
  }

  std::string address(std::size_t thread, const Instruction& instruction, const Operand& operand) const {
    switch (operand.kind) {
      case Operand::Kind::Location:
        return "[%a" + std::to_string(operand.index) + "]";
      case Operand::Kind::RegisterAddress:
      case Operand::Kind::Register:
        if (predicates_[operand.index]) {
          refuse(file_, instruction.position, "a predicate register used as an address");
        }
        return "[" + registerName(thread, operand.index) + "]";
      case Operand::Kind::Immediate:
      case Operand::Kind::Label:
        break;
    }
    refuse(file_, instruction.position, "an access to an absolute address");
  }

  // The location an address operand names, when known before the run: a
  // location, or a register that holds its address from the start and is
  // never written.
  std::optional<litmus::LocationId> locationOf(std::size_t thread, const Operand& operand) const {
    if (operand.kind == Operand::Kind::Location) {
      return static_cast<litmus::LocationId>(operand.index);
    }
    const litmus::Thread& code = test_.threads[thread];
    const auto& initial = code.registers[operand.index].initialValue;
    if (!initial || !initial->isAddress) {
      return std::nullopt;
    }
    for (const Instruction& instruction : code.instructions) {
      const InstructionKind kind = litmus::kindOf(instruction.opcode);
      const bool writesFirst = kind == InstructionKind::Load || kind == InstructionKind::ReadModifyWrite ||
                               kind == InstructionKind::RegisterOperation ||
                               kind == InstructionKind::SetPredicate;
      if (writesFirst && !instruction.operands.empty() &&
          instruction.operands[0].kind == Operand::Kind::Register &&
          instruction.operands[0].index == operand.index) {
        return std::nullopt;
      }
    }
    return initial->location;
  }

  void noteWidth(std::size_t thread, const Operand& operand, DataType type) {
    if (!isNarrow(type)) {
      return;
    }
    if (const std::optional<litmus::LocationId> location = locationOf(thread, operand)) {
      harness_.cells[*location] = CellFormat{4, type == DataType::S32};
    }
  }

  std::string typeOf(const Instruction& instruction, std::string_view wide) const {
    if (isNarrow(instruction.type) || (isWide(instruction.type) && instruction.type != DataType::None)) {
      return "." + std::string(litmus::spelling(instruction.type));
    }
    if (instruction.type == DataType::None) {
      return "." + std::string(wide);
    }
    refuse(
        file_, instruction.position,
        "an access of type ." + std::string(litmus::spelling(instruction.type)) + ": its cells are 8 bytes");
  }

  std::string scopeOf(const Instruction& instruction, bool required) const {
    if (instruction.scope == Scope::None) {
      if (required) {
        refuse(file_, instruction.position, "'" + litmus::printMnemonic(instruction) + "' without a scope");
      }
      return "";
    }
    return dot(litmus::spelling(instruction.scope));
  }

  std::string spaceOf(const Instruction& instruction) const {
    if (instruction.stateSpace == litmus::StateSpace::Shared) {
      refuse(file_, instruction.position,
             "'" + litmus::printMnemonic(instruction) +
                 "', an access to shared memory: its locations are global");
    }
    return dot(litmus::spelling(instruction.stateSpace));
  }

  void requireSemantics(const Instruction& instruction, std::initializer_list<Semantics> allowed) const {
    if (std::find(allowed.begin(), allowed.end(), instruction.semantics) == allowed.end()) {
      refuse(file_, instruction.position,
             "'" + litmus::printMnemonic(instruction) + "', which is no PTX instruction with ." +
                 std::string(litmus::spelling(instruction.semantics)));
    }
  }

  // A thread's code in four parts: its registers' initial values, its
  // leading mbarrier.init instructions (run before the start barrier), the
  // test's other instructions between beginLabel and endLabel, and the
  // stores of the registers it records (into the record at %h7).
  struct ThreadText {
    std::string start;
    std::string setup;
    std::string code;
    std::string records;
  };

  ThreadText writeThread(std::size_t thread) {
    const litmus::Thread& code = test_.threads[thread];
    predicates_ = predicateRegisters(code);
    ThreadText text;
    std::ostringstream start;
    for (std::size_t index = 0; index < code.registers.size(); ++index) {
      const auto& initial = code.registers[index].initialValue;
      if (!initial) {
        continue;
      }
      if (predicates_[index]) {
        start << "  mov.b64 %k0, " << (initial->isAddress ? 1 : initial->integer) << ";\n"
              << "  setp.ne.s64 " << registerName(thread, index) << ", %k0, 0;\n";
      } else if (initial->isAddress) {
        start << "  mov.b64 " << registerName(thread, index) << ", %a" << initial->location << ";\n";
      } else {
        start << "  mov.b64 " << registerName(thread, index) << ", " << initial->integer << ";\n";
      }
    }
    text.start = start.str();
    const std::size_t setupCount = leadingMbarrierInits(code);
    for (std::size_t index = 0; index < setupCount; ++index) {
      text.setup += writeInstruction(thread, index);
    }
    std::ostringstream body;
    body << Harness::beginLabel(thread) << ":\n";
    std::vector<std::string> accesses;
    for (std::size_t index = setupCount; index <= code.instructions.size(); ++index) {
      for (std::size_t label = 0; label < code.labels.size(); ++label) {
        if (code.labels[label].target == index) {
          body << labelName(thread, label) << ":\n";
        }
      }
      if (index < code.instructions.size()) {
        body << writeInstruction(thread, index);
        switch (litmus::kindOf(code.instructions[index].opcode)) {
          case InstructionKind::Load:
            accesses.push_back("load");
            break;
          case InstructionKind::Store:
            accesses.push_back("store");
            break;
          case InstructionKind::ReadModifyWrite:
          case InstructionKind::Reduction:
            accesses.push_back("atomic");
            break;
          default:
            break;
        }
      }
    }
    body << Harness::endLabel(thread) << ":\n";
    text.code = body.str();
    std::ostringstream records;
    std::size_t recorded = 0;
    for (std::size_t slot = 0; slot < harness_.recordedRegisters.size(); ++slot) {
      const litmus::ConditionTerm& term = harness_.recordedRegisters[slot];
      if (term.thread != thread) {
        continue;
      }
      std::string source = registerName(thread, term.index);
      if (predicates_[term.index]) {
        records << "  selp.u64 %h10, 1, 0, " << source << ";\n";
        source = "%h10";
      }
      records << "  st.global.u64 [%h7+" << 8 * slot << "], " << source << ";\n";
      ++recorded;
    }
    text.records = records.str();
    harness_.sassOrder += checkKernelName(thread) + " " + std::to_string(recorded);
    for (const std::string& access : accesses) {
      harness_.sassOrder += " " + access;
    }
    harness_.sassOrder += "\n";
    return text;
  }

  static std::string checkKernelName(std::size_t thread) {
    return "opcheck_check_P" + std::to_string(thread);
  }

  // The main kernel's part for THREAD: start, the start barrier, code, records.
  std::string mainThreadPart(std::size_t thread, const ThreadText& text) const {
    std::ostringstream out;
    out << Harness::setupLabel(thread) << ":\n" << text.start << text.setup;
    if (harness_.incantations.sync) {
      // Seed 000 Sec. 4.3.4: count in, then wait for the others (bounded,
      // so that an instance whose threads are not all resident cannot hang).
      // With mbarrier objects the count is a release and the wait an
      // acquire: each object's mbarrier.init happens before every thread's code.
      const std::size_t flag = 8 * (harness_.recordedRegisters.size() + thread);
      const bool ordered = sharedSlots_ > 0;
      out << "  mov.u32 %w8, 1;\n"
          << "  atom." << (ordered ? "release" : "relaxed") << ".gpu.global.add.u32 %w7, [%h8], %w8;\n"
          << "  mov.u32 %w8, 0;\n"
          << "$opcheck_P" << thread << "_wait:\n"
          << "  ld." << (ordered ? "acquire" : "relaxed") << ".gpu.global.u32 %w7, [%h8];\n"
          << "  add.u32 %w8, %w8, 1;\n"
          << "  setp.ge.u32 %q1, %w8, " << kStartSpinLimit << ";\n"
          << "  @%q1 bra $opcheck_P" << thread << "_late;\n"
          << "  setp.lt.u32 %q1, %w7, " << test_.threads.size() << ";\n"
          << "  @%q1 bra $opcheck_P" << thread << "_wait;\n"
          << "  bra.uni " << Harness::beginLabel(thread) << ";\n"
          << "$opcheck_P" << thread << "_late:\n"
          << "  mov.u64 %h10, 1;\n"
          << "  st.global.u64 [%h7+" << flag << "], %h10;\n";
    }
    out << text.code << text.records << "  bra.uni $opcheck_exit;\n";
    return out.str();
  }

  // Seed 000 Sec. 4.4: a kernel per thread holding only its code, so that
  // the SASS ptxas makes of it can be checked for reordered accesses
  // (scripts/gpu-run.sh); never launched.
  std::string checkKernel(std::size_t thread, const ThreadText& text) const {
    std::ostringstream out;
    out << "\n.visible .entry " << checkKernelName(thread) << "(\n"
        << "  .param .u64 opcheck_locations,\n"
        << "  .param .u64 opcheck_results\n"
        << ")\n{\n"
        << declarations() << "  ld.param.u64 %h6, [opcheck_locations];\n"
        << "  cvta.to.global.u64 %h6, %h6;\n"
        << "  ld.param.u64 %h7, [opcheck_results];\n"
        << "  cvta.to.global.u64 %h7, %h7;\n"
        << locationAddresses() << text.start << text.setup << text.code << text.records << "  ret;\n}\n";
    return out.str();
  }

  std::string guardOf(const Instruction& instruction, std::size_t thread) const {
    if (!instruction.guarded) {
      return "  ";
    }
    return "  @" + std::string(instruction.guard.negated ? "!" : "") +
           registerName(thread, instruction.guard.predicate) + " ";
  }

  std::string writeInstruction(std::size_t thread, std::size_t index) {
    const litmus::Thread& code = test_.threads[thread];
    const Instruction& instruction = code.instructions[index];
    const std::string guard = guardOf(instruction, thread);
    const auto& ops = instruction.operands;
    if (instruction.mmio) {
      refuse(file_, instruction.position, "ld.mmio or st.mmio: it has no memory mapped to a device");
    }
    if (litmus::isProxyInstruction(instruction.opcode) &&
        litmus::kindOf(instruction.opcode) != InstructionKind::ProxyFence &&
        !litmus::isAsyncOperation(instruction)) {
      refuse(file_, instruction.position,
             "'" + litmus::printMnemonic(instruction) + "', an access through the " +
                 std::string(litmus::spelling(instruction.proxy)) +
                 " proxy: it binds no texture, surface or constant bank");
    }
    switch (litmus::kindOf(instruction.opcode)) {
      case InstructionKind::Load: {
        requireSemantics(instruction, {Semantics::Weak, Semantics::Relaxed, Semantics::Acquire});
        return guard + "ld" + memorySemantics(instruction) + spaceOf(instruction) + cacheOf(instruction) +
               typeOf(instruction, "u64") + " " + destination(thread, instruction) + ", " +
               access(thread, instruction, ops[1]) + ";\n";
      }
      case InstructionKind::Store:
        requireSemantics(instruction, {Semantics::Weak, Semantics::Relaxed, Semantics::Release});
        {
          // st's source is a register (PTX ISA 9.1 st: "st ... [a], b"), so
          // an immediate goes through %k0.
          std::string out;
          const std::string source = inRegister(thread, instruction, ops[1], guard, "%k0", out);
          return out + guard + "st" + memorySemantics(instruction) + spaceOf(instruction) +
                 cacheOf(instruction) + typeOf(instruction, "u64") + " " +
                 access(thread, instruction, ops[0]) + ", " + source + ";\n";
        }
      case InstructionKind::ReadModifyWrite:
        requireSemantics(instruction, {Semantics::Relaxed, Semantics::Acquire, Semantics::Release,
                                       Semantics::AcquireRelease});
        return readModifyWrite(thread, instruction, guard, true);
      case InstructionKind::Reduction:
        requireSemantics(instruction, {Semantics::Relaxed, Semantics::Release});
        return readModifyWrite(thread, instruction, guard, false);
      case InstructionKind::Fence:
      case InstructionKind::LegacyFence:
        requireSemantics(instruction, {Semantics::SequentiallyConsistent, Semantics::AcquireRelease,
                                       Semantics::Acquire, Semantics::Release});
        if (instruction.semantics == Semantics::Acquire || instruction.semantics == Semantics::Release) {
          needsPtx86_ = true;
        }
        return guard + "fence" + dot(litmus::spelling(instruction.semantics)) + scopeOf(instruction, true) +
               ";\n";
      case InstructionKind::ProxyFence:
        if (instruction.proxy == litmus::Proxy::Async) {
          refuseInstruction(instruction,
                            "fence.proxy.async orders the async proxy: the harness runs no "
                            "asynchronous operations");
        }
        if (instruction.proxy != litmus::Proxy::Alias) {
          refuseInstruction(instruction, "PTX's proxy fences are .alias and .async (PTX ISA 9.1 9.7.13.4)");
        }
        return guard + "fence.proxy.alias;\n";
      case InstructionKind::Barrier:
        refuseInstruction(
            instruction,
            "a CTA barrier counts every warp of its CTA, and the harness runs other instances and "
            "stressing threads there");
      case InstructionKind::ClusterArrive:
      case InstructionKind::ClusterWait: {
        // PTX ISA 9.1 9.7.13.3: arrive{.release, .relaxed}, wait{.acquire}.
        const bool arrive = litmus::kindOf(instruction.opcode) == InstructionKind::ClusterArrive;
        if (arrive) {
          requireSemantics(instruction, {Semantics::Release, Semantics::Relaxed});
        } else {
          requireSemantics(instruction, {Semantics::Acquire});
        }
        harness_.exclusiveClusters = true;
        return guard + (arrive ? "barrier.cluster.arrive" : "barrier.cluster.wait") +
               dot(litmus::spelling(instruction.semantics)) + ";\n";
      }
      case InstructionKind::MbarrierInit:
      case InstructionKind::MbarrierArrive:
      case InstructionKind::MbarrierWait:
        return mbarrierInstruction(thread, instruction, guard);
      case InstructionKind::MbarrierUpdate:
        refuseInstruction(instruction,
                          "an mbarrier's transaction count counts the bytes of asynchronous copies, which "
                          "the harness does not run");
      case InstructionKind::AsyncCopy:
      case InstructionKind::AsyncCommit:
      case InstructionKind::AsyncWait:
      case InstructionKind::AsyncStore:
        refuseInstruction(instruction, "the harness runs no asynchronous operations");
      case InstructionKind::RegisterOperation:
        return guard + registerOperation(thread, instruction);
      case InstructionKind::SetPredicate: {
        std::string out;
        const std::string left = inRegister(thread, instruction, ops[1], guard, "%k1", out);
        return out + guard + "setp" + dot(litmus::spelling(instruction.comparison)) +
               comparisonType(instruction) + " " + registerName(thread, ops[0].index) + ", " + left + ", " +
               value(thread, instruction, ops[2]) + ";\n";
      }
      case InstructionKind::Jump:
        return guard + "bra " + forwardLabel(thread, index, ops[0]) + ";\n";
      case InstructionKind::ConditionalBranch: {
        if (instruction.guarded) {
          refuse(file_, instruction.position, "a guarded compare-and-branch");
        }
        const litmus::Comparison comparison = litmus::info(instruction.opcode).branchComparison;
        std::string out;
        const std::string left = inRegister(thread, instruction, ops[0], guard, "%k1", out);
        return out + "  setp" + dot(litmus::spelling(comparison)) + ".s64 %c, " + left + ", " +
               value(thread, instruction, ops[1]) + ";\n  @%c bra " + forwardLabel(thread, index, ops[2]) +
               ";\n";
      }
    }
    refuse(file_, instruction.position, "'" + litmus::printMnemonic(instruction) + "'");
  }

  // PTX ISA 9.1 9.7.13.15: mbarrier.init{.shared}.b64 [addr], count;
  // mbarrier.arrive{.sem.scope}{.shared}.b64 state, [addr];
  // mbarrier.test_wait/try_wait{.sem.scope}{.shared}.b64 waitComplete, [addr], state.
  // The object is the instance's, in its CTA's shared memory; a wait's
  // waitComplete is a predicate, copied to the test's register as 1 or 0.
  std::string mbarrierInstruction(std::size_t thread, const Instruction& instruction,
                                  const std::string& guard) {
    const auto& ops = instruction.operands;
    const InstructionKind kind = litmus::kindOf(instruction.opcode);
    if (instruction.stateSpace != litmus::StateSpace::Shared &&
        instruction.stateSpace != litmus::StateSpace::SharedCta) {
      refuseInstruction(instruction, "an mbarrier instruction but on the CTA's own shared memory (.shared)");
    }
    if (instruction.operation != Operation::None) {
      refuseInstruction(instruction,
                        "an mbarrier's transaction count counts the bytes of asynchronous copies, which the "
                        "harness does not run");
    }
    if (instruction.semantics == Semantics::Relaxed) {
      needsPtx86_ = true;  // PTX ISA 9.1 9.7.13.15.13, .16: .relaxed needs 8.6
    }
    // mbarrier.init has no .sem (9.7.13.15.9); the models read it as weak.
    const std::string semantics =
        instruction.semantics == Semantics::Weak ? "" : dot(litmus::spelling(instruction.semantics));
    const std::string mnemonic = std::string(litmus::info(instruction.opcode).spelling) + semantics +
                                 scopeOf(instruction, false) + ".shared.b64";
    const std::string object = address(thread, instruction, ops[mbarrierOperand(instruction)]);
    if (kind == InstructionKind::MbarrierInit) {
      std::string count = value(thread, instruction, ops[1]);
      std::string out;
      if (ops[1].kind != Operand::Kind::Immediate) {
        out = guard + "cvt.u32.u64 %x0, " + count + ";\n";
        count = "%x0";
      }
      return out + guard + mnemonic + " " + object + ", " + count + ";\n";
    }
    if (kind == InstructionKind::MbarrierArrive) {
      return guard + mnemonic + " " + destination(thread, instruction) + ", " + object + ";\n";
    }
    if (ops.size() > 3) {
      refuseInstruction(instruction, "a try_wait's suspend-time hint");
    }
    std::string state;
    std::string out;
    state = inRegister(thread, instruction, ops[2], guard, "%k0", out);
    const Operand& done = ops[0];
    if (done.kind != Operand::Kind::Register) {
      refuseInstruction(instruction, "a wait whose result is no register");
    }
    if (predicates_[done.index]) {
      return out + guard + mnemonic + " " + registerName(thread, done.index) + ", " + object + ", " + state +
             ";\n";
    }
    return out + guard + mnemonic + " %c, " + object + ", " + state + ";\n" + guard + "selp.u64 " +
           registerName(thread, done.index) + ", 1, 0, %c;\n";
  }

  // OPERAND's value in a register: itself, or TEMPORARY set to the
  // immediate by a mov appended to OUT.
  std::string inRegister(std::size_t thread, const Instruction& instruction, const Operand& operand,
                         const std::string& guard, const std::string& temporary, std::string& out) const {
    const std::string text = value(thread, instruction, operand);
    if (operand.kind != Operand::Kind::Immediate) {
      return text;
    }
    out += guard + "mov.b64 " + temporary + ", " + text + ";\n";
    return temporary;
  }

  [[noreturn]] void refuseInstruction(const Instruction& instruction, const std::string& why) const {
    refuse(file_, instruction.position, "'" + litmus::printMnemonic(instruction) + "': " + why);
  }

  std::string forwardLabel(std::size_t thread, std::size_t index, const Operand& operand) const {
    const litmus::Thread& code = test_.threads[thread];
    if (code.labels[operand.index].target <= index) {
      refuse(file_, code.instructions[index].position,
             "a backward branch: a loop may spin for ever on hardware, where nothing bounds it");
    }
    return labelName(thread, operand.index);
  }

  std::string memorySemantics(const Instruction& instruction) const {
    if (instruction.semantics == Semantics::Weak) {
      return ".weak";
    }
    if (instruction.cacheOperator != litmus::CacheOperator::None) {
      refuse(file_, instruction.position,
             "'" + litmus::printMnemonic(instruction) + "': PTX has no cache operator on a strong access");
    }
    return dot(litmus::spelling(instruction.semantics)) + scopeOf(instruction, true);
  }

  std::string cacheOf(const Instruction& instruction) const {
    return dot(litmus::spelling(instruction.cacheOperator));
  }

  std::string destination(std::size_t thread, const Instruction& instruction) const {
    const Operand& operand = instruction.operands[0];
    if (operand.kind != Operand::Kind::Register || predicates_[operand.index]) {
      refuse(file_, instruction.position, "a destination that is no value register");
    }
    return registerName(thread, operand.index);
  }

  std::string access(std::size_t thread, const Instruction& instruction, const Operand& operand) {
    noteWidth(thread, operand, instruction.type);
    return address(thread, instruction, operand);
  }

  // atom and red: 8-byte operations on the registers as they are, 4-byte
  // ones through 32-bit copies (PTX ISA 9.1, "Operand Size Exceeding
  // Instruction-Type Size": only ld, st and cvt take wider registers).
  std::string readModifyWrite(std::size_t thread, const Instruction& instruction, const std::string& guard,
                              bool returnsValue) {
    const Operation operation = instruction.operation;
    if (operation == Operation::Subtract) {
      refuse(file_, instruction.position,
             "'" + litmus::printMnemonic(instruction) + "': PTX has no atom.sub or red.sub");
    }
    std::string wide = "b64";
    if (operation == Operation::Add) {
      wide = "u64";
    } else if (operation == Operation::Min || operation == Operation::Max) {
      wide = "s64";
    }
    std::string type = typeOf(instruction, wide);
    const bool narrowOnly = operation == Operation::Increment || operation == Operation::Decrement;
    if (narrowOnly && instruction.type == DataType::None) {
      type = ".u32";
    }
    const bool narrow = narrowOnly || isNarrow(instruction.type);
    const std::size_t addressIndex = returnsValue ? 1 : 0;
    const std::string mnemonic = std::string(returnsValue ? "atom" : "red") +
                                 dot(litmus::spelling(instruction.semantics)) + scopeOf(instruction, false) +
                                 spaceOf(instruction) + dot(litmus::spelling(operation)) + type;
    noteWidth(thread, instruction.operands[addressIndex], narrow ? DataType::U32 : instruction.type);
    std::string out;
    std::vector<std::string> sources;
    for (std::size_t index = addressIndex + 1; index < instruction.operands.size(); ++index) {
      std::string source = value(thread, instruction, instruction.operands[index]);
      if (narrow) {
        const std::string copy = "%x" + std::to_string(sources.size());
        const bool immediate = instruction.operands[index].kind == Operand::Kind::Immediate;
        out += guard + (immediate ? "mov.b32 " : "cvt.u32.u64 ") + copy + ", " + source + ";\n";
        source = copy;
      } else {
        source = inRegister(thread, instruction, instruction.operands[index], guard,
                            "%k" + std::to_string(sources.size()), out);
      }
      sources.push_back(source);
    }
    std::string target = returnsValue ? destination(thread, instruction) : "";
    out += guard + mnemonic + " " + (returnsValue ? (narrow ? std::string("%x3") : target) + ", " : "") +
           address(thread, instruction, instruction.operands[addressIndex]);
    for (const std::string& source : sources) {
      out += ", " + source;
    }
    out += ";\n";
    if (returnsValue && narrow) {
      out +=
          guard + (instruction.type == DataType::S32 ? "cvt.s64.s32 " : "cvt.u64.u32 ") + target + ", %x3;\n";
    }
    return out;
  }

  std::string comparisonType(const Instruction& instruction) const {
    if (instruction.type == DataType::U32 || instruction.type == DataType::U64) {
      return ".u64";
    }
    return ".s64";
  }

  // Register arithmetic at 64 bits (docs/gpu.md "Values").
  std::string registerOperation(std::size_t thread, const Instruction& instruction) const {
    const auto& ops = instruction.operands;
    const std::string target = destination(thread, instruction);
    const Operation operation = litmus::info(instruction.opcode).registerOperation;
    if (operation == Operation::Exchange) {  // mov, cvt
      return "mov.b64 " + target + ", " + value(thread, instruction, ops[1]) + ";\n";
    }
    std::string mnemonic;
    switch (operation) {
      case Operation::Add:
        mnemonic = isSignedType(instruction.type) ? "add.s64" : "add.u64";
        break;
      case Operation::Subtract:
        mnemonic = isSignedType(instruction.type) ? "sub.s64" : "sub.u64";
        break;
      case Operation::And:
        mnemonic = "and.b64";
        break;
      case Operation::Or:
        mnemonic = "or.b64";
        break;
      case Operation::Xor:
        mnemonic = "xor.b64";
        break;
      default:
        refuse(file_, instruction.position, "'" + litmus::printMnemonic(instruction) + "'");
    }
    return mnemonic + " " + target + ", " + value(thread, instruction, ops[1]) + ", " +
           value(thread, instruction, ops[2]) + ";\n";
  }

  const Test& test_;
  const std::string& file_;
  Harness harness_;
  std::vector<bool> predicates_;
  // Per location: its slot among the mbarrier objects in shared memory (-1
  // for a global location).
  std::vector<int> sharedSlot_;
  unsigned sharedSlots_ = 0;
  bool needsPtx86_ = false;
};

}  // namespace

Harness writeHarness(const litmus::Test& test, const std::string& file, const Incantations& incantations) {
  return ModuleWriter(test, file, incantations).write();
}

}  // namespace opcheck::gpu

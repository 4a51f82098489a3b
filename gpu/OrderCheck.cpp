#include "gpu/OrderCheck.h"

#include <optional>

#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "ptxmodule/Module.h"

namespace opcheck::gpu {

namespace {

using litmus::InstructionKind;

// The instructions whose order the check keeps: everything that touches
// or orders memory. Register arithmetic and branches may move.
bool isOrdered(const litmus::Instruction& instruction) {
  switch (litmus::kindOf(instruction.opcode)) {
    case InstructionKind::Load:
    case InstructionKind::Store:
    case InstructionKind::ReadModifyWrite:
    case InstructionKind::Reduction:
    case InstructionKind::Fence:
    case InstructionKind::ProxyFence:
    case InstructionKind::LegacyFence:
    case InstructionKind::Barrier:
    case InstructionKind::ClusterArrive:
    case InstructionKind::ClusterWait:
    case InstructionKind::MbarrierInit:
    case InstructionKind::MbarrierArrive:
    case InstructionKind::MbarrierWait:
    case InstructionKind::MbarrierUpdate:
    case InstructionKind::AsyncCopy:
    case InstructionKind::AsyncCommit:
    case InstructionKind::AsyncWait:
    case InstructionKind::AsyncStore:
      return true;
    case InstructionKind::RegisterOperation:
    case InstructionKind::SetPredicate:
    case InstructionKind::Jump:
    case InstructionKind::ConditionalBranch:
      return false;
  }
  return false;
}

// The operand that names the accessed location, if the instruction has one.
std::optional<std::size_t> addressOperand(const litmus::Instruction& instruction) {
  switch (litmus::kindOf(instruction.opcode)) {
    case InstructionKind::Load:
    case InstructionKind::ReadModifyWrite:
      return 1;
    case InstructionKind::Store:
    case InstructionKind::Reduction:
    case InstructionKind::MbarrierInit:  // Opcodes.def: init "av", arrive "da", waits "dav"
      return 0;
    case InstructionKind::MbarrierArrive:
    case InstructionKind::MbarrierWait:
      return 1;
    default:
      return std::nullopt;
  }
}

// The harness's name for the address the test's operand gives
// (gpu/HarnessWriter.cpp): %aL for location L, %tKrN for a register.
std::string expectedBase(std::size_t thread, const litmus::Operand& operand) {
  if (operand.kind == litmus::Operand::Kind::Location) {
    return "%a" + std::to_string(operand.index);
  }
  return "%t" + std::to_string(thread) + "r" + std::to_string(operand.index);
}

// Where the two instructions differ, or empty. The type may differ only
// where the test names none (it computes at 64 bits, docs/gpu.md "Values").
std::string difference(const litmus::Instruction& wanted, const litmus::Instruction& found) {
  if (wanted.opcode != found.opcode) {
    return "another instruction";
  }
  if (wanted.semantics != found.semantics) {
    return "other semantics";
  }
  if (wanted.scope != found.scope && !(wanted.scope == litmus::Scope::None &&
                                       litmus::kindOf(wanted.opcode) == InstructionKind::ReadModifyWrite)) {
    return "another scope";
  }
  if (wanted.stateSpace != found.stateSpace) {
    return "another state space";
  }
  if (wanted.cacheOperator != found.cacheOperator) {
    return "another cache operator";
  }
  if (wanted.operation != found.operation) {
    return "another operation";
  }
  if (wanted.proxy != found.proxy) {
    return "another proxy";
  }
  if (wanted.barrierAction != found.barrierAction) {
    return "another barrier action";
  }
  if (wanted.type != litmus::DataType::None && wanted.type != found.type) {
    return "another type";
  }
  return "";
}

// Compares the test's operations WANTED with the harness's FOUND, in order,
// adding a problem (prefixed by WHO) for each difference.
void compareOperations(std::size_t thread, const std::string& who,
                       const std::vector<const litmus::Instruction*>& wanted,
                       const std::vector<const ptxmodule::Statement*>& found,
                       std::vector<std::string>& problems) {
  for (std::size_t index = 0; index < std::max(wanted.size(), found.size()); ++index) {
    const std::string position = who + "memory operation " + std::to_string(index + 1) + ": ";
    if (index >= found.size()) {
      problems.push_back(position + "the test's '" + litmus::printMnemonic(*wanted[index]) +
                         "' is missing from the harness");
      break;
    }
    if (index >= wanted.size()) {
      problems.push_back(position + "the harness has '" + found[index]->mnemonic + "', which the test lacks");
      break;
    }
    std::string differs = difference(*wanted[index], *found[index]->decoded);
    if (differs.empty() && wanted[index]->guarded != found[index]->guard.has_value()) {
      differs = wanted[index]->guarded ? "no guard" : "a guard";
    }
    if (!differs.empty()) {
      problems.push_back(position + "the test's '" + litmus::printMnemonic(*wanted[index]) + "' is '" +
                         found[index]->mnemonic + "' in the harness (" + differs + ")");
      continue;
    }
    if (const std::optional<std::size_t> operand = addressOperand(*wanted[index])) {
      const auto& operands = found[index]->operands;
      const std::string base = expectedBase(thread, wanted[index]->operands[*operand]);
      if (*operand >= operands.size() || operands[*operand].kind != ptxmodule::Operand::Kind::Address ||
          operands[*operand].name != base) {
        problems.push_back(position + "'" + found[index]->mnemonic + "' in the harness does not access [" +
                           base + "], the test's location");
      }
    }
  }
}

}  // namespace

std::vector<std::string> checkOrder(const litmus::Test& test, const Harness& harness) {
  std::vector<std::string> problems;
  ptxmodule::Module module;
  try {
    module = ptxmodule::readModuleText(harness.ptx, test.name + ".ptx");
  } catch (const litmus::InputError& error) {
    return {std::string("the harness does not read back as a PTX module: ") + error.what()};
  }
  const ptxmodule::Function* kernel = module.find(harness.kernel);
  if (kernel == nullptr || !kernel->entry) {
    return {"the harness has no kernel " + harness.kernel};
  }
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    const std::string who = "P" + std::to_string(thread) + ": ";
    // The thread's leading mbarrier.init instructions run in its setting up,
    // before the start barrier; the others between its begin and end labels.
    const std::vector<litmus::Instruction>& instructions = test.threads[thread].instructions;
    const std::size_t setupCount = leadingMbarrierInits(test.threads[thread]);
    std::vector<const litmus::Instruction*> wantedSetup;
    std::vector<const litmus::Instruction*> wanted;
    for (std::size_t index = 0; index < instructions.size(); ++index) {
      if (isOrdered(instructions[index])) {
        (index < setupCount ? wantedSetup : wanted).push_back(&instructions[index]);
      }
    }
    std::vector<const ptxmodule::Statement*> foundSetup;
    std::vector<const ptxmodule::Statement*> found;
    enum class Region { Outside, Setup, Test } region = Region::Outside;
    bool begun = false;
    bool ended = false;
    for (const ptxmodule::Statement& statement : kernel->body) {
      if (statement.kind == ptxmodule::Statement::Kind::Label) {
        if (statement.label == Harness::setupLabel(thread)) {
          region = Region::Setup;
        } else if (statement.label == Harness::beginLabel(thread)) {
          region = Region::Test;
          begun = true;
        } else if (statement.label == Harness::endLabel(thread)) {
          region = Region::Outside;
          ended = true;
        }
        continue;
      }
      if (!statement.decoded || !isOrdered(*statement.decoded)) {
        continue;
      }
      // The setting up also holds the start barrier's own accesses.
      if (region == Region::Setup &&
          litmus::kindOf(statement.decoded->opcode) == InstructionKind::MbarrierInit) {
        foundSetup.push_back(&statement);
      } else if (region == Region::Test) {
        found.push_back(&statement);
      }
    }
    if (!begun || !ended) {
      problems.push_back(who + "no code between " + Harness::beginLabel(thread) + " and " +
                         Harness::endLabel(thread));
      continue;
    }
    compareOperations(thread, who + "setting up, ", wantedSetup, foundSetup, problems);
    compareOperations(thread, who, wanted, found, problems);
  }
  return problems;
}

}  // namespace opcheck::gpu

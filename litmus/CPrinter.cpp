#include "litmus/CPrinter.h"

#include <algorithm>
#include <stdexcept>

#include "litmus/CDialect.h"
#include "litmus/CanonicalPrinter.h"

namespace opcheck::litmus {

namespace {

template <std::size_t N>
std::string_view operatorSpelling(const std::array<COperator, N>& table, Opcode opcode) {
  for (const COperator& entry : table) {
    if (entry.opcode == opcode) {
      return entry.spelling;
    }
  }
  throw std::logic_error("a C test holds an instruction no C operator writes");
}

// One thread's body: structured again from the branches the parser lowered
// "if" to, with each register declared before its first use, in id order
// (so that the reprint numbers registers as the test does).
class ThreadPrinter {
 public:
  ThreadPrinter(const Test& test, std::size_t thread) : test_(test), owner_(test.threads[thread]) {}

  std::string print() {
    block(0, static_cast<std::uint32_t>(owner_.instructions.size()), 1);
    declareUpTo(owner_.registers.size(), 1);
    return out_;
  }

 private:
  std::string operand(const Operand& operand) const {
    switch (operand.kind) {
      case Operand::Kind::Register:
        return owner_.registers[operand.index].name;
      case Operand::Kind::Immediate:
        return std::to_string(operand.immediate);
      case Operand::Kind::Location:
        return test_.locations[operand.index].name;
      case Operand::Kind::RegisterAddress:
      case Operand::Kind::Label:
        break;
    }
    throw std::logic_error("a C test holds an operand C has no words for");
  }

  std::uint32_t target(const Operand& label) const { return owner_.labels[label.index].target; }

  void line(std::size_t depth, const std::string& text) { out_ += std::string(2 * depth, ' ') + text + "\n"; }

  void declareUpTo(std::size_t limit, std::size_t depth) {
    for (; declared_ < limit; ++declared_) {
      line(depth, "int " + owner_.registers[declared_].name + ";");
    }
  }

  // The highest register id instructions [begin, end) name, plus one.
  std::size_t registersNamed(std::uint32_t begin, std::uint32_t end) const {
    std::size_t limit = 0;
    for (std::uint32_t index = begin; index < end; ++index) {
      for (const Operand& operand : owner_.instructions[index].operands) {
        if (operand.kind == Operand::Kind::Register) {
          limit = std::max<std::size_t>(limit, operand.index + 1);
        }
      }
    }
    return limit;
  }

  std::string scopeSuffix(const Instruction& instruction) const {
    for (const CScope& scope : kCScopes) {
      if (scope.scope == instruction.scope && scope.scope != Scope::System) {
        return ", " + std::string(scope.name);
      }
    }
    return "";
  }

  // The statement of one instruction without its destination ("x = ..."
  // is added by the caller).
  std::string expression(const Instruction& instruction) const {
    const auto& operands = instruction.operands;
    const std::string order =
        instruction.semantics == Semantics::Weak ? "" : std::string(cMemoryOrderName(instruction.semantics));
    switch (kindOf(instruction.opcode)) {
      case InstructionKind::Load:
        if (instruction.semantics == Semantics::Weak) {
          return "*" + operand(operands[1]);
        }
        return std::string(explicitCBuiltin(CBuiltinKind::Load, Operation::None)->name) + "(" +
               operand(operands[1]) + ", " + order + scopeSuffix(instruction) + ")";
      case InstructionKind::Store:
        if (instruction.semantics == Semantics::Weak) {
          return "*" + operand(operands[0]) + " = " + operand(operands[1]);
        }
        return std::string(explicitCBuiltin(CBuiltinKind::Store, Operation::None)->name) + "(" +
               operand(operands[0]) + ", " + operand(operands[1]) + ", " + order + scopeSuffix(instruction) +
               ")";
      case InstructionKind::ReadModifyWrite: {
        const bool compareExchange = instruction.operation == Operation::CompareAndSwap;
        const CBuiltin* builtin =
            explicitCBuiltin(compareExchange ? CBuiltinKind::CompareExchange : CBuiltinKind::ReadModifyWrite,
                             instruction.operation);
        if (builtin == nullptr) {
          break;
        }
        std::string text =
            std::string(builtin->name) + "(" + operand(operands[1]) + ", " + operand(operands[2]);
        if (compareExchange) {
          text += ", " + operand(operands[3]);
        }
        text += ", " + order;
        if (compareExchange) {
          text += ", " + std::string(cMemoryOrderName(pairedFailureOrder(instruction.semantics)));
        }
        return text + scopeSuffix(instruction) + ")";
      }
      case InstructionKind::Fence:
        return std::string(explicitCBuiltin(CBuiltinKind::Fence, Operation::None)->name) + "(" + order +
               scopeSuffix(instruction) + ")";
      case InstructionKind::RegisterOperation:
        if (instruction.opcode == Opcode::Move) {
          return operand(operands[1]);
        }
        return operand(operands[1]) + " " + std::string(operatorSpelling(kCArithmetic, instruction.opcode)) +
               " " + operand(operands[2]);
      default:
        break;
    }
    throw std::logic_error("a C test holds an instruction C has no words for");
  }

  void simple(const Instruction& instruction, std::size_t depth, bool topLevel) {
    const bool hasDestination = !instruction.operands.empty() &&
                                instruction.operands[0].kind == Operand::Kind::Register &&
                                kindOf(instruction.opcode) != InstructionKind::Store;
    const std::size_t needed =
        registersNamed(static_cast<std::uint32_t>(&instruction - owner_.instructions.data()),
                       static_cast<std::uint32_t>(&instruction - owner_.instructions.data()) + 1);
    if (hasDestination) {
      const RegisterId destination = static_cast<RegisterId>(instruction.operands[0].index);
      // "int r = ...": where r is the next to declare and the sources are declared.
      if (topLevel && destination >= declared_ && needed == destination + 1u) {
        declareUpTo(destination, depth);
        ++declared_;
        line(depth, "int " + owner_.registers[destination].name + " = " + expression(instruction) + ";");
        return;
      }
      declareUpTo(needed, depth);
      line(depth, owner_.registers[destination].name + " = " + expression(instruction) + ";");
      return;
    }
    declareUpTo(needed, depth);
    line(depth, expression(instruction) + ";");
  }

  void block(std::uint32_t begin, std::uint32_t end, std::size_t depth) {
    for (std::uint32_t index = begin; index < end;) {
      const Instruction& instruction = owner_.instructions[index];
      if (kindOf(instruction.opcode) != InstructionKind::ConditionalBranch) {
        if (kindOf(instruction.opcode) == InstructionKind::Jump) {
          throw std::logic_error("a C test holds a jump outside an if/else");
        }
        simple(instruction, depth, depth == 1);
        ++index;
        continue;
      }
      const std::uint32_t skipTo = target(instruction.operands[2]);
      if (skipTo <= index || skipTo > end) {
        throw std::logic_error("a C test holds a branch that no if/else makes");
      }
      std::uint32_t thenEnd = skipTo;
      std::uint32_t elseEnd = skipTo;
      if (skipTo - 1 > index && kindOf(owner_.instructions[skipTo - 1].opcode) == InstructionKind::Jump) {
        thenEnd = skipTo - 1;
        elseEnd = target(owner_.instructions[skipTo - 1].operands[0]);
        if (elseEnd <= skipTo || elseEnd > end) {
          throw std::logic_error("a C test holds a jump that no if/else makes");
        }
      }
      if (depth == 1) {
        declareUpTo(registersNamed(index, elseEnd), depth);
      }
      line(depth, "if (" + operand(instruction.operands[0]) + " " +
                      std::string(operatorSpelling(kCSkippingBranches, instruction.opcode)) + " " +
                      operand(instruction.operands[1]) + ") {");
      block(index + 1, thenEnd, depth + 1);
      if (elseEnd > skipTo) {
        line(depth, "} else {");
        block(skipTo, elseEnd, depth + 1);
      }
      line(depth, "}");
      index = elseEnd;
    }
  }

  const Test& test_;
  const Thread& owner_;
  std::size_t declared_ = 0;
  std::string out_;
};

// Whether the threads run where a C test without placements puts them: each
// in a CTA (and cluster) of its own, on one GPU.
bool defaultPlacement(const Test& test) {
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    const ThreadPlacement& placement = test.threads[thread].placement;
    const auto id = static_cast<std::int16_t>(thread);
    if (placement.device != 0 || placement.kernel != ThreadPlacement::kUnspecified ||
        placement.warp != ThreadPlacement::kUnspecified || placement.cta != id || placement.cluster != id) {
      return false;
    }
  }
  return true;
}

// "@cta 0,gpu 0": the coordinates the IR holds (cluster only where some
// cluster holds two CTAs, as in the PTX dialect's scope tree).
std::string placementText(const Test& test, std::size_t thread) {
  bool hasClusters = false;
  for (const Thread& one : test.threads) {
    for (const Thread& other : test.threads) {
      hasClusters |=
          one.placement.cluster == other.placement.cluster && one.placement.cta != other.placement.cta;
    }
  }
  const ThreadPlacement& placement = test.threads[thread].placement;
  std::string text = "@cta " + std::to_string(placement.cta);
  if (hasClusters) {
    text += ",cluster " + std::to_string(placement.cluster);
  }
  text += ",gpu " + std::to_string(placement.device);
  if (placement.kernel != ThreadPlacement::kUnspecified) {
    text += ",kernel " + std::to_string(placement.kernel);
  }
  if (placement.warp != ThreadPlacement::kUnspecified) {
    text += ",warp " + std::to_string(placement.warp);
  }
  return text;
}

// The locations a thread accesses, in id order: atomic_int* where it
// accesses one atomically, int* where only plainly.
std::string parameters(const Test& test, std::size_t thread) {
  std::vector<int> access(test.locations.size(), 0);  // 0 none, 1 plain, 2 atomic
  for (const Instruction& instruction : test.threads[thread].instructions) {
    for (const Operand& operand : instruction.operands) {
      if (operand.kind == Operand::Kind::Location) {
        access[operand.index] =
            std::max(access[operand.index], instruction.semantics == Semantics::Weak ? 1 : 2);
      }
    }
  }
  std::string text;
  for (std::size_t location = 0; location < test.locations.size(); ++location) {
    if (access[location] != 0) {
      text += (text.empty() ? "" : ", ") + std::string(access[location] == 2 ? "atomic_int* " : "int* ") +
              test.locations[location].name;
    }
  }
  return text;
}

}  // namespace

std::string printCanonicalC(const Test& test) {
  std::string out = "C " + test.name + "\n";
  if (!test.documentation.empty()) {
    out += test.documentation + "\n";
  }
  out += "{";
  for (const Location& location : test.locations) {
    out += " " + location.name + " = " + std::to_string(location.initialValue.integer) + ";";
  }
  out += " }\n";
  const bool placed = !defaultPlacement(test);
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    out += "\nP" + std::to_string(thread) + (placed ? placementText(test, thread) : "") + " (" +
           parameters(test, thread) + ") {\n" + ThreadPrinter(test, thread).print() + "}\n";
  }
  out += "\n";
  return out + printFinalCondition(test);
}

}  // namespace opcheck::litmus

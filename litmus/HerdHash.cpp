#include "litmus/HerdHash.h"

#include <algorithm>
#include <string_view>
#include <tuple>
#include <vector>

#include "litmus/CanonicalPrinter.h"
#include "support/Md5.h"

namespace opcheck::litmus {

namespace {

// The raw 16 bytes of TEXT's MD5 digest (OCaml's Digest.string).
std::string md5(const std::string& text) {
  const support::Md5Digest digest = support::md5(text);
  return {digest.begin(), digest.end()};
}

// Lower-case hexadecimal, two digits a byte (OCaml's Digest.to_hex).
std::string hex(const std::string& bytes) {
  static constexpr std::string_view kDigits = "0123456789abcdef";
  std::string text;
  text.reserve(2 * bytes.size());
  for (const unsigned char byte : bytes) {
    text += kDigits[byte >> 4];
    text += kDigits[byte & 0xF];
  }
  return text;
}

std::string dotted(std::string_view word) { return word.empty() ? "" : "." + std::string(word); }

// herd's GPU_PTX state spaces: ".global", ".shared" or none.
std::optional<std::string> stateSpaceText(StateSpace space) {
  switch (space) {
    case StateSpace::Generic:
      return "";
    case StateSpace::Global:
    case StateSpace::Shared:
      return dotted(spelling(space));
    default:
      return std::nullopt;
  }
}

class InstructionPrinter {
 public:
  explicit InstructionPrinter(const Thread& thread) : thread_(thread) {}

  // dump_instruction's text of INSTRUCTION; nothing for one herd's GPU_PTX
  // does not have.
  std::optional<std::string> print(const Instruction& instruction) const {
    std::optional<std::string> text = unguarded(instruction);
    if (text && instruction.guarded) {
      text =
          (instruction.guard.negated ? "@!" : "@") + registerName(instruction.guard.predicate) + " " + *text;
    }
    return text;
  }

 private:
  std::string registerName(std::uint32_t id) const { return thread_.registers.at(id).name; }

  // A register or an immediate (herd's ins_op).
  std::optional<std::string> value(const Operand& operand) const {
    if (operand.kind == Operand::Kind::Register) {
      return registerName(operand.index);
    }
    if (operand.kind == Operand::Kind::Immediate) {
      return std::to_string(operand.immediate);
    }
    return std::nullopt;
  }

  std::optional<std::string> reg(const Operand& operand) const {
    if (operand.kind != Operand::Kind::Register) {
      return std::nullopt;
    }
    return registerName(operand.index);
  }

  std::optional<std::string> address(const Operand& operand) const {
    if (operand.kind != Operand::Kind::RegisterAddress) {
      return std::nullopt;
    }
    return registerName(operand.index);
  }

  std::optional<std::string> unguarded(const Instruction& instruction) const {
    if (instruction.mmio) {
      return std::nullopt;  // GPU_PTX has no .mmio
    }
    const auto& operands = instruction.operands;
    const std::string type = dotted(spelling(instruction.type));
    const std::optional<std::string> space = stateSpaceText(instruction.stateSpace);
    // GPU_PTX's .volatile is read as .relaxed.sys (Instruction.h); herd
    // prints it back as .volatile.
    const bool isVolatile = instruction.semantics == Semantics::Relaxed && instruction.scope == Scope::System;
    const bool isWeak = instruction.semantics == Semantics::Weak;
    switch (instruction.opcode) {
      case Opcode::Load: {
        if (!space || operands.size() != 2 || !(isVolatile || isWeak)) {
          return std::nullopt;
        }
        const auto destination = reg(operands[0]);
        const auto from = address(operands[1]);
        if (!destination || !from) {
          return std::nullopt;
        }
        const std::string prefix = isVolatile
                                       ? "ld.volatile" + *space + type
                                       : "ld" + *space + dotted(spelling(instruction.cacheOperator)) + type;
        return prefix + " " + *destination + ", [" + *from + "]";
      }
      case Opcode::Store: {
        if (!space || operands.size() != 2 || !(isVolatile || isWeak)) {
          return std::nullopt;
        }
        const auto to = address(operands[0]);
        const auto source = reg(operands[1]);
        if (!to || !source) {
          return std::nullopt;
        }
        const std::string prefix = isVolatile
                                       ? "st.volatile" + *space + type
                                       : "st" + *space + dotted(spelling(instruction.cacheOperator)) + type;
        return prefix + " [" + *to + "], " + *source;
      }
      case Opcode::Move: {
        if (operands.size() != 2) {
          return std::nullopt;
        }
        const auto destination = reg(operands[0]);
        const auto source = value(operands[1]);
        if (!destination || !source) {
          return std::nullopt;
        }
        return "mov" + type + " " + *destination + ", " + *source;
      }
      case Opcode::Add:
      case Opcode::And: {
        if (operands.size() != 3) {
          return std::nullopt;
        }
        const auto destination = reg(operands[0]);
        const auto left = value(operands[1]);
        const auto right = value(operands[2]);
        if (!destination || !left || !right) {
          return std::nullopt;
        }
        // herd's "add%s %s, %s %s": no comma between the sources.
        return std::string(instruction.opcode == Opcode::Add ? "add" : "and") + type + " " + *destination +
               ", " + *left + " " + *right;
      }
      case Opcode::Fence:
      case Opcode::MemoryBarrier: {
        // membar.cta/gl/sys, read as fence.sc.cta/gpu/sys.
        if (instruction.opcode == Opcode::Fence &&
            instruction.semantics != Semantics::SequentiallyConsistent) {
          return std::nullopt;
        }
        const std::string_view membar = membarSpelling(instruction.scope);
        if (membar.empty()) {
          return std::nullopt;
        }
        return std::string(membar);
      }
      case Opcode::SetPredicate: {
        if (operands.size() != 3) {
          return std::nullopt;
        }
        const auto destination = reg(operands[0]);
        const auto left = value(operands[1]);
        const auto right = value(operands[2]);
        if (!destination || !left || !right) {
          return std::nullopt;
        }
        return "setp " + dotted(spelling(instruction.comparison)) + " " + type + " " + *destination + ", " +
               *left + ", " + *right;
      }
      case Opcode::Atomic: {
        const bool herdOperation = instruction.operation == Operation::Add ||
                                   instruction.operation == Operation::Exchange ||
                                   instruction.operation == Operation::CompareAndSwap;
        if (!space || !herdOperation || operands.size() < 3 || operands.size() > 4) {
          return std::nullopt;
        }
        const auto destination = reg(operands[0]);
        const auto at = address(operands[1]);
        if (!destination || !at) {
          return std::nullopt;
        }
        std::string text = "atom" + *space + dotted(spelling(instruction.operation)) + type + " " +
                           *destination + ", [" + *at + "]";
        for (std::size_t index = 2; index < operands.size(); ++index) {
          const auto operand = value(operands[index]);
          if (!operand) {
            return std::nullopt;
          }
          text += ", " + *operand;
        }
        return text;
      }
      default:
        return std::nullopt;
    }
  }

  const Thread& thread_;
};

std::string initialValueText(const Test& test, const InitialValue& value) {
  return value.isAddress ? test.locations.at(value.location).name : std::to_string(value.integer);
}

// herd's order of locations: registers first, by thread then name (as
// strings), then memory locations by name.
using Key = std::tuple<int, std::size_t, std::string>;

void collectTerms(const Test& test, const Proposition& proposition,
                  std::vector<std::pair<Key, std::string>>& terms) {
  for (const ConditionTerm* term : {&proposition.left, &proposition.right}) {
    if (proposition.kind != Proposition::Kind::Equal && proposition.kind != Proposition::Kind::NotEqual) {
      break;
    }
    if (term->kind == ConditionTerm::Kind::Register) {
      const std::string& name = test.threads.at(term->thread).registers.at(term->index).name;
      terms.emplace_back(Key{0, term->thread, name}, std::to_string(term->thread) + ":" + name);
    } else if (term->kind == ConditionTerm::Kind::Location) {
      const std::string& name = test.locations.at(term->index).name;
      terms.emplace_back(Key{1, 0, name}, name);
    }
  }
  for (const Proposition& operand : proposition.operands) {
    collectTerms(test, operand, terms);
  }
}

std::string joined(std::vector<std::pair<Key, std::string>> entries) {
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const auto& left, const auto& right) { return left.first == right.first; }),
                entries.end());
  std::string text;
  for (const auto& [key, entry] : entries) {
    text += (text.empty() ? "" : "; ") + entry;
  }
  return text;
}

}  // namespace

std::optional<std::string> herdHash(const Test& test) {
  if (!test.herdSource.gpuPtx || test.condition.filter || !test.shownLocations.empty()) {
    return std::nullopt;
  }
  // INIT
  std::vector<std::pair<Key, std::string>> initial;
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    for (const Register& reg : test.threads[thread].registers) {
      if (reg.declaredType == DataType::None && !reg.initialValue) {
        continue;  // named in the code only
      }
      const std::string value = reg.initialValue ? initialValueText(test, *reg.initialValue) : "0";
      initial.emplace_back(Key{0, thread, reg.name}, std::to_string(thread) + ":" + reg.name + "=" + value);
    }
  }
  for (const std::string& name : test.herdSource.initialisedLocations) {
    const std::optional<LocationId> id = test.findLocation(name);
    if (!id) {
      return std::nullopt;
    }
    initial.emplace_back(Key{1, 0, name},
                         name + "=" + initialValueText(test, test.locations[*id].initialValue));
  }

  // CODE
  std::vector<std::vector<std::string>> columns;
  for (const Thread& thread : test.threads) {
    if (!thread.labels.empty()) {
      return std::nullopt;  // herd 2015's GPU_PTX cannot renumber labels
    }
    std::vector<std::string>& column = columns.emplace_back();
    const InstructionPrinter printer(thread);
    for (const Instruction& instruction : thread.instructions) {
      std::optional<std::string> text = printer.print(instruction);
      if (!text) {
        return std::nullopt;
      }
      column.push_back(std::move(*text));
    }
  }
  // herd pads its columns as the canonical printer does.
  const std::string code = layOutThreadColumns(columns);

  // LOCATIONS
  std::vector<std::pair<Key, std::string>> observed;
  collectTerms(test, test.condition.proposition, observed);

  return hex(md5(md5(joined(initial)) + md5(code) + md5(joined(observed))));
}

}  // namespace opcheck::litmus

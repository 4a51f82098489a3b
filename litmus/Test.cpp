#include "litmus/Test.h"

#include <tuple>

#include "litmus/Diagnostic.h"

namespace opcheck::litmus {

bool operator==(const Instruction& left, const Instruction& right) {
  auto meaning = [](const Instruction& instruction) {
    return std::tie(instruction.opcode, instruction.semantics, instruction.scope, instruction.stateSpace,
                    instruction.sourceStateSpace, instruction.completion, instruction.cacheOperator,
                    instruction.type, instruction.operation, instruction.comparison,
                    instruction.barrierAction, instruction.proxy, instruction.mmio, instruction.guarded,
                    instruction.guard, instruction.operands);
  };
  return meaning(left) == meaning(right);
}

std::optional<LocationId> Test::findLocation(std::string_view name) const {
  for (std::size_t id = 0; id < locations.size(); ++id) {
    if (locations[id].name == name) {
      return static_cast<LocationId>(id);
    }
  }
  return std::nullopt;
}

std::optional<RegisterId> Test::findRegister(std::size_t thread, std::string_view name) const {
  const std::vector<Register>& registers = threads[thread].registers;
  for (std::size_t id = 0; id < registers.size(); ++id) {
    if (registers[id].name == name) {
      return static_cast<RegisterId>(id);
    }
  }
  return std::nullopt;
}

void requireDialect(const Test& test, const std::string& file, Dialect dialect, std::string_view who) {
  if (test.dialect == dialect) {
    return;
  }
  auto name = [](Dialect one) { return one == Dialect::C ? std::string("C") : std::string("PTX"); };
  fail(file, SourcePosition{1, 1},
       std::string(who) + " reads " + name(dialect) + " tests; " + file + " is a " + name(test.dialect) +
           " test");
}

}  // namespace opcheck::litmus

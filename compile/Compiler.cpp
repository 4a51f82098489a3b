#include "compile/Compiler.h"

#include "compile/ClangCompiler.h"
#include "litmus/Diagnostic.h"

namespace opcheck::compile {

using litmus::Instruction;
using litmus::Opcode;

std::optional<CConstruct> constructOf(const Instruction& instruction) {
  switch (instruction.opcode) {
    case Opcode::Load:
      return CConstruct::Load;
    case Opcode::Store:
      return CConstruct::Store;
    case Opcode::Atomic:
      return instruction.operation == litmus::Operation::CompareAndSwap ? CConstruct::CompareExchange
                                                                        : CConstruct::ReadModifyWrite;
    case Opcode::Fence:
      return CConstruct::Fence;
    default:
      return std::nullopt;
  }
}

namespace {

// The PTX instructions of ROW for the C instruction SOURCE.
void emitRow(const MappingRow& row, const Instruction& source, std::vector<Instruction>& out) {
  for (const MappedInstruction& mapped : row.instructions) {
    Instruction instruction = mapped.instruction;
    if (mapped.scopeFromSource) {
      // C's thread_scope_block/cluster/device/system are PTX's
      // .cta/.cluster/.gpu/.sys (litmus/CDialect.h reads them as those).
      instruction.scope = source.scope;
    }
    if (mapped.isAccess) {
      instruction.operands = source.operands;
      instruction.operation = source.operation;
    }
    instruction.position = source.position;
    out.push_back(std::move(instruction));
  }
}

}  // namespace

CompiledTest compileTest(const litmus::Test& test, const std::string& file, const Mapping& mapping) {
  litmus::requireDialect(test, file, litmus::Dialect::C, "opcheck compile");
  if (mapping.compiler) {
    std::string output;
    CompiledTest compiled = compileWithCompiler(test, file, *mapping.compiler, &output);
    compiled.compilerOutput = std::move(output);
    return compiled;
  }
  CompiledTest compiled;
  compiled.test = test;
  compiled.test.dialect = litmus::Dialect::Ptx;
  compiled.test.herdSource = litmus::HerdSource{};
  for (litmus::Thread& thread : compiled.test.threads) {
    std::vector<Instruction> instructions;
    std::vector<std::uint32_t> origins;
    // Where each C instruction starts in the PTX thread, for the labels.
    std::vector<std::uint32_t> starts;
    for (std::uint32_t index = 0; index < thread.instructions.size(); ++index) {
      const Instruction& source = thread.instructions[index];
      starts.push_back(static_cast<std::uint32_t>(instructions.size()));
      const std::optional<CConstruct> construct = constructOf(source);
      if (!construct) {
        instructions.push_back(source);
      } else {
        const MappingRow* row = mapping.find(*construct, source.semantics);
        if (row == nullptr) {
          litmus::fail(file, source.position,
                       "mapping " + mapping.name + " has no row for '" +
                           std::string(constructName(*construct)) + " " +
                           std::string(orderName(source.semantics)) + "' (" + mapping.file + ")");
        }
        emitRow(*row, source, instructions);
      }
      origins.resize(instructions.size(), index);
    }
    starts.push_back(static_cast<std::uint32_t>(instructions.size()));
    for (litmus::Label& label : thread.labels) {
      label.target = starts[label.target];
    }
    thread.instructions = std::move(instructions);
    compiled.origins.push_back(std::move(origins));
  }
  return compiled;
}

}  // namespace opcheck::compile

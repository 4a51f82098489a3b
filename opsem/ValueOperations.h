// ptx-op's arithmetic: register operations, atomic updates, comparisons for
// setp and conditional branches. Each is litmus/InstructionSemantics.h's,
// the meaning every model gives the instruction; this file only turns
// ptx-op's values into the IR's (toLitmusValue, RunSupport.h) and back.
#pragma once

#include "litmus/Diagnostic.h"
#include "litmus/InstructionSemantics.h"
#include "opsem/Program.h"
#include "opsem/RunSupport.h"

namespace opcheck::opsem {

// The IR's VALUE as ptx-op keeps it (heldInteger); an integer beyond what
// the table of wide integers holds is refused, naming the instruction AT
// of THREAD that computed it.
inline Value machineValue(const Program& program, const litmus::Value& value, std::size_t thread,
                          std::size_t at) {
  if (value.isAddress()) {
    return addressOf(program.physicalLocation[static_cast<std::size_t>(value.location)]);
  }
  const std::optional<Value> held = heldInteger(program, value.integer);
  if (!held) {
    const litmus::Thread& code = program.test->threads[thread];
    litmus::fail(program.file,
                 at < code.instructions.size() ? code.instructions[at].position : litmus::SourcePosition{},
                 unrepresentable(value.integer));
  }
  return *held;
}

// What OPERATION makes of LEFT and RIGHT at TYPE (atom/red, register
// arithmetic), computed by instruction AT of THREAD.
inline Value update(const Program& program, litmus::Operation operation, Value left, Value right,
                    litmus::DataType type, std::size_t thread, std::size_t at) {
  return machineValue(
      program, litmus::update(operation, toLitmusValue(program, left), toLitmusValue(program, right), type),
      thread, at);
}

inline bool holds(const Program& program, litmus::Comparison comparison, Value left, Value right,
                  litmus::DataType type) {
  return litmus::holds(comparison, toLitmusValue(program, left), toLitmusValue(program, right), type);
}

}  // namespace opcheck::opsem

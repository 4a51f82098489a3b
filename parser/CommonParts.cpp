#include "parser/CommonParts.h"

#include "litmus/Limits.h"

namespace opcheck::parser {

void checkMemoryEvents(const litmus::Test& test, const std::string& file, litmus::SourcePosition position) {
  using litmus::Opcode;
  std::size_t events = 0;
  for (const litmus::Thread& thread : test.threads) {
    for (const litmus::Instruction& instruction : thread.instructions) {
      if (instruction.opcode == Opcode::Atomic) {
        events += 2;
      } else if (isMemoryAccess(instruction.opcode) || instruction.opcode == Opcode::Fence ||
                 instruction.opcode == Opcode::ProxyFence || instruction.opcode == Opcode::Barrier) {
        events += 1;
      }
    }
  }
  if (events > litmus::kMaxMemoryEvents) {
    litmus::fail(file, position,
                 "test too large: " + std::to_string(events) + " memory events, opcheck's limit is " +
                     std::to_string(litmus::kMaxMemoryEvents) + " (one 64-bit word per relation row)");
  }
}

}  // namespace opcheck::parser

#include "axiomcheck/AxiomaticModel.h"

#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"

namespace opcheck::axiomcheck {

void AxiomaticModel::checkSupported(const litmus::Test& test, const std::string& file) const {
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    for (const litmus::Instruction& instruction : test.threads[thread].instructions) {
      if (litmus::isProxyInstruction(instruction.opcode)) {
        litmus::fail(file, instruction.position,
                     "model " + std::string(name()) + " does not support '" +
                         litmus::printMnemonic(instruction) + "' in P" + std::to_string(thread) +
                         " (a non-generic proxy access needs PTX 7.5's mixed-proxy model)");
      }
    }
  }
  for (const litmus::Location& location : test.locations) {
    if (location.aliasOf) {
      litmus::fail(file, {},
                   "model " + std::string(name()) + " does not support location " + location.name +
                       ", an alias of " + test.locations[*location.aliasOf].name +
                       " through a proxy (PTX 7.5's mixed-proxy model)");
    }
  }
}

}  // namespace opcheck::axiomcheck

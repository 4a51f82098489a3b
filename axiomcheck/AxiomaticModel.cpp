#include "axiomcheck/AxiomaticModel.h"

#include "litmus/AsyncOperations.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"

namespace opcheck::axiomcheck {

void AxiomaticModel::checkSupported(const litmus::Test& test, const std::string& file) const {
  litmus::requireDialect(test, file, litmus::Dialect::Ptx, "model " + std::string(name()));
  refuseProxies(test, file, "model " + std::string(name()));
}

namespace {

// Fails at INSTRUCTION of THREAD: WHO does not support it (WHY).
[[noreturn]] void refuseInstruction(const std::string& file, const std::string& who,
                                    const litmus::Instruction& instruction, std::size_t thread,
                                    const std::string& why) {
  litmus::fail(file, instruction.position,
               who + " does not support '" + litmus::printMnemonic(instruction) + "' in P" +
                   std::to_string(thread) + " (" + why + ")");
}

const char* const kAsyncOnlyPtx75 =
    "an asynchronous operation or its completion (PTX ISA 9.1 8.9.1.1, 9.7.9.25), which only ptx75 models";

}  // namespace

void refuseProxies(const litmus::Test& test, const std::string& file, const std::string& who,
                   bool allowAsync) {
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    for (const litmus::Instruction& instruction : test.threads[thread].instructions) {
      const bool asynchronous = litmus::isAsyncOperation(instruction);
      if ((litmus::isProxyInstruction(instruction.opcode) || asynchronous) && !(allowAsync && asynchronous)) {
        refuseInstruction(file, who, instruction, thread,
                          asynchronous
                              ? kAsyncOnlyPtx75
                              : "a non-generic proxy access: PTX 7.5's mixed-proxy model, which only "
                                "ptx75 models");
      }
    }
  }
  for (const litmus::Location& location : test.locations) {
    if (location.aliasOf) {
      litmus::fail(file, location.aliasPosition,
                   who + " does not support location " + location.name + ", an alias of " +
                       test.locations[*location.aliasOf].name +
                       " through a proxy (PTX 7.5's mixed-proxy model, which only ptx75 models)");
    }
  }
}

void refuseAsyncOperations(const litmus::Test& test, const std::string& file, const std::string& who,
                           const std::string& why) {
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    for (const litmus::Instruction& instruction : test.threads[thread].instructions) {
      if (litmus::isAsyncOperation(instruction)) {
        refuseInstruction(file, who, instruction, thread, why);
      }
    }
  }
}

}  // namespace opcheck::axiomcheck

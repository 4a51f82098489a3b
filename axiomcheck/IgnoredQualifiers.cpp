#include "axiomcheck/IgnoredQualifiers.h"

#include <algorithm>

#include "litmus/Opcode.h"
#include "litmus/Qualifiers.h"

namespace opcheck::axiomcheck {

namespace {

bool ordersByBarrier(litmus::InstructionKind kind) {
  return kind == litmus::InstructionKind::Barrier || kind == litmus::InstructionKind::ClusterArrive ||
         kind == litmus::InstructionKind::ClusterWait;
}

bool isReleaseOrAcquire(litmus::Semantics semantics) {
  return semantics == litmus::Semantics::Acquire || semantics == litmus::Semantics::Release ||
         semantics == litmus::Semantics::AcquireRelease;
}

}  // namespace

std::vector<std::string> ignoredQualifiers(const AxiomaticModel& model, const litmus::Test& test) {
  const ModelTraits traits = model.traits();
  std::vector<std::string> ignored;
  auto note = [&ignored](std::string spelled) {
    if (std::find(ignored.begin(), ignored.end(), spelled) == ignored.end()) {
      ignored.push_back(std::move(spelled));
    }
  };
  for (const litmus::Thread& thread : test.threads) {
    for (const litmus::Instruction& instruction : thread.instructions) {
      if (!traits.releaseAcquire && isReleaseOrAcquire(instruction.semantics)) {
        note("." + std::string(litmus::spelling(instruction.semantics)));
      }
      if (!traits.barriers && ordersByBarrier(litmus::kindOf(instruction.opcode))) {
        std::string spelled(litmus::info(instruction.opcode).spelling);
        if (instruction.barrierAction != litmus::BarrierAction::None) {
          spelled.append(".").append(litmus::spelling(instruction.barrierAction));
        }
        note(std::move(spelled));
      }
    }
  }
  return ignored;
}

std::string ignoredQualifiersNote(const AxiomaticModel& model, const std::vector<std::string>& ignored,
                                  const std::string& file) {
  if (ignored.empty()) {
    return "";
  }
  std::string note = file + ": note: model " + std::string(model.name()) + " ignores";
  for (std::size_t index = 0; index < ignored.size(); ++index) {
    note.append(index == 0 ? " " : ", ").append(ignored[index]);
  }
  note.append(" (");
  note.append(model.summary());
  note.append("): it answers as if they were not written");
  return note;
}

}  // namespace opcheck::axiomcheck

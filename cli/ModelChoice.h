// The models a command can check, by the names its command line gives them:
// an axiomatic model ("ptx", "rmo", "sc") or ptx-op with one of its presets
// ("ptx-op" is "ptx-op,default"; "ptx-op,fermi"). compare's --op and
// harness's --model read them here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "axiomcheck/AxiomaticModel.h"
#include "opsem/Architecture.h"

namespace opcheck::cli {

struct ModelChoice {
  std::string name;                                       // "rmo", "ptx-op,fermi"
  const axiomcheck::AxiomaticModel* axiomatic = nullptr;  // null for ptx-op
  opsem::Architecture architecture;                       // ptx-op's preset

  bool operational() const { return axiomatic == nullptr; }
  // A ptx-op preset that does not claim to implement PTX (fermi) or is
  // broken on purpose; axiomatic models are the references.
  bool claimsPtx() const { return axiomatic != nullptr || architecture.claimsPtx; }
};

// "ptx-op" or "ptx-op,PRESET"; nothing for anything else.
std::optional<ModelChoice> findOperationalModel(std::string_view name);

// An axiomatic model's name or what findOperationalModel takes.
std::optional<ModelChoice> findModelChoice(std::string_view name);

// The deliberately broken presets (compare's must-fail variants) are named
// "broken-...".
bool isBrokenPreset(const opsem::Architecture& architecture);

// What harness checks when no --model is given: rmo, ptx, and ptx-op with
// every preset that is not broken on purpose, in opsem's order.
std::vector<ModelChoice> harnessDefaultModels();

}  // namespace opcheck::cli

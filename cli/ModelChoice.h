// The models a command can check, by the names its command line gives them:
// an axiomatic model (axiomcheck::allModels(), and ptx, the newest PTX
// model's alias) or ptx-op with one of its presets (ptx-op is
// ptx-op,default; ptx-op,fermi). Every command reads them here, and every
// list of them in a help text or message is made here from the models
// themselves, so a new model is named nowhere else.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "axiomcheck/AxiomaticModel.h"
#include "opsem/Architecture.h"

namespace opcheck::cli {

struct ModelChoice {
  std::string name;                                       // an axiomatic model's name, or ptx-op,PRESET
  const axiomcheck::AxiomaticModel* axiomatic = nullptr;  // null for ptx-op
  opsem::Architecture architecture;                       // ptx-op's preset

  bool operational() const { return axiomatic == nullptr; }
  // A ptx-op preset that does not claim to implement PTX (fermi) or is
  // broken on purpose; axiomatic models are the references.
  bool claimsPtx() const { return axiomatic != nullptr || architecture.claimsPtx; }
};

// ptx-op or ptx-op,PRESET; nothing for anything else.
std::optional<ModelChoice> findOperationalModel(std::string_view name);

// The axiomatic model called NAME, or null: a built-in one
// (axiomcheck::findModel) or a cat file (a name ending in .cat; docs/cat.md),
// read once. Throws litmus::InputError for a cat file that cannot be read
// or does not parse.
const axiomcheck::AxiomaticModel* findAxiomaticModel(std::string_view name);

// An axiomatic model's name (findAxiomaticModel) or what findOperationalModel takes.
std::optional<ModelChoice> findModelChoice(std::string_view name);

// The model `opcheck FILE...` (and races, and compare --against) runs without
// --model: ptx, the newest PTX model.
std::string defaultModelName();

// ptx-op with its default preset (the first of opsem's).
ModelChoice defaultOperationalModel();

// The axiomatic models that KEEP accepts (all without it), the alias first,
// separated by commas and LAST before the final one: "ptx, ptx60, ptx75,
// rmo, sc" or, with LAST " or ", "ptx, ptx60, ptx75, rmo or sc".
std::string axiomaticModelNames(std::string_view last = ", ",
                                bool (*keep)(const axiomcheck::AxiomaticModel&) = nullptr);

// Every model a command's --model takes, for help texts and usage errors.
std::string modelNames();

// The deliberately broken presets (compare's must-fail variants) are named
// "broken-...".
bool isBrokenPreset(const opsem::Architecture& architecture);

// What harness checks when no --model is given: rmo (seed 000's model of
// the hardware harness's chips), ptx, and ptx-op with every preset that is
// not broken on purpose, in opsem's order.
std::vector<ModelChoice> harnessDefaultModels();

}  // namespace opcheck::cli

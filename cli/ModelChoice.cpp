#include "cli/ModelChoice.h"

#include "axiomcheck/Models.h"

namespace opcheck::cli {

namespace {

constexpr std::string_view kOperational = "ptx-op";

}  // namespace

std::optional<ModelChoice> findOperationalModel(std::string_view name) {
  if (!name.starts_with(kOperational)) {
    return std::nullopt;
  }
  std::string_view preset = name.substr(kOperational.size());
  if (preset.empty()) {
    preset = opsem::architecturePresets().front().name;
  } else if (preset.front() == ',') {
    preset.remove_prefix(1);
  } else {
    return std::nullopt;
  }
  const std::optional<opsem::Architecture> architecture = opsem::findArchitecture(preset);
  if (!architecture) {
    return std::nullopt;
  }
  return ModelChoice{std::string(kOperational) + "," + architecture->name, nullptr, *architecture};
}

std::optional<ModelChoice> findModelChoice(std::string_view name) {
  if (const axiomcheck::AxiomaticModel* model = axiomcheck::findModel(name)) {
    return ModelChoice{std::string(name), model, {}};
  }
  return findOperationalModel(name);
}

bool isBrokenPreset(const opsem::Architecture& architecture) {
  return architecture.name.starts_with("broken-");
}

std::vector<ModelChoice> harnessDefaultModels() {
  std::vector<ModelChoice> models = {*findModelChoice("rmo"), *findModelChoice("ptx")};
  for (const opsem::Architecture& preset : opsem::architecturePresets()) {
    if (!isBrokenPreset(preset)) {
      models.push_back(ModelChoice{std::string(kOperational) + "," + preset.name, nullptr, preset});
    }
  }
  return models;
}

}  // namespace opcheck::cli

#include "cli/ModelChoice.h"

#include <algorithm>

#include "axiomcheck/Models.h"
#include "cat/CatModel.h"
#include "opsem/OperationalModel.h"

namespace opcheck::cli {

namespace {

constexpr std::string_view kOperational = opsem::kOperationalModelName;

ModelChoice axiomaticChoice(const axiomcheck::AxiomaticModel& model) {
  return ModelChoice{std::string(model.name()), &model, {}};
}

ModelChoice operationalChoice(const opsem::Architecture& preset) {
  return ModelChoice{std::string(kOperational) + "," + preset.name, nullptr, preset};
}

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
  return operationalChoice(*architecture);
}

const axiomcheck::AxiomaticModel* findAxiomaticModel(std::string_view name) {
  if (cat::isCatFileName(name)) {
    return &cat::loadCatModel(std::string(name));
  }
  return axiomcheck::findModel(name);
}

std::optional<ModelChoice> findModelChoice(std::string_view name) {
  if (const axiomcheck::AxiomaticModel* model = findAxiomaticModel(name)) {
    return ModelChoice{std::string(name), model, {}};
  }
  return findOperationalModel(name);
}

bool isBrokenPreset(const opsem::Architecture& architecture) {
  return architecture.name.starts_with("broken-");
}

std::string defaultModelName() { return std::string(axiomcheck::ptxModel().name()); }

ModelChoice defaultOperationalModel() { return operationalChoice(opsem::architecturePresets().front()); }

std::string axiomaticModelNames(std::string_view last, bool (*keep)(const axiomcheck::AxiomaticModel&)) {
  std::vector<const axiomcheck::AxiomaticModel*> models = {&axiomcheck::ptxModel()};
  for (const axiomcheck::AxiomaticModel* model : axiomcheck::allModels()) {
    models.push_back(model);
  }
  std::string names;
  std::size_t kept = 0;
  for (std::size_t at = 0; at < models.size(); ++at) {
    if (keep != nullptr && !keep(*models[at])) {
      continue;
    }
    const bool lastKept = std::none_of(
        models.begin() + static_cast<std::ptrdiff_t>(at) + 1, models.end(),
        [&](const axiomcheck::AxiomaticModel* other) { return keep == nullptr || keep(*other); });
    names += kept == 0 ? "" : lastKept ? std::string(last) : ", ";
    names += models[at]->name();
    ++kept;
  }
  return names;
}

std::string modelNames() {
  return std::string(axiomcheck::ptxModel().name()) + " (= " + std::string(axiomcheck::ptx75Model().name()) +
         "), " + axiomaticModelNames().substr(axiomcheck::ptxModel().name().size() + 2) +
         ", a cat file FILE.cat (docs/cat.md), " + std::string(kOperational) + " or " +
         std::string(kOperational) + ",PRESET (opcheck models lists the presets)";
}

std::vector<ModelChoice> harnessDefaultModels() {
  std::vector<ModelChoice> models = {axiomaticChoice(axiomcheck::rmoModel()),
                                     axiomaticChoice(axiomcheck::ptxModel())};
  for (const opsem::Architecture& preset : opsem::architecturePresets()) {
    if (!isBrokenPreset(preset)) {
      models.push_back(operationalChoice(preset));
    }
  }
  return models;
}

}  // namespace opcheck::cli

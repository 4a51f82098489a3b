#include "axiomcheck/Models.h"

#include <array>

namespace opcheck::axiomcheck {

std::span<const AxiomaticModel* const> allModels() {
  static const std::array<const AxiomaticModel*, 3> models = {&ptxModel(), &rmoModel(), &scModel()};
  return models;
}

const AxiomaticModel* findModel(std::string_view name) {
  for (const AxiomaticModel* model : allModels()) {
    if (model->name() == name) {
      return model;
    }
  }
  return nullptr;
}

}  // namespace opcheck::axiomcheck

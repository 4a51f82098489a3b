#include "axiomcheck/Models.h"

#include <array>

namespace opcheck::axiomcheck {

std::span<const AxiomaticModel* const> allModels() {
  static const std::array<const AxiomaticModel*, 6> models = {&ptx60Model(), &ptx75Model(), &rmoModel(),
                                                              &scModel(),    &src11Model(), &rc11Model()};
  return models;
}

const AxiomaticModel* findModel(std::string_view name) {
  if (name == kPtxAlias) {
    return &ptxModel();
  }
  for (const AxiomaticModel* model : allModels()) {
    if (model->name() == name) {
      return model;
    }
  }
  return nullptr;
}

AxiomMask axiomMask(const AxiomaticModel& model, std::span<const std::string> names) {
  AxiomMask mask = 0;
  const std::span<const Axiom> axioms = model.axioms();
  for (std::size_t axiom = 0; axiom < axioms.size(); ++axiom) {
    for (const std::string& name : names) {
      if (axioms[axiom].name == name) {
        mask |= AxiomMask{1} << axiom;
      }
    }
  }
  return mask;
}

}  // namespace opcheck::axiomcheck

#include "axiomcheck/Models.h"

#include <algorithm>
#include <array>
#include <cctype>

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

namespace {

bool sameIgnoringCase(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

}  // namespace

AxiomMask axiomMask(const AxiomaticModel& model, std::span<const std::string> names) {
  AxiomMask mask = 0;
  const std::span<const Axiom> axioms = model.axioms();
  for (std::size_t axiom = 0; axiom < axioms.size(); ++axiom) {
    for (const std::string& name : names) {
      if (sameIgnoringCase(axioms[axiom].name, name) ||
          (!axioms[axiom].herdName.empty() && sameIgnoringCase(axioms[axiom].herdName, name))) {
        mask |= AxiomMask{1} << axiom;
      }
    }
  }
  return mask;
}

}  // namespace opcheck::axiomcheck

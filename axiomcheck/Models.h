// The axiomatic models opcheck knows (design.md "Axiomatic models"), one
// file each: Ptx.cpp, Rmo.cpp, Sc.cpp.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "axiomcheck/AxiomaticModel.h"

namespace opcheck::axiomcheck {

const AxiomaticModel& ptxModel();
const AxiomaticModel& rmoModel();
const AxiomaticModel& scModel();

// Every model, in the order `opcheck models` lists them.
std::span<const AxiomaticModel* const> allModels();

// The model called NAME, or null.
const AxiomaticModel* findModel(std::string_view name);

// Those of NAMES that name an axiom of MODEL, as a mask for
// AxiomaticModel::skipping (--skip-axiom); the others are not its.
AxiomMask axiomMask(const AxiomaticModel& model, std::span<const std::string> names);

}  // namespace opcheck::axiomcheck

// The axiomatic models opcheck knows (design.md "Axiomatic models"), one
// file each: Ptx.cpp, Rmo.cpp, Sc.cpp.
#pragma once

#include <span>
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

}  // namespace opcheck::axiomcheck

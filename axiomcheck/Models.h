// The axiomatic models opcheck knows (docs/architecture.md "Axiomatic models"), one
// file each, each a ModelDefinition (ModelDefinition.h): Ptx.cpp (ptx60,
// ptx75 with ProxyCausality.cpp), Rmo.cpp, Sc.cpp, and for C tests Src11.cpp
// (src11, rc11).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "axiomcheck/AxiomaticModel.h"
#include "axiomcheck/PtxVersion.h"

namespace opcheck::axiomcheck {

// PtxVersion.h: ptx60, ptx75, and "ptx", the newest (ptx75).
inline constexpr std::string_view kPtxAlias = "ptx";
const AxiomaticModel& ptx60Model();
const AxiomaticModel& ptx75Model();
// The newest, ptx75, under the name "ptx" (kPtxAlias), which outputs keep.
const AxiomaticModel& ptxModel();
const AxiomaticModel& rmoModel();
const AxiomaticModel& scModel();
// The C models (C tests only): seed 001's scoped RC11, and RC11.
const AxiomaticModel& src11Model();
const AxiomaticModel& rc11Model();

// Every model, in the order `opcheck models` lists them.
std::span<const AxiomaticModel* const> allModels();

// The model called NAME, or null; "ptx" is ptxModel().
const AxiomaticModel* findModel(std::string_view name);

// Those of NAMES that name an axiom of MODEL, as a mask for
// AxiomaticModel::skipping (--skip-axiom); the others are not its.
AxiomMask axiomMask(const AxiomaticModel& model, std::span<const std::string> names);

}  // namespace opcheck::axiomcheck

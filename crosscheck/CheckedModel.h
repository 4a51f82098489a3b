// One interface for both kinds of model, for the checks that compare final
// states only (harness: hardware observations against each model): an
// axiomatic model enumerates candidate executions, ptx-op explores its
// states, and both answer with the final states they allow
// (docs/crosscheck.md). Execution-level checks need more than final states
// and use OperationalSide.h and ExecutionCheck.h.
#pragma once

#include <memory>
#include <set>
#include <string>

#include "axiomcheck/AxiomaticModel.h"
#include "crosscheck/RunLimits.h"
#include "litmus/FinalState.h"
#include "litmus/Test.h"
#include "opsem/Architecture.h"

namespace opcheck::crosscheck {

struct ModelFinalStates {
  std::set<litmus::FinalState> states;  // the displayed final states the model allows
  bool complete = true;                 // false when --unroll or a limit cut the run short
};

class CheckedModel {
 public:
  virtual ~CheckedModel() = default;

  virtual std::string name() const = 0;
  virtual bool operational() const = 0;
  // TEST's final states over its displayed terms, within LIMITS; UNROLL
  // bounds loops where the model enumerates paths. Throws
  // litmus::InputError (FILE) for a test the model cannot run.
  virtual ModelFinalStates finalStates(const litmus::Test& test, const std::string& file, unsigned unroll,
                                       const RunLimits& limits) const = 0;
};

// MODEL (a ptx, rmo, sc... of axiomcheck/Models.h) as a checked model.
std::unique_ptr<CheckedModel> checkedAxiomaticModel(const axiomcheck::AxiomaticModel& model);

// ptx-op with ARCHITECTURE's preset, named NAME ("ptx-op,fermi").
std::unique_ptr<CheckedModel> checkedOperationalModel(std::string name,
                                                      const opsem::Architecture& architecture);

}  // namespace opcheck::crosscheck

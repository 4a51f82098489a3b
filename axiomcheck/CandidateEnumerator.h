// Runs an axiomatic model on a litmus test (design.md "Axiomatic models"):
// enumerates the candidate executions (one path per thread, rf, values along
// rf and dependencies, barrier synchronization), lets the model make its own
// choices and check its axioms, and collects the final states of the
// executions the model allows, as herd does.
#pragma once

#include <string>

#include "axiomcheck/AxiomaticModel.h"
#include "litmus/Outcome.h"
#include "litmus/Test.h"

namespace opcheck::axiomcheck {

struct CheckOptions {
  unsigned unroll = 2;  // --unroll K: backward jumps taken at most K times
};

// Throws litmus::InputError (naming FILE) when the model cannot judge TEST.
litmus::Outcome checkTest(const litmus::Test& test, const AxiomaticModel& model, const CheckOptions& options,
                          const std::string& file);

}  // namespace opcheck::axiomcheck

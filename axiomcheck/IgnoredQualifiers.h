// What a test writes that a model reads as absent, though PTX gives it
// meaning (ModelTraits): rmo, seed 000's RMO, orders memory by membar and
// dependencies alone, so .acquire, .release, .acq_rel and barriers change
// nothing under it. A run says so (a note on standard error, the outcome's
// `ignored` in JSON) rather than answer as if the test had been read whole.
#pragma once

#include <string>
#include <vector>

#include "axiomcheck/AxiomaticModel.h"
#include "litmus/Test.h"

namespace opcheck::axiomcheck {

// The spellings, in the order first written, of what TEST uses and MODEL
// ignores: ".acquire", ".release", ".acq_rel" (on accesses and fences), and
// each barrier instruction ("bar.sync", "barrier.cluster.arrive", ...).
std::vector<std::string> ignoredQualifiers(const AxiomaticModel& model, const litmus::Test& test);

// The note for IGNORED (ignoredQualifiers' answer, as litmus::Outcome::
// ignored holds it): "FILE: note: model M ignores .acquire, bar.sync
// (...)", or empty when there are none.
std::string ignoredQualifiersNote(const AxiomaticModel& model, const std::vector<std::string>& ignored,
                                  const std::string& file);

}  // namespace opcheck::axiomcheck

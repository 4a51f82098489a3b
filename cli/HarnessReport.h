// harness's report, readable (the default, --format herd) or JSON (--format
// json), with the same content: the tests each observation was checked
// against and where they came from, observations that match no test, then
// per model the outcomes seen on hardware that the model forbids (first),
// the outcomes it allows that were never seen, and a model x chip table.
#pragma once

#include <string>
#include <vector>

#include "cli/Harness.h"

namespace opcheck::cli {

struct HarnessReport {
  std::vector<std::string> observationFiles;
  std::vector<ObservationGroup> groups;
  Matching matching;
  std::vector<std::string> chips;
  std::vector<ModelVerdict> models;
  std::vector<std::string> errors;  // bad input met on the way (also on standard error)
  // Ctrl-C stopped the runs: those it stopped or kept from starting are
  // incomplete (their forbidden outcomes inconclusive); the report says so.
  bool interrupted = false;

  bool unsound() const;
};

// "rmo forbids mp-L1+membar.gls 1:r2=1 /\ 1:r4=0 seen on TesC 187/100000 (Fig. 3)"
std::string forbiddenLine(const std::string& model, const Finding& finding);

std::string harnessText(const HarnessReport& report);
std::string harnessJson(const HarnessReport& report);

}  // namespace opcheck::cli

// The reference verdicts the tests check models against, read once here:
// the catalogue's expectations (catalogue/expectations.tsv) and Dat3M's PTX
// verdicts (../shared/corpora/dat3m-ptx/expected.csv).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "litmus/Outcome.h"

namespace opcheck::testing {

// One row of catalogue/expectations.tsv.
struct CatalogueExpectation {
  std::string test;  // path relative to catalogue/
  std::string model;
  bool allowed = false;  // condition_outcome: allowed | forbidden
  std::string source;
  std::string quote;
};

std::vector<CatalogueExpectation> readCatalogueExpectations(const std::filesystem::path& catalogue);

// One row of dat3m-ptx/expected.csv.
struct Dat3mVerdict {
  std::string test;  // path relative to dat3m-ptx/
  // ptx60_condition_outcome_reachable; absent for the proxy tests, which
  // PTX 6.0 does not judge.
  std::optional<bool> reachable;
  std::optional<bool> canHang;  // ptx60_no_hang == 0; absent when not given
};

std::vector<Dat3mVerdict> readDat3mVerdicts(const std::filesystem::path& dat3m);

// Whether OUTCOME reaches what a verdict of these files speaks of: a state
// satisfying the proposition for exists and ~exists, one violating it for
// forall.
bool conditionOutcomeReached(litmus::Quantifier quantifier, const litmus::Outcome& outcome);

// Splits LINE at every DELIMITER.
std::vector<std::string> splitFields(const std::string& line, char delimiter);

}  // namespace opcheck::testing

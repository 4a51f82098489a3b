// The reference data the tests check against, read once here: the
// catalogue's expectations (catalogue/expectations.tsv), Dat3M's PTX
// verdicts (../shared/corpora/dat3m-ptx/expected.csv) and the tables of
// errors bad input must get.
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
  // condition_outcome undefined: the model flags a race (the C models'
  // "Flag racy"), so the program's behaviour is undefined, whatever the
  // condition.
  bool undefined = false;
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
  // ptx75_condition_outcome_reachable: Dat3M's PTX 7.5 model
  // (reference-models/ptx-v7.5-dat3m.cat); given for every test.
  std::optional<bool> reachable75;
  std::optional<bool> canHang;  // ptx60_no_hang == 0; absent when not given
};

std::vector<Dat3mVerdict> readDat3mVerdicts(const std::filesystem::path& dat3m);

// One row of an expected-error table (tests/bad-input/expected.tsv,
// tests/bad-observations/expected.tsv): the file, where opcheck must point,
// and a fragment of its message.
struct ExpectedError {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  std::string message;
};

// Reads TABLE, whose header is "file line column message" (tab-separated).
std::vector<ExpectedError> readExpectedErrors(const std::filesystem::path& table);

// Whether OUTCOME reaches what a verdict of these files speaks of: a state
// satisfying the proposition for exists and ~exists, one violating it for
// forall.
bool conditionOutcomeReached(litmus::Quantifier quantifier, const litmus::Outcome& outcome);

// Splits LINE at every DELIMITER.
std::vector<std::string> splitFields(const std::string& line, char delimiter);

}  // namespace opcheck::testing

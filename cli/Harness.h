// harness's core (docs/architecture.md "Hardware observations"): reads observation
// files, matches each observation to the litmus test of its name, computes
// each model's final states over the registers and locations the
// observations name, and classifies every observation: seen but forbidden
// (the model is unsound for it: a failure), allowed but never seen
// (informative), or inconclusive (a bound cut the model's run short).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/Limits.h"
#include "cli/ModelChoice.h"
#include "litmus/FinalState.h"
#include "litmus/Observation.h"
#include "litmus/Test.h"

namespace opcheck::cli {

// The observations of one test in one file: a CSV file's rows for the test,
// or one litmus7 run (its histogram lists every state seen, and it may show
// the program that ran).
struct ObservationGroup {
  std::string test;
  std::string file;
  litmus::SourcePosition position;  // the first row, or the log's "Test" line
  std::vector<litmus::Observation> observations;
  bool histogram = false;
  std::string chip;        // for a histogram
  std::uint64_t runs = 0;  // for a histogram
  std::string program;     // the program a log shows, as printed
  std::uint32_t programLine = 0;
  std::string hash;  // a herd7 log's "Hash=" digest (compare --against)
};

// The runs of a litmus7 log (litmus/Litmus7LogReader.h), one histogram
// group each. Throws litmus::InputError for a malformed log.
std::vector<ObservationGroup> litmus7Groups(std::string_view text, const std::string& file);

// A .csv file is read as CSV rows (test,chip,outcome,observed,runs,source)
// or, when its header has a test column and no outcome column, as a
// seen-table (test,base,...,a100,h100: litmus/SeenTableReader.h); anything
// else as a litmus7 log. Throws litmus::InputError for a malformed file.
std::vector<ObservationGroup> readObservationFile(const std::filesystem::path& path);

// A litmus test given on the command line.
struct GivenTest {
  std::string file;
  litmus::Test test;
  std::optional<std::vector<std::string>> code;  // parser::codeColumns of its text
};

// Throws litmus::InputError for a malformed file.
GivenTest readGivenTest(const std::filesystem::path& path);

// FILES read as given tests, JOBS at a time, in FILES order; a file that
// does not read adds its "FILE:LINE:COL: error: ..." to ERRORS.
std::vector<GivenTest> readGivenTests(const std::vector<std::filesystem::path>& files, unsigned jobs,
                                      std::vector<std::string>& errors);

// Gives each seen-table observation of GROUPS the outcome it stands for:
// the condition of the GIVEN test of its name, which must be an exists of
// register and location equalities. Returns a "FILE:LINE:COL: error: ..."
// for each test whose condition is not such; groups whose test is not given
// are left alone (matching reports them).
std::vector<std::string> expandConditionOutcomes(std::vector<ObservationGroup>& groups,
                                                 const std::vector<GivenTest>& given);

// One observed outcome as a model's final states hold it: for each term, its
// position in the final state and the value observed.
using ObservedAt = std::vector<std::pair<std::size_t, litmus::Value>>;

// A test that observations are checked against, with what they name.
struct CheckedTest {
  std::string name;
  std::string origin;  // the .litmus file, or "the program shown in LOG:LINE"
  bool embedded = false;
  litmus::Test test;                              // shows exactly the terms observed; condition true
  std::vector<std::size_t> groups;                // the ObservationGroups matched to it
  std::vector<std::vector<ObservedAt>> observed;  // per group, per observation
};

struct UnmatchedGroup {
  std::size_t group = 0;
  std::string reason;
};

struct Matching {
  std::vector<CheckedTest> tests;
  std::vector<UnmatchedGroup> unmatched;
  std::vector<std::string> notes;                     // how an ambiguous name was settled
  std::vector<std::string> errors;                    // FILE:LINE:COL: error: an observed term the test lacks
  std::vector<std::string> testsWithoutObservations;  // given tests no observation names
};

// Matches GROUPS to the GIVEN tests by the tests' names. A histogram whose
// log shows its program goes to a given test of that name holding that
// program, else to the program itself when it parses as a test; groups that
// match no test are listed as unmatched, with the reason.
Matching matchObservations(const std::vector<ObservationGroup>& groups, const std::vector<GivenTest>& given);

// A model's final states for a checked test, over the observed terms.
struct ModelStates {
  std::set<litmus::FinalState> states;  // over the test's observed terms (CheckedTest::observed)
  bool complete = true;                 // false when --unroll or a limit cut the model's run short
  std::string error;                    // the model could not check the test
};

// LIMITS bound each run (a run they stop is not complete); a run that runs
// out of memory is an error of this test and model, not an abort.
ModelStates computeModelStates(const ModelChoice& model, const CheckedTest& test, unsigned unroll,
                               const RunLimits& limits = {});

// One line of a report.
struct Finding {
  std::string test;
  std::string chip;
  std::string outcome;  // "1:r2=1 /\ 1:r4=0"
  std::uint64_t count = 0;
  std::uint64_t runs = 0;
  bool countsKnown = true;  // false for a seen-table's "seen" / "not seen"
  std::string source;       // "Fig. 3", a log's name
  std::string file;         // the observation file
  std::uint32_t line = 0;
};

struct ChipTally {
  std::string chip;
  std::size_t checked = 0;        // observations classified
  std::size_t forbiddenSeen = 0;  // seen, but the model forbids them
};

struct ModelVerdict {
  ModelChoice model;
  std::vector<Finding> forbiddenSeen;  // unsound: a failure
  std::vector<Finding> allowedUnseen;  // informative
  std::vector<Finding> inconclusive;   // seen, forbidden by a cut run
  std::vector<ChipTally> chips;        // in CHIPS order
  std::vector<std::string> errors;     // tests the model could not check

  bool unsound() const { return !forbiddenSeen.empty(); }
};

// Classifies every observation of GROUPS matched in MATCHING, given the
// model's STATES for each checked test (in MATCHING.tests order). CHIPS is
// the order of the chips in the tallies and findings.
ModelVerdict classifyObservations(const ModelChoice& model, const std::vector<ObservationGroup>& groups,
                                  const Matching& matching, const std::vector<ModelStates>& states,
                                  const std::vector<std::string>& chips);

// The chips GROUPS name, in order of first appearance.
std::vector<std::string> chipsOf(const std::vector<ObservationGroup>& groups);

}  // namespace opcheck::cli

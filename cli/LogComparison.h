// compare --against LOG (as herdtools' mcompare7 compares logs):
// one model's final states, test by test, against a herd7 log (another
// model's output: the states must be equal) or a litmus7 log (a run on real
// hardware: every state seen must be allowed). The log's tests are matched
// to the given litmus files by name as harness matches observations
// (cli/Harness.h), and states are compared over the registers and
// locations the log shows.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "cli/Harness.h"
#include "cli/Limits.h"
#include "cli/ModelChoice.h"

namespace opcheck::cli {

// A final state over the log's terms, in the log's order: ("1:r0", "0").
using LogState = std::vector<std::pair<std::string, std::string>>;

// What a herd7 log is, or a litmus7 log.
enum class LogKind { Herd, Litmus7 };

// One test of the log, against the model.
struct LogTestComparison {
  std::string test;
  std::string file;           // the litmus file, or the program the log shows
  std::uint32_t logLine = 0;  // the log's "Test" line
  std::size_t modelStates = 0;
  std::size_t logStates = 0;
  std::vector<LogState> modelOnly;  // the model allows them, the log lacks them
  std::vector<LogState> logOnly;    // the log has them, the model forbids them
  bool complete = true;             // false when --unroll or a limit cut the model's run
  std::string error;                // the model could not check the test
  std::string hash;                 // the log's Hash= line, if any
  std::string testHash;             // herd's digest of the given test (litmus/HerdHash.h), if any

  // Both digests known and different: the log's test is another program
  // of the same name (why herd prints them; mcompare7 warns of it).
  bool hashDiffers() const { return !hash.empty() && !testHash.empty() && hash != testHash; }

  bool equal() const { return error.empty() && modelOnly.empty() && logOnly.empty(); }
};

struct LogComparisonSuite {
  std::string model;
  std::string log;
  LogKind kind = LogKind::Herd;
  unsigned unroll = 0;
  std::vector<LogTestComparison> tests;  // in the log's order
  std::vector<std::string> onlyInLog;    // "NAME (LOG:LINE): reason"
  std::vector<std::string> onlyGiven;    // given tests the log has no block for
  std::vector<std::string> errors;       // bad input met on the way
  bool interrupted = false;

  // A litmus7 log: the model forbids a state seen on hardware.
  bool forbidsSeen() const;
  // Some test differs, is on one side only, or was cut.
  bool anyDifference() const;
  bool partial() const;
};

// The log's tests as observation groups (every group a histogram: a herd7
// log lists every state its model allows, a litmus7 log every state seen).
// Throws litmus::InputError for a malformed log.
std::vector<ObservationGroup> readLog(const std::filesystem::path& log, LogKind& kind);

// MODEL's states on every test of GROUPS that GIVEN holds, against the log's.
LogComparisonSuite compareWithLog(const ModelChoice& model, LogKind kind,
                                  const std::vector<ObservationGroup>& groups,
                                  const std::vector<GivenTest>& given, unsigned unroll,
                                  const RunLimits& limits, unsigned jobs);

// herd-style text: one line per test, the differing states under it, and a
// summary line.
std::string logComparisonText(const LogComparisonSuite& suite);

// The same as JSON (docs/json.md, compare_against).
std::string logComparisonJson(const LogComparisonSuite& suite);

}  // namespace opcheck::cli

// How compare reports: one line per test on standard output, a summary, and
// a report file in Markdown (readable by someone who did not write the tool:
// a table, unsound tests first, each with the run that reaches its
// operational-only outcome) or JSON.
#pragma once

#include <string>
#include <vector>

#include "crosscheck/Comparison.h"

namespace opcheck::cli {

using crosscheck::BrokenGraph;
using crosscheck::compareTest;
using crosscheck::ComparisonOptions;
using crosscheck::ExecutionCheck;
using crosscheck::ModelComparison;
using crosscheck::TestComparison;

struct ComparisonSuite {
  std::string operationalModel;  // "ptx-op,default"
  std::vector<std::string> axiomaticModels;
  unsigned unroll = 2;
  std::vector<TestComparison> tests;
  // Ctrl-C stopped the run: TESTS are those that had started, of
  // INPUTCOUNT; the report says it is partial.
  bool interrupted = false;
  std::size_t inputCount = 0;
};

// "SB: ptx-op 4 states; ptx 4 equal; rmo 5 (1 axiomatic-only)".
std::string comparisonLine(const TestComparison& test);

// Totals per axiomatic model: unsound, inconclusive, equal, axiomatic-only.
std::string summaryText(const ComparisonSuite& suite);

std::string markdownReport(const ComparisonSuite& suite);
std::string jsonReport(const ComparisonSuite& suite);

}  // namespace opcheck::cli

// Outcomes seen on real GPUs (docs/architecture.md "Hardware observations"): what the
// readers of observation files give (ObservationCsvReader.h,
// Litmus7LogReader.h) and `opcheck harness` checks models against. An
// observation names registers and locations by name, as the file does; the
// harness resolves the names in the test it matches by the test's name.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "litmus/SourcePosition.h"

namespace opcheck::litmus {

// One term of an observed outcome: "1:r2=1" (register r2 of thread 1) or
// "x=1" (location x).
struct ObservedValue {
  std::optional<std::uint16_t> thread;  // set for a register
  std::string name;
  std::int64_t value = 0;
  SourcePosition position;  // of the term in its file

  friend bool operator==(const ObservedValue& left, const ObservedValue& right) {
    return left.thread == right.thread && left.name == right.name && left.value == right.value;
  }
};

struct Observation {
  std::string test;  // the litmus test's name
  std::string chip;
  std::vector<ObservedValue> outcome;  // a conjunction of terms
  std::uint64_t count = 0;             // how often the outcome was seen
  std::uint64_t runs = 0;              // out of how many runs
  // A seen-table's observation (SeenTableReader.h): COUNT is 1 (seen) or 0
  // (not seen), RUNS is unknown, and the outcome is the test's condition,
  // filled in once the test is known (cli::expandConditionOutcomes).
  bool countsKnown = true;
  bool conditionOutcome = false;
  std::string source;       // where the figures come from ("Fig. 3", a log's name)
  std::string file;         // the observation file
  SourcePosition position;  // of the row or histogram line
};

// Reads one term ("1:r2=1", "P1:r2=1", "x=1", "x=-1") written at POSITION
// of FILE; surrounding white space is allowed. Throws InputError pointing at
// what is wrong.
ObservedValue readObservedValue(std::string_view text, const std::string& file, SourcePosition position);

// "1:r2" or "x".
std::string formatObservedTerm(const ObservedValue& value);

// The terms OBSERVATION gives values to ("1:r2", "x"), sorted.
std::vector<std::string> sortedTermNames(const Observation& observation);

// "1:r2=1 /\ 1:r3=0", the terms in the order given.
std::string formatOutcome(const std::vector<ObservedValue>& outcome);

// The 1-based column of byte OFFSET of LINE, counting characters (UTF-8
// sequences), as the parser's messages do.
std::uint32_t columnOf(std::string_view line, std::size_t offset);

}  // namespace opcheck::litmus

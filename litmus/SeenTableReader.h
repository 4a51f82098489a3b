// Reads tables that say, per test and GPU, whether the test's outcome was
// seen, without counts (docs/architecture.md "Hardware observations";
// ../shared/corpora/cuda-litmus/results.csv):
//
//   test,base,strengthened,a100,h100,gh200
//   wwc_TB_01_2_SCOPE_BLOCK_NO_FENCE_REL_REL,INSTANCE,INSTANCE,seen,seen,seen
//
// The outcome is the test's condition (the weak outcome its harness
// counts). Columns "base" and "strengthened" hold model verdicts (INSTANCE:
// the outcome is allowed, UNSAT: forbidden); every other column but "test"
// is a GPU, with "seen" or "not seen" in each row.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "litmus/SourcePosition.h"

namespace opcheck::litmus {

struct SeenTableRow {
  std::string test;
  SourcePosition position;                            // of the row
  std::vector<std::pair<std::string, bool>> seen;     // GPU (as its column is named, upper case), seen
  std::vector<SourcePosition> seenPositions;          // of each GPU's field
  std::vector<std::pair<std::string, bool>> allowed;  // verdict column, allowed (INSTANCE) or not (UNSAT)
};

// Whether HEADER, a CSV file's first line, is a seen-table's: a "test"
// column and no "outcome" column.
bool isSeenTableHeader(std::string_view text);

// The rows of TEXT, in file order. Throws InputError ("FILE:LINE:COL:
// error: ...") for anything malformed: binary data, an empty file, a header
// without "test" or without a GPU, a column named twice, a row with the
// wrong number of fields, an empty test, a test named twice, a GPU field
// other than "seen" / "not seen", a verdict other than INSTANCE / UNSAT.
std::vector<SeenTableRow> readSeenTable(std::string_view text, const std::string& fileName);

}  // namespace opcheck::litmus

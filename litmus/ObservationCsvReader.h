// Reads hardware observations from CSV (docs/architecture.md "Hardware observations";
// ../shared/corpora/hardware/asplos15/observations.csv):
//
//   test,chip,outcome,observed,runs,source
//   mp-L1+membar.gls,TesC,1:r2=1 /\ 1:r4=0,187,100000,Fig. 3
//
// one row per (test, chip, outcome): the outcome, a conjunction of
// THREAD:REGISTER=VALUE and LOCATION=VALUE terms, was seen OBSERVED times
// in RUNS runs. The header names the columns (in any order); a field may be
// double-quoted ("Fig. 3, left"), with "" for a quote inside. Blank lines
// are skipped.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "litmus/Observation.h"

namespace opcheck::litmus {

// The rows of TEXT, in file order. Throws InputError ("FILE:LINE:COL:
// error: ...") for anything malformed: binary data, an empty file, a wrong
// header, a row with the wrong number of columns, an empty test or chip, a
// malformed outcome term or one named twice, a count that is not a whole
// number, more observations than runs.
std::vector<Observation> readObservationCsv(std::string_view text, const std::string& fileName);

}  // namespace opcheck::litmus

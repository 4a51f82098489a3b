// Reads litmus7 logs (docs/architecture.md "Hardware observations";
// ../shared/corpora/hardware/titan-memalloy/*/*.txt): for each test run, the
// full histogram of final states litmus7 saw, as litmus7 prints it:
//
//   Test IRIW Allowed
//   Histogram (10 states)
//   20817 :>1:r0=0; 1:r2=1; 3:r0=0; 3:r2=0;
//   1     *>1:r0=1; 1:r2=0; 3:r0=1; 3:r2=0;      ('*>': the condition holds)
//   ...
//   Positive: 0, Negative: 100002
//
// with the chip from the "-- device info --" block's "Name:" line (the log's
// file name when there is none), and the program litmus7 printed before the
// run ("GPU_PTX NAME" up to "Generated assembler").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "litmus/Observation.h"

namespace opcheck::litmus {

// One "Test NAME ..." block of a log.
struct Litmus7Run {
  std::string test;
  std::string chip;
  std::uint64_t runs = 0;  // Positive + Negative, or the histogram's total
  // One observation per histogram line, in log order; all name the same
  // registers and locations. The histogram lists every state seen.
  std::vector<Observation> states;
  // The program the log shows for this run, as printed (empty when the log
  // shows none), and the line of the log it starts on.
  std::string program;
  std::uint32_t programLine = 0;
  SourcePosition position;  // of the "Test" line
};

// The runs of TEXT, in log order. Throws InputError ("FILE:LINE:COL: error:
// ...") for a malformed log: binary data, an empty file, no "Test" line with
// a histogram, a "Histogram (N states)" block with other than N state lines,
// a count that is not a whole number, a malformed state, a state listed
// twice or naming other terms than the first, counts that do not add up to
// Positive + Negative.
std::vector<Litmus7Run> readLitmus7Log(std::string_view text, const std::string& fileName);

}  // namespace opcheck::litmus

// Reads herd7's output (a "log", as mcompare7 calls it;
// ../shared/corpora/diy-gpu-ptx/refout/, herd-gpu-ptx/expected/): for each
// test, every final state the model allows, as herd prints it:
//
//   Test MP Allowed
//   States 4
//   1:r0=0; 1:r2=0;
//   1:r0=0; 1:r2=1;
//   ...
//   Ok
//   Witnesses
//   Positive: 1 Negative: 3
//   Condition exists (1:r0=1 /\ 1:r2=0)
//   Observation MP Sometimes 1 3
//   Hash=2d2d5924eaf1edd20f4454b0f916a92c
//
// `opcheck compare --against LOG` compares a model's states with these.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "litmus/Observation.h"

namespace opcheck::litmus {

// One "Test NAME KIND" block of herd's output.
struct HerdRun {
  std::string test;
  // One observation per States line (count 1, chip "herd7"), in log order;
  // all name the same registers and locations.
  std::vector<Observation> states;
  std::string hash;         // the "Hash=" line's digest, empty when there is none
  SourcePosition position;  // of the "Test" line
};

// Whether TEXT looks like herd7's output rather than litmus7's: its first
// "Test" line is followed by a "States N" line.
bool isHerdLog(std::string_view text);

// The runs of TEXT, in log order. Throws InputError ("FILE:LINE:COL: error:
// ...") for a malformed log: binary data, an empty file, no "Test" block, a
// "Test" line not followed by "States N", fewer state lines than N, a
// malformed state, a state listed twice or naming other terms than the
// first.
std::vector<HerdRun> readHerdLog(std::string_view text, const std::string& fileName);

}  // namespace opcheck::litmus

// The state-space reductions ptx-op applies, each a rule with an id (RED-1
// in Program.h, RED-2 in LoadRequests.h, RED-3 in InstructionIssue.h, RED-4
// in MemoryOperations.h, RED-5 in StoreBuffer.h, RED-6 in
// SettledLocations.h, RED-7 and RED-8 in QuietLocations.h, RED-9 in
// SettledLocations.h, RED-10 in QuietLocations.h). Each
// must leave the outcomes as they are; --no-reduction turns all of them off,
// so that tests and bench/ can check that it does.
#pragma once

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

namespace opcheck::opsem {

struct Reductions {
  bool deadCacheLines = true;   // RED-1
  bool requestGating = true;    // RED-2
  bool localStepsAlone = true;  // RED-3 (the explorer's partial-order reduction)
  // Steps RED-3 may follow alone:
  bool storesAlone = true;        // RED-4 a store joining its store buffer
  bool bufferDrainsAlone = true;  // RED-5 a store buffer draining
  bool settleCopies = true;       // RED-6 copies of what a CTA will not load again
  bool quietDrainsAlone = true;   // RED-7 an SM queue draining a write no thread will meet
  bool ownedDrainsAlone = true;   // RED-8 the same for a write only its CTA's stores will follow
  bool settleHomeLines = true;    // RED-9 home lines a device will not read again, fetched from memory
  bool memoryDrainsAlone = true;  // RED-10 a device queue draining a write only its device will follow

  static constexpr Reductions none() {
    return {false, false, false, false, false, false, false, false, false, false};
  }
  friend constexpr bool operator==(const Reductions&, const Reductions&) = default;
};

// Each reduction's id and the switch that turns it on, in id order: what
// --no-reduction=LIST reads, and what the help texts list.
struct ReductionRule {
  std::string_view id;
  bool Reductions::*enabled;
};
inline constexpr ReductionRule kReductionRules[] = {
    {"RED-1", &Reductions::deadCacheLines},    {"RED-2", &Reductions::requestGating},
    {"RED-3", &Reductions::localStepsAlone},   {"RED-4", &Reductions::storesAlone},
    {"RED-5", &Reductions::bufferDrainsAlone}, {"RED-6", &Reductions::settleCopies},
    {"RED-7", &Reductions::quietDrainsAlone},  {"RED-8", &Reductions::ownedDrainsAlone},
    {"RED-9", &Reductions::settleHomeLines},   {"RED-10", &Reductions::memoryDrainsAlone},
};

// "RED-1 to RED-10": the ids --no-reduction= takes.
inline std::string reductionIdRange() {
  return std::string(std::begin(kReductionRules)->id) + " to " +
         std::string(std::rbegin(kReductionRules)->id);
}

// Every reduction but those LIST names ("RED-1,RED-3"); nothing when LIST
// names something else.
inline std::optional<Reductions> reductionsWithout(std::string_view list) {
  Reductions reductions;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view id = list.substr(0, comma);
    const auto rule = std::find_if(std::begin(kReductionRules), std::end(kReductionRules),
                                   [&](const ReductionRule& known) { return known.id == id; });
    if (rule == std::end(kReductionRules)) {
      return std::nullopt;
    }
    reductions.*(rule->enabled) = false;
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
  return reductions;
}

}  // namespace opcheck::opsem

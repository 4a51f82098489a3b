// Reads herd's scope trees, "(device (kernel (cta (warp P0)) ...))",
// "(device (cta P0 P1) (cta P2))" and LISA's "(system (gpu (cta P0)))",
// into one placement per thread, and numbers placements the IR's way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "LitmusParser.h"
#include "litmus/Test.h"

namespace opcheck::parser {

// A placement as written: numbers are only names, not yet dense ids. A CTA
// is told apart by (device, kernel, cta), a warp by its CTA and number.
struct RawPlacement {
  std::int64_t device = 0;
  std::int64_t kernel = -1;  // -1: not given
  std::int64_t cta = 0;
  std::int64_t warp = -1;  // -1: not given
};

class ScopeTreeReader {
 public:
  ScopeTreeReader(const std::string& file, std::size_t threads);

  // Reads one top-level tree; throws litmus::InputError on a bad level, a
  // thread outside any cta, an unknown thread or one placed twice.
  void read(LitmusParser::ScopeTreeContext& tree);

  const std::optional<RawPlacement>& placement(std::size_t thread) const { return placements_[thread]; }
  litmus::SourcePosition position(std::size_t thread) const { return positions_[thread]; }

 private:
  void readNode(LitmusParser::ScopeTreeContext& node, int parentLevel, RawPlacement current, bool inCta);

  const std::string& file_;
  std::vector<std::optional<RawPlacement>> placements_;
  std::vector<litmus::SourcePosition> positions_;
  std::int64_t nextNumber_ = 0;
};

// Gives each thread dense device, kernel, cta and warp ids, numbered in the
// order of the first thread (P0, P1, ...) found in each: the same grouping
// written two ways gives the same ids.
void normalizePlacements(const std::vector<RawPlacement>& raw, std::vector<litmus::Thread>& threads);

}  // namespace opcheck::parser

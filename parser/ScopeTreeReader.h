// Reads herd's scope trees, "(device (kernel (cta (warp P0)) ...))",
// opcheck's "(device (cluster (cta P0) (cta P1)))",
// "(device (cta P0 P1) (cta P2))" and LISA's "(system (gpu (cta P0)))",
// into one placement per thread, and numbers placements the IR's way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "litmus/Test.h"
#include "parser/LitmusSyntax.h"

namespace opcheck::parser {

// A placement as written: numbers are only names, not yet dense ids. A CTA
// is told apart by (device, kernel, cta), a warp by its CTA and number.
struct RawPlacement {
  std::int64_t device = 0;
  std::int64_t kernel = -1;   // -1: not given
  std::int64_t cluster = -1;  // -1: not given, the CTA is a cluster of its own
  std::int64_t cta = 0;
  std::int64_t warp = -1;  // -1: not given
};

class ScopeTreeReader {
 public:
  ScopeTreeReader(const std::string& file, std::size_t threads);

  // Reads one top-level tree; throws litmus::InputError on a bad level, a
  // thread outside any cta, an unknown thread or one placed twice.
  void read(const ScopeTreeSyntax& tree);

  const std::optional<RawPlacement>& placement(std::size_t thread) const { return placements_[thread]; }
  litmus::SourcePosition position(std::size_t thread) const { return positions_[thread]; }

 private:
  void readNode(const ScopeTreeSyntax& node, int parentLevel, RawPlacement current, bool inCta);

  const std::string& file_;
  std::vector<std::optional<RawPlacement>> placements_;
  std::vector<litmus::SourcePosition> positions_;
  std::int64_t nextNumber_ = 0;
};

// Throws litmus::InputError at a thread whose CTA another thread puts in a
// different cluster (or in none): a CTA belongs to one cluster (PTX ISA 9.1
// 8.5). A cluster belongs to one device by construction: cluster numbers,
// like cta numbers, count within their gpu.
void checkClusters(const std::string& file, const std::vector<RawPlacement>& raw,
                   const std::vector<std::optional<litmus::SourcePosition>>& positions);

// Gives each thread dense device, kernel, cluster, cta and warp ids, numbered in the
// order of the first thread (P0, P1, ...) found in each: the same grouping
// written two ways gives the same ids.
void normalizePlacements(const std::vector<RawPlacement>& raw, std::vector<litmus::Thread>& threads);

}  // namespace opcheck::parser

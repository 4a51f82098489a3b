#include "parser/ScopeTreeReader.h"

#include <map>
#include <tuple>

#include "litmus/Diagnostic.h"

namespace opcheck::parser {

using litmus::SourcePosition;

namespace {

// Outer levels have smaller numbers; a node holds only deeper levels.
enum Level : int { System = 0, Device = 1, Kernel = 2, Cluster = 3, Cta = 4, Warp = 5 };

std::optional<Level> levelOf(const std::string& word) {
  if (word == "system") return System;
  if (word == "device" || word == "gpu") return Device;
  if (word == "kernel") return Kernel;
  if (word == "cluster") return Cluster;
  if (word == "cta") return Cta;
  if (word == "warp") return Warp;
  return std::nullopt;
}

}  // namespace

ScopeTreeReader::ScopeTreeReader(const std::string& file, std::size_t threads)
    : file_(file), placements_(threads), positions_(threads) {}

void ScopeTreeReader::read(const ScopeTreeSyntax& tree) {
  readNode(tree, -1, RawPlacement{}, /*inCta=*/false);
}

void ScopeTreeReader::readNode(const ScopeTreeSyntax& node, int parentLevel, RawPlacement current,
                               bool inCta) {
  const std::string& word = node.level.text;
  const SourcePosition where = node.level.position;
  const std::optional<Level> level = levelOf(word);
  if (!level) {
    litmus::fail(
        file_, where,
        "unknown scope-tree level '" + word + "' (expected system, device, kernel, cluster, cta or warp)");
  }
  if (*level <= parentLevel) {
    litmus::fail(file_, where, "a scope-tree '" + word + "' cannot stand inside a level at or below it");
  }
  // Every node gets a fresh number, so two ctas never share one.
  const std::int64_t number = nextNumber_++;
  switch (*level) {
    case System:
      break;
    case Device:
      current.device = number;
      break;
    case Kernel:
      current.kernel = number;
      break;
    case Cluster:
      current.cluster = number;
      break;
    case Cta:
      current.cta = number;
      inCta = true;
      break;
    case Warp:
      current.warp = number;
      break;
  }
  for (const ScopeItemSyntax& item : node.items) {
    if (item.subtree) {
      readNode(*item.subtree, *level, current, inCta);
      continue;
    }
    const std::string& name = item.thread.text;
    const SourcePosition at = item.thread.position;
    std::size_t thread = placements_.size();
    if (name.size() > 1 && name[0] == 'P' && name.find_first_not_of("0123456789", 1) == std::string::npos &&
        name.size() < 6) {
      thread = std::stoul(name.substr(1));
    }
    if (thread >= placements_.size()) {
      litmus::fail(file_, at,
                   "scope tree names unknown thread '" + name + "' (the test has " +
                       std::to_string(placements_.size()) + " threads)");
    }
    if (!inCta) {
      litmus::fail(file_, at, "thread " + name + " must be inside a cta in the scope tree");
    }
    if (placements_[thread]) {
      litmus::fail(file_, at, "thread " + name + " is placed twice in the scope tree");
    }
    placements_[thread] = current;
    positions_[thread] = at;
  }
}

void checkClusters(const std::string& file, const std::vector<RawPlacement>& raw,
                   const std::vector<std::optional<SourcePosition>>& positions) {
  std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, std::size_t> firstOfCta;
  for (std::size_t thread = 0; thread < raw.size(); ++thread) {
    const RawPlacement& placement = raw[thread];
    const auto [entry, first] =
        firstOfCta.emplace(std::make_tuple(placement.device, placement.kernel, placement.cta), thread);
    const RawPlacement& other = raw[entry->second];
    if (first || other.cluster == placement.cluster) {
      continue;
    }
    auto clusterText = [](const RawPlacement& p) {
      return p.cluster < 0 ? std::string("no cluster") : "cluster " + std::to_string(p.cluster);
    };
    litmus::fail(file, positions[thread].value_or(SourcePosition{}),
                 "P" + std::to_string(thread) + " puts its CTA in " + clusterText(placement) + ", P" +
                     std::to_string(entry->second) + " puts the same CTA in " + clusterText(other) +
                     ": a CTA belongs to one cluster (PTX ISA 9.1 8.5)");
  }
}

void normalizePlacements(const std::vector<RawPlacement>& raw, std::vector<litmus::Thread>& threads) {
  std::map<std::int64_t, std::int16_t> devices;
  std::map<std::tuple<std::int64_t, std::int64_t>, std::int16_t> kernels;
  // A CTA placed in no cluster is a cluster of its own (the fourth element
  // tells the two kinds of key apart).
  std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t, bool>, std::int16_t> clusters;
  std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, std::int16_t> ctas;
  std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>, std::int16_t> warps;
  auto idFor = [](auto& ids, const auto& key) {
    return ids.emplace(key, static_cast<std::int16_t>(ids.size())).first->second;
  };
  for (std::size_t thread = 0; thread < threads.size(); ++thread) {
    const RawPlacement& placement = raw[thread];
    litmus::ThreadPlacement& normal = threads[thread].placement;
    normal.device = idFor(devices, placement.device);
    normal.kernel = placement.kernel < 0
                        ? litmus::ThreadPlacement::kUnspecified
                        : idFor(kernels, std::make_tuple(placement.device, placement.kernel));
    normal.cluster =
        placement.cluster < 0
            ? idFor(clusters, std::make_tuple(placement.device, placement.kernel, placement.cta, true))
            : idFor(clusters, std::make_tuple(placement.device, placement.kernel, placement.cluster, false));
    normal.cta = idFor(ctas, std::make_tuple(placement.device, placement.kernel, placement.cta));
    normal.warp = placement.warp < 0 ? litmus::ThreadPlacement::kUnspecified
                                     : idFor(warps, std::make_tuple(placement.device, placement.kernel,
                                                                    placement.cta, placement.warp));
  }
}

}  // namespace opcheck::parser

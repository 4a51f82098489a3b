#include "axiomcheck/AxiomExplanation.h"

#include <array>
#include <deque>

namespace opcheck::axiomcheck {

std::vector<ExplainedEdge> shortestCycle(std::span<const NamedRelation> parts) {
  if (parts.empty()) {
    return {};
  }
  const unsigned size = parts.front().relation.size();
  Relation all(size);
  for (const NamedRelation& part : parts) {
    all |= part.relation;
  }
  auto nameOf = [&](unsigned from, unsigned to) {
    for (const NamedRelation& part : parts) {
      if (part.relation.contains(from, to)) {
        return std::string(part.name);
      }
    }
    return std::string();
  };
  // Breadth-first from each event back to itself; the shortest over all
  // starts (at most 64 events, so this is cheap).
  std::vector<unsigned> best;
  for (unsigned start = 0; start < size; ++start) {
    std::array<int, kMaxEvents> parent;
    parent.fill(-1);
    std::deque<unsigned> frontier{start};
    bool found = false;
    unsigned last = start;
    while (!frontier.empty() && !found) {
      const unsigned at = frontier.front();
      frontier.pop_front();
      forEachEvent(all.successors(at), [&](unsigned next) {
        if (found) {
          return;
        }
        if (next == start) {
          found = true;
          last = at;
        } else if (parent[next] < 0) {
          parent[next] = static_cast<int>(at);
          frontier.push_back(next);
        }
      });
    }
    if (!found) {
      continue;
    }
    std::vector<unsigned> path{last};
    while (path.back() != start) {
      path.push_back(static_cast<unsigned>(parent[path.back()]));
    }
    if (best.empty() || path.size() < best.size()) {
      best.assign(path.rbegin(), path.rend());  // start, ..., last
    }
  }
  std::vector<ExplainedEdge> edges;
  for (std::size_t at = 0; at < best.size(); ++at) {
    const unsigned from = best[at];
    const unsigned to = best[(at + 1) % best.size()];
    edges.push_back({from, to, nameOf(from, to)});
  }
  return edges;
}

std::vector<ExplainedEdge> reflexiveComposition(const NamedRelation& first, const NamedRelation& second) {
  const unsigned size = first.relation.size();
  for (unsigned a = 0; a < size; ++a) {
    const EventSet back = first.relation.successors(a) & second.relation.predecessors(a);
    if (back == 0) {
      continue;
    }
    const auto b = static_cast<unsigned>(std::countr_zero(back));
    if (a == b) {
      return {{a, a, std::string(first.name) + "; " + std::string(second.name)}};
    }
    return {{a, b, std::string(first.name)}, {b, a, std::string(second.name)}};
  }
  return {};
}

std::vector<ExplainedEdge> atomicityBreach(const Relation& rmw, const NamedRelation& fr,
                                           const NamedRelation& co) {
  std::vector<ExplainedEdge> edges;
  forEachEvent(rmw.domain(), [&](unsigned read) {
    const auto write = static_cast<unsigned>(std::countr_zero(rmw.successors(read)));
    const EventSet between = fr.relation.successors(read) & co.relation.predecessors(write);
    if (between != 0 && edges.empty()) {
      const auto other = static_cast<unsigned>(std::countr_zero(between));
      edges = {
          {read, write, "rmw"}, {read, other, std::string(fr.name)}, {other, write, std::string(co.name)}};
    }
  });
  return edges;
}

std::optional<AxiomExplanation> explainAxiom(const AxiomaticModel& model, const Execution& execution,
                                             std::size_t axiom) {
  const std::span<const Axiom> axioms = model.axioms();
  if (axiom >= axioms.size()) {
    return std::nullopt;
  }
  std::vector<ExplainedEdge> edges = model.explainBroken(execution, axiom);
  if (edges.empty()) {
    return std::nullopt;
  }
  return AxiomExplanation{std::string(axioms[axiom].name), std::string(axioms[axiom].statement),
                          std::move(edges)};
}

}  // namespace opcheck::axiomcheck

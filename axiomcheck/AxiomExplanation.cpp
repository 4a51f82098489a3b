#include "axiomcheck/AxiomExplanation.h"

#include <array>
#include <deque>

#include "axiomcheck/Models.h"

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

std::optional<AxiomExplanation> explainAxiom(const AxiomaticModel& model, const Execution& execution,
                                             std::size_t axiom) {
  // Each model explains its own axioms, in its own file, with the
  // relations it checks; a model that skips axioms (--skip-axiom) is
  // another instance of the same model, so the name picks the explanation.
  if (const std::optional<PtxVersion> version = ptxVersionOf(model)) {
    return explainPtxAxiom(execution, axiom, *version);
  }
  if (model.name() == rmoModel().name()) {
    return explainRmoAxiom(execution, axiom);
  }
  if (model.name() == scModel().name()) {
    return explainScAxiom(execution, axiom);
  }
  return std::nullopt;
}

}  // namespace opcheck::axiomcheck

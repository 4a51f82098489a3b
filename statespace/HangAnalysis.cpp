#include "statespace/HangAnalysis.h"

#include <algorithm>
#include <unordered_map>

namespace opcheck::statespace {

Hangs analyseHangs(const Fingerprint& initial, const std::vector<Edge>& edges,
                   const std::vector<Fingerprint>& finals) {
  // Number the states, then walk the edges backwards from the final states.
  std::unordered_map<Fingerprint, std::uint32_t, FingerprintHash> index;
  std::vector<Fingerprint> states;
  auto number = [&](const Fingerprint& fingerprint) {
    const auto [it, added] = index.emplace(fingerprint, static_cast<std::uint32_t>(states.size()));
    if (added) {
      states.push_back(fingerprint);
    }
    return it->second;
  };
  number(initial);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> backwards;  // (to, from)
  backwards.reserve(edges.size());
  for (const Edge& edge : edges) {
    const std::uint32_t from = number(edge.from);
    backwards.emplace_back(number(edge.to), from);
  }
  std::sort(backwards.begin(), backwards.end());

  std::vector<bool> canFinish(states.size(), false);
  std::vector<std::uint32_t> work;
  for (const Fingerprint& final : finals) {
    const auto it = index.find(final);
    if (it != index.end() && !canFinish[it->second]) {
      canFinish[it->second] = true;
      work.push_back(it->second);
    }
  }
  while (!work.empty()) {
    const std::uint32_t to = work.back();
    work.pop_back();
    auto range =
        std::equal_range(backwards.begin(), backwards.end(), std::make_pair(to, std::uint32_t{0}),
                         [](const auto& left, const auto& right) { return left.first < right.first; });
    for (auto it = range.first; it != range.second; ++it) {
      if (!canFinish[it->second]) {
        canFinish[it->second] = true;
        work.push_back(it->second);
      }
    }
  }
  Hangs hangs;
  for (std::uint32_t state = 0; state < states.size(); ++state) {
    if (!canFinish[state]) {
      hangs.cannotFinish.push_back(states[state]);
    }
  }
  if (hangs.cannotFinish.empty()) {
    return hangs;
  }

  // Bottom components of the graph among the states that cannot finish
  // (their edges lead only to such states): Tarjan's algorithm, iterative
  // so that a long spin cannot exhaust the stack.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> forwards;  // (from, to)
  forwards.reserve(backwards.size());
  for (const auto& [to, from] : backwards) {
    if (!canFinish[from]) {
      forwards.emplace_back(from, to);
    }
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>>().swap(backwards);
  std::sort(forwards.begin(), forwards.end());
  std::vector<std::size_t> firstEdge(states.size() + 1, 0);
  for (const auto& edge : forwards) {
    ++firstEdge[edge.first + 1];
  }
  for (std::size_t state = 0; state < states.size(); ++state) {
    firstEdge[state + 1] += firstEdge[state];
  }
  constexpr std::uint32_t kUnvisited = ~std::uint32_t{0};
  std::vector<std::uint32_t> order(states.size(), kUnvisited);
  std::vector<std::uint32_t> low(states.size(), 0);
  std::vector<std::uint32_t> component(states.size(), kUnvisited);
  std::vector<std::uint32_t> stack;
  std::vector<std::pair<std::uint32_t, std::size_t>> calls;  // (state, next edge)
  std::vector<bool> bottom;                                  // per component
  std::uint32_t counter = 0;
  for (std::uint32_t root = 0; root < states.size(); ++root) {
    if (canFinish[root] || order[root] != kUnvisited) {
      continue;
    }
    calls.emplace_back(root, firstEdge[root]);
    order[root] = low[root] = counter++;
    stack.push_back(root);
    while (!calls.empty()) {
      auto& [state, next] = calls.back();
      if (next < firstEdge[state + 1]) {
        const std::uint32_t to = forwards[next++].second;
        if (order[to] == kUnvisited) {
          order[to] = low[to] = counter++;
          stack.push_back(to);
          calls.emplace_back(to, firstEdge[to]);
        } else if (component[to] == kUnvisited) {
          low[state] = std::min(low[state], order[to]);
        }
        continue;
      }
      const std::uint32_t done = state;
      calls.pop_back();
      if (!calls.empty()) {
        low[calls.back().first] = std::min(low[calls.back().first], low[done]);
      }
      if (low[done] != order[done]) {
        continue;
      }
      const auto id = static_cast<std::uint32_t>(bottom.size());
      std::uint32_t member;
      do {
        member = stack.back();
        stack.pop_back();
        component[member] = id;
      } while (member != done);
      bottom.push_back(true);
    }
  }
  // A component is at the bottom when no edge leaves it.
  for (const auto& [from, to] : forwards) {
    if (component[from] != component[to]) {
      bottom[component[from]] = false;
    }
  }
  for (std::uint32_t state = 0; state < states.size(); ++state) {
    if (!canFinish[state] && bottom[component[state]]) {
      hangs.ends.push_back(states[state]);
    }
  }
  return hangs;
}

}  // namespace opcheck::statespace

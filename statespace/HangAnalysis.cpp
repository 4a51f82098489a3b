#include "statespace/HangAnalysis.h"

#include <algorithm>
#include <unordered_map>

namespace opcheck::statespace {

std::vector<Fingerprint> statesThatCannotFinish(const Fingerprint& initial, const std::vector<Edge>& edges,
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
  std::vector<Fingerprint> stuck;
  for (std::uint32_t state = 0; state < states.size(); ++state) {
    if (!canFinish[state]) {
      stuck.push_back(states[state]);
    }
  }
  return stuck;
}

}  // namespace opcheck::statespace

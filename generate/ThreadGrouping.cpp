#include "generate/ThreadGrouping.h"

#include <algorithm>

#include "generate/GenerationError.h"

namespace opcheck::generate {

unsigned ThreadGrouping::groupOf(unsigned thread) const {
  for (std::size_t group = 0; group < groups.size(); ++group) {
    if (std::find(groups[group].begin(), groups[group].end(), thread) != groups[group].end()) {
      return static_cast<unsigned>(group);
    }
  }
  return 0;
}

ThreadGrouping parseThreadGrouping(std::string_view text, unsigned threads) {
  const std::string quoted = "'" + std::string(text) + "'";
  ThreadGrouping grouping;
  std::vector<bool> seen(threads, false);
  grouping.groups.emplace_back();
  for (const char character : text) {
    if (character == '_') {
      if (grouping.groups.back().empty()) {
        throw GenerationError("bad grouping " + quoted + ": an empty group");
      }
      grouping.groups.emplace_back();
      continue;
    }
    if (character < '0' || character > '9') {
      throw GenerationError("bad grouping " + quoted +
                            ": write thread numbers with '_' between groups, e.g. 0_12");
    }
    const unsigned thread = static_cast<unsigned>(character - '0');
    if (thread >= threads) {
      throw GenerationError("bad grouping " + quoted + ": the test has " + std::to_string(threads) +
                            " threads, numbered 0 to " + std::to_string(threads - 1));
    }
    if (seen[thread]) {
      throw GenerationError("bad grouping " + quoted + ": thread " + std::to_string(thread) +
                            " is named twice");
    }
    seen[thread] = true;
    grouping.groups.back().push_back(thread);
  }
  if (grouping.groups.back().empty()) {
    throw GenerationError("bad grouping " + quoted + ": an empty group");
  }
  for (unsigned thread = 0; thread < threads; ++thread) {
    if (!seen[thread]) {
      throw GenerationError("bad grouping " + quoted + ": thread " + std::to_string(thread) +
                            " is in no group");
    }
  }
  for (std::vector<unsigned>& group : grouping.groups) {
    std::sort(group.begin(), group.end());
  }
  return grouping;
}

ThreadGrouping separateThreads(unsigned threads) {
  ThreadGrouping grouping;
  for (unsigned thread = 0; thread < threads; ++thread) {
    grouping.groups.push_back({thread});
  }
  return grouping;
}

std::vector<ThreadGrouping> allThreadGroupings(unsigned threads) {
  // Set partitions built thread by thread: each thread joins an existing
  // group or opens a new one.
  std::vector<ThreadGrouping> partial{ThreadGrouping{}};
  for (unsigned thread = 0; thread < threads; ++thread) {
    std::vector<ThreadGrouping> extended;
    for (const ThreadGrouping& grouping : partial) {
      for (std::size_t group = 0; group < grouping.groups.size(); ++group) {
        ThreadGrouping joined = grouping;
        joined.groups[group].push_back(thread);
        extended.push_back(joined);
      }
      ThreadGrouping opened = grouping;
      opened.groups.push_back({thread});
      extended.push_back(opened);
    }
    partial = std::move(extended);
  }
  return partial;
}

std::string cudaLitmusGroupingName(const ThreadGrouping& grouping, unsigned threads) {
  std::vector<std::vector<unsigned>> groups = grouping.groups;
  if (threads <= 3) {
    std::sort(groups.begin(), groups.end(),
              [](const auto& left, const auto& right) { return left.back() < right.back(); });
  } else {
    std::sort(groups.begin(), groups.end(),
              [](const auto& left, const auto& right) { return left.front() < right.front(); });
  }
  std::string name;
  for (const std::vector<unsigned>& group : groups) {
    if (!name.empty()) {
      name += '_';
    }
    for (const unsigned thread : group) {
      name += static_cast<char>('0' + thread);
    }
  }
  if (threads == 4 && name == "0_13_2") {
    return "0_2_13";
  }
  return name;
}

}  // namespace opcheck::generate

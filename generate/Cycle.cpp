#include "generate/Cycle.h"

#include "generate/GenerationError.h"

namespace opcheck::generate {

namespace {

std::vector<std::string> splitWords(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (const char character : text) {
    if (character == ' ' || character == '\t' || character == '\n' || character == '+' || character == ',') {
      if (!word.empty()) {
        words.push_back(word);
        word.clear();
      }
    } else {
      word += character;
    }
  }
  if (!word.empty()) {
    words.push_back(word);
  }
  return words;
}

// A fence written "Fence.sc.gpu" stands between the access the edge before
// it ends at and the one the edge after it starts from, at different
// locations (diy's usual "d" fence edge).
void inferFenceDirections(std::vector<Edge>& edges, const std::vector<std::string>& words) {
  const std::size_t count = edges.size();
  for (std::size_t index = 0; index < count; ++index) {
    Edge& edge = edges[index];
    if (!edge.directionsInferred) {
      continue;
    }
    const Edge& before = edges[(index + count - 1) % count];
    const Edge& after = edges[(index + 1) % count];
    if (count < 2 || before.directionsInferred || after.directionsInferred) {
      throw GenerationError("'" + words[index] +
                            "' takes its directions from the relations around it; write them "
                            "(e.g. " +
                            words[index] + "dWR) when a neighbour has none either");
    }
    edge.source = before.target;
    edge.target = after.source;
    edge.sameLocation = false;
  }
}

}  // namespace

Cycle parseCycle(std::string_view text) {
  const std::vector<std::string> words = splitWords(text);
  if (words.empty()) {
    throw GenerationError("the cycle is empty: give relations such as 'Rfe PodRR Fre PodWW'");
  }
  Cycle cycle;
  for (const std::string& word : words) {
    cycle.edges.push_back(parseRelation(word));
  }
  inferFenceDirections(cycle.edges, words);
  const std::size_t count = cycle.edges.size();
  for (std::size_t index = 0; index < count; ++index) {
    const Edge& edge = cycle.edges[index];
    const Edge& next = cycle.edges[(index + 1) % count];
    if (edge.target != next.source) {
      throw GenerationError("not a cycle: '" + words[index] + "' ends at a " +
                            (edge.target == Direction::Read ? "read" : "write") + " but '" +
                            words[(index + 1) % count] + "' starts from a " +
                            (next.source == Direction::Read ? "read" : "write"));
    }
  }
  std::size_t locationChanges = 0;
  bool communicates = false;
  for (const Edge& edge : cycle.edges) {
    locationChanges += edge.sameLocation ? 0 : 1;
    communicates = communicates || edge.isCommunication();
  }
  // Every "d" edge moves to another location; a single one could never come
  // back to the first (diy7 refuses such cycles too).
  if (locationChanges == 1) {
    throw GenerationError(
        "not a cycle: it changes location once and so never comes back to its first location");
  }
  if (!communicates) {
    throw GenerationError("the cycle has no communication (Rf, Fr, Ws/Co): no thread can observe another");
  }
  return cycle;
}

std::string cycleText(const Cycle& cycle, std::string_view separator) {
  std::string text;
  for (const Edge& edge : cycle.edges) {
    if (!text.empty()) {
      text += separator;
    }
    text += relationName(edge);
  }
  return text;
}

}  // namespace opcheck::generate

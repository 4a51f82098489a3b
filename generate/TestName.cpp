#include "generate/TestName.h"

#include "generate/ClassicShapes.h"

namespace opcheck::generate {

namespace {

bool sameUpToRotation(const std::vector<Edge>& left, const std::vector<Edge>& right) {
  if (left.size() != right.size()) {
    return false;
  }
  const std::size_t count = left.size();
  for (std::size_t shift = 0; shift < count; ++shift) {
    bool same = true;
    for (std::size_t index = 0; index < count && same; ++index) {
      same = left[index] == right[(index + shift) % count];
    }
    if (same) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string diyTestName(const Cycle& cycle) {
  for (const ClassicShape& shape : classicShapes()) {
    if (sameUpToRotation(cycle.edges, parseCycle(shape.cycle).edges)) {
      return std::string(shape.name);
    }
  }
  return cycleText(cycle, "+");
}

}  // namespace opcheck::generate

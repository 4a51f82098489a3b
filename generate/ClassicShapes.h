// The classic litmus shapes as diy7 cycles (diy7 manual's and herd's
// catalogue names; the cycles are the ones diy7 prints in a test's
// documentation line, e.g. MP is "PodWW Rfe PodRR Fre").
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace opcheck::generate {

struct ClassicShape {
  std::string_view name;
  std::string_view cycle;
  std::string_view meaning;
};

std::span<const ClassicShape> classicShapes();

// The shape called NAME (case-insensitive), if any.
std::optional<ClassicShape> findClassicShape(std::string_view name);

}  // namespace opcheck::generate

#include "generate/ClassicShapes.h"

#include <cctype>

namespace opcheck::generate {

namespace {

// Sources: the diy7 manual (herd.inria.fr/doc/gen.html, "Classical
// patterns") and the test names of herd's catalogue; cycles written with
// diy7's relation names, each thread's accesses in program order.
constexpr ClassicShape kShapes[] = {
    {"MP", "PodWW Rfe PodRR Fre", "message passing"},
    {"SB", "PodWR Fre PodWR Fre", "store buffering"},
    {"LB", "PodRW Rfe PodRW Rfe", "load buffering"},
    {"S", "PodWW Rfe PodRW Wse", ""},
    {"R", "PodWW Wse PodWR Fre", ""},
    {"2+2W", "PodWW Wse PodWW Wse", "two writers, two locations"},
    {"IRIW", "Rfe PodRR Fre Rfe PodRR Fre", "independent reads of independent writes"},
    {"ISA2", "PodWW Rfe PodRW Rfe PodRR Fre", ""},
    {"WRC", "Rfe PodRW Rfe PodRR Fre", "write-to-read causality"},
    {"RWC", "Rfe PodRR Fre PodWR Fre", "read-to-write causality"},
    {"WWC", "Rfe PodRW Rfe PodRW Wse", "write-to-write causality"},
    {"WRW+2W", "Rfe PodRW Wse PodWW Wse", ""},
    {"3.2W", "PodWW Wse PodWW Wse PodWW Wse", ""},
    {"Z6.3", "PodWW Wse PodWW Rfe PodRR Fre", ""},
    {"3.SB", "PodWR Fre PodWR Fre PodWR Fre", ""},
    {"3.LB", "PodRW Rfe PodRW Rfe PodRW Rfe", ""},
    {"W+RWC", "PodWW Rfe PodRR Fre PodWR Fre", ""},
    {"CoRR", "Rfe PosRR Fre", "coherence of two reads"},
};

}  // namespace

std::span<const ClassicShape> classicShapes() { return kShapes; }

std::optional<ClassicShape> findClassicShape(std::string_view name) {
  for (const ClassicShape& shape : kShapes) {
    if (shape.name.size() != name.size()) {
      continue;
    }
    bool same = true;
    for (std::size_t index = 0; index < name.size() && same; ++index) {
      same = std::tolower(static_cast<unsigned char>(shape.name[index])) ==
             std::tolower(static_cast<unsigned char>(name[index]));
    }
    if (same) {
      return shape;
    }
  }
  return std::nullopt;
}

}  // namespace opcheck::generate

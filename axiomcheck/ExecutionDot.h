// A candidate execution as a Graphviz DOT picture (docs/graphs.md), in the
// look herd7 gives its pictures: events named a, b, c... and labelled
// "a: W.rlx.gpu x=1", one box per thread inside its CTA's box inside its
// GPU's box, program order down each thread, and the relations as coloured
// edges: po black, rf red, co blue, fr orange, rmw brown, the Fence-SC
// order (sc) purple, dependencies green, barrier synchronization (bar)
// teal. The edges that show why an axiom fails (AxiomExplanation.h) are
// drawn bold, and the axiom is named in the caption.
//
// co, po and sc are drawn reduced (only edges no shorter path implies),
// and fr only to the first writes after the one read, as herd draws them;
// a bold edge is drawn whole.
#pragma once

#include <string>
#include <vector>

#include "axiomcheck/AxiomExplanation.h"
#include "axiomcheck/Execution.h"

namespace opcheck::axiomcheck {

// Two events drawn joined by a crimson, dashed double arrow with LABEL: a
// data race of the execution (opcheck races -o, docs/races.md).
struct MarkedPair {
  unsigned first = 0;
  unsigned second = 0;
  std::string label;
};

struct DotPicture {
  std::string name;                      // the graph's name (the test's)
  std::vector<std::string> caption;      // lines above the picture
  std::vector<AxiomExplanation> broken;  // drawn bold, each named in the caption
  std::vector<std::string> alsoBroken;   // axioms broken too, named after those
  std::vector<MarkedPair> marked;        // pairs drawn apart from the relations
};

// herd's name of EVENT: a, b, ..., z, then ba, bb, ...; "init x" for the
// initial write of x.
std::string eventName(const Execution& execution, unsigned event);

// herd's label of EVENT without its name: "W.rlx.gpu x=1", "F.sc.cta".
std::string eventLabel(const Execution& execution, unsigned event);

std::string executionDot(const Execution& execution, const DotPicture& picture);

// PICTURE with the first of BROKEN (indices into MODEL.axioms()) explained
// in bold and the others named in the caption: one cycle at a time reads
// better than several tangled.
DotPicture withBrokenAxioms(DotPicture picture, const AxiomaticModel& model, const Execution& execution,
                            const std::vector<std::size_t>& broken);

}  // namespace opcheck::axiomcheck

// A candidate execution as a Graphviz DOT picture (docs/graphs.md), in the
// look herd7 gives its pictures: events named a, b, c... and labelled with
// their instruction's qualifiers as written ("a: W.rlx.gpu x=1",
// "b: R.ca x=0", "c: membar.gl"), one box per thread inside its CTA's box
// inside its cluster's (when the test has clusters) inside its GPU's, the
// threads in order left to right, program order down each thread, and the
// relations as coloured edges in herd7 2015's colours where herd has the
// relation (po black, rf red, co brown, fr orange, dependencies indigo),
// rmw gold, the Fence-SC order (sc) purple, barrier synchronization (bar)
// teal. Edges joining the same two events are merged into one, labels
// joined ("rf,co"), as herd merges them. The edges that show why an axiom
// fails (AxiomExplanation.h) are drawn bold, and the axiom is named in the
// caption.
//
// co, po and sc are drawn reduced (only edges no shorter path implies),
// and fr only to the first writes after the one read, as herd draws them;
// a bold edge is drawn whole.
#pragma once

#include <cstdint>
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

// Which events a picture shows (herd7's -showevents): every one, or the
// memory accesses alone (fences and barriers left out, with their edges;
// herd's "mem").
enum class ShownEvents : std::uint8_t { All, Memory };

// How the threads are laid out (herd7's -graph): in the boxes of their
// scopes (herd's "cluster"), in a column each with no scope boxes
// ("columns"), or wherever Graphviz puts them ("free": no boxes, and no
// order among the threads).
enum class GraphLayout : std::uint8_t { Cluster, Columns, Free };

struct DotStyle {
  ShownEvents events = ShownEvents::All;
  GraphLayout layout = GraphLayout::Cluster;
  bool mono = false;  // every edge black, told apart by its label (herd7's -mono)
};

struct DotPicture {
  std::string name;                      // the graph's name (the test's)
  std::vector<std::string> caption;      // lines above the picture
  std::vector<AxiomExplanation> broken;  // drawn bold, each named in the caption
  std::vector<std::string> alsoBroken;   // axioms broken too, named after those
  std::vector<MarkedPair> marked;        // pairs drawn apart from the relations
  DotStyle style;
};

// herd's name of EVENT: a, b, ..., z, then ba, bb, ...; "init x" for the
// initial write of x.
std::string eventName(const Execution& execution, unsigned event);

// herd's label of EVENT without its name: "W.rlx.gpu x=1", "F.sc.cta",
// "R.ca x=0", "membar.gl", "B.arrive.rel.cluster".
std::string eventLabel(const Execution& execution, unsigned event);

std::string executionDot(const Execution& execution, const DotPicture& picture);

// PICTURE with the first of BROKEN (indices into MODEL.axioms()) explained
// in bold and the others named in the caption: one cycle at a time reads
// better than several tangled.
DotPicture withBrokenAxioms(DotPicture picture, const AxiomaticModel& model, const Execution& execution,
                            const std::vector<std::size_t>& broken);

}  // namespace opcheck::axiomcheck

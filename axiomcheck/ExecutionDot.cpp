#include "axiomcheck/ExecutionDot.h"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <set>
#include <string_view>

#include "axiomcheck/DataRaces.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/FinalState.h"

namespace opcheck::axiomcheck {

namespace {

// herd7 2015's colours where herd has the relation (its Pretty.ml: rf red,
// co brown, fr #ffa040, po black, dependencies indigo); the others chosen to
// stay apart from those.
struct EdgeStyle {
  const char* relation;
  const char* colour;
  const char* style;
};

constexpr EdgeStyle kStyles[] = {
    {"po", "black", "solid"},     {"rf", "red", "solid"},       {"co", "brown", "solid"},
    {"fr", "#ffa040", "solid"},   {"rmw", "goldenrod", "bold"}, {"sc", "purple", "solid"},
    {"data", "indigo", "dashed"}, {"addr", "indigo", "dashed"}, {"ctrl", "indigo", "dashed"},
    {"bar", "teal", "solid"},
};

// Where the colour of an explanation's edge comes from: its relation, or
// that relation's external part (rmo's rfe, coe, fre).
const EdgeStyle* styleOf(const std::string& relation) {
  for (const EdgeStyle& style : kStyles) {
    if (relation == style.relation || relation == std::string(style.relation) + "e") {
      return &style;
    }
  }
  return nullptr;
}

std::string quoted(const std::string& text) {
  std::string result = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      result += '\\';
    }
    if (c == '\n') {
      result += "\\n";
      continue;
    }
    result += c;
  }
  return result + "\"";
}

// Text for an HTML-like Graphviz label.
std::string escapedHtml(const std::string& text) {
  std::string result;
  for (const char c : text) {
    switch (c) {
      case '<':
        result += "&lt;";
        break;
      case '>':
        result += "&gt;";
        break;
      case '&':
        result += "&amp;";
        break;
      default:
        result += c;
    }
  }
  return result;
}

std::string nodeId(unsigned event) { return "e" + std::to_string(event); }

const char* semanticsText(litmus::Semantics semantics) {
  switch (semantics) {
    case litmus::Semantics::Weak:
      return "";
    case litmus::Semantics::Relaxed:
      return ".rlx";
    case litmus::Semantics::Acquire:
      return ".acq";
    case litmus::Semantics::Release:
      return ".rel";
    case litmus::Semantics::AcquireRelease:
      return ".acq_rel";
    case litmus::Semantics::SequentiallyConsistent:
      return ".sc";
  }
  return "";
}

const char* scopeText(litmus::Scope scope) {
  switch (scope) {
    case litmus::Scope::None:
      return "";
    case litmus::Scope::Cta:
      return ".cta";
    case litmus::Scope::Cluster:
      return ".cluster";
    case litmus::Scope::Gpu:
      return ".gpu";
    case litmus::Scope::System:
      return ".sys";
  }
  return "";
}

// R minus the pairs R; R implies: the edges a reader needs of a transitive
// order.
Relation reduced(const Relation& relation) { return relation - relation.then(relation.closure()); }

struct Edge {
  unsigned from;
  unsigned to;
  std::string relation;
  std::string colour;
  std::string style;
  bool bold = false;
  std::string axiom;    // the axiom a bold edge explains
  bool marked = false;  // a MarkedPair: dashed, both ends arrowed
  // Plain edges merged into this one (herd's edge merging): their
  // relations and colours, this edge's first.
  std::vector<std::pair<std::string, std::string>> merged;
};

// Merges the plain edges that join the same two events into the first of
// them, as herd draws "rf,co" on one edge rather than two edges whose
// labels collide. Bold and marked edges stay apart: each says something
// of its own.
std::vector<Edge> mergedEdges(std::vector<Edge> edges) {
  std::vector<Edge> result;
  std::map<std::pair<unsigned, unsigned>, std::size_t> plain;
  for (Edge& edge : edges) {
    if (edge.bold || edge.marked) {
      result.push_back(std::move(edge));
      continue;
    }
    const auto [at, added] = plain.try_emplace({edge.from, edge.to}, result.size());
    if (added) {
      edge.merged.emplace_back(edge.relation, edge.colour);
      result.push_back(std::move(edge));
      continue;
    }
    Edge& into = result[at->second];
    into.merged.emplace_back(edge.relation, edge.colour);
    into.relation += "," + edge.relation;
    into.style = into.style == "solid" ? edge.style : into.style;
  }
  return result;
}

// The label of EDGE: its relation in its colour, or the merged relations
// each in its own (an HTML-like label, as herd writes them).
std::string edgeLabel(const Edge& edge) {
  if (edge.merged.size() <= 1) {
    return quoted(edge.relation);
  }
  std::string label = "<";
  for (std::size_t index = 0; index < edge.merged.size(); ++index) {
    label += (index == 0 ? "" : ",") + std::string("<font color=\"") + edge.merged[index].second + "\">" +
             escapedHtml(edge.merged[index].first) + "</font>";
  }
  return label + ">";
}

// The colour list of EDGE: one line per merged relation ("red:brown").
std::string edgeColour(const Edge& edge) {
  if (edge.merged.size() <= 1) {
    return edge.colour;
  }
  std::vector<std::string_view> distinct;
  std::string colours;
  for (const auto& [relation, colour] : edge.merged) {
    if (std::find(distinct.begin(), distinct.end(), colour) == distinct.end()) {
      distinct.push_back(colour);
      colours += (colours.empty() ? "" : ":") + colour;
    }
  }
  return colours;
}

}  // namespace

std::string eventName(const Execution& x, unsigned event) {
  if (x.events[event].initial) {
    return "init " + x.test->locations[x.events[event].location].name;
  }
  unsigned index = 0;
  for (unsigned other = 0; other < event; ++other) {
    index += x.events[other].initial ? 0 : 1;
  }
  // a..z, then ba, bb, ...: distinct and short, as herd's are.
  std::string name;
  do {
    name.insert(name.begin(), static_cast<char>('a' + index % 26));
    index /= 26;
  } while (index > 0);
  return name;
}

std::string eventLabel(const Execution& x, unsigned event) {
  const Event& e = x.events[event];
  const litmus::Test& test = *x.test;
  if (e.initial) {
    return test.locations[e.location].name + "=" + litmus::formatHerdValue(test, x.values[event]);
  }
  const litmus::Instruction& instruction = instructionAt(x, instructionOf(x, event));
  std::string label;
  switch (e.kind) {
    case EventKind::Read:
      label = e.atomic ? "R*" : "R";
      break;
    case EventKind::Write:
      label = e.atomic ? "W*" : "W";
      break;
    case EventKind::Fence:
      if (instruction.writtenAsMembar) {
        return std::string(litmus::membarSpelling(e.scope));
      }
      label = "F";
      if (e.proxyFence) {
        label += ".proxy." + std::string(litmus::spelling(e.proxy));
      }
      break;
    case EventKind::BarrierArrive:
      label = "B.arrive";
      break;
    case EventKind::BarrierWait:
      label = "B.wait";
      break;
  }
  // herd's "R.ca x=0": the cache operator as written, after the kind.
  if (e.isMemory() && instruction.cacheOperator != litmus::CacheOperator::None) {
    label += "." + std::string(litmus::spelling(instruction.cacheOperator));
  }
  label += semanticsText(e.semantics);
  label += scopeText(e.scope);
  if (e.isMemory()) {
    label += " " + test.locations[e.location].name + "=" + litmus::formatHerdValue(test, x.values[event]);
  }
  return label;
}

namespace {

// The events PICTURE draws: every one, or (herd's -showevents mem) the
// initial writes and the memory accesses.
EventSet shownEvents(const Execution& x, const DotStyle& style) {
  EventSet shown = firstEvents(x.size);
  if (style.events == ShownEvents::Memory) {
    for (unsigned event = 0; event < x.size; ++event) {
      if (!x.events[event].initial && !x.events[event].isMemory()) {
        shown &= ~eventBit(event);
      }
    }
  }
  return shown;
}

// Whether the test places CTAs in clusters of their own choosing: a
// cluster of several CTAs, or an event of .cluster scope (PTX ISA 9.1 8.5);
// otherwise each CTA is its own cluster and a box for it says nothing.
bool drawsClusters(const Execution& x) {
  std::map<int, std::set<int>> ctasOfCluster;
  for (const litmus::Thread& thread : x.test->threads) {
    ctasOfCluster[thread.placement.cluster].insert(thread.placement.cta);
  }
  for (const auto& [cluster, ctas] : ctasOfCluster) {
    if (ctas.size() > 1) {
      return true;
    }
  }
  for (unsigned event = 0; event < x.size; ++event) {
    if (x.events[event].scope == litmus::Scope::Cluster) {
      return true;
    }
  }
  return false;
}

// Opens the Graphviz cluster ID (a box) at INDENT with LABEL and
// ATTRIBUTES, a line each; the caller closes it.
void openBox(std::string& dot, const std::string& indent, const std::string& id, const std::string& label,
             std::initializer_list<std::string_view> attributes) {
  dot.append(indent).append("subgraph ").append(id).append(" {\n");
  dot.append(indent).append("  label=").append(quoted(label)).append(";\n");
  for (const std::string_view attribute : attributes) {
    dot.append(indent).append("  ").append(attribute).append(";\n");
  }
}

// The boxes of the threads, GPU > cluster > CTA > thread, each level in
// the order of its number (the order dot keeps when nothing else decides).
void appendThreadBoxes(std::string& dot, const Execution& x, EventSet shown, const DotStyle& style) {
  const litmus::Test& test = *x.test;
  const auto threadBox = [&](std::size_t thread, const std::string& indent) {
    const bool box = style.layout != GraphLayout::Free;
    if (box) {
      openBox(dot, indent, "cluster_p" + std::to_string(thread), "P" + std::to_string(thread),
              {"style=\"filled\"", "fillcolor=\"#f4f4f4\"", "color=gray80"});
    }
    forEachEvent(x.threadEvents[thread] & shown, [&](unsigned event) {
      dot += indent + (box ? "  " : "") + nodeId(event) +
             " [label=" + quoted(eventName(x, event) + ": " + eventLabel(x, event)) + ", tooltip=" +
             quoted(litmus::printInstruction(test, thread, instructionAt(x, instructionOf(x, event)))) +
             "];\n";
    });
    if (box) {
      dot += indent + "}\n";
    }
  };
  if (style.layout != GraphLayout::Cluster) {
    for (std::size_t thread = 0; thread < x.paths.size(); ++thread) {
      threadBox(thread, "  ");
    }
    return;
  }
  const bool clusters = drawsClusters(x);
  std::map<int, std::map<int, std::map<int, std::vector<std::size_t>>>> byPlace;
  for (std::size_t thread = 0; thread < x.paths.size(); ++thread) {
    const litmus::ThreadPlacement& placement = test.threads[thread].placement;
    byPlace[placement.device][clusters ? placement.cluster : -1][placement.cta].push_back(thread);
  }
  for (const auto& [device, clustersOfGpu] : byPlace) {
    openBox(dot, "  ", "cluster_gpu" + std::to_string(device), "GPU " + std::to_string(device),
            {"style=dashed", "color=gray40"});
    for (const auto& [cluster, ctas] : clustersOfGpu) {
      std::string indent = "    ";
      if (cluster >= 0) {
        openBox(dot, indent, "cluster_cluster" + std::to_string(cluster),
                "cluster " + std::to_string(cluster), {"style=dotted", "color=gray40"});
        indent += "  ";
      }
      for (const auto& [cta, threads] : ctas) {
        openBox(dot, indent, "cluster_cta" + std::to_string(cta), "CTA " + std::to_string(cta),
                {"style=\"rounded\"", "color=gray60"});
        for (const std::size_t thread : threads) {
          threadBox(thread, indent + "  ");
        }
        dot += indent + "}\n";
      }
      if (cluster >= 0) {
        dot += "    }\n";
      }
    }
    dot += "  }\n";
  }
}

}  // namespace

std::string executionDot(const Execution& x, const DotPicture& picture) {
  const DotStyle& style = picture.style;
  const EventSet shown = shownEvents(x, style);
  std::vector<Edge> edges;
  auto addEdges = [&](const Relation& relation, const char* name) {
    const EdgeStyle* edgeStyle = styleOf(name);
    for (unsigned from = 0; from < x.size; ++from) {
      forEachEvent(relation.successors(from), [&](unsigned to) {
        edges.push_back({from, to, name, edgeStyle->colour, edgeStyle->style, false, "", false, {}});
      });
    }
  };
  const EventSet events = firstEvents(x.size);
  // po between the events shown: a hidden fence's neighbours are joined.
  addEdges(reduced(x.po.restricted(shown, shown)), "po");
  addEdges(x.rmw, "rmw");
  addEdges(x.data.restricted(shown, shown), "data");
  addEdges(x.address.restricted(shown, shown), "addr");
  addEdges(x.control.restricted(shown, shown), "ctrl");
  addEdges(x.rf, "rf");
  // co between a thread's writes and others; from the initial write only
  // where no other write precedes (herd leaves those out: they are implied).
  addEdges(reduced(x.co).restricted(events & ~x.initialWrites, events), "co");
  const Relation fr = x.fromRead();
  addEdges(fr - fr.then(x.co), "fr");
  addEdges(reduced(x.fenceScOrder).restricted(shown, shown), "sc");
  addEdges(x.barrierSync.restricted(shown, shown), "bar");

  // The explanations: an edge already drawn becomes bold; any other (a
  // derived relation such as cause, or a pair the reduction left out) is
  // added, bold. They are drawn whatever the events shown: an explanation
  // through a hidden fence still needs its fence.
  EventSet drawn = shown;
  for (const AxiomExplanation& explanation : picture.broken) {
    for (const ExplainedEdge& explained : explanation.edges) {
      drawn |= eventBit(explained.from) | eventBit(explained.to);
      const EdgeStyle* edgeStyle = styleOf(explained.relation);
      bool found = false;
      for (Edge& edge : edges) {
        if (edge.from == explained.from && edge.to == explained.to && edgeStyle != nullptr &&
            edge.relation == edgeStyle->relation) {
          edge.bold = true;
          edge.relation = explained.relation;
          edge.axiom = explanation.axiom;
          found = true;
        }
      }
      if (!found) {
        edges.push_back({explained.from,
                         explained.to,
                         explained.relation,
                         edgeStyle ? edgeStyle->colour : "crimson",
                         "solid",
                         true,
                         explanation.axiom,
                         false,
                         {}});
      }
    }
  }

  for (const MarkedPair& pair : picture.marked) {
    drawn |= eventBit(pair.first) | eventBit(pair.second);
    edges.push_back({pair.first, pair.second, pair.label, "crimson", "dashed", false, "", true, {}});
  }
  edges = mergedEdges(std::move(edges));

  // The initial writes drawn: those an edge touches.
  EventSet shownInitial = 0;
  for (const Edge& edge : edges) {
    shownInitial |= (eventBit(edge.from) | eventBit(edge.to)) & x.initialWrites;
  }
  drawn |= shownInitial;

  std::string dot = "digraph " + quoted(picture.name) + " {\n";
  dot += "  rankdir=TB;\n  fontname=\"Helvetica\";\n  labelloc=t;\n";
  std::vector<std::string> caption = picture.caption;
  for (const AxiomExplanation& explanation : picture.broken) {
    caption.push_back("breaks " + explanation.axiom + ": " + explanation.statement + " (bold edges)");
  }
  if (!picture.alsoBroken.empty()) {
    std::string names;
    for (const std::string& name : picture.alsoBroken) {
      names += (names.empty() ? "" : ", ") + name;
    }
    caption.push_back((picture.broken.empty() ? "breaks " : "also breaks ") + names);
  }
  std::string label;
  for (const std::string& line : caption) {
    label += (label.empty() ? "" : "\n") + line;
  }
  dot += "  label=" + quoted(label) + ";\n";
  dot +=
      "  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\", fontsize=12];\n";
  dot += "  edge [fontname=\"Helvetica\", fontsize=10];\n";

  if (shownInitial != 0) {
    dot += "  subgraph cluster_init {\n    label=\"initial state\";\n    style=dotted;\n";
    forEachEvent(shownInitial, [&](unsigned event) {
      dot += "    " + nodeId(event) + " [label=" + quoted(eventLabel(x, event)) +
             ", shape=plaintext, style=\"\", fontcolor=\"#a00000\"];\n";
    });
    dot += "  }\n";
  }
  appendThreadBoxes(dot, x, drawn & ~x.initialWrites, style);

  // The threads in order, left to right: an invisible point above
  // everything keeps the order of its out-edges (ordering=out), which go
  // to the initial writes and then to each thread's first event, one rank
  // lower. Ranks then follow po alone (no other edge constrains them), so
  // the i-th events of the threads line up as in herd's pictures without
  // rank=same, which Graphviz 2.43 cannot always combine with clusters and
  // edges inside a rank ("trouble in init_rank").
  if (style.layout != GraphLayout::Free) {
    dot += "  order [shape=point, style=invis, ordering=out];\n";
    forEachEvent(shownInitial,
                 [&](unsigned event) { dot += "  order -> " + nodeId(event) + " [style=invis];\n"; });
    for (std::size_t thread = 0; thread < x.threadEvents.size(); ++thread) {
      const EventSet threadShown = x.threadEvents[thread] & drawn;
      if (threadShown != 0) {
        dot += "  order -> " + nodeId(static_cast<unsigned>(std::countr_zero(threadShown))) +
               " [style=invis" + (shownInitial != 0 ? ", minlen=2" : "") + "];\n";
      }
    }
  }

  // An event's rank: its place among its thread's events drawn.
  auto rankOf = [&](unsigned event) {
    const auto thread = static_cast<std::size_t>(x.events[event].thread);
    return std::popcount(x.threadEvents[thread] & drawn & (eventBit(event) - 1));
  };
  for (const Edge& edge : edges) {
    // Only po shapes the layout: rf, co, fr cross threads and would pull
    // rows apart.
    const bool layout = edge.relation == "po" || edge.relation.starts_with("po,");
    // An edge within one rank (the i-th events of two threads) gets an
    // xlabel: Graphviz 2.43 loses such edges when they carry a label and
    // join clusters ("lost edge"), and fails. Elsewhere a label reads better.
    const bool flat = !contains(x.initialWrites, edge.from) && !contains(x.initialWrites, edge.to) &&
                      edge.from != edge.to && rankOf(edge.from) == rankOf(edge.to);
    const std::string colour = style.mono ? "black" : edgeColour(edge);
    const std::string text = style.mono ? quoted(edge.relation) : edgeLabel(edge);
    dot += "  " + nodeId(edge.from) + " -> " + nodeId(edge.to) + (flat ? " [xlabel=" : " [label=") + text +
           ", color=" + quoted(colour) + ", fontcolor=" + quoted(style.mono ? "black" : edge.colour);
    if (edge.bold) {
      dot += ", penwidth=3, style=bold, tooltip=" + quoted(edge.relation + " (" + edge.axiom + ")");
    } else if (edge.marked) {
      dot += ", penwidth=2, style=\"bold,dashed\", dir=both";
    } else if (edge.style != "solid") {
      dot += ", style=" + edge.style;
    }
    if (!layout) {
      dot += ", constraint=false";
    }
    dot += "];\n";
  }
  dot += "}\n";
  return dot;
}

DotPicture withBrokenAxioms(DotPicture picture, const AxiomaticModel& model, const Execution& execution,
                            const std::vector<std::size_t>& broken) {
  if (broken.empty()) {
    return picture;
  }
  if (std::optional<AxiomExplanation> explanation = explainAxiom(model, execution, broken.front())) {
    picture.broken.push_back(std::move(*explanation));
  }
  for (std::size_t at = picture.broken.empty() ? 0 : 1; at < broken.size(); ++at) {
    picture.alsoBroken.emplace_back(model.axioms()[broken[at]].name);
  }
  return picture;
}

}  // namespace opcheck::axiomcheck

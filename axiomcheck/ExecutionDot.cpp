#include "axiomcheck/ExecutionDot.h"

#include <algorithm>
#include <map>
#include <set>

#include "litmus/CanonicalPrinter.h"
#include "litmus/FinalState.h"

namespace opcheck::axiomcheck {

namespace {

// herd's colours where herd has one; the others chosen to stay apart.
struct EdgeStyle {
  const char* relation;
  const char* colour;
  const char* style;
};

constexpr EdgeStyle kStyles[] = {
    {"po", "black", "solid"},        {"rf", "red", "solid"},          {"co", "blue", "solid"},
    {"fr", "#ffa040", "solid"},      {"rmw", "saddlebrown", "bold"},  {"sc", "purple", "solid"},
    {"data", "darkgreen", "dashed"}, {"addr", "darkgreen", "dashed"}, {"ctrl", "darkgreen", "dashed"},
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
};

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
  std::string label;
  switch (e.kind) {
    case EventKind::Read:
      label = e.atomic ? "R*" : "R";
      break;
    case EventKind::Write:
      label = e.atomic ? "W*" : "W";
      break;
    case EventKind::Fence:
      label = "F";
      break;
    case EventKind::BarrierArrive:
      return "B.arrive";
    case EventKind::BarrierWait:
      return "B.wait";
  }
  label += semanticsText(e.semantics);
  label += scopeText(e.scope);
  if (e.isMemory()) {
    label += " " + test.locations[e.location].name + "=" + litmus::formatHerdValue(test, x.values[event]);
  }
  return label;
}

std::string executionDot(const Execution& x, const DotPicture& picture) {
  const litmus::Test& test = *x.test;
  std::vector<Edge> edges;
  auto addEdges = [&](const Relation& relation, const char* name) {
    const EdgeStyle* style = styleOf(name);
    for (unsigned from = 0; from < x.size; ++from) {
      forEachEvent(relation.successors(from), [&](unsigned to) {
        edges.push_back({from, to, name, style->colour, style->style, false, ""});
      });
    }
  };
  const EventSet events = firstEvents(x.size);
  addEdges(reduced(x.po), "po");
  addEdges(x.rmw, "rmw");
  addEdges(x.data, "data");
  addEdges(x.address, "addr");
  addEdges(x.control, "ctrl");
  addEdges(x.rf, "rf");
  // co between a thread's writes and others; from the initial write only
  // where no other write precedes (herd leaves those out: they are implied).
  addEdges(reduced(x.co).restricted(events & ~x.initialWrites, events), "co");
  const Relation fr = x.fromRead();
  addEdges(fr - fr.then(x.co), "fr");
  addEdges(reduced(x.fenceScOrder), "sc");
  addEdges(x.barrierSync, "bar");

  // The explanations: an edge already drawn becomes bold; any other (a
  // derived relation such as cause, or a pair the reduction left out) is
  // added, bold.
  for (const AxiomExplanation& explanation : picture.broken) {
    for (const ExplainedEdge& explained : explanation.edges) {
      const EdgeStyle* style = styleOf(explained.relation);
      bool found = false;
      for (Edge& edge : edges) {
        if (edge.from == explained.from && edge.to == explained.to && style != nullptr &&
            edge.relation == style->relation) {
          edge.bold = true;
          edge.relation = explained.relation;
          edge.axiom = explanation.axiom;
          found = true;
        }
      }
      if (!found) {
        edges.push_back({explained.from, explained.to, explained.relation, style ? style->colour : "crimson",
                         "solid", true, explanation.axiom});
      }
    }
  }

  for (const MarkedPair& pair : picture.marked) {
    edges.push_back({pair.first, pair.second, pair.label, "crimson", "dashed", false, "", true});
  }

  // The initial writes drawn: those an edge touches.
  EventSet shownInitial = 0;
  for (const Edge& edge : edges) {
    shownInitial |= (eventBit(edge.from) | eventBit(edge.to)) & x.initialWrites;
  }

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

  // GPU > CTA > thread boxes.
  std::map<int, std::map<int, std::vector<std::size_t>>> byPlace;
  for (std::size_t thread = 0; thread < x.paths.size(); ++thread) {
    const litmus::ThreadPlacement& placement = test.threads[thread].placement;
    byPlace[placement.device][placement.cta].push_back(thread);
  }
  // In the threads' order: dot keeps the order clusters are declared in
  // when edges do not decide, so P0 is usually on the left, as in herd.
  for (const auto& [device, ctas] : byPlace) {
    dot += "  subgraph cluster_gpu" + std::to_string(device) + " {\n    label=\"GPU " +
           std::to_string(device) + "\";\n    style=dashed;\n    color=gray40;\n";
    for (const auto& [cta, threads] : ctas) {
      dot += "    subgraph cluster_cta" + std::to_string(cta) + " {\n      label=\"CTA " +
             std::to_string(cta) + "\";\n      style=\"rounded\";\n      color=gray60;\n";
      for (const std::size_t thread : threads) {
        dot += "      subgraph cluster_p" + std::to_string(thread) + " {\n        label=\"P" +
               std::to_string(thread) + "\";\n        style=\"filled\";\n        fillcolor=\"#f4f4f4\";\n" +
               "        color=gray80;\n";
        forEachEvent(x.threadEvents[thread], [&](unsigned event) {
          const Event& e = x.events[event];
          const auto& instruction =
              test.threads[thread].instructions[x.paths[thread]->events[e.pathEvent].instruction];
          dot += "        " + nodeId(event) +
                 " [label=" + quoted(eventName(x, event) + ": " + eventLabel(x, event)) +
                 ", tooltip=" + quoted(litmus::printInstruction(test, thread, instruction)) + "];\n";
        });
        dot += "      }\n";
      }
      dot += "    }\n";
    }
    dot += "  }\n";
  }
  // The initial state above the threads, each thread's first event a rank
  // below it. Ranks then follow po alone (no other edge constrains them),
  // so the i-th events of the threads line up as in herd's pictures without
  // rank=same, which Graphviz 2.43 cannot always combine with clusters and
  // edges inside a rank ("trouble in init_rank").
  if (shownInitial != 0) {
    const auto above = static_cast<unsigned>(std::countr_zero(shownInitial));
    for (std::size_t thread = 0; thread < x.threadEvents.size(); ++thread) {
      if (x.threadEvents[thread] != 0) {
        dot += "  " + nodeId(above) + " -> " + nodeId(x.firstEvent[thread]) + " [style=invis];\n";
      }
    }
  }

  // An event's rank: its place in its thread (ranks follow po alone).
  auto rankOf = [&](unsigned event) {
    return event - x.firstEvent[static_cast<std::size_t>(x.events[event].thread)];
  };
  for (const Edge& edge : edges) {
    // Only po and the dependencies shape the layout: rf, co, fr cross
    // threads and would pull rows apart.
    const bool layout = edge.relation == "po";
    // An edge within one rank (the i-th events of two threads) gets an
    // xlabel: Graphviz 2.43 loses such edges when they carry a label and
    // join clusters ("lost edge"), and fails. Elsewhere a label reads better.
    const bool flat = !contains(x.initialWrites, edge.from) && !contains(x.initialWrites, edge.to) &&
                      edge.from != edge.to && rankOf(edge.from) == rankOf(edge.to);
    dot += "  " + nodeId(edge.from) + " -> " + nodeId(edge.to) + (flat ? " [xlabel=" : " [label=") +
           quoted(edge.relation) + ", color=" + quoted(edge.colour) + ", fontcolor=" + quoted(edge.colour);
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

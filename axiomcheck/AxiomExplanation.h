// Why a candidate execution breaks an axiom, as edges a picture can draw
// (docs/graphs.md): the cycle of an acyclicity axiom, the pair that makes
// an irreflexivity axiom fail, the rmw pair an atomicity axiom forbids.
// herd shows a rejected execution with the axiom's relation; a reader then
// looks for the cycle. Naming each edge by the relation that holds it
// (po, rf, co, fr, or a derived one such as PTX's cause) points at it.
//
// Each model explains its own axioms in their clause rows (AxiomTable.h:
// Ptx.cpp, Rmo.cpp, Sc.cpp), so an explanation reads the same relations the
// check does. Use it for reports and pictures, never to decide consistency:
// brokenAxioms() decides.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "axiomcheck/AxiomaticModel.h"
#include "axiomcheck/Execution.h"

namespace opcheck::axiomcheck {

struct AxiomExplanation {
  std::string axiom;      // as the model names it
  std::string statement;  // the axiom's formula, e.g. "acyclic (po | rf | co | fr)"
  std::vector<ExplainedEdge> edges;
};

// A relation with the name an explanation gives its edges.
struct NamedRelation {
  std::string_view name;
  Relation relation;
};

// A shortest cycle of the union of PARTS (each edge named by the first part
// holding it), in order; empty when the union is acyclic.
std::vector<ExplainedEdge> shortestCycle(std::span<const NamedRelation> parts);

// Events a, b with FIRST(a, b) and SECOND(b, a): the two edges that make
// FIRST; SECOND reflexive (a single edge when a = b); empty when none.
std::vector<ExplainedEdge> reflexiveComposition(const NamedRelation& first, const NamedRelation& second);

// An rmw pair (read, write) and a write W between them, FR(read, W) and
// CO(W, write), as the three edges an atomicity axiom forbids; empty when none.
std::vector<ExplainedEdge> atomicityBreach(const Relation& rmw, const NamedRelation& fr,
                                           const NamedRelation& co);

// Why EXECUTION breaks AXIOM (an index into MODEL.axioms()); nothing when
// it does not, or when the model has no explanation for it.
std::optional<AxiomExplanation> explainAxiom(const AxiomaticModel& model, const Execution& execution,
                                             std::size_t axiom);

}  // namespace opcheck::axiomcheck

// A model's axioms, each declared once: a table of clauses, each
// {axiom, stage, predicate}. An axiom holds when all its clauses hold. The
// search of a model decides each clause as soon as its stage's choices are
// made (pruning), and brokenAxioms() decides every clause on a complete
// candidate, so the two cannot disagree about what an axiom says. The search
// that prunes is the same for every model (OrderSearch.h).
//
// Most axioms are one clause. An axiom is split where a part of it is
// already decided at an earlier stage (PTX's Causality: irreflexive cause
// before co is chosen, irreflexive (fr; cause) after), and may carry a
// clause its whole implies that is decided earlier (sc's SC, restricted to
// one location once that location's co is chosen): the conjunction is still
// the axiom.
//
// A clause marked bySearch is what the search guarantees by how it builds
// its orders (PTX's co contains what Coherence forces; its Fence-SC order
// orders every morally strong pair): checked only on candidates built
// elsewhere (an operational run), never while pruning.
//
// VIEW is the model's relations at a stage (the candidate and what the model
// derives from it); a predicate reads only what its stage has fixed.
//
// A clause also says why a complete candidate breaks it (explain: the edges a
// picture draws), beside the predicate it explains, reading the same
// relations; an axiom's explanation is that of its first broken clause.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace opcheck::axiomcheck {

// When a clause can be decided, in the order the search fixes the choices.
enum class AxiomStage {
  ReadsFrom,     // rf, values and barrier synchronization chosen
  FenceScOrder,  // and the Fence-SC order (ptx)
  Location,      // and the co of one location (VIEW says which events)
  Coherence,     // and all of co: the candidate is complete
};

// Axioms left out of every check (--skip-axiom, herd's -skipcheck), one bit
// per index into the model's axioms().
using AxiomMask = std::uint32_t;

inline bool skipped(AxiomMask mask, std::size_t axiom) { return (mask >> axiom & 1U) != 0; }

// An edge of why a candidate breaks an axiom (AxiomExplanation.h).
struct ExplainedEdge {
  unsigned from = 0;
  unsigned to = 0;
  std::string relation;  // "po", "rf", "cause", "ms & co", ...
};

template <typename View>
struct AxiomClause {
  std::size_t axiom;  // index into the model's axioms()
  AxiomStage stage;
  bool (*holds)(const View&);
  // On a complete candidate: the edges that break this clause (a cycle, the
  // pair of a reflexive composition), empty where it holds. Null for a
  // clause that an explained clause of its axiom implies (sc's SC on one
  // location).
  std::vector<ExplainedEdge> (*explain)(const View&) = nullptr;
  bool bySearch = false;
};

// A flag of a model (AxiomaticModel::flags, herd's `flag ~empty r as
// NAME`): raised on a complete consistent candidate that has the property;
// it rejects nothing.
template <typename View>
struct FlagClause {
  std::size_t flag;  // index into the model's flags()
  bool (*raised)(const View&);
};

// The first axiom (in table order) that a clause of STAGE finds broken, for
// pruning; clauses the search guarantees and skipped axioms are left out.
template <typename View>
std::optional<std::size_t> firstBrokenAt(std::span<const AxiomClause<View>> clauses, AxiomStage stage,
                                         const View& view, AxiomMask skip) {
  for (const AxiomClause<View>& clause : clauses) {
    if (clause.stage == stage && !clause.bySearch && !skipped(skip, clause.axiom) && !clause.holds(view)) {
      return clause.axiom;
    }
  }
  return std::nullopt;
}

// Every axiom a complete candidate breaks, each decided on its own by all its
// clauses, in the order of axioms(); skipped axioms are left out.
template <typename View>
std::vector<std::size_t> allBroken(std::span<const AxiomClause<View>> clauses, const View& view,
                                   AxiomMask skip) {
  std::vector<std::size_t> broken;
  for (const AxiomClause<View>& clause : clauses) {
    if (!skipped(skip, clause.axiom) &&
        std::find(broken.begin(), broken.end(), clause.axiom) == broken.end() && !clause.holds(view)) {
      broken.push_back(clause.axiom);
    }
  }
  std::sort(broken.begin(), broken.end());
  return broken;
}

// Why a complete candidate breaks AXIOM: the edges of the first of its
// clauses (in table order) that explains itself broken; empty when none does.
template <typename View>
std::vector<ExplainedEdge> explainBroken(std::span<const AxiomClause<View>> clauses, const View& view,
                                         std::size_t axiom) {
  for (const AxiomClause<View>& clause : clauses) {
    if (clause.axiom == axiom && clause.explain != nullptr) {
      std::vector<ExplainedEdge> edges = clause.explain(view);
      if (!edges.empty()) {
        return edges;
      }
    }
  }
  return {};
}

// The instance of MODEL (a model class constructed from its mask) that
// skips SKIP, made once and kept for the program's life, so that callers can
// hold it by reference as they hold the unskipped singletons.
template <typename Model>
const Model& modelSkipping(AxiomMask skip) {
  static std::mutex mutex;
  static std::map<AxiomMask, std::unique_ptr<const Model>> instances;
  const std::lock_guard lock(mutex);
  std::unique_ptr<const Model>& instance = instances[skip];
  if (!instance) {
    instance = std::make_unique<const Model>(skip);
  }
  return *instance;
}

}  // namespace opcheck::axiomcheck

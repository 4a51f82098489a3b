// The interface every axiomatic model implements (style.md: one checker
// per model behind one interface, as GenMC's ConsistencyChecker).
//
// The enumerator (CandidateEnumerator.h) builds candidates up to rf and the
// barrier synchronization, which every model shares, and hands each to
// completeAndCheck, which makes the remaining choices (co, and for ptx the
// Fence-SC order), checks the axioms, pruning as early as it can, and
// reports each complete candidate accepted and, per axiom, each one
// rejected. The models opcheck has are each a ModelDefinition
// (ModelDefinition.h: derived relations, the orders to search, a table of
// axioms that both pruning and brokenAxioms() read); DefinedModel.h
// implements this interface for them with the one search of OrderSearch.h.
// Wrappers (ForwardingModel.h) implement it to watch a model's work.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "axiomcheck/AxiomTable.h"
#include "axiomcheck/Execution.h"
#include "litmus/Test.h"

namespace opcheck::axiomcheck {

struct ExecutionRaces;  // DataRaces.h

// Axiom names are spelled one way in every model, as PTX ISA 9.1 8.10 spells its
// axioms: words capitalised and joined by hyphens ("No-Thin-Air",
// "SC-per-Location"). --skip-axiom matches them whatever the case, and also
// by the name herd's cat file gives the check (herd's -skipcheck), where
// that differs.
struct Axiom {
  std::string_view name;        // as above
  std::string_view reference;   // where it is defined (spec section, cat file)
  std::string_view statement;   // its formula, for explanations: "acyclic (po | rf | co | fr | bar)"
  std::string_view herdName{};  // the cat file's name for it, where that is not NAME in another case
};

// Which executions `opcheck races` judges under a model: races are stated
// with PTX's relations (PtxRelations.h), so only a model whose executions
// carry them, or let them be computed, has races.
enum class RaceExecutions {
  None,  // no races under this model (rmo)
  Own,   // each consistent execution as it is, with its Fence-SC order (ptx60, ptx75)
  // each consistent execution with every order of its fence.sc that an
  // interleaving gives (sc: an SC execution fixes rf and co, not that order)
  Interleavings,
};

struct ModelTraits {
  // herd's GPU_PTX: a failing atom.cas writes the old value back.
  bool failedCasWrites = false;
  // bar.sync / bar.arrive synchronize (a model without barriers ignores them).
  bool barriers = false;
  // .acquire, .release and .acq_rel order (seed 000's RMO orders memory by
  // membar and dependencies alone: IgnoredQualifiers.h says so to the user).
  bool releaseAcquire = true;
  // How `opcheck races` reads the model's executions (docs/races.md).
  RaceExecutions races = RaceExecutions::None;
  // It forbids the relaxed outcomes litmus tests are written to show (sc),
  // which ptx-op reaches in most of them: compare expects to need the graphs
  // of the runs that break it and records ptx-op's runs from the start
  // (docs/crosscheck.md "One exploration per test").
  bool forbidsRelaxedOutcomes = false;
  // The data races of one of its executions, by the model's own definition
  // (the C models: src11, rc11); null: PTX's (DataRaces.h findRaces).
  ExecutionRaces (*findRaces)(const Execution& execution, bool explain) = nullptr;
};

// Where a model reports its verdicts on complete candidates.
class CandidateSink {
 public:
  virtual ~CandidateSink() = default;
  // A consistent execution: co (and the model's other choices) are final.
  virtual void accept(const Execution& execution) = 0;
  // A candidate (or a whole set of them, when pruned early) that AXIOM
  // (an index into axioms()) rejects.
  virtual void reject(std::size_t axiom) = 0;
};

class AxiomaticModel {
 public:
  virtual ~AxiomaticModel() = default;

  virtual std::string_view name() const = 0;
  virtual std::string_view summary() const = 0;  // one line for `opcheck models`
  virtual std::span<const Axiom> axioms() const = 0;
  virtual ModelTraits traits() const = 0;

  // This model without the axioms in SKIP (--skip-axiom NAME, herd's
  // -skipcheck): they are neither checked while pruning nor reported by
  // brokenAxioms(). The result lives as long as the program and has this
  // model's name.
  virtual const AxiomaticModel& skipping(AxiomMask skip) const = 0;
  // The axioms this instance leaves out.
  virtual AxiomMask skippedAxioms() const = 0;

  // herd's `flag ~empty r as NAME`: properties of a consistent execution
  // that reject nothing but mark the test's behaviour (the C models: a data
  // race makes it undefined). Each is named and cited as an axiom is.
  virtual std::span<const Axiom> flags() const { return {}; }
  // The flags (a bit per index into flags()) that EXECUTION, a complete
  // consistent candidate, raises.
  virtual AxiomMask raisedFlags(const Execution& execution) const {
    (void)execution;
    return 0;
  }

  // Throws litmus::InputError (naming FILE and the instruction's position)
  // for a test the model cannot judge. The default refuses C tests and
  // instructions of the non-generic proxies (PTX 7.5's mixed-proxy model).
  virtual void checkSupported(const litmus::Test& test, const std::string& file) const;

  // The axiom a cycle of values through rf and data dependencies (an
  // out-of-thin-air value) breaks.
  virtual std::size_t thinAirAxiom() const = 0;

  // An axiom that rf alone already breaks (checked before the model's own
  // choices), or nothing.
  virtual std::optional<std::size_t> rejectReadsFrom(const Execution&) const { return std::nullopt; }

  // Makes the model's remaining choices on EXECUTION (rf, values and
  // barriers are fixed) and reports every resulting candidate to SINK
  // (for a defined model: OrderSearch.h).
  virtual void completeAndCheck(Execution& execution, CandidateSink& sink) const = 0;

  // Every axiom a complete candidate breaks (rf, co, the Fence-SC order and
  // the barrier synchronization all given; co transitive), each checked on
  // its own: for candidates built elsewhere (an operational trace) and for
  // showing that an execution breaks one axiom alone.
  virtual std::vector<std::size_t> brokenAxioms(const Execution& execution) const = 0;

  // Why a complete candidate breaks AXIOM: the edges of its first broken
  // clause that explains itself (AxiomTable.h); empty when it holds or no
  // clause explains it. For reports and pictures (AxiomExplanation.h),
  // never to decide consistency: skipped axioms are explained too.
  virtual std::vector<ExplainedEdge> explainBroken(const Execution& execution, std::size_t axiom) const = 0;

  // For candidates built from an operational run, whose co and Fence-SC
  // order are total (the order in which writes reached the coherence
  // point, and in which fence.sc were performed): narrows them to the pairs
  // the model's definitions relate. A model whose orders are partial must,
  // or extra co edges feed fr and report false failures (docs/architecture.md
  // "Cross-validation"). The default keeps them whole.
  virtual void narrowTotalOrders(Execution& execution) const { (void)execution; }
};

// Throws litmus::InputError (naming FILE and the position) for a test that
// uses a non-generic proxy, an alias (PTX 7.5's mixed-proxy model) or an
// asynchronous operation (litmus/AsyncOperations.h),
// saying that WHO ("model ptx60", "opcheck races") does not support it.
// ALLOW_ASYNC: leave the asynchronous operations (litmus/AsyncOperations.h),
// which opcheck races reads.
void refuseProxies(const litmus::Test& test, const std::string& file, const std::string& who,
                   bool allowAsync = false);

// The same for the asynchronous operations alone, WHY in the message's
// parenthesis: for a model that reads the 7.5 proxies but not these.
void refuseAsyncOperations(const litmus::Test& test, const std::string& file, const std::string& who,
                           const std::string& why);

}  // namespace opcheck::axiomcheck

// compare's core (docs/crosscheck.md): runs the operational model and each
// axiomatic model on a test, over full final states (every register of
// every thread and every location), and sets the states apart: those only
// the operational model reaches (unsound: each comes with the run that
// reaches it), those only the axiomatic model allows (behaviour the machine
// cannot show: a completeness figure, not a failure).
//
// ptx-op is explored once per test, whatever the number of axiomatic models
// (OperationalSide.h): with --executions that one exploration records the
// execution graphs and gives the outcomes too, and the runs to show (to the
// operational-only states, to the first broken graphs) are read off it
// (with one job; otherwise they come from one search each for all the
// models together).
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "axiomcheck/AxiomaticModel.h"
#include "axiomcheck/CandidateEnumerator.h"
#include "crosscheck/ExecutionCheck.h"
#include "litmus/Outcome.h"
#include "opsem/OperationalModel.h"

namespace opcheck::crosscheck {

// TEST with every register of every thread and every location in its
// "locations [...]" clause, so that every model reports full final states.
litmus::Test withEveryTermShown(const litmus::Test& test);

struct ModelComparison {
  std::string model;
  std::size_t states = 0;  // distinct full final states the model allows
  std::set<litmus::FinalState> operationalOnly;
  std::set<litmus::FinalState> axiomaticOnly;
  std::vector<std::vector<std::string>> traces;  // one per operational-only state, in set order
  // Per operational-only state, in set order: the axioms that the graphs of
  // the runs reaching it break.
  std::vector<std::vector<std::string>> brokenAxioms;
  // The execution-level check (--executions).
  std::optional<ExecutionCheck> executions;
  // --unroll cut the axiomatic side short: an operational-only state may be
  // one it did not get to, so it is not called unsound.
  bool boundCut = false;
  // Empty, or the limit that stopped the axiomatic enumeration
  // (litmus::Outcome::stopped): like boundCut, an operational-only state may
  // be one it did not get to.
  std::string stopped;

  bool axiomaticCut() const { return boundCut || !stopped.empty(); }
  bool unsound() const {
    return (!operationalOnly.empty() && !axiomaticCut()) || (executions && executions->failed());
  }
  bool inconclusive() const { return !operationalOnly.empty() && axiomaticCut(); }
};

struct TestComparison {
  std::string file;
  std::string name;
  // How a report's lines name the test: its name, or its name and file when
  // another test of the run has that name (set by the command; the name
  // when empty).
  std::string label;
  std::string error;  // set when a model refused the test (bad input, proxies)
  litmus::Test test;  // with every term shown
  litmus::ObservedTerms terms;
  std::size_t operationalStates = 0;
  bool operationalComplete = true;  // false when a limit stopped the exploration
  std::vector<ModelComparison> models;

  bool unsound() const;
  const std::string& shownName() const { return label.empty() ? name : label; }
};

struct ComparisonOptions {
  opsem::OperationalOptions operational;
  std::vector<const axiomcheck::AxiomaticModel*> axiomatic;
  axiomcheck::CheckOptions check;
  bool executions = false;            // also check every execution graph (--executions)
  axiomcheck::DotStyle pictureStyle;  // how the graphs that break an axiom are drawn
  // --timeout: one deadline per test, which ptx-op's exploration, every
  // axiomatic model and the searches for the runs to show share; 0: none
  // (the deadlines already in OPERATIONAL and CHECK stand).
  double timeoutSeconds = 0;
};

TestComparison compareTest(const std::filesystem::path& file, const ComparisonOptions& options);

// The same for a test already read (FILE names it in messages): for tests
// opcheck makes itself, such as a C test compiled to PTX (MappingCheck.h).
TestComparison compareParsedTest(const litmus::Test& test, const std::string& file,
                                 const ComparisonOptions& options);

}  // namespace opcheck::crosscheck

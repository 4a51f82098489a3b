// compare --executions (docs/crosscheck.md): every execution graph ptx-op's
// runs of a test produce (opsem/ExecutionGraph.h) becomes a candidate
// execution of an axiomatic model (GraphTranslation.h), with the run's co
// and Fence-SC order narrowed to what the model relates, and the model names
// each axiom the candidate breaks. A graph that breaks one is a failure of
// the machine (or of the model), shown with the run. The graphs are
// recorded once per test and checked against every model.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "axiomcheck/AxiomaticModel.h"
#include "axiomcheck/ExecutionDot.h"
#include "litmus/FinalState.h"
#include "litmus/Test.h"
#include "opsem/ExecutionGraph.h"
#include "opsem/OperationalModel.h"

namespace opcheck::crosscheck {

struct BrokenGraph {
  litmus::FinalState finalState;    // as in litmus::Outcome::states
  std::vector<std::string> axioms;  // as the model names them
  std::vector<std::string> trace;   // the run, when asked for
  std::string dot;                  // the graph as a picture (docs/graphs.md), the broken axiom in bold
  std::string picture;              // where compare --report wrote it, relative to the report
  opsem::RunEnd run;                // a final state of the run, to rebuild the trace
};

struct ExecutionCheck {
  std::string model;
  std::uint64_t graphs = 0;   // distinct graphs checked
  std::uint64_t cutRuns = 0;  // runs past the unroll bound, not checked
  bool complete = true;       // false when --max-states or --timeout stopped the exploration
  std::vector<BrokenGraph> broken;
  // Graphs that could not be made candidate executions of the model (no
  // path of a thread matches the run, a read disagrees with its write): a
  // bug in opcheck, reported as such, never counted as consistent.
  std::vector<std::string> untranslatable;
  // Graphs with a failing atom.cas, against a model where it writes (rmo:
  // herd's GPU_PTX semantics): not candidates of that model, not checked.
  std::uint64_t failingCasGraphs = 0;

  bool failed() const { return !broken.empty() || !untranslatable.empty(); }
};

struct ExecutionCheckOptions {
  unsigned unroll = 2;           // the axiomatic side's --unroll; runs are cut to match
  std::size_t tracesWanted = 3;  // runs rebuilt for the first broken graphs
};

// Checks every graph of RECORDED (ptx-op's runs of TEST, recorded with
// --unroll UNROLL) against MODEL; traces are left to the caller, which
// rebuilds those of every model together (opsem::runsToGraphs).
// TEST should show every term (withEveryTermShown), so final states are
// full. Throws litmus::InputError (FILE) for a test the model cannot judge.
// STYLE draws the pictures of the graphs that break an axiom.
ExecutionCheck checkRecordedExecutions(const litmus::Test& test, const std::string& file,
                                       const axiomcheck::AxiomaticModel& model,
                                       const opsem::RecordedExecutions& recorded, unsigned unroll,
                                       const axiomcheck::DotStyle& style = {});

// Records ptx-op's runs of TEST and checks them against MODEL, with the
// traces of the first OPTIONS.tracesWanted broken graphs: compare's check
// for one model.
ExecutionCheck checkExecutions(const litmus::Test& test, const std::string& file,
                               const axiomcheck::AxiomaticModel& model,
                               const opsem::OperationalOptions& operational,
                               const ExecutionCheckOptions& options);

// GRAPH (one of ptx-op's runs of TEST) drawn in STYLE as MODEL's candidate
// execution (docs/graphs.md), the first axiom it breaks in bold, CAPTION
// above it; nothing when the run is no candidate of MODEL.
std::optional<std::string> executionGraphDot(const litmus::Test& test, const std::string& file,
                                             const axiomcheck::AxiomaticModel& model, unsigned unroll,
                                             const opsem::ExecutionGraph& graph,
                                             std::vector<std::string> caption,
                                             const axiomcheck::DotStyle& style = {});

// Calls visit(graph, execution) for every graph of RECORDED (ptx-op's runs
// of TEST, recorded with --unroll UNROLL) that translates into a candidate
// execution of MODEL (co and Fence-SC order narrowed as MODEL relates them):
// for analyses of the runs themselves, such as their data races
// (docs/races.md). Graphs that do not translate are skipped;
// checkRecordedExecutions reports them. Returns the number of graphs.
std::uint64_t forEachRunExecution(
    const litmus::Test& test, const std::string& file, const axiomcheck::AxiomaticModel& model,
    const opsem::RecordedExecutions& recorded, unsigned unroll,
    const std::function<void(const opsem::ExecutionGraph&, const axiomcheck::Execution&)>& visit);

}  // namespace opcheck::crosscheck

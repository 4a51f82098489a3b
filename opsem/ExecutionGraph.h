// The execution graphs of ptx-op's runs of a test (docs/architecture.md
// "Cross-validation", with --executions), read off the final states of the
// recording machine (ExecutionRecord.h) in terms of the IR: which write each
// read took, the order in which writes reached each location's point of
// coherence, the order of the fence.sc, and which barrier arrivals each wait
// saw. opsem knows nothing of the axioms: compare turns these into candidate
// executions and checks them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "litmus/FinalState.h"
#include "litmus/Test.h"
#include "opsem/OperationalModel.h"
#include "statespace/Exploration.h"
#include "statespace/Fingerprint.h"

namespace opcheck::opsem {

// An event of a graph: the INDEX-th recorded event of THREAD; thread -1 is
// the initial write of a location.
struct EventReference {
  int thread = -1;
  int index = 0;
  friend auto operator<=>(const EventReference&, const EventReference&) = default;
};

struct GraphEvent {
  std::size_t instruction = 0;  // index in the thread's instructions
  bool reads = false;           // a load or an atomic: readFrom and valueRead hold
  EventReference readFrom;
  litmus::Value valueRead;
  int barrierInstance = -1;  // barriers: which instance of a barrier (BAR-2), an id
  int arrivalIndex = 0;      // barriers: arrivals before this one
  int arrivalsSeen = 0;      // barriers: arrivals the wait saw (bar.arrive: its own included)
  friend auto operator<=>(const GraphEvent&, const GraphEvent&) = default;
};

struct ExecutionGraph {
  std::vector<std::vector<GraphEvent>> threads;
  // Per physical location (locations that alias share one), the writes in
  // the order they reached its point of coherence; the initial write is
  // not listed (it comes first).
  std::vector<std::vector<EventReference>> coherence;
  std::vector<EventReference> fenceScOrder;
  litmus::FinalState finalState;         // the displayed part (litmus::displayedPart), as in outcomes
  statespace::Fingerprint machineState;  // a final state with this graph, to rebuild a trace
  // The number of that state in the recording exploration when it kept its
  // runs (RecordedExecutions::runLinks): of the final states with this
  // graph, the first reached, so the run read off the links is a shortest
  // run to the graph. kNoRun otherwise.
  std::uint64_t run = kNoRun;

  static constexpr std::uint64_t kNoRun = ~std::uint64_t{0};
};

// Where the run a report shows ends: a final state of the recording
// machine, by fingerprint (for a search) and by number (ExecutionGraph::run).
struct RunEnd {
  statespace::Fingerprint machineState;
  std::uint64_t run = ExecutionGraph::kNoRun;
};

struct RecordedExecutions {
  std::vector<ExecutionGraph> graphs;  // distinct graphs (final state and machine state aside)
  std::uint64_t cutRuns = 0;           // final states of runs stopped by the bounds, not checked
  statespace::ExplorationStatistics statistics;
  // The final states of the runs not cut, over litmus::ObservedTerms::of(
  // test), as runPtxOp observes them.
  std::set<litmus::FinalState> observedStates;
  bool hasBackwardBranch = false;  // some thread can jump back (a loop)
  // The recording size class holds every entry the code can queue
  // (QueueDemand.h), as the class runPtxOp explores in then does: never
  // with a loop.
  bool queuesHoldAll = false;
  // How the exploration first reached each state (statespace::RunLink), when
  // it kept its runs (one job): 8 bytes a state. Empty otherwise.
  std::vector<statespace::RunLink> runLinks;
  // Per final state of OBSERVEDSTATES, the number of the first final state
  // reached with it, when runLinks are kept.
  std::map<litmus::FinalState, std::uint64_t> firstRunTo;

  // Whether OBSERVEDSTATES are every final state ptx-op reaches, those of
  // runPtxOp's exploration: no run was cut (no loop to bound, no record
  // overflowing), no queue was ever full, and no limit stopped the
  // exploration. The recording then serves as the one exploration of the
  // test (outcomeOfFinalStates).
  bool reachesEveryFinalState() const {
    return queuesHoldAll && cutRuns == 0 && statistics.stopReason == statespace::StopReason::Completed;
  }
};

// Explores TEST with the recording machine. Runs that take more than UNROLL
// backward jumps in a thread are cut, as the axiomatic models' --unroll
// cuts paths. Throws litmus::InputError (FILE) as runPtxOp does.
RecordedExecutions recordExecutions(const litmus::Test& test, const std::string& file,
                                    const OperationalOptions& options, unsigned unroll);

// Whether recordExecutions can reach every final state of TEST (short of a
// limit or a run past the record's bounds): the test fits the recording
// size class, which holds all its code can queue, and has no loop, whose
// runs the recording cuts. Throws litmus::InputError (FILE) as runPtxOp
// does.
bool recordingCanReachEveryFinalState(const litmus::Test& test, const std::string& file,
                                      const OperationalOptions& options);

// The steps of a run of the recording machine to the final state
// MACHINE_STATE (ExecutionGraph::machineState).
std::vector<std::string> traceToGraph(const litmus::Test& test, const std::string& file,
                                      const OperationalOptions& options, unsigned unroll,
                                      const statespace::Fingerprint& machineState);

// traceToGraph for each of MACHINE_STATES, from one search: each trace is
// the one traceToGraph gives for that state alone (empty when not found, or
// when OPTIONS' exploration limits stopped the search first).
std::vector<std::vector<std::string>> tracesToGraphs(
    const litmus::Test& test, const std::string& file, const OperationalOptions& options, unsigned unroll,
    const std::vector<statespace::Fingerprint>& machineStates);

// The steps of a run to each of ENDS, final states of RECORDED (recorded
// with these OPTIONS and UNROLL): read off its kept runs when it kept them
// (no search: each the run traceToGraph finds to that state, as
// statespace/TraceBuilder.h says), or else from one search
// (tracesToGraphs).
std::vector<std::vector<std::string>> runsToGraphs(const litmus::Test& test, const std::string& file,
                                                   const OperationalOptions& options, unsigned unroll,
                                                   const RecordedExecutions& recorded,
                                                   const std::vector<RunEnd>& ends);

// Per state of DISPLAYED, the steps of the run RECORDED kept to the first
// final state it reached whose displayed values are it (empty when none
// is): the run tracesToOutcomes finds on the plain machine, whose runs are
// the recording machine's with the record left out. Nothing when RECORDED
// kept no runs or does not reach every final state (a search is then
// needed).
std::optional<std::vector<std::vector<std::string>>> recordedRunsToOutcomes(
    const litmus::Test& test, const std::string& file, const OperationalOptions& options, unsigned unroll,
    const RecordedExecutions& recorded, const std::vector<litmus::FinalState>& displayed);

}  // namespace opcheck::opsem

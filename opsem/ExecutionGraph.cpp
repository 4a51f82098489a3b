#include "opsem/ExecutionGraph.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "opsem/PackedPtxOpMachine.h"
#include "opsem/PtxOpMachine.h"
#include "opsem/QueueDemand.h"
#include "opsem/RunSupport.h"
#include "statespace/Explorer.h"

namespace opcheck::opsem {

namespace {

// ExecutionRecord.h's number of an event as the graph names it.
EventReference referenceTo(EventId id) {
  if (id == kInitialWrite) {
    return EventReference{};
  }
  const auto perThread = static_cast<EventId>(RecordingCapacity::kEventsPerThread);
  return EventReference{(id - 1) / perThread, (id - 1) % perThread};
}

// The graph the recording machine kept in the final state PACKED (the
// state the explorer stores; its fingerprint finds the run again).
template <typename Machine>
ExecutionGraph graphOf(const Machine& machine, const litmus::ObservedTerms& terms,
                       const typename Machine::State& packed) {
  const Program& program = machine.program();
  const auto state = wideState(machine, packed);
  ExecutionGraph graph;
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    const auto& record = state.recordedThreads[thread];
    std::vector<GraphEvent>& events = graph.threads.emplace_back();
    for (std::size_t index = 0; index < record.eventCount; ++index) {
      const RecordedEvent& recorded = record.events[index];
      GraphEvent& event = events.emplace_back();
      event.instruction = recorded.instruction - 1u;
      event.reads = recorded.readFrom != kNoEvent;
      if (event.reads) {
        event.readFrom = referenceTo(recorded.readFrom);
        event.valueRead = toLitmusValue(program, recorded.valueRead);
      }
      if (program.threads[thread][event.instruction].opcode == litmus::Opcode::Barrier) {
        event.barrierInstance = recorded.barrierInstance;
        event.arrivalIndex = recorded.arrivalIndex;
        event.arrivalsSeen = recorded.arrivalsSeen;
      }
    }
  }
  for (std::size_t location = 0; location < program.locations; ++location) {
    std::vector<EventReference>& order = graph.coherence.emplace_back();
    for (std::int32_t at = 0; at < state.coherenceLength[location]; ++at) {
      order.push_back(referenceTo(state.coherence[location][at]));
    }
  }
  for (std::int32_t at = 0; at < state.fenceScCount; ++at) {
    graph.fenceScOrder.push_back(referenceTo(state.fenceScOrder[at]));
  }
  graph.finalState = litmus::displayedPart(terms, observe(machine, terms, packed));
  graph.machineState = statespace::fingerprintOf(packed);
  return graph;
}

// The graph's identity: everything but the machine state it was read from.
auto graphKey(const ExecutionGraph& graph) {
  return std::tie(graph.threads, graph.coherence, graph.fenceScOrder, graph.finalState);
}

// TEST compiled for the recording size class, or refused.
Program compileForRecording(const litmus::Test& test, const std::string& file,
                            const Architecture& architecture) {
  Program program = compileProgram(test, file, architecture);
  if (!fits<RecordingCapacity>(program)) {
    refuseTooLarge<RecordingCapacity>(file, program,
                                      std::string(kOperationalModelName) + "'s execution graphs");
  }
  return program;
}

// The recording machine of CAPACITY, its states stored in the test's own
// layout (StateLayout.h, LAYOUT-6).
template <typename Capacity, typename Visit>
auto withPackedRecordingMachine(const Program& program, const OperationalOptions& options, unsigned unroll,
                                Visit&& visit) {
  return withStoredStates(PtxOpMachine<Capacity>(program, options.architecture, options.reductions, unroll),
                          options.packStates, visit);
}

// The recording size class, with near-partition copies when the preset
// partitions the L2.
template <typename Visit>
auto withRecordingMachine(const Program& program, const OperationalOptions& options, unsigned unroll,
                          Visit&& visit) {
  if (options.architecture.partitionedL2) {
    return withPackedRecordingMachine<PartitionedL2Capacity<RecordingCapacity>>(program, options, unroll,
                                                                                visit);
  }
  return withPackedRecordingMachine<RecordingCapacity>(program, options, unroll, visit);
}

}  // namespace

RecordedExecutions recordExecutions(const litmus::Test& test, const std::string& file,
                                    const OperationalOptions& options, unsigned unroll) {
  const Program program = compileForRecording(test, file, options.architecture);
  statespace::ExplorationOptions exploration = options.exploration;
  exploration.reduceLocalSteps = options.reductions.localStepsAlone;
  exploration.detectHangs = false;  // loops are cut at the unroll bound, not explored as cycles
  // The runs a report shows are read off this exploration (runsToGraphs,
  // recordedRunsToOutcomes) where it can keep them: with one job.
  exploration.keepRuns = true;
  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  RecordedExecutions recorded;
  std::vector<ExecutionGraph> graphs;
  recorded.hasBackwardBranch = program.hasBackwardBranch;
  recorded.queuesHoldAll = holdsEveryQueue<RecordingCapacity>(program);
  withRecordingMachine(program, options, unroll, [&](const auto& machine) {
    noteExploration();
    auto explored = statespace::explore(machine, exploration);
    recorded.statistics = explored.statistics;
    const bool keptRuns = !explored.runLinks.empty();
    for (std::size_t at = 0; at < explored.finalStates.size(); ++at) {
      const auto& state = explored.finalStates[at];
      // Reading the graphs costs more than reaching the states: past the
      // run's deadline (--timeout) the recording stops, and is cut as the
      // exploration would be, so that no verdict reads a partial set of
      // graphs as whole.
      if (exploration.limits.deadline.passed()) {
        recorded.statistics.stopReason = statespace::StopReason::Timeout;
        break;
      }
      if (wideState(machine, state).cut) {
        ++recorded.cutRuns;
        continue;
      }
      ExecutionGraph& graph = graphs.emplace_back(graphOf(machine, terms, state));
      litmus::FinalState observed = observe(machine, terms, state);
      if (keptRuns) {
        graph.run = explored.finalNumbers[at];
        const auto [first, added] = recorded.firstRunTo.emplace(observed, graph.run);
        if (!added) {
          first->second = std::min(first->second, graph.run);
        }
      }
      recorded.observedStates.insert(std::move(observed));
    }
    if (keptRuns && recorded.statistics.stopReason == statespace::StopReason::Completed) {
      recorded.runLinks = std::move(explored.runLinks);
    } else {
      recorded.firstRunTo.clear();
      for (ExecutionGraph& graph : graphs) {
        graph.run = ExecutionGraph::kNoRun;
      }
    }
    return 0;
  });
  // One graph per identity; the order is fixed (the explorer's is not).
  // Of a graph's final states the first reached is kept, when they are
  // numbered: the run to it is a shortest run to the graph.
  std::sort(graphs.begin(), graphs.end(), [](const ExecutionGraph& a, const ExecutionGraph& b) {
    return std::tuple_cat(graphKey(a), std::tie(a.run)) < std::tuple_cat(graphKey(b), std::tie(b.run));
  });
  for (ExecutionGraph& graph : graphs) {
    if (recorded.graphs.empty() || graphKey(recorded.graphs.back()) != graphKey(graph)) {
      recorded.graphs.push_back(std::move(graph));
    }
  }
  return recorded;
}

bool recordingCanReachEveryFinalState(const litmus::Test& test, const std::string& file,
                                      const OperationalOptions& options) {
  const Program program = compileProgram(test, file, options.architecture);
  return fits<RecordingCapacity>(program) && holdsEveryQueue<RecordingCapacity>(program);
}

std::vector<std::string> traceToGraph(const litmus::Test& test, const std::string& file,
                                      const OperationalOptions& options, unsigned unroll,
                                      const statespace::Fingerprint& machineState) {
  return tracesToGraphs(test, file, options, unroll, {machineState}).front();
}

std::vector<std::vector<std::string>> tracesToGraphs(
    const litmus::Test& test, const std::string& file, const OperationalOptions& options, unsigned unroll,
    const std::vector<statespace::Fingerprint>& machineStates) {
  if (machineStates.empty()) {
    return {};
  }
  const Program program = compileForRecording(test, file, options.architecture);
  std::unordered_map<statespace::Fingerprint, std::vector<std::size_t>, statespace::FingerprintHash> targets;
  for (std::size_t target = 0; target < machineStates.size(); ++target) {
    targets[machineStates[target]].push_back(target);
  }
  static const std::vector<std::size_t> kNone;
  noteTraceSearch();
  const TracesLines found = withRecordingMachine(program, options, unroll, [&](const auto& machine) {
    return tracesWithin(
        machine, machineStates.size(),
        [&](const auto&, const statespace::Fingerprint& at) -> const std::vector<std::size_t>& {
          const auto it = targets.find(at);
          return it == targets.end() ? kNone : it->second;
        },
        options.exploration.limits, options.reductions);
  });
  std::vector<std::vector<std::string>> traces;
  traces.reserve(found.lines.size());
  for (const auto& lines : found.lines) {
    traces.push_back(lines.value_or(std::vector<std::string>{}));
  }
  return traces;
}

namespace {

// The lines of the runs RECORDED kept to the states numbered RUNS.
std::vector<std::vector<std::string>> keptRuns(const litmus::Test& test, const std::string& file,
                                               const OperationalOptions& options, unsigned unroll,
                                               const RecordedExecutions& recorded,
                                               const std::vector<std::uint64_t>& runs) {
  const Program program = compileForRecording(test, file, options.architecture);
  return withRecordingMachine(program, options, unroll, [&](const auto& machine) {
    std::vector<std::vector<std::string>> lines;
    lines.reserve(runs.size());
    for (const std::uint64_t run : runs) {
      lines.push_back(run == ExecutionGraph::kNoRun
                          ? std::vector<std::string>{}
                          : describeTrace(machine, statespace::keptTrace(machine, recorded.runLinks, run)));
    }
    return lines;
  });
}

}  // namespace

std::vector<std::vector<std::string>> runsToGraphs(const litmus::Test& test, const std::string& file,
                                                   const OperationalOptions& options, unsigned unroll,
                                                   const RecordedExecutions& recorded,
                                                   const std::vector<RunEnd>& ends) {
  if (ends.empty()) {
    return {};
  }
  const bool kept = !recorded.runLinks.empty() &&
                    std::all_of(ends.begin(), ends.end(),
                                [](const RunEnd& end) { return end.run != ExecutionGraph::kNoRun; });
  if (!kept) {
    std::vector<statespace::Fingerprint> machineStates;
    machineStates.reserve(ends.size());
    for (const RunEnd& end : ends) {
      machineStates.push_back(end.machineState);
    }
    return tracesToGraphs(test, file, options, unroll, machineStates);
  }
  std::vector<std::uint64_t> runs;
  runs.reserve(ends.size());
  for (const RunEnd& end : ends) {
    runs.push_back(end.run);
  }
  return keptRuns(test, file, options, unroll, recorded, runs);
}

std::optional<std::vector<std::vector<std::string>>> recordedRunsToOutcomes(
    const litmus::Test& test, const std::string& file, const OperationalOptions& options, unsigned unroll,
    const RecordedExecutions& recorded, const std::vector<litmus::FinalState>& displayed) {
  if (recorded.runLinks.empty() || !recorded.reachesEveryFinalState()) {
    return std::nullopt;
  }
  if (displayed.empty()) {
    return std::vector<std::vector<std::string>>{};
  }
  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  std::map<litmus::FinalState, std::uint64_t> first;  // per displayed part
  for (const auto& [observed, run] : recorded.firstRunTo) {
    const auto [at, added] = first.emplace(litmus::displayedPart(terms, observed), run);
    if (!added) {
      at->second = std::min(at->second, run);
    }
  }
  std::vector<std::uint64_t> runs;
  for (const litmus::FinalState& state : displayed) {
    const auto found = first.find(state);
    runs.push_back(found == first.end() ? ExecutionGraph::kNoRun : found->second);
  }
  return keptRuns(test, file, options, unroll, recorded, runs);
}

}  // namespace opcheck::opsem

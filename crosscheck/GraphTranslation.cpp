#include "crosscheck/GraphTranslation.h"

#include "axiomcheck/BarrierSynchronization.h"
#include "axiomcheck/ThreadPaths.h"
#include "opsem/OperationalModel.h"

namespace opcheck::crosscheck {

using axiomcheck::EventKind;
using axiomcheck::Execution;
using axiomcheck::ThreadPath;

namespace {

// Why a graph with a failing atom.cas is no candidate of a model with
// herd's GPU_PTX semantics: a limit of the check, not a bug.
const std::string kFailingCasWrites =
    "a failing atom.cas writes the old value back in this model (herd's GPU_PTX semantics), but not in " +
    std::string(opsem::kOperationalModelName);

// The events one execution of an instruction adds to a path (path event
// indices, -1 when absent): an atom or red is a read and a write, bar.sync
// an arrival and a wait.
struct InstructionEvents {
  std::size_t instruction = 0;
  int read = -1;
  int write = -1;
  int other = -1;  // a fence, or a barrier's arrival
  int wait = -1;   // bar.sync's wait
};

std::vector<InstructionEvents> groupByInstruction(const ThreadPath& path) {
  std::vector<InstructionEvents> groups;
  const auto& events = path.events;
  for (std::size_t at = 0; at < events.size(); ++at) {
    InstructionEvents& group = groups.emplace_back();
    group.instruction = events[at].instruction;
    const bool pairs = at + 1 < events.size() && events[at + 1].instruction == events[at].instruction;
    switch (events[at].kind) {
      case EventKind::Read:
        group.read = static_cast<int>(at);
        if (pairs && events[at].atomic && events[at + 1].kind == EventKind::Write) {
          group.write = static_cast<int>(++at);
        }
        break;
      case EventKind::Write:
        group.write = static_cast<int>(at);
        break;
      case EventKind::BarrierArrive:
        group.other = static_cast<int>(at);
        if (pairs && events[at + 1].kind == EventKind::BarrierWait) {
          group.wait = static_cast<int>(++at);
        }
        break;
      case EventKind::Fence:
      case EventKind::BarrierWait:
        group.other = static_cast<int>(at);
        break;
    }
  }
  return groups;
}

// Makes ptx-op's graphs candidate executions of one model: per thread, the
// path (of those the axiomatic side enumerates, with the same --unroll)
// whose events are the ones the run issued and whose branch assumptions
// hold with the values the run read.
class Translator {
 public:
  Translator(const litmus::Test& test, const std::string& file, const axiomcheck::AxiomaticModel& model,
             unsigned unroll)
      : test_(test), file_(file), model_(model) {
    axiomcheck::PathOptions options;
    options.unroll = unroll;
    options.failedCasWrites = model.traits().failedCasWrites;
    for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
      paths_.push_back(axiomcheck::enumeratePaths(test, thread, options, file).paths);
      std::vector<std::vector<InstructionEvents>>& groups = groups_.emplace_back();
      for (const ThreadPath& path : paths_.back()) {
        groups.push_back(groupByInstruction(path));
      }
    }
  }

  // Builds GRAPH's candidate in EXECUTION; says what went wrong otherwise.
  std::optional<std::string> translate(const opsem::ExecutionGraph& graph, Execution& execution) const {
    std::vector<std::vector<std::size_t>> matching(test_.threads.size());
    for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
      for (std::size_t path = 0; path < paths_[thread].size(); ++path) {
        if (matches(groups_[thread][path], graph.threads[thread])) {
          matching[thread].push_back(path);
        }
      }
      if (matching[thread].empty()) {
        return "no path of P" + std::to_string(thread) + " issues the events the run issued";
      }
    }
    // Usually one path per thread matches; guards that decide nothing
    // visible can leave several, of which the assumptions pick one.
    std::vector<std::size_t> choice(test_.threads.size(), 0);
    std::string problem;
    while (true) {
      const std::optional<std::string> attempt = build(graph, matching, choice, execution);
      if (!attempt) {
        return std::nullopt;
      }
      problem = *attempt;
      std::size_t thread = 0;
      while (thread < choice.size() && ++choice[thread] == matching[thread].size()) {
        choice[thread++] = 0;
      }
      if (thread == choice.size()) {
        return problem;
      }
    }
  }

 private:
  static bool matches(const std::vector<InstructionEvents>& groups,
                      const std::vector<opsem::GraphEvent>& run) {
    if (groups.size() != run.size()) {
      return false;
    }
    for (std::size_t at = 0; at < run.size(); ++at) {
      if (groups[at].instruction != run[at].instruction || (groups[at].read >= 0) != run[at].reads) {
        return false;
      }
    }
    return true;
  }

  std::optional<std::string> build(const opsem::ExecutionGraph& graph,
                                   const std::vector<std::vector<std::size_t>>& matching,
                                   const std::vector<std::size_t>& choice, Execution& x) const {
    std::vector<const ThreadPath*> paths;
    std::vector<const std::vector<InstructionEvents>*> groups;
    for (std::size_t thread = 0; thread < choice.size(); ++thread) {
      const std::size_t path = matching[thread][choice[thread]];
      paths.push_back(&paths_[thread][path]);
      groups.push_back(&groups_[thread][path]);
    }
    axiomcheck::buildExecution(x, test_, paths, file_);
    auto eventOf = [&](std::size_t thread, int pathEvent) {
      return x.firstEvent[thread] + static_cast<unsigned>(pathEvent);
    };
    auto writeOf = [&](const opsem::EventReference& reference, unsigned read) -> std::optional<unsigned> {
      if (reference.thread < 0) {
        return x.initialWriteOf[x.events[read].location];
      }
      const auto thread = static_cast<std::size_t>(reference.thread);
      const InstructionEvents& group = (*groups[thread])[static_cast<std::size_t>(reference.index)];
      if (group.write < 0) {
        return std::nullopt;
      }
      return eventOf(thread, group.write);
    };

    // rf and the values read, then the values written.
    for (std::size_t thread = 0; thread < choice.size(); ++thread) {
      for (std::size_t at = 0; at < graph.threads[thread].size(); ++at) {
        const opsem::GraphEvent& event = graph.threads[thread][at];
        if (!event.reads) {
          continue;
        }
        const unsigned read = eventOf(thread, (*groups[thread])[at].read);
        const std::optional<unsigned> write = writeOf(event.readFrom, read);
        if (!write) {
          return "a read of P" + std::to_string(thread) + " took a value from an event that writes nothing";
        }
        x.rf.add(*write, read);
        x.source[read] = static_cast<std::uint8_t>(*write);
        x.values[read] = event.valueRead;
      }
    }
    for (unsigned event = 0; event < x.size; ++event) {
      if (axiomcheck::contains(x.writes, event) && !x.events[event].initial) {
        const auto thread = static_cast<std::size_t>(x.events[event].thread);
        x.values[event] = x.evaluate(thread, paths[thread]->events[x.events[event].pathEvent].value);
      }
    }
    for (std::size_t thread = 0; thread < paths.size(); ++thread) {
      for (const axiomcheck::PathAssumption& assumption : paths[thread]->assumptions) {
        if ((x.evaluate(thread, assumption.condition).integer != 0) != assumption.holds) {
          return "the branches P" + std::to_string(thread) + " took do not follow from the values it read";
        }
      }
    }
    for (unsigned read = 0; read < x.size; ++read) {
      if (axiomcheck::contains(x.reads, read) && x.values[read] != x.values[x.source[read]]) {
        return "a read's value differs from that of the write it took";
      }
    }

    // co: the order of arrival at the coherence point, after the initial write.
    axiomcheck::EventSet ordered = x.initialWrites;
    for (const std::vector<opsem::EventReference>& arrivals : graph.coherence) {
      std::vector<unsigned> writes;
      for (const opsem::EventReference& reference : arrivals) {
        const auto thread = static_cast<std::size_t>(reference.thread);
        const InstructionEvents& group = (*groups[thread])[static_cast<std::size_t>(reference.index)];
        const unsigned write = eventOf(thread, group.write);
        for (const unsigned earlier : writes) {
          x.co.add(earlier, write);
        }
        x.co.add(x.initialWriteOf[x.events[write].location], write);
        writes.push_back(write);
        ordered |= axiomcheck::eventBit(write);
      }
    }
    if ((x.writes & ~ordered) != 0) {
      // herd's GPU_PTX semantics (ModelTraits::failedCasWrites) has a
      // failing atom.cas write the old value back; ptx-op's only reads, so
      // the run has no write to place in co, and which later reads would
      // take the written-back copy is not recorded.
      return model_.traits().failedCasWrites
                 ? kFailingCasWrites
                 : "a write the model sees never reached its point of coherence in the run";
    }
    std::vector<unsigned> fences;
    for (const opsem::EventReference& reference : graph.fenceScOrder) {
      const auto thread = static_cast<std::size_t>(reference.thread);
      const unsigned fence =
          eventOf(thread, (*groups[thread])[static_cast<std::size_t>(reference.index)].other);
      for (const unsigned earlier : fences) {
        x.fenceScOrder.add(earlier, fence);
      }
      fences.push_back(fence);
    }
    if (model_.traits().barriers) {
      addBarrierSynchronization(graph, groups, x);
      // barrier.cluster: ptx-op's k-th wait passes once the cluster's k-th
      // arrivals are in (CBAR-2), the pairing the models make.
      axiomcheck::addClusterBarrierSynchronization(x);
    }
    model_.narrowTotalOrders(x);
    return std::nullopt;
  }

  // An arrival synchronizes with a wait of the same barrier of the CTA that
  // saw it arrive (BarrierSynchronization.h: the arrivals before the wait
  // passed).
  void addBarrierSynchronization(const opsem::ExecutionGraph& graph,
                                 const std::vector<const std::vector<InstructionEvents>*>& groups,
                                 Execution& x) const {
    for (std::size_t arriver = 0; arriver < graph.threads.size(); ++arriver) {
      for (std::size_t a = 0; a < graph.threads[arriver].size(); ++a) {
        const opsem::GraphEvent& arrival = graph.threads[arriver][a];
        if (arrival.barrierInstance < 0) {
          continue;
        }
        for (std::size_t waiter = 0; waiter < graph.threads.size(); ++waiter) {
          if (test_.threads[waiter].placement.cta != test_.threads[arriver].placement.cta) {
            continue;
          }
          for (std::size_t w = 0; w < graph.threads[waiter].size(); ++w) {
            const opsem::GraphEvent& wait = graph.threads[waiter][w];
            const int waitEvent = (*groups[waiter])[w].wait;
            if (waitEvent >= 0 && wait.barrierInstance == arrival.barrierInstance &&
                arrival.arrivalIndex < wait.arrivalsSeen) {
              x.barrierSync.add(x.firstEvent[arriver] + static_cast<unsigned>((*groups[arriver])[a].other),
                                x.firstEvent[waiter] + static_cast<unsigned>(waitEvent));
            }
          }
        }
      }
    }
  }

  const litmus::Test& test_;
  const std::string& file_;
  const axiomcheck::AxiomaticModel& model_;
  std::vector<std::vector<ThreadPath>> paths_;                       // per thread
  std::vector<std::vector<std::vector<InstructionEvents>>> groups_;  // per thread, per path
};

}  // namespace

struct GraphTranslator::Impl : Translator {
  using Translator::Translator;
};

GraphTranslator::GraphTranslator(const litmus::Test& test, const std::string& file,
                                 const axiomcheck::AxiomaticModel& model, unsigned unroll)
    : impl_(std::make_unique<Impl>(test, file, model, unroll)) {}

GraphTranslator::~GraphTranslator() = default;

std::optional<std::string> GraphTranslator::translate(const opsem::ExecutionGraph& graph,
                                                      axiomcheck::Execution& execution) const {
  return impl_->translate(graph, execution);
}

bool isFailingCasWrite(const std::string& problem) { return problem == kFailingCasWrites; }

}  // namespace opcheck::crosscheck

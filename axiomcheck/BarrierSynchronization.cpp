#include "axiomcheck/BarrierSynchronization.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include "axiomcheck/PtxRelations.h"

namespace opcheck::axiomcheck {

namespace {

struct Participant {
  unsigned arrive = 0;
  unsigned wait = Execution::kNoEvent;  // none for bar.arrive
  std::int64_t count = 0;               // 0 when not given
};

using Edges = std::vector<std::pair<unsigned, unsigned>>;  // (arrive, wait)

// A name as Dat3M compares it: the CTA, the operands' values (an absent
// operand differs from every value) and which occurrence in the thread.
using InstanceKey = std::tuple<std::int16_t, bool, litmus::Value, bool, litmus::Value, unsigned>;

// The synchronizations one barrier instance allows (empty: it hangs).
std::vector<Edges> instanceChoices(const std::vector<Participant>& members) {
  const std::size_t n = members.size();
  std::size_t quorum = n;
  if (members.front().count > 0) {
    quorum = static_cast<std::size_t>(members.front().count);
  }
  if (quorum > n) {
    return {};
  }
  std::vector<std::size_t> order(n);
  for (std::size_t index = 0; index < n; ++index) {
    order[index] = index;
  }
  std::vector<Edges> choices;
  do {
    Edges edges;
    for (std::size_t position = 0; position < n; ++position) {
      const Participant& waiter = members[order[position]];
      if (waiter.wait == Execution::kNoEvent) {
        continue;
      }
      // The first QUORUM arrivals complete together; a later one passes
      // having seen every arrival before it.
      const std::size_t seen = std::max(position + 1, quorum);
      for (std::size_t earlier = 0; earlier < seen; ++earlier) {
        if (earlier != position) {
          edges.emplace_back(members[order[earlier]].arrive, waiter.wait);
        }
      }
    }
    std::sort(edges.begin(), edges.end());
    if (std::find(choices.begin(), choices.end(), edges) == choices.end()) {
      choices.push_back(std::move(edges));
    }
    if (quorum == n) {
      break;  // every order gives the same relation
    }
  } while (std::next_permutation(order.begin(), order.end()));
  return choices;
}

void visitProduct(Execution& execution, const std::vector<std::vector<Edges>>& choices, std::size_t instance,
                  const std::function<void()>& visit) {
  if (instance == choices.size()) {
    visit();
    return;
  }
  for (const Edges& edges : choices[instance]) {
    for (const auto& [arrive, wait] : edges) {
      execution.barrierSync.add(arrive, wait);
    }
    visitProduct(execution, choices, instance + 1, visit);
    for (const auto& [arrive, wait] : edges) {
      execution.barrierSync.remove(arrive, wait);
    }
  }
}

bool isClusterBarrier(const Execution& execution, unsigned event) {
  return execution.events[event].scope == litmus::Scope::Cluster;
}

// barrier.cluster (PTX ISA 9.1 9.7.13.3): "barrier.cluster.wait instruction
// causes the executing thread to wait for all non-exited threads of the
// cluster to perform barrier.cluster.arrive", and the barrier "completes and
// is automatically reinitialized", each thread arriving "only once before
// the barrier completes". So the k-th wait of a thread waits for the k-th
// arrival of every other thread of its cluster that arrives k times (a
// thread that arrives fewer times has exited by then), and 8.9.4 item 3:
// "A barrier.cluster.arrive operation synchronizes with a barrier.cluster.wait
// operation". Deterministic: no order of arrival to choose.
}  // namespace

void addClusterBarrierSynchronization(Execution& execution) {
  std::map<std::pair<std::int16_t, unsigned>, std::vector<unsigned>> arrivals;  // (cluster, k) -> arrives
  std::vector<std::pair<std::pair<std::int16_t, unsigned>, unsigned>> waits;    // ((cluster, k), wait)
  for (std::size_t thread = 0; thread < execution.paths.size(); ++thread) {
    const std::int16_t cluster = execution.test->threads[thread].placement.cluster;
    unsigned arrived = 0;
    unsigned waited = 0;
    forEachEvent(execution.threadEvents[thread] & (execution.barrierArrives | execution.barrierWaits),
                 [&](unsigned event) {
                   if (!isClusterBarrier(execution, event)) {
                     return;
                   }
                   if (contains(execution.barrierArrives, event)) {
                     arrivals[{cluster, arrived++}].push_back(event);
                   } else {
                     waits.push_back({{cluster, waited++}, event});
                   }
                 });
  }
  for (const auto& [key, wait] : waits) {
    for (unsigned arrive : arrivals[key]) {
      if (execution.events[arrive].thread != execution.events[wait].thread) {
        execution.barrierSync.add(arrive, wait);
      }
    }
  }
}

Relation ptxBarrierSynchronization(const Execution& x) {
  Relation result = x.barrierSync;
  forEachEvent(x.barrierArrives, [&](unsigned arrive) {
    const Event& e = x.events[arrive];
    if (!isClusterBarrier(x, arrive) || e.semantics != litmus::Semantics::Relaxed) {
      return;
    }
    const EventSet waits = x.barrierSync.successors(arrive);
    result.setSuccessors(arrive, 0);
    const litmus::ThreadPlacement& from = x.test->threads[static_cast<std::size_t>(e.thread)].placement;
    forEachEvent(x.po.predecessors(arrive) & x.fences, [&](unsigned fence) {
      const Event& f = x.events[fence];
      if (!isReleaseFence(f.semantics)) {
        return;
      }
      forEachEvent(waits, [&](unsigned wait) {
        const auto waiter = static_cast<std::size_t>(x.events[wait].thread);
        if (scopeIncludes(f.scope, from, x.test->threads[waiter].placement)) {
          result.add(fence, wait);
        }
      });
    });
  });
  return result;
}

bool forEachBarrierSynchronization(Execution& execution, const std::function<void()>& visit) {
  execution.barrierSync = Relation(execution.size);
  if (execution.barrierArrives == 0) {
    visit();
    return true;
  }
  addClusterBarrierSynchronization(execution);
  std::map<InstanceKey, std::vector<Participant>> instances;
  for (std::size_t thread = 0; thread < execution.paths.size(); ++thread) {
    const ThreadPath& path = *execution.paths[thread];
    const std::int16_t cta = execution.test->threads[thread].placement.cta;
    std::map<std::tuple<bool, litmus::Value, bool, litmus::Value>, unsigned> occurrences;
    forEachEvent(execution.threadEvents[thread] & execution.barrierArrives, [&](unsigned arrive) {
      if (isClusterBarrier(execution, arrive)) {
        return;  // addClusterBarrierSynchronization
      }
      const PathEvent& event = path.events[execution.events[arrive].pathEvent];
      auto operand = [&](ExprId id) {
        return id == kNoExpr ? litmus::Value{} : execution.evaluate(thread, id);
      };
      const bool hasFirst = event.barrierName[0] != kNoExpr;
      const bool hasSecond = event.barrierName[1] != kNoExpr;
      const auto name =
          std::make_tuple(hasFirst, operand(event.barrierName[0]), hasSecond, operand(event.barrierName[1]));
      const unsigned occurrence = occurrences[name]++;
      Participant participant;
      participant.arrive = arrive;
      if (arrive + 1 < execution.size && contains(execution.barrierWaits, arrive + 1) &&
          !isClusterBarrier(execution, arrive + 1) &&
          execution.events[arrive + 1].thread == execution.events[arrive].thread &&
          execution.events[arrive + 1].pathEvent == execution.events[arrive].pathEvent + 1) {
        participant.wait = arrive + 1;
      }
      if (event.barrierCount != kNoExpr) {
        participant.count = execution.evaluate(thread, event.barrierCount).integer;
      }
      instances[std::make_tuple(cta, std::get<0>(name), std::get<1>(name), std::get<2>(name),
                                std::get<3>(name), occurrence)]
          .push_back(participant);
    });
  }
  std::vector<std::vector<Edges>> choices;
  for (const auto& [key, members] : instances) {
    std::vector<Edges> options = instanceChoices(members);
    if (options.empty()) {
      return false;
    }
    choices.push_back(std::move(options));
  }
  visitProduct(execution, choices, 0, visit);
  return true;
}

}  // namespace opcheck::axiomcheck

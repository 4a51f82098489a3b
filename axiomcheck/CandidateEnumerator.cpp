#include "axiomcheck/CandidateEnumerator.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <functional>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "axiomcheck/BarrierSynchronization.h"
#include "axiomcheck/FinalStates.h"
#include "axiomcheck/IgnoredQualifiers.h"
#include "axiomcheck/ThreadPaths.h"
#include "litmus/Diagnostic.h"
#include "litmus/Opcode.h"
#include "litmus/Proxies.h"

namespace opcheck::axiomcheck {

using litmus::ConditionTerm;
using litmus::FinalState;
using litmus::Value;

namespace {

// More combinations of per-thread paths than this are refused rather than
// left to run for hours.
constexpr double kMaxPathCombinations = 1 << 22;

// What stops an enumeration early (CheckOptions' limits); thrown from the
// depth of the enumeration, or from inside a model's own choices, and caught
// in checkTest, which keeps the outcome found so far.
struct LimitReached {
  std::string_view reason;  // as Outcome::stopped names it
};

// Checks the limits as the enumeration goes. The candidate limit is one
// comparison per candidate; the clock and the interrupt flag are read once
// every kPollInterval steps, so that checking costs nothing measurable even
// for tests with millions of candidates (a step is a candidate or an rf
// choice that produced none).
class Budget {
 public:
  explicit Budget(const CheckOptions& options) : options_(options) {}

  // Before the (COUNTED+1)th candidate is counted.
  void beforeCandidate(std::uint64_t counted) {
    if (options_.maxCandidates != 0 && counted >= options_.maxCandidates) {
      throw LimitReached{"max-candidates"};
    }
    counted_ = counted;
    step();
  }

  void step() {
    if (++steps_ % kPollInterval != 0) {
      return;
    }
    if (options_.interrupted != nullptr && options_.interrupted->load(std::memory_order_relaxed)) {
      throw LimitReached{"interrupted"};
    }
    if (options_.deadline.passed()) {
      throw LimitReached{"timeout"};
    }
    if (options_.progress) {
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      if (seconds >= reported_ + 1) {
        reported_ = seconds;
        options_.progress({counted_, seconds});
      }
    }
  }

 private:
  static constexpr std::uint64_t kPollInterval = 4096;

  const CheckOptions& options_;
  std::uint64_t steps_ = 0;
  std::uint64_t counted_ = 0;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  double reported_ = 0;  // seconds at the last progress report
};

// Turns each execution the model accepts into final states (FinalStates.h)
// and counts those that pass the filter.
class OutcomeCollector final : public CandidateSink {
 public:
  OutcomeCollector(const litmus::Test& test, const AxiomaticModel& model, litmus::Outcome& outcome,
                   Budget& budget)
      : test_(test),
        model_(model),
        outcome_(outcome),
        budget_(budget),
        rejections_(model.axioms().size(), 0),
        allFlags_(static_cast<AxiomMask>((AxiomMask{1} << model.flags().size()) - 1)) {}

  void accept(const Execution& execution) override {
    budget_.beforeCandidate(outcome_.candidates);
    ++outcome_.candidates;
    bool counted = false;
    finalStates_.forEach(execution, [&](const FinalState& state) { counted = record(state) || counted; });
    // herd flags an execution the filter keeps; once every flag is raised
    // no execution can add one.
    if (counted && raisedFlags_ != allFlags_) {
      raisedFlags_ |= model_.raisedFlags(execution);
    }
  }

  void reject(std::size_t axiom) override {
    budget_.beforeCandidate(outcome_.candidates);
    ++outcome_.candidates;
    ++rejections_[axiom];
  }

  const std::vector<std::uint64_t>& rejections() const { return rejections_; }
  AxiomMask raisedFlags() const { return raisedFlags_; }

 private:
  // Whether STATE passes the filter and counts.
  bool record(const FinalState& state) {
    const litmus::Condition& condition = test_.condition;
    if (condition.filter && !litmus::holds(*condition.filter, outcome_.terms, state)) {
      return false;  // herd: executions failing the filter are discarded
    }
    outcome_.states.insert(litmus::displayedPart(outcome_.terms, state));
    if (litmus::holds(condition.proposition, outcome_.terms, state)) {
      ++outcome_.positive;
    } else {
      ++outcome_.negative;
    }
    return true;
  }

  const litmus::Test& test_;
  const AxiomaticModel& model_;
  litmus::Outcome& outcome_;
  Budget& budget_;
  std::vector<std::uint64_t> rejections_;
  AxiomMask allFlags_;
  AxiomMask raisedFlags_ = 0;
  FinalStates finalStates_{test_, outcome_.terms};
};

class Enumerator {
 public:
  Enumerator(const litmus::Test& test, const AxiomaticModel& model, const CheckOptions& options,
             const std::string& file, OutcomeCollector& collector, Budget& budget)
      : test_(test), model_(model), options_(options), file_(file), collector_(collector), budget_(budget) {}

  bool run() {
    PathOptions pathOptions;
    pathOptions.unroll = options_.unroll;
    pathOptions.failedCasWrites = model_.traits().failedCasWrites;
    bool boundCut = false;
    for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
      threadPaths_.push_back(enumeratePaths(test_, thread, pathOptions, file_));
      boundCut = boundCut || threadPaths_.back().boundCut;
    }
    std::vector<std::size_t> choice(test_.threads.size(), 0);
    std::vector<const ThreadPath*> paths(test_.threads.size(), nullptr);
    double combinations = 1;
    std::size_t beyond = 0;  // the thread whose paths pass the limit
    for (std::size_t thread = 0; thread < threadPaths_.size(); ++thread) {
      const ThreadPaths& set = threadPaths_[thread];
      if (set.paths.empty()) {
        return boundCut;  // every path of some thread was cut
      }
      combinations *= static_cast<double>(set.paths.size());
      if (combinations <= kMaxPathCombinations) {
        beyond = thread + 1;
      }
    }
    if (combinations > kMaxPathCombinations) {
      // Point at the first branch or guard of the thread whose paths pass
      // the limit: that is where its paths fork.
      const auto& instructions = test_.threads[beyond].instructions;
      litmus::SourcePosition position =
          instructions.empty() ? litmus::SourcePosition{} : instructions.front().position;
      for (const litmus::Instruction& instruction : instructions) {
        if (instruction.guarded || litmus::isBranch(instruction.opcode)) {
          position = instruction.position;
          break;
        }
      }
      litmus::fail(file_, position,
                   "test too large: its threads' paths combine in " +
                       std::to_string(static_cast<std::uint64_t>(combinations)) +
                       " ways, the axiomatic models' limit is " +
                       std::to_string(static_cast<std::uint64_t>(kMaxPathCombinations)) +
                       " (lower --unroll)");
    }
    while (true) {
      for (std::size_t thread = 0; thread < choice.size(); ++thread) {
        paths[thread] = &threadPaths_[thread].paths[choice[thread]];
      }
      buildExecution(execution_, test_, paths, file_);
      enumerateReadsFrom();
      std::size_t thread = 0;
      while (thread < choice.size() && ++choice[thread] == threadPaths_[thread].paths.size()) {
        choice[thread++] = 0;
      }
      if (thread == choice.size()) {
        break;
      }
    }
    return boundCut;
  }

  // Candidates with no final state: a barrier never completes.
  std::uint64_t hungCandidates() const { return hungCandidates_; }

 private:
  // The writes READ may read from: never a write of its own thread that
  // comes later in program order, and when its thread wrote the location
  // before, only the last such write or another thread's (reading anything
  // older contradicts po-loc in every model: SC-per-Location / sc-per-loc).
  // Own writes count so only through the read's virtual address and proxy
  // (PTX ISA 9.1 8.7: morally strong needs both); through an alias or
  // another proxy, ptx75 lets the read see any write of the location.
  EventSet sourcesOf(unsigned read) const {
    const Execution& x = execution_;
    const Event& event = x.events[read];
    const EventSet writes = x.writesAt(event.location);
    EventSet sameAccess = x.initialWrites;
    forEachEvent(x.sameVirtualAddress.successors(read), [&](unsigned other) {
      if (x.events[other].proxy == event.proxy) {
        sameAccess |= eventBit(other);
      }
    });
    const EventSet own = writes & sameAccess & x.threadEvents[static_cast<std::size_t>(event.thread)];
    // Earlier and later in program order, which for the accesses of an
    // asynchronous operation is not the order of the path (PTX ISA 9.1
    // 8.9.1.1; Execution.cpp): own writes po-unrelated to the read stay
    // possible sources.
    const EventSet earlierOwn = own & x.po.predecessors(read);
    const EventSet unordered = own & ~earlierOwn & ~x.po.successors(read);
    if (earlierOwn == 0) {
      return (writes & ~own) | unordered;
    }
    // The po-last of the earlier own writes (po is total among them but
    // where an asynchronous operation's accesses are; then any that no
    // other earlier own write follows).
    EventSet last = 0;
    forEachEvent(earlierOwn, [&](unsigned write) {
      if ((x.po.successors(write) & earlierOwn) == 0) {
        last |= eventBit(write);
      }
    });
    return (writes & ~own & ~x.initialWrites) | last | unordered;
  }

  void enumerateReadsFrom() {
    const Execution& x = execution_;
    reads_.clear();
    forEachEvent(x.reads, [&](unsigned read) { reads_.push_back(read); });
    sources_.clear();
    for (unsigned read : reads_) {
      sources_.push_back(sourcesOf(read));
    }
    // Each path assumption is first tried once the reads it tests have
    // sources (reads_ is in event order, so that is at its last such read).
    assumptionsAt_.assign(reads_.size(), {});
    for (std::size_t thread = 0; thread < x.paths.size(); ++thread) {
      const ThreadPath& path = *x.paths[thread];
      for (const PathAssumption& assumption : path.assumptions) {
        const EventSet tested = path.expressions.loads(assumption.condition) << x.firstEvent[thread];
        const unsigned last = 63U - static_cast<unsigned>(std::countl_zero(tested));
        const auto position = std::find(reads_.begin(), reads_.end(), last) - reads_.begin();
        assumptionsAt_[static_cast<std::size_t>(position)].push_back({thread, &assumption});
      }
    }
    assigned_ = 0;
    chooseSource(0);
  }

  void chooseSource(std::size_t index) {
    // Many rf choices of a large test fail their paths' assumptions and
    // count no candidate: each is a step of the budget too.
    budget_.step();
    if (index == reads_.size()) {
      completeReadsFrom();
      return;
    }
    const unsigned read = reads_[index];
    forEachEvent(sources_[index], [&](unsigned write) {
      execution_.rf.add(write, read);
      execution_.source[read] = static_cast<std::uint8_t>(write);
      assigned_ |= eventBit(read);
      if (assumptionsMayHold(index)) {
        chooseSource(index + 1);
      }
      assigned_ &= ~eventBit(read);
      execution_.rf.remove(write, read);
    });
  }

  // The value of EVENT if the reads chosen so far decide it (BUSY guards
  // against cycles, which the complete check reports).
  std::optional<Value> knownValue(unsigned event, EventSet& busy) const {
    const Execution& x = execution_;
    const Event& e = x.events[event];
    if (e.initial) {
      return x.values[event];
    }
    if (contains(busy, event) || (e.kind == EventKind::Read && !contains(assigned_, event))) {
      return std::nullopt;
    }
    busy |= eventBit(event);
    std::optional<Value> result;
    if (e.kind == EventKind::Read) {
      result = knownValue(x.source[event], busy);
    } else {
      const std::size_t thread = static_cast<std::size_t>(e.thread);
      const ThreadPath& path = *x.paths[thread];
      result = path.expressions.tryEvaluate(path.events[e.pathEvent].value, [&](std::uint8_t load) {
        return knownValue(x.firstEvent[thread] + load, busy);
      });
    }
    busy &= ~eventBit(event);
    return result;
  }

  // False when an assumption tried at read INDEX is already known false.
  bool assumptionsMayHold(std::size_t index) const {
    const Execution& x = execution_;
    for (const auto& [thread, assumption] : assumptionsAt_[index]) {
      EventSet busy = 0;
      const std::optional<Value> value = x.paths[thread]->expressions.tryEvaluate(
          assumption->condition,
          [&](std::uint8_t load) { return knownValue(x.firstEvent[thread] + load, busy); });
      if (value && (value->integer != 0) != assumption->holds) {
        return false;
      }
    }
    return true;
  }

  // Values along rf: a read has the value of the write it reads from, a
  // write the value of its expression over its thread's earlier reads.
  // False when values depend on themselves (a thin-air cycle through rf
  // and data dependencies).
  bool computeValues() {
    Execution& x = execution_;
    state_.fill(Unknown);
    bool cyclic = false;
    std::function<Value(unsigned)> valueOf = [&](unsigned event) -> Value {
      if (x.events[event].initial || state_[event] == Done) {
        return x.values[event];
      }
      if (state_[event] == Busy) {
        cyclic = true;
        return Value{};
      }
      state_[event] = Busy;
      Value result;
      if (x.events[event].kind == EventKind::Read) {
        result = valueOf(x.source[event]);
      } else {
        const std::size_t thread = static_cast<std::size_t>(x.events[event].thread);
        const unsigned first = x.firstEvent[thread];
        const ThreadPath& path = *x.paths[thread];
        result = path.expressions.evaluate(path.events[x.events[event].pathEvent].value,
                                           [&](std::uint8_t load) { return valueOf(first + load); });
      }
      x.values[event] = result;
      state_[event] = Done;
      return result;
    };
    forEachEvent(x.memory() & ~x.initialWrites, [&](unsigned event) { valueOf(event); });
    return !cyclic;
  }

  // The branch and guard conditions each path assumed hold.
  bool assumptionsHold() const {
    const Execution& x = execution_;
    for (std::size_t thread = 0; thread < x.paths.size(); ++thread) {
      for (const PathAssumption& assumption : x.paths[thread]->assumptions) {
        if ((x.evaluate(thread, assumption.condition).integer != 0) != assumption.holds) {
          return false;
        }
      }
    }
    return true;
  }

  void completeReadsFrom() {
    if (!computeValues()) {
      collector_.reject(model_.thinAirAxiom());
      return;
    }
    if (!assumptionsHold()) {
      return;  // not an execution of these paths
    }
    if (const std::optional<std::size_t> axiom = model_.rejectReadsFrom(execution_)) {
      collector_.reject(*axiom);
      return;
    }
    if (!model_.traits().barriers) {
      execution_.barrierSync = Relation(execution_.size);
      model_.completeAndCheck(execution_, collector_);
      return;
    }
    if (!forEachBarrierSynchronization(execution_,
                                       [&] { model_.completeAndCheck(execution_, collector_); })) {
      ++hungCandidates_;  // a barrier waits for more threads than reach it
    }
  }

  enum ValueState : std::uint8_t { Unknown, Busy, Done };

  const litmus::Test& test_;
  const AxiomaticModel& model_;
  const CheckOptions& options_;
  const std::string& file_;
  OutcomeCollector& collector_;
  Budget& budget_;
  std::vector<ThreadPaths> threadPaths_;
  Execution execution_;
  std::vector<unsigned> reads_;
  std::vector<EventSet> sources_;
  EventSet assigned_ = 0;  // reads with a source so far
  std::vector<std::vector<std::pair<std::size_t, const PathAssumption*>>> assumptionsAt_;
  std::array<ValueState, kMaxEvents> state_{};
  std::uint64_t hungCandidates_ = 0;
};

}  // namespace

litmus::Outcome checkTest(const litmus::Test& test, const AxiomaticModel& model, const CheckOptions& options,
                          const std::string& file) {
  const auto start = std::chrono::steady_clock::now();
  model.checkSupported(test, file);
  litmus::Outcome outcome;
  outcome.model = std::string(model.name());
  outcome.terms = litmus::ObservedTerms::of(test);
  outcome.unit = litmus::CountUnit::Executions;
  Budget budget(options);
  OutcomeCollector collector(test, model, outcome, budget);
  Enumerator enumerator(test, model, options, file, collector, budget);
  try {
    outcome.boundCut = enumerator.run();
  } catch (const LimitReached& limit) {
    // The states found so far stay: a partial report, as ptx-op gives when
    // --max-states or --timeout stops its exploration.
    outcome.stopped = std::string(limit.reason);
    outcome.notes.push_back(
        "the enumeration stopped at " +
        std::string(limit.reason == "max-candidates" ? "the candidate limit (--max-candidates)"
                    : limit.reason == "timeout"      ? "the time limit (--timeout)"
                                                     : "an interrupt") +
        " after " + std::to_string(outcome.candidates) + " candidates: executions may be missing");
  }
  if (outcome.boundCut) {
    outcome.notes.push_back("some executions need more than --unroll " + std::to_string(options.unroll) +
                            " iterations of a loop and were cut (herd's Loop)");
  }
  if (enumerator.hungCandidates() > 0) {
    outcome.notes.push_back(std::to_string(enumerator.hungCandidates()) +
                            " candidates never complete a barrier (it waits for more threads than reach it) "
                            "and have no final state");
  }
  outcome.ignored = ignoredQualifiers(model, test);
  for (std::size_t flag = 0; flag < model.flags().size(); ++flag) {
    if ((collector.raisedFlags() >> flag & 1U) != 0) {
      outcome.flags.emplace_back(model.flags()[flag].name);
    }
  }
  for (std::size_t axiom = 0; axiom < model.axioms().size(); ++axiom) {
    outcome.rejections.emplace_back(std::string(model.axioms()[axiom].name), collector.rejections()[axiom]);
  }
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

}  // namespace opcheck::axiomcheck

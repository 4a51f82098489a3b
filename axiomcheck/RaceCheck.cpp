#include "axiomcheck/RaceCheck.h"

#include <algorithm>
#include <functional>
#include <tuple>

#include "axiomcheck/FinalStates.h"
#include "axiomcheck/ForwardingModel.h"
#include "axiomcheck/Models.h"

namespace opcheck::axiomcheck {

namespace {

// Passes every verdict on to the enumerator's sink, and shows each accepted
// execution to OBSERVE first.
class ObservingSink final : public CandidateSink {
 public:
  ObservingSink(CandidateSink& inner, const std::function<void(const Execution&)>& observe)
      : inner_(inner), observe_(observe) {}
  void accept(const Execution& execution) override {
    observe_(execution);
    inner_.accept(execution);
  }
  void reject(std::size_t axiom) override { inner_.reject(axiom); }

 private:
  CandidateSink& inner_;
  const std::function<void(const Execution&)>& observe_;
};

// MODEL itself in every respect, but that it shows each execution it
// accepts to OBSERVE.
class ObservingModel final : public ForwardingModel {
 public:
  ObservingModel(const AxiomaticModel& model, std::function<void(const Execution&)> observe)
      : ForwardingModel(model), observe_(std::move(observe)) {}
  void completeAndCheck(Execution& execution, CandidateSink& sink) const override {
    ObservingSink observing(sink, observe_);
    model().completeAndCheck(execution, observing);
  }

 private:
  std::function<void(const Execution&)> observe_;
};

}  // namespace

void addExecutionRaces(TestRaces& result, const Execution& execution, const ExecutionRaces& found) {
  ++result.executions;
  if (!found.races.empty()) {
    ++result.racyExecutions;
    if (!result.firstRacyExecution) {
      auto kept = std::make_shared<KeptExecution>();
      kept->execution = execution;
      kept->races = found;
      kept->paths.reserve(execution.paths.size());
      for (std::size_t thread = 0; thread < execution.paths.size(); ++thread) {
        if (execution.paths[thread] != nullptr) {
          kept->paths.push_back(*execution.paths[thread]);
          kept->execution.paths[thread] = &kept->paths.back();
        }
      }
      result.firstRacyExecution = std::move(kept);
    }
  }
  for (const Race& race : found.races) {
    auto same = std::find_if(result.races.begin(), result.races.end(), [&](const Race& known) {
      return known.first == race.first && known.second == race.second && known.location == race.location;
    });
    if (same == result.races.end()) {
      result.races.push_back(race);
    } else if (explanationRank(race.kind) > explanationRank(same->kind)) {
      *same = race;
    }
  }
  // A pair's class is the worst over the executions: DRFrlx asks it of
  // every SC execution (seed 003 Sec. 3.3.3 "DRFrlx Program").
  for (const RelaxedRace& race : found.relaxedRaces) {
    auto same =
        std::find_if(result.relaxedRaces.begin(), result.relaxedRaces.end(), [&](const RelaxedRace& known) {
          return known.first == race.first && known.second == race.second && known.location == race.location;
        });
    if (same == result.relaxedRaces.end()) {
      result.relaxedRaces.push_back(race);
    } else if (!keepsSequentialConsistency(race.kind)) {
      same->kind = race.kind;
    }
  }
  auto byPosition = [](const auto& left, const auto& right) {
    return std::tie(left.first, left.second, left.location) <
           std::tie(right.first, right.second, right.location);
  };
  std::stable_sort(result.races.begin(), result.races.end(), byPosition);
  std::stable_sort(result.relaxedRaces.begin(), result.relaxedRaces.end(), byPosition);
}

bool supportsRaces(const AxiomaticModel& model) { return model.traits().races != RaceExecutions::None; }

TestRaces checkRaces(const litmus::Test& test, const AxiomaticModel& model, const CheckOptions& options,
                     const std::string& file, bool explain) {
  // Races are judged by ptx's relations (PtxRelations.h), whose conflicts
  // are not yet stated for proxies and aliases (PTX ISA 9.1 8.7.1 speaks of
  // overlap, 8.2.1 of one virtual address): refused, docs/races.md. The
  // async proxy's accesses name the location a generic access names, so
  // they overlap (9.7.9.25.2 speaks of "the same memory location").
  refuseProxies(test, file, "opcheck races", /*allowAsync=*/true);
  TestRaces result;
  const bool scExecutions = model.traits().races == RaceExecutions::Interleavings;
  // A model with a race definition of its own (the C models) judges its
  // executions by it; the PTX models and sc by PTX's (DataRaces.h).
  const auto ownRaces = model.traits().findRaces;
  auto collect = [&](const Execution& execution) {
    addExecutionRaces(result, execution,
                      ownRaces != nullptr ? ownRaces(execution, explain) : findRaces(execution, explain));
  };
  // herd: an execution whose final states all fail the filter is discarded.
  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  FinalStates finalStates(test, terms);
  const ObservingModel observing(model, [&](const Execution& execution) {
    if (!finalStates.passFilter(execution)) {
      return;
    }
    if (scExecutions) {
      // An SC execution fixes rf and co; its Fence-SC order is the order
      // of the fences in an interleaving, and cause reads it.
      forEachScFenceOrder(execution, collect);
    } else {
      collect(execution);
    }
  });
  result.outcome = checkTest(test, observing, options, file);
  return result;
}

bool racyUnderDrf(const TestRaces& scRaces) {
  if (!scRaces.races.empty()) {
    return true;
  }
  return std::any_of(scRaces.relaxedRaces.begin(), scRaces.relaxedRaces.end(),
                     [](const RelaxedRace& race) { return !keepsSequentialConsistency(race.kind); });
}

}  // namespace opcheck::axiomcheck

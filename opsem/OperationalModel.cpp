#include "opsem/OperationalModel.h"

#include <atomic>
#include <set>
#include <type_traits>

#include "litmus/Diagnostic.h"
#include "opsem/QueueDemand.h"
#include "opsem/RunSupport.h"
#include "opsem/SizeClassRuns.h"

namespace opcheck::opsem {

namespace {

std::atomic<std::uint64_t> explorations{0};   // explorationsRun
std::atomic<std::uint64_t> traceSearches{0};  // traceSearchesRun

// The size class a program runs in (Capacity.h): the smallest it fits
// whose queues hold all the code can queue (QueueDemand.h), so that no
// producer of a loop-free test waits for room; where none holds that much
// (a loop, or more than the huge class's entries), the smallest it fits.
// Otherwise a refusal naming ptx-op's limits.
enum class CapacityClass { Small, Large, Huge };

CapacityClass capacityFor(const Program& program, const std::string& file) {
  const bool small = fits<SmallCapacity>(program);
  const bool large = fits<LargeCapacity>(program);
  if (!fits<HugeCapacity>(program)) {
    refuseTooLarge<HugeCapacity>(file, program, std::string(kOperationalModelName));
  }
  if (small && holdsEveryQueue<SmallCapacity>(program)) {
    return CapacityClass::Small;
  }
  if (large && holdsEveryQueue<LargeCapacity>(program)) {
    return CapacityClass::Large;
  }
  if (holdsEveryQueue<HugeCapacity>(program)) {
    return CapacityClass::Huge;
  }
  return small ? CapacityClass::Small : large ? CapacityClass::Large : CapacityClass::Huge;
}

// RUN(std::type_identity<Capacity>{}, name) for the size class of PROGRAM,
// with near-partition copies under a preset that partitions the L2 (a
// class of their own, so that every other preset keeps its state bytes).
template <typename Run>
auto withCapacityFor(const Program& program, const std::string& file, const Architecture& architecture,
                     Run&& run) {
  auto in = [&]<typename Capacity>(std::type_identity<Capacity>, const char* name) {
    return architecture.partitionedL2 ? run(std::type_identity<PartitionedL2Capacity<Capacity>>{}, name)
                                      : run(std::type_identity<Capacity>{}, name);
  };
  switch (capacityFor(program, file)) {
    case CapacityClass::Small:
      return in(std::type_identity<SmallCapacity>{}, "small");
    case CapacityClass::Large:
      return in(std::type_identity<LargeCapacity>{}, "large");
    case CapacityClass::Huge:
      break;
  }
  return in(std::type_identity<HugeCapacity>{}, "huge");
}

}  // namespace

void noteExploration() { explorations.fetch_add(1, std::memory_order_relaxed); }
void noteTraceSearch() { traceSearches.fetch_add(1, std::memory_order_relaxed); }

std::uint64_t explorationsRun() { return explorations.load(std::memory_order_relaxed); }
std::uint64_t traceSearchesRun() { return traceSearches.load(std::memory_order_relaxed); }

litmus::Outcome outcomeOfFinalStates(const litmus::Test& test, const std::set<litmus::FinalState>& observed,
                                     const statespace::ExplorationStatistics& statistics) {
  litmus::Outcome outcome;
  outcome.model = std::string(kOperationalModelName);
  outcome.unit = litmus::CountUnit::States;
  outcome.terms = litmus::ObservedTerms::of(test);
  // Counts are of distinct final states over the observed terms (README
  // "Use": for ptx-op, counts are of distinct final states).
  for (const litmus::FinalState& state : observed) {
    if (test.condition.filter && !litmus::holds(*test.condition.filter, outcome.terms, state)) {
      continue;
    }
    if (litmus::holds(test.condition.proposition, outcome.terms, state)) {
      ++outcome.positive;
    } else {
      ++outcome.negative;
    }
    outcome.states.insert(litmus::displayedPart(outcome.terms, state));
  }
  outcome.seconds = statistics.seconds;
  outcome.candidates = statistics.states;
  return outcome;
}

std::vector<std::optional<std::vector<std::string>>> tracesToOutcomes(
    const litmus::Test& test, const std::string& file, const OperationalOptions& options,
    const std::vector<litmus::FinalState>& displayed) {
  if (displayed.empty()) {
    return {};
  }
  const Program program = compileProgram(test, file, options.architecture);
  return withCapacityFor(program, file, options.architecture,
                         [&]<typename Capacity>(std::type_identity<Capacity>, const char*) {
                           return SizeClassRuns<Capacity>::traces(test, program, options, displayed);
                         });
}

std::optional<std::vector<std::string>> traceToOutcome(const litmus::Test& test, const std::string& file,
                                                       const OperationalOptions& options,
                                                       const litmus::FinalState& displayed) {
  return tracesToOutcomes(test, file, options, {displayed}).front();
}

void checkRunnable(const litmus::Test& test, const std::string& file, const OperationalOptions& options) {
  capacityFor(compileProgram(test, file, options.architecture), file);
}

OperationalResult runPtxOp(const litmus::Test& test, const std::string& file,
                           const OperationalOptions& options) {
  const Program program = compileProgram(test, file, options.architecture);
  return withCapacityFor(program, file, options.architecture,
                         [&]<typename Capacity>(std::type_identity<Capacity>, const char* name) {
                           return SizeClassRuns<Capacity>::run(test, program, options, name);
                         });
}

}  // namespace opcheck::opsem

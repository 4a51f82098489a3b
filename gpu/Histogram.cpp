#include "gpu/Histogram.h"

#include <cstdio>

#include "litmus/CanonicalPrinter.h"
#include "litmus/HerdPrinter.h"
#include "litmus/Outcome.h"

namespace opcheck::gpu {

std::string writeLitmus7Log(const litmus::Test& test, const std::string& sourceName,
                            const std::string& source, const Histogram& histogram,
                            const RunDescription& run) {
  const litmus::ObservedTerms terms = litmus::ObservedTerms::of(test);
  // litmus7 shows the displayed terms only; full states that agree on
  // them are one line.
  std::map<litmus::FinalState, std::pair<std::uint64_t, bool>> shown;
  litmus::Outcome outcome;
  for (const auto& [state, count] : histogram.counts) {
    if (test.condition.filter && !litmus::holds(*test.condition.filter, terms, state)) {
      continue;
    }
    const bool satisfies = litmus::holds(test.condition.proposition, terms, state);
    auto& line = shown[litmus::displayedPart(terms, state)];
    line.first += count;
    line.second = satisfies;
    (satisfies ? outcome.positive : outcome.negative) += count;
  }
  const std::string banner(sourceName.size() + 16, '%');
  std::string out = banner + "\n% Results for " + sourceName + " %\n" + banner + "\n";
  out += source;
  if (!source.empty() && source.back() != '\n') {
    out += '\n';
  }
  out += "Generated assembler\n";
  out += "// opcheck gpu: the PTX harness of docs/gpu.md, incantations " + run.incantations + "\n";
  out += "Test " + test.name + " " + std::string(litmus::herdKind(test.condition.quantifier)) + "\n";
  out += "Histogram (" + std::to_string(shown.size()) + " states)\n";
  for (const auto& [state, line] : shown) {
    std::string count = std::to_string(line.first);
    count.resize(std::max<std::size_t>(count.size(), 6), ' ');
    out += count + (line.second ? "*>" : ":>") + litmus::formatHerdState(test, terms, state) + "\n";
  }
  const bool validated = outcome.conditionHolds(test.condition.quantifier);
  out += std::string(validated ? "Ok" : "No") + "\n\n";
  out += "Witnesses\n";
  out += "Positive: " + std::to_string(outcome.positive) + ", Negative: " + std::to_string(outcome.negative) +
         "\n";
  out += "Condition " + litmus::formatHerdCondition(test) + " is " +
         (validated ? "validated" : "NOT validated") + "\n";
  out += "Observation " + test.name + " " + std::string(outcome.observation()) + " " +
         std::to_string(outcome.positive) + " " + std::to_string(outcome.negative) + "\n";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f", run.seconds);
  out += "Time " + test.name + " " + seconds + "\n";
  if (histogram.discarded > 0) {
    out += "Discarded " + test.name + " " + std::to_string(histogram.discarded) +
           " (a start barrier gave up waiting)\n";
  }
  out += "\n  -- device info --\n";
  out += "Name: " + run.chip + "\n";
  out += "Driver: " + run.driver + "\n";
  out += "Incantations: " + run.incantations + "\n\n";
  return out;
}

}  // namespace opcheck::gpu

#include "litmus/HerdPrinter.h"

#include <cstdio>

#include "litmus/CanonicalPrinter.h"
#include "litmus/HerdHash.h"
#include "litmus/JsonPrinter.h"

namespace opcheck::litmus {

std::string formatHerdCondition(const Test& test) {
  return std::string(quantifierKeyword(test.condition.quantifier)) + " (" +
         formatHerdProposition(test, test.condition.proposition) + ")";
}

std::string printHerd(const Test& test, const Outcome& outcome) {
  const Quantifier quantifier = test.condition.quantifier;
  std::string out = "Test " + test.name + " " + std::string(herdKind(quantifier)) + "\n";
  out += "States " + std::to_string(outcome.states.size()) + "\n";
  for (const FinalState& state : outcome.states) {
    out += formatHerdState(test, outcome.terms, state) + "\n";
  }
  out += outcome.boundCut ? "Loop " : "";
  // A cut run's verdict is not known: "??" where herd says Ok/No and
  // Never/Sometimes/Always, as mcompare7 marks a result it does not have.
  out += std::string(verdictWord(test, outcome)) + "\n";
  out += "Witnesses\n";
  // herd's check_wit: for ~exists the witnesses are the executions that
  // do not satisfy the proposition.
  const bool swapped = quantifier == Quantifier::NotExists;
  out += "Positive: " + std::to_string(swapped ? outcome.negative : outcome.positive) +
         " Negative: " + std::to_string(swapped ? outcome.positive : outcome.negative) + "\n";
  // herd's top_herd.ml prints the flags some execution raised here.
  for (const std::string& flag : outcome.flags) {
    out += "Flag " + flag + "\n";
  }
  out += "Condition " + formatHerdCondition(test) + "\n";
  out += "Observation " + test.name + " " + std::string(observationWord(outcome)) + " " +
         std::to_string(outcome.positive) + " " + std::to_string(outcome.negative) + "\n";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f", outcome.seconds);
  out += "Time " + test.name + " " + seconds + "\n";
  // herd7 prints its digest of the test after Time (litmus/HerdHash.h), for
  // the tests it would read.
  if (const std::optional<std::string> hash = herdHash(test)) {
    out += "Hash=" + *hash + "\n";
  }
  out += "\n";
  return out;
}

}  // namespace opcheck::litmus

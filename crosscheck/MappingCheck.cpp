#include "crosscheck/MappingCheck.h"

#include <algorithm>
#include <map>
#include <new>

#include "axiomcheck/ShownExecutions.h"
#include "compile/Compiler.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"

namespace opcheck::crosscheck {

namespace {

// How many rejected candidates of the C test are asked for, to say which
// axioms forbid an outcome: enough to see each axiom that does, few enough
// to stay quick (each candidate is shown with every co order).
constexpr std::size_t kRejectedShown = 64;

// "t1 = v1 /\ t2 = v2 ..." over the displayed terms of STATE (an address
// value is left out: a condition compares integers).
litmus::Proposition stateProposition(const litmus::ObservedTerms& terms, const litmus::FinalState& state) {
  litmus::Proposition conjunction;
  conjunction.kind = litmus::Proposition::Kind::And;
  for (std::size_t index = 0; index < state.size(); ++index) {
    if (state[index].isAddress()) {
      continue;
    }
    litmus::Proposition equal;
    equal.kind = litmus::Proposition::Kind::Equal;
    equal.left = terms.terms()[index];
    equal.right = litmus::ConditionTerm{litmus::ConditionTerm::Kind::Integer, 0, 0, state[index].integer};
    conjunction.operands.push_back(std::move(equal));
  }
  if (conjunction.operands.size() == 1) {
    return conjunction.operands.front();
  }
  if (conjunction.operands.empty()) {
    conjunction.kind = litmus::Proposition::Kind::True;
  }
  return conjunction;
}

// TEST asking for STATE: the executions that end in it pass its filter and
// satisfy its proposition.
litmus::Test askingFor(const litmus::Test& test, const litmus::ObservedTerms& terms,
                       const litmus::FinalState& state) {
  litmus::Test asking = test;
  asking.condition.quantifier = litmus::Quantifier::Exists;
  asking.condition.proposition = stateProposition(terms, state);
  asking.condition.filter = asking.condition.proposition;
  return asking;
}

MappingCounterexample counterexample(const MappingCheck& check, const litmus::ObservedTerms& terms,
                                     const litmus::FinalState& state, const MappingCheckOptions& options) {
  MappingCounterexample found;
  found.state = state;
  found.stateText = litmus::formatHerdState(check.source, terms, state);
  axiomcheck::ShowOptions one;
  one.show = axiomcheck::ShowSelection::Prop;
  one.limit = 1;
  const axiomcheck::ShownOutcome target = axiomcheck::checkAndShow(
      askingFor(check.target, terms, state), *options.target, options.check, check.file, one);
  if (!target.pictures.empty()) {
    found.targetExecution = target.pictures.front().dot;
  }
  axiomcheck::ShowOptions rejected;
  rejected.show = axiomcheck::ShowSelection::Rejected;
  rejected.limit = kRejectedShown;
  const axiomcheck::ShownOutcome source = axiomcheck::checkAndShow(
      askingFor(check.source, terms, state), *options.source, options.check, check.file, rejected);
  std::map<std::string, std::size_t> counts;
  std::vector<std::string> order;
  for (const axiomcheck::ShownExecution& picture : source.pictures) {
    for (const std::string& axiom : picture.brokenAxioms) {
      if (counts[axiom]++ == 0) {
        order.push_back(axiom);
      }
    }
  }
  for (const std::string& axiom : order) {
    found.sourceAxioms.emplace_back(axiom, counts[axiom]);
  }
  return found;
}

}  // namespace

MappingCheck checkMapping(const std::filesystem::path& file, const MappingCheckOptions& given) {
  MappingCheckOptions options = given;
  if (options.timeoutSeconds > 0) {
    options.check.deadline = statespace::Deadline::after(options.timeoutSeconds);
  }
  MappingCheck check;
  check.file = file.string();
  try {
    check.source = parser::readLitmusFile(file);
    check.name = check.source.name;
    check.target = compile::compileTest(check.source, check.file, *options.mapping).test;
    const litmus::Outcome source =
        axiomcheck::checkTest(check.source, *options.source, options.check, check.file);
    check.sourceStates = source.states.size();
    if (!source.stopped.empty() || source.boundCut) {
      check.stopped = source.stopped.empty() ? "unroll" : source.stopped;
    }
    if (!source.flags.empty()) {
      check.undefinedBy = source.flags;
      return check;
    }
    const litmus::Outcome target =
        axiomcheck::checkTest(check.target, *options.target, options.check, check.file);
    check.targetStates = target.states.size();
    if (check.stopped.empty() && (!target.stopped.empty() || target.boundCut)) {
      check.stopped = target.stopped.empty() ? "unroll" : target.stopped;
    }
    // The compiled test keeps the C test's registers, locations and
    // condition, so the two outcomes are over the same terms.
    if (target.terms.terms() != source.terms.terms()) {
      litmus::fail(check.file, {}, "internal error: the compiled test observes other terms than the C test");
    }
    std::vector<litmus::FinalState> extra;
    std::set_difference(target.states.begin(), target.states.end(), source.states.begin(),
                        source.states.end(), std::back_inserter(extra));
    for (const litmus::FinalState& state : extra) {
      check.counterexamples.push_back(counterexample(check, source.terms, state, options));
    }
    if (options.operational) {
      ComparisonOptions comparison;
      comparison.operational = *options.operational;
      comparison.axiomatic = {options.target};
      comparison.check = given.check;
      comparison.timeoutSeconds = options.timeoutSeconds;
      check.operational = compareParsedTest(check.target, check.file, comparison);
      if (!check.operational->error.empty()) {
        check.error = check.operational->error;
      }
    }
  } catch (const litmus::InputError& error) {
    check.error = error.what();
  } catch (const std::bad_alloc&) {
    check.error = check.file + ": error: out of memory while checking the mapping on this test";
  }
  return check;
}

}  // namespace opcheck::crosscheck

#include "cli/Comparison.h"

#include <algorithm>
#include <new>

#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"

namespace opcheck::cli {

litmus::Test withEveryTermShown(const litmus::Test& test) {
  litmus::Test full = test;
  full.shownLocations.clear();
  for (std::size_t thread = 0; thread < test.threads.size(); ++thread) {
    for (std::size_t reg = 0; reg < test.threads[thread].registers.size(); ++reg) {
      full.shownLocations.push_back(litmus::ConditionTerm{litmus::ConditionTerm::Kind::Register,
                                                          static_cast<std::uint16_t>(thread),
                                                          static_cast<std::uint32_t>(reg), 0});
    }
  }
  for (std::size_t location = 0; location < test.locations.size(); ++location) {
    if (!test.locations[location].aliasOf) {
      full.shownLocations.push_back(litmus::ConditionTerm{litmus::ConditionTerm::Kind::Location, 0,
                                                          static_cast<std::uint32_t>(location), 0});
    }
  }
  // The filter decides which executions count; the comparison counts all.
  full.condition.filter.reset();
  return full;
}

namespace {

// The axioms broken by the graphs of the runs that end in STATE, each once.
std::vector<std::string> axiomsBrokenReaching(const ExecutionCheck& check, const litmus::FinalState& state) {
  std::vector<std::string> axioms;
  for (const BrokenGraph& graph : check.broken) {
    if (graph.finalState != state) {
      continue;
    }
    for (const std::string& axiom : graph.axioms) {
      if (std::find(axioms.begin(), axioms.end(), axiom) == axioms.end()) {
        axioms.push_back(axiom);
      }
    }
  }
  return axioms;
}

}  // namespace

bool TestComparison::unsound() const {
  return std::any_of(models.begin(), models.end(),
                     [](const ModelComparison& model) { return model.unsound(); });
}

TestComparison compareTest(const std::filesystem::path& file, const ComparisonOptions& options) {
  TestComparison comparison;
  comparison.file = file.string();
  try {
    const litmus::Test original = parser::readLitmusFile(file);
    comparison.name = original.name;
    comparison.test = withEveryTermShown(original);
    const opsem::OperationalResult operational =
        opsem::runPtxOp(comparison.test, comparison.file, options.operational);
    comparison.terms = operational.outcome.terms;
    comparison.operationalStates = operational.outcome.states.size();
    comparison.operationalComplete = operational.statistics.stopReason == statespace::StopReason::Completed;
    for (const axiomcheck::AxiomaticModel* model : options.axiomatic) {
      const litmus::Outcome axiomatic =
          axiomcheck::checkTest(comparison.test, *model, options.check, comparison.file);
      ModelComparison result;
      result.model = std::string(model->name());
      result.states = axiomatic.states.size();
      result.boundCut = axiomatic.boundCut;
      result.stopped = axiomatic.stopped;
      std::set_difference(operational.outcome.states.begin(), operational.outcome.states.end(),
                          axiomatic.states.begin(), axiomatic.states.end(),
                          std::inserter(result.operationalOnly, result.operationalOnly.end()));
      std::set_difference(axiomatic.states.begin(), axiomatic.states.end(),
                          operational.outcome.states.begin(), operational.outcome.states.end(),
                          std::inserter(result.axiomaticOnly, result.axiomaticOnly.end()));
      for (const litmus::FinalState& state : result.operationalOnly) {
        result.traces.push_back(
            opsem::traceToOutcome(comparison.test, comparison.file, options.operational, state)
                .value_or(std::vector<std::string>{}));
      }
      if (options.executions || result.unsound()) {
        ExecutionCheckOptions checkOptions;
        checkOptions.unroll = options.check.unroll;
        checkOptions.tracesWanted = options.executions ? 3 : 0;
        ExecutionCheck check =
            checkExecutions(comparison.test, comparison.file, *model, options.operational, checkOptions);
        for (const litmus::FinalState& state : result.operationalOnly) {
          result.brokenAxioms.push_back(axiomsBrokenReaching(check, state));
        }
        if (options.executions) {
          result.executions = std::move(check);
        }
      }
      comparison.models.push_back(std::move(result));
    }
  } catch (const litmus::InputError& error) {
    comparison.error = error.what();
  } catch (const std::bad_alloc&) {
    // As opcheck FILE reports it: this test fails, the others go on.
    comparison.models.clear();
    comparison.error = comparison.file + ": error: out of memory while comparing this test";
  }
  return comparison;
}

}  // namespace opcheck::cli

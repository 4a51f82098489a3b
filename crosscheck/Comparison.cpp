#include "crosscheck/Comparison.h"

#include <algorithm>
#include <new>

#include "crosscheck/OperationalSide.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"

namespace opcheck::crosscheck {

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

// --executions: the broken graphs per model that come with the run to them.
constexpr std::size_t kTracesPerModel = 3;

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
  try {
    return compareParsedTest(parser::readLitmusFile(file), file.string(), options);
  } catch (const litmus::InputError& error) {
    TestComparison comparison;
    comparison.file = file.string();
    comparison.error = error.what();
    return comparison;
  }
}

TestComparison compareParsedTest(const litmus::Test& original, const std::string& file,
                                 const ComparisonOptions& given) {
  ComparisonOptions options = given;
  if (options.timeoutSeconds > 0) {
    const statespace::Deadline deadline = statespace::Deadline::after(options.timeoutSeconds);
    options.operational.exploration.limits.deadline = deadline;
    options.check.deadline = deadline;
  }
  TestComparison comparison;
  comparison.file = file;
  try {
    comparison.name = original.name;
    comparison.test = withEveryTermShown(original);
    OperationalSideOptions sideOptions;
    sideOptions.operational = options.operational;
    sideOptions.unroll = options.check.unroll;
    sideOptions.recordGraphs = options.executions;
    sideOptions.expectGraphs = std::any_of(
        options.axiomatic.begin(), options.axiomatic.end(),
        [](const axiomcheck::AxiomaticModel* model) { return model->traits().forbidsRelaxedOutcomes; });
    OperationalSide operational(comparison.test, comparison.file, sideOptions);
    const std::set<litmus::FinalState>& reached = operational.outcome().states;
    comparison.terms = operational.outcome().terms;
    comparison.operationalStates = reached.size();
    comparison.operationalComplete = operational.complete();
    // The runs to show, gathered over every model and rebuilt after: read
    // off the recording where it kept them, or else from one search for the
    // operational-only states and one for the graphs.
    std::vector<litmus::FinalState> unsoundStates;
    std::vector<opsem::RunEnd> brokenRuns;
    for (const axiomcheck::AxiomaticModel* model : options.axiomatic) {
      const litmus::Outcome axiomatic =
          axiomcheck::checkTest(comparison.test, *model, options.check, comparison.file);
      ModelComparison result;
      result.model = std::string(model->name());
      result.states = axiomatic.states.size();
      result.boundCut = axiomatic.boundCut;
      result.stopped = axiomatic.stopped;
      std::set_difference(reached.begin(), reached.end(), axiomatic.states.begin(), axiomatic.states.end(),
                          std::inserter(result.operationalOnly, result.operationalOnly.end()));
      std::set_difference(axiomatic.states.begin(), axiomatic.states.end(), reached.begin(), reached.end(),
                          std::inserter(result.axiomaticOnly, result.axiomaticOnly.end()));
      // A run to a state is shown for an unsound verdict only: where a limit
      // or --unroll cut the axiomatic side the verdict is inconclusive, and
      // a search would only spend the test's time.
      if (!result.axiomaticCut()) {
        unsoundStates.insert(unsoundStates.end(), result.operationalOnly.begin(),
                             result.operationalOnly.end());
      }
      if (options.executions || result.unsound()) {
        model->checkSupported(comparison.test, comparison.file);
        ExecutionCheck check =
            checkRecordedExecutions(comparison.test, comparison.file, *model, operational.graphs(),
                                    options.check.unroll, options.pictureStyle);
        for (const litmus::FinalState& state : result.operationalOnly) {
          result.brokenAxioms.push_back(axiomsBrokenReaching(check, state));
        }
        if (options.executions) {
          for (std::size_t at = 0; at < check.broken.size() && at < kTracesPerModel; ++at) {
            brokenRuns.push_back(check.broken[at].run);
          }
          result.executions = std::move(check);
        }
      }
      comparison.models.push_back(std::move(result));
    }
    std::vector<std::vector<std::string>> unsoundTraces = operational.tracesToOutcomes(unsoundStates);
    std::vector<std::vector<std::string>> brokenTraces = operational.tracesToGraphs(brokenRuns);
    std::size_t nextState = 0;
    std::size_t nextRun = 0;
    for (ModelComparison& result : comparison.models) {
      for (std::size_t at = 0; at < result.operationalOnly.size(); ++at) {
        result.traces.push_back(result.axiomaticCut() ? std::vector<std::string>{}
                                                      : std::move(unsoundTraces[nextState++]));
      }
      if (result.executions) {
        std::vector<BrokenGraph>& broken = result.executions->broken;
        for (std::size_t at = 0; at < broken.size() && at < kTracesPerModel; ++at) {
          broken[at].trace = std::move(brokenTraces[nextRun++]);
        }
      }
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

}  // namespace opcheck::crosscheck

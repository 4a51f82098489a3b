#include "crosscheck/ExecutionCheck.h"

#include <optional>

#include "axiomcheck/Execution.h"
#include "axiomcheck/ExecutionDot.h"
#include "crosscheck/GraphTranslation.h"
#include "opsem/ExecutionGraph.h"

namespace opcheck::crosscheck {

using axiomcheck::Execution;

ExecutionCheck checkRecordedExecutions(const litmus::Test& test, const std::string& file,
                                       const axiomcheck::AxiomaticModel& model,
                                       const opsem::RecordedExecutions& recorded, unsigned unroll,
                                       const axiomcheck::DotStyle& style) {
  model.checkSupported(test, file);
  const GraphTranslator translator(test, file, model, unroll);
  ExecutionCheck check;
  check.model = std::string(model.name());
  check.graphs = recorded.graphs.size();
  check.cutRuns = recorded.cutRuns;
  check.complete = recorded.statistics.stopReason == statespace::StopReason::Completed;
  Execution execution;
  for (const opsem::ExecutionGraph& graph : recorded.graphs) {
    if (const std::optional<std::string> problem = translator.translate(graph, execution)) {
      if (isFailingCasWrite(*problem)) {
        ++check.failingCasGraphs;
      } else {
        check.untranslatable.push_back(*problem);
      }
      continue;
    }
    const std::vector<std::size_t> broken = model.brokenAxioms(execution);
    if (broken.empty()) {
      continue;
    }
    BrokenGraph& report = check.broken.emplace_back();
    report.finalState = graph.finalState;
    report.run = opsem::RunEnd{graph.machineState, graph.run};
    for (const std::size_t axiom : broken) {
      report.axioms.emplace_back(model.axioms()[axiom].name);
    }
    axiomcheck::DotPicture picture;
    picture.name = test.name;
    picture.style = style;
    picture.caption = {
        test.name + ": a run of ptx-op as a candidate execution of " + check.model,
        "final state: " + litmus::formatHerdState(test, litmus::ObservedTerms::of(test), graph.finalState)};
    report.dot = axiomcheck::executionDot(
        execution, axiomcheck::withBrokenAxioms(std::move(picture), model, execution, broken));
  }
  return check;
}

ExecutionCheck checkExecutions(const litmus::Test& test, const std::string& file,
                               const axiomcheck::AxiomaticModel& model,
                               const opsem::OperationalOptions& operational,
                               const ExecutionCheckOptions& options) {
  model.checkSupported(test, file);
  const opsem::RecordedExecutions recorded = opsem::recordExecutions(test, file, operational, options.unroll);
  ExecutionCheck check = checkRecordedExecutions(test, file, model, recorded, options.unroll);
  std::vector<opsem::RunEnd> wanted;
  for (std::size_t at = 0; at < check.broken.size() && at < options.tracesWanted; ++at) {
    wanted.push_back(check.broken[at].run);
  }
  std::vector<std::vector<std::string>> traces =
      opsem::runsToGraphs(test, file, operational, options.unroll, recorded, wanted);
  for (std::size_t at = 0; at < traces.size(); ++at) {
    check.broken[at].trace = std::move(traces[at]);
  }
  return check;
}

std::optional<std::string> executionGraphDot(const litmus::Test& test, const std::string& file,
                                             const axiomcheck::AxiomaticModel& model, unsigned unroll,
                                             const opsem::ExecutionGraph& graph,
                                             std::vector<std::string> caption,
                                             const axiomcheck::DotStyle& style) {
  const GraphTranslator translator(test, file, model, unroll);
  Execution execution;
  if (translator.translate(graph, execution)) {
    return std::nullopt;
  }
  axiomcheck::DotPicture picture;
  picture.name = test.name;
  picture.caption = std::move(caption);
  picture.style = style;
  return axiomcheck::executionDot(
      execution,
      axiomcheck::withBrokenAxioms(std::move(picture), model, execution, model.brokenAxioms(execution)));
}

std::uint64_t forEachRunExecution(
    const litmus::Test& test, const std::string& file, const axiomcheck::AxiomaticModel& model,
    const opsem::RecordedExecutions& recorded, unsigned unroll,
    const std::function<void(const opsem::ExecutionGraph&, const axiomcheck::Execution&)>& visit) {
  model.checkSupported(test, file);
  const GraphTranslator translator(test, file, model, unroll);
  Execution execution;
  for (const opsem::ExecutionGraph& graph : recorded.graphs) {
    if (!translator.translate(graph, execution)) {
      visit(graph, execution);
    }
  }
  return recorded.graphs.size();
}

}  // namespace opcheck::crosscheck

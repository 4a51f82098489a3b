#include "cli/ComparisonReport.h"

#include <algorithm>
#include <map>

#include "cli/JsonDocument.h"
#include "litmus/FinalState.h"
#include "litmus/JsonPrinter.h"

namespace opcheck::cli {

namespace {

struct Totals {
  std::size_t tests = 0;
  std::size_t unsound = 0;
  std::size_t inconclusive = 0;
  std::size_t equal = 0;
  std::size_t axiomaticOnlyTests = 0;
  std::size_t axiomaticOnlyStates = 0;
  // --executions
  bool executions = false;
  std::uint64_t graphs = 0;
  std::uint64_t brokenGraphs = 0;
  std::uint64_t untranslatedGraphs = 0;
  std::uint64_t cutRuns = 0;
  std::uint64_t failingCasGraphs = 0;
};

Totals totalsFor(const ComparisonSuite& suite, std::size_t model) {
  Totals totals;
  for (const TestComparison& test : suite.tests) {
    if (!test.error.empty() || model >= test.models.size()) {
      continue;
    }
    const ModelComparison& comparison = test.models[model];
    ++totals.tests;
    totals.unsound += comparison.unsound() ? 1 : 0;
    totals.inconclusive += comparison.inconclusive() ? 1 : 0;
    totals.equal += comparison.operationalOnly.empty() && comparison.axiomaticOnly.empty() ? 1 : 0;
    totals.axiomaticOnlyTests += comparison.axiomaticOnly.empty() ? 0 : 1;
    totals.axiomaticOnlyStates += comparison.axiomaticOnly.size();
    if (comparison.executions) {
      totals.executions = true;
      totals.graphs += comparison.executions->graphs;
      totals.brokenGraphs += comparison.executions->broken.size();
      totals.untranslatedGraphs += comparison.executions->untranslatable.size();
      totals.cutRuns += comparison.executions->cutRuns;
      totals.failingCasGraphs += comparison.executions->failingCasGraphs;
    }
  }
  return totals;
}

std::string verdictWord(const ModelComparison& comparison) {
  if (comparison.unsound()) {
    return "UNSOUND";
  }
  if (comparison.inconclusive()) {
    return comparison.boundCut
               ? "inconclusive (--unroll cut the axiomatic side)"
               : "inconclusive (a limit stopped the axiomatic side: " + comparison.stopped + ")";
  }
  return comparison.axiomaticOnly.empty() ? "equal" : "operational within axiomatic";
}

std::string state(const TestComparison& test, const litmus::FinalState& values) {
  return litmus::formatHerdState(test.test, test.terms, values);
}

std::string anchor(const TestComparison& test, const ModelComparison& model) {
  std::string text = "unsound-" + model.model + "-" + test.shownName();
  for (char& c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') {
      c = '-';
    }
  }
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// A test's shape, as diy and herd name tests: the name up to its first "+"
// ("MP+fence.sc.gpu" -> "MP", "3.LB+..." -> "3.LB"), where the shape "2+2W"
// holds a "+" of its own.
std::string shapeOf(const std::string& name) {
  for (const char* special : {"2+2W", "3.2+2W"}) {
    if (name.rfind(special, 0) == 0) {
      return special;
    }
  }
  return name.substr(0, name.find('+'));
}

// Per shape: tests, tests equal, axiomatic-only states (model MODEL).
std::string completenessByShape(const ComparisonSuite& suite, std::size_t model) {
  struct ShapeTotals {
    std::size_t tests = 0;
    std::size_t equal = 0;
    std::size_t axiomaticOnlyStates = 0;
  };
  std::map<std::string, ShapeTotals> shapes;
  for (const TestComparison& test : suite.tests) {
    if (!test.error.empty() || model >= test.models.size()) {
      continue;
    }
    const ModelComparison& comparison = test.models[model];
    ShapeTotals& totals = shapes[shapeOf(test.name)];
    ++totals.tests;
    totals.equal += comparison.operationalOnly.empty() && comparison.axiomaticOnly.empty() ? 1 : 0;
    totals.axiomaticOnlyStates += comparison.axiomaticOnly.size();
  }
  std::string text = "| shape | tests | equal | axiomatic-only states |\n|---|---|---|---|\n";
  for (const auto& [shape, totals] : shapes) {
    text += "| " + shape + " | " + std::to_string(totals.tests) + " | " + std::to_string(totals.equal) +
            " | " + std::to_string(totals.axiomaticOnlyStates) + " |\n";
  }
  return text;
}

std::string executionTotals(const Totals& totals) {
  return std::to_string(totals.graphs) + " graphs, " + std::to_string(totals.brokenGraphs) +
         " break an axiom, " + std::to_string(totals.untranslatedGraphs) + " not translated, " +
         std::to_string(totals.failingCasGraphs) + " not checked (a failing atom.cas writes in the model), " +
         std::to_string(totals.cutRuns) + " runs cut by --unroll";
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (std::size_t index = 0; index < names.size(); ++index) {
    text += (index == 0 ? "" : ", ") + names[index];
  }
  return text;
}

// Which axioms the graphs of the runs to the INDEX-th operational-only
// state break.
std::string axiomsText(const ModelComparison& model, std::size_t index) {
  if (index >= model.brokenAxioms.size() || model.brokenAxioms[index].empty()) {
    return "no run's execution graph breaks an axiom (a difference in how outcomes are read off)";
  }
  return "breaks " + joined(model.brokenAxioms[index]);
}

// The other models compared that allow VALUES, which MODEL forbids: the
// difference is then one between the models (PTX and the older RMO), not a
// fault of the machine alone.
std::string alsoAllowedBy(const TestComparison& test, const ModelComparison& model,
                          const litmus::FinalState& values) {
  std::vector<std::string> others;
  for (const ModelComparison& other : test.models) {
    if (&other != &model && other.operationalOnly.count(values) == 0) {
      others.push_back(other.model);
    }
  }
  return others.empty() ? "" : "; allowed by " + joined(others);
}

// One row per operational-only outcome: the test (a link to its runs), the
// model that forbids it, the axioms its runs break, the models that allow it.
std::string unsoundTable(const ComparisonSuite& suite) {
  std::string rows;
  for (const TestComparison& test : suite.tests) {
    for (const ModelComparison& model : test.models) {
      if (!model.unsound()) {
        continue;
      }
      std::size_t index = 0;
      for (const litmus::FinalState& values : model.operationalOnly) {
        const std::string allowedBy = alsoAllowedBy(test, model, values);
        rows += "| [" + test.shownName() + "](#" + anchor(test, model) + ") | `" + state(test, values) +
                "` | " + model.model + " | " +
                (index < model.brokenAxioms.size() ? joined(model.brokenAxioms[index]) : std::string()) +
                " | " + (allowedBy.empty() ? "-" : allowedBy.substr(std::string("; allowed by ").size())) +
                " |\n";
        ++index;
      }
      // Unsound at the execution level only (--executions): no outcome of
      // its own, but a graph that breaks an axiom, or one not translated;
      // the section below lists them, so the table must too.
      if (model.executions) {
        const std::string link = "| [" + test.shownName() + "](#" + anchor(test, model) + ") | ";
        for (const BrokenGraph& graph : model.executions->broken) {
          rows += link + "`" + state(test, graph.finalState) + "` (an execution graph) | " + model.model +
                  " | " + joined(graph.axioms) + " | - |\n";
        }
        for (std::size_t count = 0; count < model.executions->untranslatable.size(); ++count) {
          rows += link + "(an execution graph not translated) | " + model.model + " | - | - |\n";
        }
      }
    }
  }
  if (rows.empty()) {
    return "";
  }
  return "| test | outcome ptx-op reaches | forbidden by | axioms its runs break | allowed by |\n"
         "|---|---|---|---|---|\n" +
         rows + "\n";
}

std::string numberedSteps(const std::vector<std::string>& trace) {
  std::string text = "```\n";
  for (std::size_t step = 0; step < trace.size(); ++step) {
    text += std::to_string(step + 1) + ". " + trace[step] + "\n";
  }
  return text + "```\n\n";
}

}  // namespace

std::string comparisonLine(const TestComparison& test) {
  if (!test.error.empty()) {
    return test.file + ": not compared: " + test.error;
  }
  std::string line = test.shownName() + ": ptx-op " + std::to_string(test.operationalStates) + " states" +
                     (test.operationalComplete ? "" : " (exploration stopped by a limit)");
  for (const ModelComparison& model : test.models) {
    line += "; " + model.model + " " + std::to_string(model.states) + " " + verdictWord(model);
    if (!model.operationalOnly.empty()) {
      line += " (" + std::to_string(model.operationalOnly.size()) + " operational-only)";
    }
    if (!model.axiomaticOnly.empty()) {
      line += " (" + std::to_string(model.axiomaticOnly.size()) + " axiomatic-only)";
    }
    if (model.executions) {
      line += "; " + std::to_string(model.executions->graphs) + " graphs, " +
              std::to_string(model.executions->broken.size()) + " break a " + model.model + " axiom";
      if (!model.executions->untranslatable.empty()) {
        line += ", " + std::to_string(model.executions->untranslatable.size()) + " not translated (" +
                model.executions->untranslatable.front() + ")";
      }
      if (!model.executions->complete) {
        line += " (exploration stopped by a limit: not every graph checked)";
      }
      if (model.executions->failingCasGraphs > 0) {
        line += ", " + std::to_string(model.executions->failingCasGraphs) +
                " not checked (a failing atom.cas writes in " + model.model + ")";
      }
      if (model.executions->cutRuns > 0) {
        line += ", " + std::to_string(model.executions->cutRuns) + " runs cut by --unroll";
      }
    }
  }
  return line;
}

namespace {

std::string partialLine(const ComparisonSuite& suite) {
  return "Partial: interrupted after " + std::to_string(suite.tests.size()) + " of " +
         std::to_string(suite.inputCount) + " tests (those the interrupt stopped are inconclusive)";
}

}  // namespace

std::string summaryText(const ComparisonSuite& suite) {
  std::size_t errors = 0;
  for (const TestComparison& test : suite.tests) {
    errors += test.error.empty() ? 0 : 1;
  }
  std::string text;
  for (std::size_t model = 0; model < suite.axiomaticModels.size(); ++model) {
    const Totals totals = totalsFor(suite, model);
    text += "Summary " + suite.operationalModel + " vs " + suite.axiomaticModels[model] + ": " +
            std::to_string(totals.tests) + " tests, " + std::to_string(totals.unsound) + " unsound, " +
            std::to_string(totals.inconclusive) + " inconclusive, " + std::to_string(totals.equal) +
            " equal, " + std::to_string(totals.axiomaticOnlyTests) + " with axiomatic-only outcomes (" +
            std::to_string(totals.axiomaticOnlyStates) + " states)\n";
    if (totals.executions) {
      text += "Summary execution graphs vs " + suite.axiomaticModels[model] + ": " + executionTotals(totals) +
              "\n";
    }
  }
  if (errors > 0) {
    text += "Summary " + std::to_string(errors) + " tests not compared (see the errors above)\n";
  }
  if (suite.interrupted) {
    text += partialLine(suite) + "\n";
  }
  return text;
}

std::string markdownReport(const ComparisonSuite& suite) {
  std::string text = "# opcheck compare: " + suite.operationalModel + " against ";
  for (std::size_t model = 0; model < suite.axiomaticModels.size(); ++model) {
    text += (model == 0 ? "" : ", ") + suite.axiomaticModels[model];
  }
  text += suite.interrupted ? "\n\n**" + partialLine(suite) + ".**" : "";
  text +=
      "\n\nEvery test is run under the operational model and under each axiomatic model, over full "
      "final states (every register and every location). An outcome only the operational model reaches "
      "is **unsound**: the machine does something the model forbids; the run that does it is shown. An "
      "outcome only the axiomatic model allows is behaviour the machine cannot show (completeness, not a "
      "failure). When `--unroll " +
      std::to_string(suite.unroll) +
      "` cut the axiomatic side short, an operational-only outcome is reported as inconclusive.\n\n";
  text +=
      "| model | tests | unsound | inconclusive | equal | with axiomatic-only outcomes | axiomatic-only "
      "states |\n"
      "|---|---|---|---|---|---|---|\n";
  for (std::size_t model = 0; model < suite.axiomaticModels.size(); ++model) {
    const Totals totals = totalsFor(suite, model);
    text += "| " + suite.axiomaticModels[model] + " | " + std::to_string(totals.tests) + " | " +
            std::to_string(totals.unsound) + " | " + std::to_string(totals.inconclusive) + " | " +
            std::to_string(totals.equal) + " | " + std::to_string(totals.axiomaticOnlyTests) + " | " +
            std::to_string(totals.axiomaticOnlyStates) + " |\n";
  }
  for (std::size_t model = 0; model < suite.axiomaticModels.size(); ++model) {
    const Totals totals = totalsFor(suite, model);
    if (totals.executions) {
      text += "\nExecution level (`--executions`) against " + suite.axiomaticModels[model] + ": " +
              executionTotals(totals) +
              ". Each run's graph (the write each read took, the order writes reached each point of "
              "coherence, the order of the fence.sc, barrier synchronization) is checked against the axioms; "
              "graphs that break one are listed with the unsound tests.\n";
    }
  }
  for (std::size_t model = 0; model < suite.axiomaticModels.size(); ++model) {
    text +=
        "\n## Completeness against " + suite.axiomaticModels[model] + ", by shape\n\nOutcomes " +
        suite.axiomaticModels[model] +
        " allows and ptx-op does not reach, by the shape of the test (its name up to the first `+`).\n\n" +
        completenessByShape(suite, model);
  }
  text += "\n## Unsound tests\n\n" + unsoundTable(suite);
  bool anyUnsound = false;
  for (const TestComparison& test : suite.tests) {
    for (const ModelComparison& model : test.models) {
      if (!model.unsound()) {
        continue;
      }
      anyUnsound = true;
      text += "### <a id=\"" + anchor(test, model) + "\"></a>" + test.shownName() + " against " +
              model.model + "\n\n";
      text += "File `" + test.file + "`. Outcomes ptx-op reaches and " + model.model + " forbids:\n\n";
      std::size_t index = 0;
      for (const litmus::FinalState& values : model.operationalOnly) {
        text += "- `" + state(test, values) + "`, " + axiomsText(model, index) +
                alsoAllowedBy(test, model, values) + "; reached by:\n\n";
        text += numberedSteps(model.traces[index++]);
      }
      if (model.executions) {
        for (const BrokenGraph& graph : model.executions->broken) {
          text += "- an execution graph ending in `" + state(test, graph.finalState) + "` breaks " +
                  joined(graph.axioms) + (graph.picture.empty() ? "" : " ([graph](" + graph.picture + "))") +
                  (graph.trace.empty() ? "\n" : "; the run:\n\n" + numberedSteps(graph.trace));
        }
        for (const std::string& problem : model.executions->untranslatable) {
          text += "- an execution graph opcheck could not translate: " + problem + "\n";
        }
      }
      text += "\n";
    }
  }
  if (!anyUnsound) {
    text += "None.\n";
  }
  text += "\n## Every test\n\n| test | ptx-op states |";
  for (const std::string& model : suite.axiomaticModels) {
    text.append(" ").append(model).append(" states | ").append(model).append(" |");
  }
  text += "\n|---|---|";
  for (std::size_t model = 0; model < suite.axiomaticModels.size(); ++model) {
    text += "---|---|";
  }
  text += "\n";
  for (const TestComparison& test : suite.tests) {
    if (!test.error.empty()) {
      text += "| `" + test.file + "` | not compared: " + test.error + " |\n";
      continue;
    }
    text += "| " + test.shownName() + " | " + std::to_string(test.operationalStates) + " |";
    for (const ModelComparison& model : test.models) {
      const std::string verdict = verdictWord(model);
      text += " " + std::to_string(model.states) + " | " +
              (model.unsound() ? "[" + verdict + "](#" + anchor(test, model) + ")" : verdict) + " |";
    }
    text += "\n";
  }
  return text;
}

std::string jsonReport(const ComparisonSuite& suite) {
  using litmus::Json;
  Json report = jsonDocument("compare");
  report["operational"] = suite.operationalModel;
  report["axiomatic"] = suite.axiomaticModels;
  report["unroll"] = suite.unroll;
  bool cut = false;
  Json tests = Json::array();
  for (const TestComparison& test : suite.tests) {
    Json entry;
    entry["file"] = test.file;
    if (!test.error.empty()) {
      entry["error"] = test.error;
      tests.push_back(std::move(entry));
      continue;
    }
    cut = cut || !test.operationalComplete;
    entry["test"] = test.name;
    entry["operational_states"] = test.operationalStates;
    entry["operational_complete"] = test.operationalComplete;
    auto states = [&](const std::set<litmus::FinalState>& set) {
      Json list = Json::array();
      for (const litmus::FinalState& values : set) {
        list.push_back(litmus::stateJson(test.test, test.terms, values));
      }
      return list;
    };
    Json models = Json::array();
    for (const ModelComparison& comparison : test.models) {
      cut = cut || !comparison.stopped.empty();
      Json model;
      model["model"] = comparison.model;
      model["states"] = comparison.states;
      model["verdict"] = verdictWord(comparison);
      model["unsound"] = comparison.unsound();
      model["inconclusive"] = comparison.inconclusive();
      model["operational_only"] = states(comparison.operationalOnly);
      model["axiomatic_only"] = states(comparison.axiomaticOnly);
      model["traces"] = comparison.traces;
      model["broken_axioms"] = comparison.brokenAxioms;
      if (comparison.executions) {
        const ExecutionCheck& check = *comparison.executions;
        Json executions;
        executions["graphs"] = check.graphs;
        executions["cut_runs"] = check.cutRuns;
        executions["complete"] = check.complete;
        executions["failing_cas_graphs"] = check.failingCasGraphs;
        executions["untranslated"] = check.untranslatable;
        Json broken = Json::array();
        for (const BrokenGraph& graph : check.broken) {
          Json item;
          item["state"] = litmus::stateJson(test.test, test.terms, graph.finalState);
          item["axioms"] = graph.axioms;
          item["trace"] = graph.trace;
          item["picture"] = graph.picture.empty() ? Json(nullptr) : Json(graph.picture);
          broken.push_back(std::move(item));
        }
        executions["broken"] = std::move(broken);
        model["executions"] = std::move(executions);
      }
      models.push_back(std::move(model));
    }
    entry["models"] = std::move(models);
    tests.push_back(std::move(entry));
  }
  report["tests"] = std::move(tests);
  report["partial"] = suite.interrupted || cut;
  report["interrupted"] = suite.interrupted;
  return litmus::dumpJson(report) + "\n";
}

}  // namespace opcheck::cli

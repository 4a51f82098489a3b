// The graph translation of cross-validation (docs/crosscheck.md): a graph
// of one of ptx-op's runs (opsem/ExecutionGraph.h) made a candidate
// execution of an axiomatic model. Per thread it takes the path, of those
// the axiomatic side enumerates with the same --unroll, whose events are
// the ones the run issued and whose branch assumptions hold with the values
// the run read; rf, co and the Fence-SC order come from the run, narrowed to
// what the model relates.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "axiomcheck/AxiomaticModel.h"
#include "axiomcheck/Execution.h"
#include "litmus/Test.h"
#include "opsem/ExecutionGraph.h"

namespace opcheck::crosscheck {

class GraphTranslator {
 public:
  // TEST and FILE must outlive the translator.
  GraphTranslator(const litmus::Test& test, const std::string& file, const axiomcheck::AxiomaticModel& model,
                  unsigned unroll);
  ~GraphTranslator();
  GraphTranslator(const GraphTranslator&) = delete;
  GraphTranslator& operator=(const GraphTranslator&) = delete;

  // Builds GRAPH's candidate in EXECUTION; says what went wrong otherwise.
  std::optional<std::string> translate(const opsem::ExecutionGraph& graph,
                                       axiomcheck::Execution& execution) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Whether PROBLEM (from translate) is a failing atom.cas that writes in the
// model (herd's GPU_PTX semantics) but not in ptx-op: a limit of the check,
// not a bug.
bool isFailingCasWrite(const std::string& problem);

}  // namespace opcheck::crosscheck

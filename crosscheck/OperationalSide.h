// ptx-op's side of one test's cross-validation (docs/crosscheck.md): the
// test explored once for every command and model that needs it. compare
// with any number of axiomatic models, with or without --executions, and
// races all read what they need here: the outcome, the execution graphs of
// the runs, and runs to show, read off the recording exploration where it
// kept them (one job) and otherwise many from one search.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "litmus/FinalState.h"
#include "litmus/Test.h"
#include "opsem/ExecutionGraph.h"
#include "opsem/OperationalModel.h"
#include "statespace/Fingerprint.h"

namespace opcheck::crosscheck {

struct OperationalSideOptions {
  opsem::OperationalOptions operational;
  unsigned unroll = 2;  // the axiomatic side's --unroll: recorded runs are cut to match
  // Record the execution graphs in the exploration (compare --executions,
  // races), rather than only when graphs() is first asked for.
  bool recordGraphs = false;
  // The graphs will likely be asked for (compare with a model that
  // forbids relaxed outcomes): record from the start where the recording
  // can stand for the exploration (no loop, a test the recording holds),
  // rather than explore twice.
  bool expectGraphs = false;
  // The outcome must carry the figures of runPtxOp's own exploration (its
  // state count: JSON's "candidates"), so a recording does not stand for it.
  bool plainFigures = false;
};

class OperationalSide {
 public:
  // Explores TEST, once: with OPTIONS.recordGraphs (or expectGraphs, where
  // the recording can stand for the exploration) the recording exploration
  // gives the outcome too when it reaches every final state
  // (RecordedExecutions::reachesEveryFinalState: no loop, no cut run, no
  // limit), and only otherwise does runPtxOp explore as well. Throws
  // litmus::InputError (FILE) as runPtxOp does, in the same order.
  OperationalSide(const litmus::Test& test, std::string file, OperationalSideOptions options);

  // runPtxOp's answer (no hang or witness trace), or its equal read off the
  // recording.
  const opsem::OperationalResult& result() const { return result_; }
  const litmus::Outcome& outcome() const { return result_.outcome; }
  bool complete() const { return result_.statistics.stopReason == statespace::StopReason::Completed; }

  // The execution graphs of the runs, recorded now unless the exploration
  // did.
  const opsem::RecordedExecutions& graphs();

  // Per state of DISPLAYED, the steps of a shortest run to it (empty when
  // none, or when a limit stopped the one search for them all): read off
  // the recording when it kept its runs and reaches every final state,
  // otherwise from one search.
  std::vector<std::vector<std::string>> tracesToOutcomes(
      const std::vector<litmus::FinalState>& displayed) const;

  // Per final state of the recording machine (ExecutionGraph::run and
  // machineState), the steps of a run to it: read off the recording when it
  // kept its runs, otherwise all from one search.
  std::vector<std::vector<std::string>> tracesToGraphs(const std::vector<opsem::RunEnd>& ends) const;

 private:
  const litmus::Test& test_;
  std::string file_;
  OperationalSideOptions options_;
  opsem::OperationalResult result_;
  std::optional<opsem::RecordedExecutions> recorded_;
};

}  // namespace opcheck::crosscheck

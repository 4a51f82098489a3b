// The check of a C -> PTX mapping on one C test (docs/mappings.md), as seed
// 001's Alloy artifact states it (src11-to-ptx-mapping: a race-free C
// program, compiled, has no PTX execution whose outcome the C model
// forbids): the source model (src11) judges the C test; a test with a data
// race is undefined and not compared; otherwise the test is compiled with
// the mapping and every outcome the target model (ptx) allows must be one
// the source model allows, over the C test's displayed registers and
// locations. With the operational side, ptx-op's outcomes of the compiled
// test must be within ptx's, as compare checks (Comparison.h), and so
// within the source model's.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "axiomcheck/AxiomaticModel.h"
#include "axiomcheck/CandidateEnumerator.h"
#include "compile/Mapping.h"
#include "crosscheck/Comparison.h"
#include "litmus/Outcome.h"
#include "litmus/Test.h"

namespace opcheck::crosscheck {

// An outcome of the compiled test that the source model forbids.
struct MappingCounterexample {
  litmus::FinalState state;  // over the C test's displayed terms
  std::string stateText;     // herd's "0:r0=1; x=1;"
  // An execution of the compiled test the target model allows with that
  // outcome, drawn as docs/graphs.md draws executions.
  std::string targetExecution;
  // The axioms of the source model that the image of that execution on the
  // C test breaks (each PTX event mapped back to the C event it comes from,
  // rf and co with them), or why it has no image.
  bool imaged = false;  // the image is a candidate execution of the C test
  std::vector<std::string> imageAxioms;
  std::string imageProblem;
  // How the source model rejects the C test's candidates with that
  // outcome: per axiom broken, how many of the candidates shown break it.
  std::vector<std::pair<std::string, std::size_t>> sourceAxioms;
};

struct MappingCheck {
  std::string file;
  std::string name;
  std::string error;  // bad input: the test, or a construct the mapping lacks
  // A real compiler as the mapping failed on the test (crashed, refused
  // it, or wrote PTX a litmus test cannot hold): its message.
  std::string refused;
  litmus::Test source;         // the C test
  litmus::Test target;         // compiled
  std::string compilerOutput;  // the PTX module a real compiler wrote
  std::size_t sourceStates = 0;
  std::size_t targetStates = 0;
  // The source model's flags (data races): the program's behaviour is
  // undefined, and the mapping owes it nothing.
  std::vector<std::string> undefinedBy;
  std::vector<MappingCounterexample> counterexamples;
  // ptx-op against the target model on the compiled test, when asked for.
  std::optional<TestComparison> operational;
  // A limit (or --unroll) cut a side: an extra outcome may be one the
  // source side did not get to, a missing one one the target side did not.
  std::string stopped;

  bool undefined() const { return !undefinedBy.empty(); }
  bool unsound() const { return !counterexamples.empty() || (operational && operational->unsound()); }
};

struct MappingCheckOptions {
  const compile::Mapping* mapping = nullptr;
  const axiomcheck::AxiomaticModel* source = nullptr;  // src11
  const axiomcheck::AxiomaticModel* target = nullptr;  // ptx
  // Also ptx-op (compare's --op), with these options; check and timeout
  // are compare's.
  std::optional<opsem::OperationalOptions> operational;
  // With OPERATIONAL, also check each ptx-op run's execution graph against
  // the target model (compare --executions).
  bool executions = false;
  axiomcheck::CheckOptions check;
  double timeoutSeconds = 0;
};

MappingCheck checkMapping(const std::filesystem::path& file, const MappingCheckOptions& options);
// The same on a C test already read, FILE naming it in messages.
MappingCheck checkMapping(litmus::Test test, const std::string& file, const MappingCheckOptions& options);

}  // namespace opcheck::crosscheck

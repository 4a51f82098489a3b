#include "crosscheck/MappingCheck.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <new>
#include <utility>

#include "axiomcheck/ExecutionDot.h"
#include "axiomcheck/FinalStates.h"
#include "axiomcheck/ForwardingModel.h"
#include "axiomcheck/ShownExecutions.h"
#include "axiomcheck/ThreadPaths.h"
#include "compile/ClangCompiler.h"
#include "compile/Compiler.h"
#include "crosscheck/GraphTranslation.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"
#include "support/Assert.h"

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

// Watches the target model on the compiled test for the first execution it
// allows that ends in STATE, and keeps its picture and its image on the C
// test: per thread, the events of the C instructions in program order (a
// fence the mapping inserted belongs to its access and has no event of its
// own), what each read took, and co, read as the graphs of ptx-op's runs are
// (opsem/ExecutionGraph.h), so that GraphTranslation.h makes it a candidate
// of the C model (seed 001's artifact, src11-to-ptx-mapping: reverse_map).
class ImageCapture : public axiomcheck::ForwardingModel {
 public:
  ImageCapture(const axiomcheck::AxiomaticModel& model, const compile::CompiledTest& compiled,
               const litmus::Test& source, const litmus::FinalState& state)
      : ForwardingModel(model),
        compiled_(compiled),
        source_(source),
        terms_(litmus::ObservedTerms::of(compiled.test)),
        state_(state) {}

  void completeAndCheck(axiomcheck::Execution& execution, axiomcheck::CandidateSink& sink) const override {
    Watch watch(*this, sink);
    model().completeAndCheck(execution, watch);
  }

  // Written under the lock while the model runs (completeAndCheck is const).
  mutable std::optional<opsem::ExecutionGraph> image;
  mutable std::string picture;

 private:
  class Watch : public axiomcheck::CandidateSink {
   public:
    Watch(const ImageCapture& capture, axiomcheck::CandidateSink& sink) : capture_(capture), sink_(sink) {}
    void accept(const axiomcheck::Execution& execution) override {
      capture_.consider(execution);
      sink_.accept(execution);
    }
    void reject(std::size_t axiom) override { sink_.reject(axiom); }

   private:
    const ImageCapture& capture_;
    axiomcheck::CandidateSink& sink_;
  };

  void consider(const axiomcheck::Execution& x) const {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (image) {
      return;
    }
    bool ends = false;
    axiomcheck::FinalStates states(compiled_.test, terms_);
    states.forEach(x, [&](const litmus::FinalState& state) {
      ends = ends || litmus::displayedPart(terms_, state) == state_;
    });
    if (!ends) {
      return;
    }
    axiomcheck::DotPicture dot;
    dot.name = compiled_.test.name;
    dot.caption.push_back(compiled_.test.name + ": an execution allowed by " + std::string(model().name()));
    dot.caption.push_back("final state: " + litmus::formatHerdState(compiled_.test, terms_,
                                                                    litmus::displayedPart(terms_, state_)));
    picture = axiomcheck::executionDot(x, dot);
    image = imageOf(x);
  }

  opsem::ExecutionGraph imageOf(const axiomcheck::Execution& x) const {
    opsem::ExecutionGraph graph;
    graph.threads.resize(x.paths.size());
    std::vector<std::optional<opsem::EventReference>> references(x.size);
    std::vector<std::pair<unsigned, std::size_t>> reads;  // PTX read, its thread
    for (std::size_t thread = 0; thread < x.paths.size(); ++thread) {
      const std::vector<axiomcheck::PathEvent>& events = x.paths[thread]->events;
      const std::vector<std::uint32_t>& origins = compiled_.origins[thread];
      for (std::size_t at = 0; at < events.size(); ++at) {
        const unsigned event = x.firstEvent[thread] + static_cast<unsigned>(at);
        const std::size_t instruction = events[at].instruction;
        const std::uint32_t origin = origins[instruction];
        if (x.events[event].kind == axiomcheck::EventKind::Fence) {
          const bool cFence = source_.threads[thread].instructions[origin].opcode == litmus::Opcode::Fence;
          const bool firstOfRow = instruction == 0 || origins[instruction - 1] != origin;
          if (!cFence || !firstOfRow) {
            continue;  // inserted by the mapping: part of its access
          }
        }
        const opsem::EventReference reference{static_cast<int>(thread),
                                              static_cast<int>(graph.threads[thread].size())};
        opsem::GraphEvent& added = graph.threads[thread].emplace_back();
        added.instruction = origin;
        references[event] = reference;
        if (x.events[event].kind == axiomcheck::EventKind::Read) {
          added.reads = true;
          added.valueRead = x.values[event];
          reads.emplace_back(event, thread);
          // An atom's write half is the same event of the graph.
          if (at + 1 < events.size() && events[at + 1].instruction == instruction && x.events[event].atomic) {
            references[event + 1] = reference;
            ++at;
          }
        }
      }
    }
    // The loop above gives every read and write of the execution its place.
    auto referenceOf = [&references](unsigned event) {
      OPCHECK_ASSERT(references[event].has_value(), "every access of the execution is in the graph");
      return *references[event];
    };
    for (const auto& [read, thread] : reads) {
      const unsigned write = x.source[read];
      opsem::GraphEvent& event = graph.threads[thread][static_cast<std::size_t>(referenceOf(read).index)];
      event.readFrom = x.events[write].initial ? opsem::EventReference{} : referenceOf(write);
    }
    // co, a partial order in ptx, as one of its linear extensions: C's mo
    // is total per location and need only contain it (reverse_map_co). A
    // location of the outcome keeps its final value: the co-maximal write
    // of that value comes last.
    graph.coherence.resize(compiled_.test.locations.size());
    for (std::size_t location = 0; location < compiled_.test.locations.size(); ++location) {
      axiomcheck::EventSet left = x.writesAt(static_cast<litmus::LocationId>(location)) & ~x.initialWrites;
      const std::optional<unsigned> last = finalWrite(x, location, left);
      while (left != 0) {
        std::optional<unsigned> next;
        axiomcheck::forEachEvent(left, [&](unsigned write) {
          bool minimal = true;
          axiomcheck::forEachEvent(left, [&](unsigned other) {
            minimal = minimal && !axiomcheck::contains(x.co.successors(other), write);
          });
          if (minimal && (!next || next == last)) {
            next = write;
          }
        });
        OPCHECK_ASSERT(next.has_value(), "co, a partial order, has a minimal write among those left");
        graph.coherence[location].push_back(referenceOf(*next));
        left &= ~axiomcheck::eventBit(*next);
      }
    }
    return graph;
  }

  // Of WRITES (LOCATION's), a co-maximal one with the value the outcome
  // gives LOCATION, where the outcome shows it.
  std::optional<unsigned> finalWrite(const axiomcheck::Execution& x, std::size_t location,
                                     axiomcheck::EventSet writes) const {
    for (std::size_t term = 0; term < terms_.displayedCount(); ++term) {
      const litmus::ConditionTerm& shown = terms_.terms()[term];
      if (shown.kind != litmus::ConditionTerm::Kind::Location || shown.index != location) {
        continue;
      }
      std::optional<unsigned> found;
      axiomcheck::forEachEvent(writes, [&](unsigned write) {
        if ((x.co.successors(write) & writes) == 0 && x.values[write] == state_[term]) {
          found = write;
        }
      });
      return found;
    }
    return std::nullopt;
  }

  const compile::CompiledTest& compiled_;
  const litmus::Test& source_;
  litmus::ObservedTerms terms_;
  litmus::FinalState state_;
  mutable std::mutex mutex_;
};

MappingCounterexample counterexample(const MappingCheck& check, const compile::CompiledTest& compiled,
                                     const litmus::ObservedTerms& terms, const litmus::FinalState& state,
                                     const MappingCheckOptions& options) {
  MappingCounterexample found;
  found.state = state;
  found.stateText = litmus::formatHerdState(check.source, terms, state);
  const ImageCapture capture(*options.target, compiled, check.source, state);
  (void)axiomcheck::checkTest(compiled.test, capture, options.check, check.file);
  found.targetExecution = capture.picture;
  if (capture.image) {
    const GraphTranslator translator(check.source, check.file, *options.source, options.check.unroll);
    axiomcheck::Execution image;
    if (const std::optional<std::string> problem = translator.translate(*capture.image, image)) {
      found.imageProblem = *problem;
    } else {
      found.imaged = true;
      for (const std::size_t axiom : options.source->brokenAxioms(image)) {
        found.imageAxioms.emplace_back(options.source->axioms()[axiom].name);
      }
    }
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

MappingCheck checkMapping(const std::filesystem::path& file, const MappingCheckOptions& options) {
  litmus::Test test;
  try {
    test = parser::readLitmusFile(file);
  } catch (const litmus::InputError& error) {
    MappingCheck check;
    check.file = file.string();
    check.error = error.what();
    return check;
  }
  return checkMapping(std::move(test), file.string(), options);
}

MappingCheck checkMapping(litmus::Test test, const std::string& file, const MappingCheckOptions& given) {
  MappingCheckOptions options = given;
  if (options.timeoutSeconds > 0) {
    options.check.deadline = statespace::Deadline::after(options.timeoutSeconds);
  }
  MappingCheck check;
  check.file = file;
  try {
    check.source = std::move(test);
    check.name = check.source.name;
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
    // A racy test is undefined whatever the mapping: compiled only when it
    // is to be compared, so that a compiler's refusal of it is not reported.
    const compile::CompiledTest compiled = compile::compileTest(check.source, check.file, *options.mapping);
    check.target = compiled.test;
    check.compilerOutput = compiled.compilerOutput;
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
      check.counterexamples.push_back(counterexample(check, compiled, source.terms, state, options));
    }
    if (options.operational) {
      ComparisonOptions comparison;
      comparison.operational = *options.operational;
      comparison.axiomatic = {options.target};
      comparison.check = given.check;
      comparison.timeoutSeconds = options.timeoutSeconds;
      comparison.executions = options.executions;
      check.operational = compareParsedTest(check.target, check.file, comparison);
      if (!check.operational->error.empty()) {
        check.error = check.operational->error;
      }
    }
  } catch (const litmus::InputError& error) {
    check.error = error.what();
  } catch (const compile::CompilerRefusal& refusal) {
    check.refused = refusal.what();
  } catch (const std::bad_alloc&) {
    check.error = check.file + ": error: out of memory while checking the mapping on this test";
  }
  return check;
}

}  // namespace opcheck::crosscheck

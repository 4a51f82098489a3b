// opcheck races FILE|DIR... [--model ptx|sc] [--format herd|json] [--jobs N]
// [--unroll K] [--fail-on-race] [--quiet] [--max-states N | --max-candidates N]
// [--timeout S] (cli/Limits.h), and `opcheck FILE... --races`:
// the data races of every execution a model allows (docs/races.md). The
// herd block of the model comes first, then lines that herd readers skip:
//
//   Races NAME none                         no allowed execution has a data race
//   Races NAME N CLASS,...                  N racing pairs of instructions
//   Race NAME LOC P0:Ll "instr" | P1:Ll "instr": CLASS: why, what removes it
//   RelaxedRaces NAME M CLASS,...           morally strong but unordered pairs
//   RelaxedRace NAME LOC P0:Ll "instr" | P1:Ll "instr": DRFrlx CLASS
//   RacePicture NAME PATH                   with -o DIR: the first racy execution
//
// Exit status: 0 when every test ran, races or not; 1 with --fail-on-race
// when some test has a data race; 2 for bad input or usage; 130/143 after
// SIGINT/SIGTERM (cli/Interrupt.h).
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <new>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "axiomcheck/ExecutionDot.h"
#include "axiomcheck/Models.h"
#include "axiomcheck/RaceCheck.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/GraphOutput.h"
#include "cli/InputFiles.h"
#include "cli/Interrupt.h"
#include "cli/JsonDocument.h"
#include "cli/Limits.h"
#include "cli/ModelChoice.h"
#include "cli/OperationalReport.h"
#include "cli/OrderedParallel.h"
#include "cli/Output.h"
#include "cli/ProxyFenceAdvice.h"
#include "cli/TestLabels.h"
#include "crosscheck/ExecutionCheck.h"
#include "crosscheck/OperationalSide.h"
#include "litmus/AsyncOperations.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Clusters.h"
#include "litmus/Diagnostic.h"
#include "litmus/FinalState.h"
#include "litmus/HerdPrinter.h"
#include "litmus/JsonPrinter.h"
#include "opsem/OperationalModel.h"
#include "parser/LitmusReader.h"
#include "support/Assert.h"

namespace opcheck::cli {

namespace {

bool hasUniDirectionalProxyFence(const litmus::Test& test) {
  return std::any_of(test.threads.begin(), test.threads.end(), [](const litmus::Thread& thread) {
    return std::any_of(thread.instructions.begin(), thread.instructions.end(),
                       [](const litmus::Instruction& i) { return litmus::isUniDirectionalProxyFence(i); });
  });
}

// The models --guarantee reads: sc for the executions whose races decide
// DRF, ptx for the outcomes it compares with sc's.
std::string guaranteeModels() {
  return std::string(axiomcheck::ptxModel().name()) + "," + std::string(axiomcheck::scModel().name());
}

using axiomcheck::InstructionRef;
using axiomcheck::Race;
using axiomcheck::RaceClass;
using axiomcheck::RelaxedRace;

struct RacesOptions {
  std::vector<std::string> inputs;
  const axiomcheck::AxiomaticModel* model = &axiomcheck::ptxModel();
  // --model ptx-op[,PRESET]: the races of ptx-op's runs (their execution
  // graphs as ptx candidates), with a step-by-step run to a racy one.
  std::optional<ModelChoice> operational;
  unsigned jobs = 1;
  bool json = false;
  unsigned unroll = 2;
  bool failOnRace = false;
  // --strict: --fail-on-race, and exit 1 too when a limit cut a run.
  bool strict = false;
  bool quiet = false;
  // --guarantee: the DRF check (docs/races.md "The guarantee").
  bool guarantee = false;
  // -o DIR: each racy test's first racy execution drawn there, in STYLE.
  std::string pictures;
  axiomcheck::DotStyle style;
  RunLimits limits;
};

// Reads the arguments; nothing when the command goes on, else the exit
// status (after the usage, or a usage error).
std::optional<int> parseArguments(const std::vector<std::string>& arguments, RacesOptions& options) {
  CLI::App app{
      "The data races (PTX ISA 9.1 8.7.1) of every execution the model allows, each explained (seed 002's "
      "scoped races), and the relaxed races with their DRFrlx class (seed 003); docs/races.md.",
      "opcheck races"};
  setUpApp(app);
  app.footer(
      "Exit status: 0 whatever the races, 1 with --fail-on-race when a test has a data race, 2 for bad "
      "input or usage, 130 after Ctrl-C, 143 after SIGTERM.");
  std::string model = defaultModelName();
  addInputs(app, options.inputs);
  app.add_option("--model", model,
                 "the model whose executions race: " + axiomaticModelNames(", ", axiomcheck::supportsRaces) +
                     ", ptx-op or ptx-op,PRESET (mixed-proxy tests are refused)")
      ->type_name("MODEL")
      ->capture_default_str();
  addFormatOption(app, options.json);
  addJobsOption(app, options.jobs);
  addUnrollOption(app, options.unroll);
  app.add_flag("--fail-on-race", options.failOnRace, "exit status 1 when a test has a data race");
  app.add_flag("--guarantee", options.guarantee,
               "per test, whether its SC executions are race-free (DRF0 with DRFrlx's relaxed classes) and, "
               "if so, whether ptx gives exactly its SC outcomes");
  addQuietOption(app, options.quiet);
  app.add_option("-o,--output", options.pictures,
                 "draw each racy test's first racy execution into DIR (DOT, and SVG with Graphviz), its "
                 "races as dashed double arrows")
      ->type_name("DIR");
  bool styleGiven = false;
  addPictureStyleOptions(app, options.style, styleGiven, "-o's pictures");
  addStrictOption(app, options.strict, "a race was found (implies --fail-on-race)");
  addLimitOptions(app, options.limits);
  // opcheck FILE... --races comes here with the flag still given.
  app.add_flag("--races")->group("");
  std::vector<std::string> skippedAxioms;
  addSkipAxiomOption(app, skippedAxioms);
  if (const std::optional<int> status = parseCommandLine(app, arguments)) {
    return status;
  }
  const std::optional<ModelChoice> choice = findModelChoice(model);
  if (!choice || (choice->axiomatic != nullptr && !axiomcheck::supportsRaces(*choice->axiomatic))) {
    return usageError("races takes --model " + axiomaticModelNames(", ", axiomcheck::supportsRaces) +
                      " or ptx-op[,PRESET], not '" + model + "'");
  }
  if (choice->operational() && given(app, "--max-candidates")) {
    return usageError(doesNotApply(
        "--max-candidates", model,
        "it limits the axiomatic models (" + axiomaticModelNames() + "); ptx-op takes --max-states"));
  }
  if (!choice->operational() && given(app, "--max-states")) {
    return usageError(
        doesNotApply("--max-states", options.guarantee ? "ptx,sc" : model,
                     "it limits ptx-op's exploration; the axiomatic models take --max-candidates"));
  }
  if (choice->operational()) {
    options.operational = choice;
  } else {
    options.model = choice->axiomatic;
  }
  if (options.inputs.empty()) {
    return usageError("give one or more litmus files or directories (opcheck races --help)");
  }
  if (options.guarantee && app.count("--model") > 0) {
    return usageError("--guarantee compares sc and ptx; it takes no --model");
  }
  if (options.guarantee && !options.pictures.empty()) {
    return usageError("--guarantee draws no executions; it takes no -o");
  }
  if (styleGiven && options.pictures.empty()) {
    return usageError("--show-events, --graph and --mono style the pictures -o DIR draws: give -o DIR too");
  }
  if (!skippedAxioms.empty()) {
    if (options.guarantee || choice->operational()) {
      return usageError(options.guarantee
                            ? "--guarantee checks the whole models; it takes no --skip-axiom"
                            : doesNotApply("--skip-axiom", model,
                                           "it names an axiom of " +
                                               axiomaticModelNames(" or ", axiomcheck::supportsRaces)));
    }
    std::vector<const axiomcheck::AxiomaticModel*> models = {options.model};
    if (const std::optional<std::string> problem = skipAxioms(models, skippedAxioms)) {
      return usageError(*problem);
    }
    options.model = models.front();
  }
  return std::nullopt;
}

std::string scopeName(litmus::Scope scope) { return "." + std::string(litmus::spelling(scope)); }

std::string where(const litmus::Test& test, InstructionRef ref) {
  // The thread and the line the instruction was written on.
  return "P" + std::to_string(ref.thread) + ":L" +
         std::to_string(test.threads[ref.thread].instructions[ref.instruction].position.line);
}

std::string text(const litmus::Test& test, InstructionRef ref) {
  return litmus::printInstruction(test, ref.thread, test.threads[ref.thread].instructions[ref.instruction]);
}

std::string pairText(const litmus::Test& test, InstructionRef first, InstructionRef second,
                     litmus::LocationId location) {
  return test.locations[location].name + " " + where(test, first) + " \"" + text(test, first) + "\" | " +
         where(test, second) + " \"" + text(test, second) + "\"";
}

// Where THREAD runs: "CTA 1 gpu 0", with its cluster where a cluster of the
// test holds several CTAs (elsewhere a cluster is its CTA).
std::string placeOf(const litmus::Test& test, std::size_t thread) {
  const litmus::ThreadPlacement& placement = test.threads[thread].placement;
  return "CTA " + std::to_string(placement.cta) +
         (litmus::hasMultiCtaCluster(test) ? " cluster " + std::to_string(placement.cluster) : "") + " gpu " +
         std::to_string(placement.device);
}

// Why the race is one and what removes it, in seed 002's terms.
std::string explanation(const litmus::Test& test, const Race& race) {
  std::ostringstream out;
  const auto& firstPlacement = test.threads[race.first.thread].placement;
  const auto& secondPlacement = test.threads[race.second.thread].placement;
  auto culprits = [&] {
    std::string list;
    for (const auto& [ref, scope] : race.culprits) {
      list += (list.empty() ? "" : ", ") + where(test, ref) + " \"" + text(test, ref) + "\" needs " +
              scopeName(scope);
    }
    return list;
  };
  // A C test's races are the C models' (axiomcheck/Src11.cpp): hb and
  // scope inclusion in place of PTX's causality order and moral strength.
  const bool c = test.dialect == litmus::Dialect::C;
  switch (race.kind) {
    case RaceClass::MissingSynchronization:
      if (c) {
        out << (race.synchronizationPresent
                    ? "the threads synchronize, but hb does not order this pair in some allowed execution "
                      "(an "
                      "acquire that read an older value): test the flag before the access"
                    : "no release/acquire synchronization (sw) orders them: synchronization is missing");
        break;
      }
      out << (race.synchronizationPresent ? "the threads synchronize, but nothing orders this pair in some "
                                            "allowed execution (an acquire "
                                            "that read an older value, fence.sc in the other Fence-SC "
                                            "order): test the flag before the "
                                            "access, or order them"
                                          : "no release/acquire pattern, morally strong fence.sc pair or "
                                            "barrier orders them, whatever "
                                            "the scopes: synchronization is missing");
      break;
    case RaceClass::NotStrong:
      out << "synchronization needs strong accesses (fences and release/acquire patterns order only "
             "strong operations); make strong: "
          << culprits();
      break;
    case RaceClass::ScopedAtomic:
    case RaceClass::ScopedAccess:
    case RaceClass::ScopedReleaseAcquire:
    case RaceClass::ScopedFence:
    case RaceClass::ScopedLock:
      out << "synchronization of insufficient scope (P" << race.first.thread << " in "
          << placeOf(test, race.first.thread) << ", P" << race.second.thread << " in "
          << placeOf(test, race.second.thread) << "): " << culprits();
      break;
    case RaceClass::MissingProxyFence:
      out << "one goes through the async proxy and the other through the generic proxy, and nothing "
             "orders them across the proxies: put fence.proxy.async between them (PTX ISA 9.1 9.7.9.25.2), "
             "or wait for the asynchronous operation to complete";
      if (hasUniDirectionalProxyFence(test)) {
        // PTX ISA 9.1 9.7.13.4: the restricted fence orders a prior generic
        // access before a later async-proxy one of its state space only.
        out << " (a fence.proxy.async::generic orders only a generic access before an async-proxy access "
               "after it, of a location in its .sync_restrict state space: fence.proxy.async orders both "
               "directions in every state space)";
      }
      out << restrictedProxyFenceAdvice(test, race.location);
      break;
    case RaceClass::AsyncNotAwaited:
      out << "an asynchronous operation of the thread is not complete when the other access runs: wait for "
             "it first (its wait_group or mbarrier; PTX ISA 9.1 9.7.9.25.1)";
      break;
    case RaceClass::ScopedBarrier:
      out << "bar.cta.sync synchronizes the threads of one CTA only (P" << race.first.thread << " in CTA "
          << firstPlacement.cta << ", P" << race.second.thread << " in CTA " << secondPlacement.cta
          << "); order them with a release/acquire pattern or fences at " << scopeName(race.neededScope);
      break;
  }
  if (race.kind == RaceClass::MissingProxyFence || race.kind == RaceClass::AsyncNotAwaited) {
    return out.str();  // no scope makes two proxies' accesses morally strong (8.7 condition 2)
  }
  out << (c ? "; both atomic at " : "; both strong at ") << scopeName(race.neededScope)
      << (c ? " would make them scope-inclusive (incl)" : " would make them morally strong");
  return out.str();
}

template <typename Item, typename Name>
std::string classList(const std::vector<Item>& items, Name&& name) {
  std::set<std::string> names;
  for (const Item& item : items) {
    names.insert(std::string(name(item.kind)));
  }
  std::string list;
  for (const std::string& n : names) {
    list += (list.empty() ? "" : ",") + n;
  }
  return list;
}

// SHOWN names the test (cli/TestLabels.h).
std::string herdLines(const litmus::Test& test, const std::string& shown, const axiomcheck::TestRaces& found,
                      const std::optional<std::string>& picture) {
  std::ostringstream out;
  if (!found.outcome.stopped.empty()) {
    out << "Stopped " << shown << " " << stopPhrase(found.outcome.stopped)
        << ": executions and their races may be missing\n";
  }
  if (found.races.empty()) {
    out << "Races " << shown << " none\n";
  } else {
    out << "Races " << shown << " " << found.races.size() << " "
        << classList(found.races, axiomcheck::raceClassName) << "\n";
    for (const Race& race : found.races) {
      out << "Race " << shown << " " << pairText(test, race.first, race.second, race.location) << ": "
          << axiomcheck::raceClassName(race.kind) << ": " << explanation(test, race) << "\n";
    }
  }
  if (!found.relaxedRaces.empty()) {
    out << "RelaxedRaces " << shown << " " << found.relaxedRaces.size() << " "
        << classList(found.relaxedRaces, axiomcheck::relaxedClassName) << "\n";
    for (const RelaxedRace& race : found.relaxedRaces) {
      out << "RelaxedRace " << shown << " " << pairText(test, race.first, race.second, race.location)
          << ": DRFrlx " << axiomcheck::relaxedClassName(race.kind)
          << (axiomcheck::keepsSequentialConsistency(race.kind) ? " (keeps SC)" : " (SC not guaranteed)")
          << "\n";
    }
  }
  if (picture) {
    out << "RacePicture " << shown << " " << *picture << "\n";
  }
  return out.str();
}

litmus::Json jsonInstruction(const litmus::Test& test, InstructionRef ref) {
  litmus::Json object;
  object["thread"] = ref.thread;
  object["instruction"] = ref.instruction;
  object["line"] = test.threads[ref.thread].instructions[ref.instruction].position.line;
  object["text"] = text(test, ref);
  return object;
}

// The members a race and a relaxed race share: where, and the two
// instructions.
template <typename AnyRace>
litmus::Json jsonPair(const litmus::Test& test, const AnyRace& race) {
  litmus::Json entry;
  entry["location"] = test.locations[race.location].name;
  entry["first"] = jsonInstruction(test, race.first);
  entry["second"] = jsonInstruction(test, race.second);
  return entry;
}

void addRacesJson(litmus::Json& object, const litmus::Test& test, const axiomcheck::TestRaces& found,
                  const std::optional<std::string>& picture) {
  if (picture) {
    object["race_picture"] = *picture;
  }
  object["executions"] = found.executions;
  object["racy_executions"] = found.racyExecutions;
  litmus::Json races = litmus::Json::array();
  for (const Race& race : found.races) {
    litmus::Json entry = jsonPair(test, race);
    entry["class"] = axiomcheck::raceClassName(race.kind);
    entry["scope"] = litmus::spelling(race.neededScope);
    litmus::Json culprits = litmus::Json::array();
    for (const auto& [instruction, scope] : race.culprits) {
      litmus::Json culprit;
      culprit["instruction"] = jsonInstruction(test, instruction);
      culprit["scope"] = litmus::spelling(scope);
      culprits.push_back(std::move(culprit));
    }
    entry["culprits"] = std::move(culprits);
    entry["explanation"] = explanation(test, race);
    races.push_back(std::move(entry));
  }
  object["races"] = std::move(races);
  litmus::Json relaxed = litmus::Json::array();
  for (const RelaxedRace& race : found.relaxedRaces) {
    litmus::Json entry = jsonPair(test, race);
    entry["drfrlx"] = axiomcheck::relaxedClassName(race.kind);
    entry["keeps_sc"] = axiomcheck::keepsSequentialConsistency(race.kind);
    relaxed.push_back(std::move(entry));
  }
  object["relaxed_races"] = std::move(relaxed);
}

struct RaceTestResult {
  std::string output;
  std::string error;
  bool pictureFailed = false;  // -o: writing the picture failed (said on standard error)
  bool racy = false;
  bool cut = false;  // a limit cut the run
  // --guarantee
  bool raceFree = false;
  bool equal = false;
  bool racyButEqual = false;
};

// The DRF guarantee for one test (seed 003 Sec. 2.3 "DRF1 Model", with
// DRFrlx's classes): if no SC execution has a data race or a relaxed race
// DRFrlx leaves unsafe, every ptx outcome is an SC outcome (and sc is
// within ptx, so the two sets are equal).
//   Guarantee NAME racy CLASS,... equal|non-sc
//   Guarantee NAME race-free equal
//   Guarantee NAME race-free DIFFERENT ptx-only STATE; ...
void checkGuarantee(const litmus::Test& test, const std::string& file, const std::string& shown,
                    const RacesOptions& options, const axiomcheck::CheckOptions& check,
                    RaceTestResult& result) {
  const axiomcheck::TestRaces sc = axiomcheck::checkRaces(test, axiomcheck::scModel(), check, file, false);
  std::ostringstream out;
  out << "Guarantee " << shown;
  litmus::Json object;
  object["test"] = test.name;
  object["file"] = file;
  std::set<std::string> why;
  litmus::Json ptxOnly = litmus::Json::array();
  if (axiomcheck::racyUnderDrf(sc)) {
    if (!sc.races.empty()) {
      why.insert("data-race");
    }
    for (const RelaxedRace& race : sc.relaxedRaces) {
      if (!axiomcheck::keepsSequentialConsistency(race.kind)) {
        why.insert("relaxed-" + std::string(axiomcheck::relaxedClassName(race.kind)));
      }
    }
    out << " racy";
    std::string separator = " ";
    for (const std::string& reason : why) {
      out << separator << reason;
      separator = ",";
    }
    // For scale: how often a race does let ptx leave SC.
    const litmus::Outcome ptx = axiomcheck::checkTest(test, axiomcheck::ptxModel(), check, file);
    result.cut = !ptx.stopped.empty();
    result.racyButEqual = ptx.states == sc.outcome.states;
    out << (result.racyButEqual ? " equal" : " non-sc");
    object["guarantee"] = "racy";
    object["equal"] = result.racyButEqual;
  } else {
    result.raceFree = true;
    const litmus::Outcome ptx = axiomcheck::checkTest(test, axiomcheck::ptxModel(), check, file);
    result.cut = !ptx.stopped.empty();
    result.equal = ptx.states == sc.outcome.states;
    out << " race-free " << (result.equal ? "equal" : "DIFFERENT");
    object["guarantee"] = "race-free";
    object["equal"] = result.equal;
    if (!result.equal) {
      out << " ptx-only";
      for (const litmus::FinalState& state : ptx.states) {
        if (sc.outcome.states.count(state) == 0) {
          out << " " << litmus::formatHerdState(test, ptx.terms, state);
          ptxOnly.push_back(litmus::stateJson(test, ptx.terms, state));
        }
      }
    }
  }
  if (sc.outcome.boundCut) {
    out << " (loops cut at --unroll " << options.unroll << ")";
  }
  result.cut = result.cut || !sc.outcome.stopped.empty();
  if (result.cut) {
    out << " (stopped at a limit: partial)";
  }
  out << "\n";
  object["reasons"] = why;
  object["ptx_only"] = std::move(ptxOnly);
  object["loop"] = sc.outcome.boundCut;
  result.output = options.json ? litmus::dumpJson(object) : out.str();
}

// -o DIR: FOUND's first racy execution drawn into DIR as NAME-race.dot
// (and .svg), each data race a crimson dashed double arrow labelled with
// its class. Returns the picture's path, or nothing when the test has no
// data race or the picture could not be written (RESULT says which).
std::optional<std::string> drawFirstRace(const litmus::Test& test, const axiomcheck::TestRaces& found,
                                         const std::string& model, const RacesOptions& options,
                                         RaceTestResult& result) {
  if (options.pictures.empty() || !found.firstRacyExecution) {
    return std::nullopt;
  }
  const axiomcheck::KeptExecution& kept = *found.firstRacyExecution;
  axiomcheck::DotPicture picture;
  picture.name = test.name;
  picture.style = options.style;
  picture.caption.push_back(test.name + ": an execution " + model + " allows, with " +
                            std::to_string(kept.races.races.size()) + " data race" +
                            (kept.races.races.size() == 1 ? "" : "s") + " (dashed)");
  for (const Race& race : kept.races.races) {
    picture.caption.push_back(std::string(axiomcheck::raceClassName(race.kind)) + ": " +
                              pairText(test, race.first, race.second, race.location));
  }
  for (const axiomcheck::RacingEvents& pair : kept.races.racingEvents) {
    picture.marked.push_back(
        {pair.first, pair.second,
         "race: " + std::string(axiomcheck::raceClassName(kept.races.races[pair.race].kind))});
  }
  const std::optional<std::filesystem::path> written = writePicture(
      options.pictures, pictureStem(test.name) + "-race", axiomcheck::executionDot(kept.execution, picture));
  if (!written) {
    result.pictureFailed = true;
    return std::nullopt;
  }
  return written->string();
}

// ptx-op: herd's block of its outcomes, the races of every run's execution
// graph (crosscheck/ExecutionCheck.h; co and the Fence-SC order narrowed to
// ptx's, so ptx's relations apply), and the steps of a run to the first racy
// graph found. One exploration records the graphs and gives the outcomes
// (crosscheck/OperationalSide.h); JSON's "candidates" counts the states of
// ptx-op's own exploration, which then runs as well.
void runOperational(const litmus::Test& test, const std::string& file, const std::string& shown,
                    const RacesOptions& options, const statespace::Deadline& deadline,
                    RaceTestResult& result) {
  OPCHECK_ASSERT(options.operational.has_value(), "only an operational model's races run here");
  crosscheck::OperationalSideOptions sideOptions;
  sideOptions.operational.architecture = options.operational->architecture;
  applyLimits(options.limits, sideOptions.operational);
  setDeadline(deadline, sideOptions.operational);
  sideOptions.unroll = options.unroll;
  sideOptions.recordGraphs = true;
  sideOptions.plainFigures = options.json;
  // runPtxOp's refusals first, then ptx's (the model whose relations the
  // races are of), then the recording's.
  opsem::checkRunnable(test, file, sideOptions.operational);
  axiomcheck::ptxModel().checkSupported(test, file);
  crosscheck::OperationalSide operational(test, file, sideOptions);
  axiomcheck::TestRaces found;
  found.outcome = reportedOutcome(operational.result());
  result.cut = !found.outcome.stopped.empty();
  std::optional<opsem::RunEnd> racyRun;
  crosscheck::forEachRunExecution(
      test, file, axiomcheck::ptxModel(), operational.graphs(), options.unroll,
      [&](const opsem::ExecutionGraph& graph, const axiomcheck::Execution& execution) {
        const axiomcheck::ExecutionRaces races = axiomcheck::findRaces(execution, true);
        if (!races.races.empty() && !racyRun) {
          racyRun = opsem::RunEnd{graph.machineState, graph.run};
        }
        axiomcheck::addExecutionRaces(found, execution, races);
      });
  result.racy = !found.races.empty();
  std::vector<std::string> trace;
  if (racyRun) {
    trace = operational.tracesToGraphs({*racyRun}).front();
  }
  const std::optional<std::string> picture =
      drawFirstRace(test, found, options.operational->name, options, result);
  if (options.json) {
    litmus::Json object = litmus::outcomeJson(test, found.outcome, file);
    addRacesJson(object, test, found, picture);
    object["racy_run"] = trace;
    result.output = litmus::dumpJson(object);
    return;
  }
  std::string block = litmus::printHerd(test, found.outcome);
  if (block.ends_with("\n\n")) {
    block.pop_back();
  }
  std::ostringstream extra;
  extra << "RaceRuns " << shown << " " << found.racyExecutions << " of " << found.executions
        << " execution graphs of ptx-op's runs have a data race\n";
  if (racyRun) {
    extra << "RaceRun " << shown << "\n";
    for (std::size_t index = 0; index < trace.size(); ++index) {
      extra << "  " << index + 1 << ". " << trace[index] << "\n";
    }
  }
  result.output = block + herdLines(test, shown, found, picture) + extra.str() + "\n";
}

RaceTestResult runOne(const std::filesystem::path& file, const RacesOptions& options,
                      const TestLabels& labels) {
  RaceTestResult result;
  // The test's one deadline, shared by every search of its run (--timeout).
  const statespace::Deadline deadline = options.limits.deadlineFromNow();
  axiomcheck::CheckOptions check;
  check.unroll = options.unroll;
  applyLimits(options.limits, check);
  setDeadline(deadline, check);
  try {
    const litmus::Test test = parser::readLitmusFile(file);
    const std::string shown = labels.label(test.name, file.string());
    if (options.guarantee) {
      checkGuarantee(test, file.string(), shown, options, check, result);
      return result;
    }
    if (options.operational) {
      runOperational(test, file.string(), shown, options, deadline, result);
      return result;
    }
    const axiomcheck::TestRaces found =
        axiomcheck::checkRaces(test, *options.model, check, file.string(), true);
    result.racy = !found.races.empty();
    result.cut = !found.outcome.stopped.empty();
    const std::optional<std::string> picture =
        drawFirstRace(test, found, std::string(options.model->name()), options, result);
    if (options.json) {
      litmus::Json object = litmus::outcomeJson(test, found.outcome, file.string());
      addRacesJson(object, test, found, picture);
      result.output = litmus::dumpJson(object);
    } else {
      std::string block = litmus::printHerd(test, found.outcome);
      if (block.ends_with("\n\n")) {
        block.pop_back();
      }
      result.output = block + herdLines(test, shown, found, picture) + "\n";
    }
  } catch (const litmus::InputError& error) {
    result.error = error.what();
  } catch (const std::bad_alloc&) {
    result.error = file.string() + ": error: out of memory while checking this test";
  }
  return result;
}

}  // namespace

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runRacesCommandUnchecked(const std::vector<std::string>& arguments) {
  RacesOptions options;
  if (const std::optional<int> status = parseArguments(arguments, options)) {
    return *status;
  }
  applyInputLimits(options.limits);
  const InputFiles inputs = collectLitmusFiles(options.inputs);
  bool allGood = inputs.problems.empty();
  for (const std::string& problem : inputs.problems) {
    std::cerr << problem << '\n';
  }
  const std::vector<std::filesystem::path>& files = inputs.files;
  const bool progress = !options.quiet && files.size() > 1 && isatty(STDERR_FILENO) != 0;
  if (options.json) {
    litmus::Json head = jsonDocument(options.guarantee ? "races-guarantee" : "races");
    head["model"] = options.guarantee     ? guaranteeModels()
                    : options.operational ? options.operational->name
                                          : std::string(options.model->name());
    head["unroll"] = options.unroll;
    const std::string text = litmus::dumpJson(head);
    std::cout << text.substr(0, text.size() - 1) << ",\"tests\":[";
  }
  bool anyCut = false;
  std::vector<std::string> errors;
  bool firstJson = true;
  bool anyRace = false;
  std::size_t done = 0;
  std::size_t raceFree = 0;
  std::size_t equal = 0;
  std::size_t racyButEqual = 0;
  const TestLabels labels(files);
  runInOrder<RaceTestResult>(
      files.size(), options.jobs, [&](std::size_t index) { return runOne(files[index], options, labels); },
      [&](const RaceTestResult& result) {
        ++done;
        if (!result.error.empty()) {
          std::cout.flush();
          std::cerr << (progress ? "\r\033[K" : "") << result.error << '\n';
          errors.push_back(result.error);
          allGood = false;
        } else if (options.json) {
          std::cout << (firstJson ? "\n" : ",\n") << result.output;
          firstJson = false;
        } else {
          std::cout << result.output;
        }
        allGood = allGood && !result.pictureFailed;
        anyRace = anyRace || result.racy;
        anyCut = anyCut || result.cut;
        raceFree += result.raceFree ? 1 : 0;
        equal += result.equal ? 1 : 0;
        racyButEqual += result.racyButEqual ? 1 : 0;
        if (progress && (done % 64 == 0 || done == files.size())) {
          std::cout.flush();
          std::cerr << "\r\033[K" << done << "/" << files.size() << " tests" << std::flush;
        }
      });
  std::cout.flush();
  if (progress) {
    std::cerr << "\r\033[K";
  }
  if (options.guarantee && !options.json) {
    std::cout << "Guarantee summary: " << files.size() << " tests, " << errors.size() << " not checked, "
              << raceFree << " race-free, " << equal << " of them with ptx outcomes = sc outcomes, "
              << raceFree - equal << " different; racy: " << files.size() - errors.size() - raceFree << ", "
              << racyButEqual << " of them with ptx outcomes = sc outcomes\n";
  }
  if (options.json) {
    std::vector<std::string> all = errors;
    all.insert(all.end(), inputs.problems.begin(), inputs.problems.end());
    litmus::Json tail;
    tail["errors"] = all;
    tail["partial"] = anyCut || interrupted();
    tail["interrupted"] = interrupted();
    if (options.guarantee) {
      litmus::Json summary;
      summary["tests"] = files.size();
      summary["not_checked"] = errors.size();
      summary["race_free"] = raceFree;
      summary["race_free_equal"] = equal;
      summary["racy"] = files.size() - errors.size() - raceFree;
      summary["racy_equal"] = racyButEqual;
      tail["guarantee_summary"] = std::move(summary);
    }
    std::cout << "\n]," << litmus::dumpJson(tail).substr(1) << "\n";
  }
  if (interrupted()) {
    std::cout.flush();
    std::cerr << "opcheck races: interrupted: " << done << " of " << files.size()
              << " tests reported (those stopped by the interrupt are partial)\n";
    return interruptStatus();
  }
  if (!allGood) {
    return kBadInput;
  }
  return ((options.failOnRace || options.strict) && anyRace) || (options.strict && anyCut) ? kCheckFailed
                                                                                           : kSuccess;
}

int runRacesCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runRacesCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

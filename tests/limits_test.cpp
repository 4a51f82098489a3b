// Limits that hold in every command: --max-candidates and
// --timeout for the axiomatic models, bounded and canonical traces, limits
// and out-of-memory reports in compare and harness, Ctrl-C, positions of
// whole-test limit errors, a FIFO with no writer.
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;
using Catch::Matchers::Contains;

namespace {

using opcheck::testing::Scratch;

const char* kMessagePassingReleaseAcquire = R"(PTX MP
{
x=0; y=0;
}
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0      ;
 st.relaxed.gpu x, 1 | ld.acquire.gpu r0, y ;
 st.release.gpu y, 1 | ld.relaxed.gpu r1, x ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";

// Runs opcheck with ARGUMENTS in a child: with its address space limited to
// MEMORYBYTES (0: no limit), and sent SIGNAL after INTERRUPTAFTER seconds
// (0: never).
testing::CommandResult runLimited(const std::vector<std::string>& arguments, rlim_t memoryBytes,
                                  double interruptAfter, int signal = SIGINT) {
  char outName[] = "/tmp/opcheck-limits-out-XXXXXX";
  char errName[] = "/tmp/opcheck-limits-err-XXXXXX";
  const int out = mkstemp(outName);
  const int err = mkstemp(errName);
  const pid_t child = fork();
  if (child == 0) {
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    if (memoryBytes != 0) {
      const rlimit limit{memoryBytes, memoryBytes};
      setrlimit(RLIMIT_AS, &limit);
    }
    std::vector<std::string> copies = arguments;
    std::string binary = OPCHECK_BINARY;
    std::vector<char*> argv{binary.data()};
    for (std::string& argument : copies) {
      argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  if (interruptAfter > 0) {
    std::this_thread::sleep_for(std::chrono::duration<double>(interruptAfter));
    kill(child, signal);
  }
  int status = 0;
  waitpid(child, &status, 0);
  testing::CommandResult result;
  result.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.standardOutput = testing::readFile(outName);
  result.standardError = testing::readFile(errName);
  close(out);
  close(err);
  unlink(outName);
  unlink(errName);
  return result;
}

// Two tests in SCRATCH: one that every model runs at once, one slow for
// every model.
std::pair<fs::path, fs::path> quickThenSlow(const Scratch& scratch) {
  return {scratch.write("mp.litmus", kMessagePassingReleaseAcquire),
          scratch.write("many.litmus", testing::manyCandidatesTest())};
}

// Seed 000's dlb-mp+fences (Fig. 7) with P0 copied five times: both sides
// of compare run far past a second.
std::string bigTest() {
  return (std::filesystem::path(OPCHECK_SOURCE_DIR) / "tests/limits/dlb-mp+fences-6.litmus").string();
}

// The seconds ARGUMENTS take to run, and what they gave.
std::pair<double, testing::CommandResult> timed(const std::vector<std::string>& arguments) {
  const auto start = std::chrono::steady_clock::now();
  testing::CommandResult result = testing::runOpcheck(arguments);
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), std::move(result)};
}

std::string hangSection(const std::string& output) {
  const std::size_t start = output.find("Hangs ");
  return start == std::string::npos ? std::string() : output.substr(start);
}

}  // namespace

TEST_CASE(
    "a candidate limit (--max-candidates) stops an axiomatic run with a partial report, in herd text and "
    "JSON",
    "[cli][axiomatic][limits]") {
  Scratch scratch;
  const fs::path many = scratch.write("many.litmus", testing::manyCandidatesTest());
  const testing::CommandResult herd =
      testing::runOpcheck({many.string(), "--model", "ptx", "--max-candidates", "500"});
  CHECK(herd.exitStatus == 0);
  CHECK_THAT(herd.standardOutput, Contains("Time Many"));
  CHECK_THAT(herd.standardOutput, Contains("Stopped Many at the candidate limit: outcomes may be missing\n"));
  CHECK_THAT(herd.standardError,
             Contains("warning: the enumeration stopped at the candidate limit after 500"));

  const testing::CommandResult json =
      testing::runOpcheck({many.string(), "--model", "rmo", "--max-candidates=500", "--format", "json"});
  CHECK(json.exitStatus == 0);
  CHECK_THAT(json.standardOutput, Contains("\"candidates\":500"));
  CHECK_THAT(json.standardOutput, Contains("\"stopped\":\"max-candidates\""));

  const fs::path small = scratch.write("mp.litmus", kMessagePassingReleaseAcquire);
  const testing::CommandResult whole = testing::runOpcheck({small.string(), "--format", "json"});
  CHECK_THAT(whole.standardOutput, Contains("\"stopped\":null"));
}

TEST_CASE("the time limit (--timeout) takes fractions of a second and bounds the axiomatic models",
          "[cli][axiomatic][limits]") {
  Scratch scratch;
  const fs::path many = scratch.write("many.litmus", testing::manyCandidatesTest());
  const auto start = std::chrono::steady_clock::now();
  const testing::CommandResult result =
      testing::runOpcheck({many.string(), "--model", "ptx", "--timeout", "0.3"});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(result.exitStatus == 0);
  CHECK_THAT(result.standardOutput, Contains("Stopped Many at the time limit"));
  CHECK(seconds < 5);
  CHECK(testing::runOpcheck({many.string(), "--timeout", "0"}).exitStatus == 2);
  CHECK(testing::runOpcheck({many.string(), "--timeout", "soon"}).exitStatus == 2);
  // An option that does not apply to the chosen model is an error
  // (docs/architecture.md "Command line").
  CHECK(testing::runOpcheck({many.string(), "--model", "ptx-op", "--max-candidates", "5"}).exitStatus == 2);
  CHECK(testing::runOpcheck({many.string(), "--model", "ptx", "--max-states", "5"}).exitStatus == 2);
}

TEST_CASE("the hang example of Ticketlock-diff-gpu is the same trace for --jobs 1 and --jobs 2",
          "[cli][corpus][limits]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("corpora not found: skipped");
    return;
  }
  const std::string file = (*corpora / "dat3m-ptx/Manual/Ticketlock-diff-gpu.litmus").string();
  const std::string one =
      hangSection(testing::runOpcheck({file, "--model", "ptx-op", "--jobs", "1"}).standardOutput);
  REQUIRE_THAT(one, Contains("one of them:\n  1. "));
  for (int run = 0; run < 6; ++run) {
    CHECK(hangSection(testing::runOpcheck({file, "--model", "ptx-op", "--jobs", "2"}).standardOutput) == one);
  }
}

TEST_CASE("compare and harness take the limits and report a cut run as inconclusive",
          "[compare][harness][limits]") {
  Scratch scratch;
  const fs::path many = scratch.write("many.litmus", testing::manyCandidatesTest());
  const testing::CommandResult compared =
      testing::runOpcheck({"compare", many.string(), "--max-states", "2000", "--max-candidates", "100"});
  CHECK(compared.exitStatus == 0);
  CHECK_THAT(compared.standardOutput, Contains("(exploration stopped by a limit)"));
  CHECK_THAT(compared.standardOutput,
             Contains("inconclusive (a limit stopped the axiomatic side: max-candidates)"));

  const fs::path observations =
      scratch.write("seen.csv", "test,chip,outcome,observed,runs,source\nMany,X,0:r0=1,1,10,test\n");
  const testing::CommandResult harnessed = testing::runOpcheck(
      {"harness", "--observations", observations.string(), "--model", "ptx", "--model", "ptx-op",
       "--max-candidates", "100", "--max-states", "2000", "--timeout", "5", many.string()});
  CHECK(harnessed.exitStatus == 0);
  CHECK_THAT(harnessed.standardOutput, Contains("ptx did not finish Many"));
  CHECK_THAT(harnessed.standardOutput, Contains("No model forbids an outcome seen on hardware."));
}

TEST_CASE("compare and harness report running out of memory per test, as opcheck FILE does, not abort",
          "[compare][harness][limits]") {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer reserves terabytes of address space for its shadow
  // memory, so an address-space limit stops the program before main.
  WARN("skipped under AddressSanitizer: it cannot run under an address-space limit");
  return;
#endif
  Scratch scratch;
  const fs::path many = scratch.write("many.litmus", testing::manyCandidatesTest());
  const rlim_t memory = 250u << 20;
  const testing::CommandResult compared = runLimited({"compare", many.string(), "--quiet"}, memory, 0);
  CHECK(compared.exitStatus == 2);
  CHECK_THAT(compared.standardError, Contains("many.litmus: error: out of memory while comparing this test"));
  CHECK_THAT(compared.standardOutput, Contains("Summary 1 tests not compared"));

  const fs::path observations =
      scratch.write("seen.csv", "test,chip,outcome,observed,runs,source\nMany,X,0:r0=1,1,10,test\n");
  const testing::CommandResult harnessed = runLimited(
      {"harness", "--observations", observations.string(), "--model", "ptx-op", many.string()}, memory, 0);
  CHECK(harnessed.exitStatus == 2);
  CHECK_THAT(harnessed.standardError, Contains("many.litmus: error: out of memory while checking this test"));
}

TEST_CASE("Ctrl-C and SIGTERM print the finished tests and mark the rest partial and exit 128 + the signal",
          "[cli][limits]") {
  for (const int signal : {SIGINT, SIGTERM}) {
    INFO("signal " << signal);
    Scratch scratch;
    const auto [quick, slow] = quickThenSlow(scratch);
    const testing::CommandResult run =
        runLimited({quick.string(), slow.string(), "--model", "ptx", "--jobs", "1"}, 0, 1.0, signal);
    CHECK(run.exitStatus == 128 + signal);
    CHECK_THAT(run.standardOutput, Contains("Test MP Allowed"));
    CHECK_THAT(run.standardOutput, Contains("Observation MP Never"));
    CHECK_THAT(run.standardOutput, Contains("Stopped Many by an interrupt"));
    CHECK_THAT(run.standardError, Contains("opcheck: interrupted"));

    const testing::CommandResult operational =
        runLimited({quick.string(), slow.string(), "--model", "ptx-op", "--jobs", "1"}, 0, 1.0, signal);
    CHECK(operational.exitStatus == 128 + signal);
    CHECK_THAT(operational.standardOutput, Contains("Observation MP Never"));
    CHECK_THAT(operational.standardOutput, Contains("Stopped Many by an interrupt"));

    for (const char* name : {"report.json", "report.md"}) {
      const fs::path report = scratch.path(name);
      const testing::CommandResult compared =
          runLimited({"compare", quick.string(), slow.string(), "--jobs", "1", "--report", report.string()},
                     0, 1.0, signal);
      CHECK(compared.exitStatus == 128 + signal);
      CHECK_THAT(compared.standardOutput, Contains("MP: ptx-op"));
      CHECK_THAT(compared.standardOutput, Contains("Partial: interrupted after 2 of 2 tests"));
      REQUIRE(fs::exists(report));
      CHECK_THAT(testing::readFile(report), Contains("\"partial\":true") || Contains("Partial: interrupted"));
    }

    const fs::path observations = scratch.write(
        "seen.csv",
        "test,chip,outcome,observed,runs,source\nMP,X,1:r0=1 /\\ 1:r1=1,1,10,t\nMany,X,0:r0=1,1,10,t\n");
    const testing::CommandResult harnessed = runLimited(
        {"harness", "--observations", observations.string(), "--model", "ptx", quick.string(), slow.string()},
        0, 1.0, signal);
    CHECK(harnessed.exitStatus == 128 + signal);
    CHECK_THAT(harnessed.standardOutput, Contains("Partial: interrupted"));
    CHECK_THAT(harnessed.standardOutput, Contains("ptx did not finish Many"));

    // parse, waiting on a FIFO nobody writes to, stops too. It waits there
    // for good, so the signal comes late enough (2 s) for an instrumented
    // build on a loaded machine to have printed the quick test first.
    const fs::path fifo = scratch.path("fifo.litmus");
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    const testing::CommandResult parsed =
        runLimited({"parse", quick.string(), fifo.string()}, 0, 2.0, signal);
    CHECK(parsed.exitStatus == 128 + signal);
    CHECK_THAT(parsed.standardOutput, Contains("MP"));
  }
}

TEST_CASE("the time limit (--timeout) ends the wait for a FIFO nobody writes to",
          "[cli][bad-input][limits]") {
  Scratch scratch;
  const fs::path fifo = scratch.path("fifo.litmus");
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const auto start = std::chrono::steady_clock::now();
  const testing::CommandResult result = testing::runOpcheck({fifo.string(), "--timeout", "0.3"});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(result.exitStatus == 2);
  CHECK_THAT(result.standardError, Contains("fifo.litmus: error: no end of input within the time limit"));
  CHECK(seconds < 5);

  // A FIFO with a writer is read as a file is.
  std::thread writer([&] { std::ofstream(fifo) << kMessagePassingReleaseAcquire; });
  const testing::CommandResult read = testing::runOpcheck({fifo.string(), "--timeout", "5"});
  writer.join();
  CHECK(read.exitStatus == 0);
  CHECK_THAT(read.standardOutput, Contains("Test MP Allowed"));
}

TEST_CASE("a witness search obeys --max-states and says it stopped, rather than that there is no witness",
          "[cli][limits]") {
  Scratch scratch;
  // A spin loop, whose witness search follows the exploration's reduction
  // (statespace/TraceBuilder.h) as a loop-free test's does.
  const fs::path mp = scratch.write("mp.litmus", R"(PTX MP
{ x = 0; flag = 0; }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0          ;
 st.weak x, 1           | LC00:                   ;
 st.release.gpu flag, 1 | ld.acquire.gpu r0, flag ;
                        | beq r0, 0, LC00         ;
                        | ld.weak r1, x           ;
exists (P1:r1 == 0)
)");
  const testing::CommandResult whole = testing::runOpcheck({mp.string(), "--model", "ptx-op", "--witness"});
  CHECK(whole.exitStatus == 0);
  CHECK_THAT(whole.standardOutput, Contains("Witness MP none: no final state matches the condition"));
  // The exploration (93 states, reduced) does not fit in 50, nor does the
  // trace search: it is cut, not wrong.
  const testing::CommandResult cut =
      testing::runOpcheck({mp.string(), "--model", "ptx-op", "--witness", "--max-states", "50"});
  CHECK(cut.exitStatus == 0);
  CHECK_THAT(cut.standardOutput, Contains("Stopped MP"));
  CHECK_THAT(cut.standardOutput, Contains("Witness MP unknown: the trace search stopped at the state limit"));
  const testing::CommandResult json = testing::runOpcheck(
      {mp.string(), "--model", "ptx-op", "--witness", "--max-states", "50", "--format", "json"});
  CHECK_THAT(json.standardOutput, Contains("\"witness\":null,\"trace_stopped\":\"max-states\""));
}

TEST_CASE("the time limit (--timeout) bounds a test's whole run: exploration and axiomatic side and traces",
          "[cli][compare][races][limits]") {
  // The exploration and the axiomatic side are both cut: no verdict can be
  // unsound, so no run to an operational-only state is searched for.
  const auto [compareSeconds, compared] = timed({"compare", bigTest(), "--timeout", "2"});
  CHECK(compared.exitStatus == 0);
  CHECK_THAT(compared.standardOutput, Contains("(exploration stopped by a limit)"));
  CHECK_THAT(compared.standardOutput, Contains("0 unsound"));
  CHECK(compareSeconds < 3);

  const auto [executionsSeconds, executions] =
      timed({"compare", bigTest(), "--executions", "--timeout", "2"});
  CHECK(executions.exitStatus == 0);
  CHECK(executionsSeconds < 3);

  // The hang and witness searches share the exploration's deadline.
  const auto [witnessSeconds, witness] =
      timed({bigTest(), "--model", "ptx-op", "--witness", "--timeout", "2"});
  CHECK(witness.exitStatus == 0);
  CHECK_THAT(witness.standardOutput, Contains("Stopped dlb-mp+fences-6"));
  CHECK(witnessSeconds < 3);

  const auto [racesSeconds, races] = timed({"races", bigTest(), "--model", "ptx-op", "--timeout", "2"});
  CHECK(races.exitStatus == 0);
  CHECK(racesSeconds < 3);
}

TEST_CASE("a state limit (--max-states N) stores N states and no more", "[cli][limits]") {
  const testing::CommandResult result =
      testing::runOpcheck({bigTest(), "--model", "ptx-op", "--max-states", "100", "--format", "json"});
  CHECK(result.exitStatus == 0);
  CHECK_THAT(result.standardOutput, Contains("\"candidates\":100,"));
  CHECK_THAT(result.standardOutput, Contains("\"stopped\":\"max-states\""));
}

TEST_CASE("a number option out of its range is a usage error that states the range and is never wrapped",
          "[cli][limits]") {
  Scratch scratch;
  const fs::path mp = scratch.write("mp.litmus", kMessagePassingReleaseAcquire);
  const std::string range = "takes a whole number from 1 to 18446744073709551615";
  for (const char* text : {"-1", "18446744073709551616", "18446744073709551617", "-18446744073709551615", "0",
                           "1.5", "+2", ""}) {
    INFO("--max-states '" << text << "'");
    const testing::CommandResult states =
        testing::runOpcheck({mp.string(), "--model", "ptx-op", "--max-states", text});
    CHECK(states.exitStatus == 2);
    CHECK_THAT(states.standardError, Contains("--max-states") && Contains(range));
    const testing::CommandResult candidates =
        testing::runOpcheck({"compare", mp.string(), "--max-candidates", text});
    CHECK(candidates.exitStatus == 2);
    CHECK_THAT(candidates.standardError, Contains("--max-candidates") && Contains(range));
  }
  // The largest number in the range is taken.
  CHECK(testing::runOpcheck({mp.string(), "--model", "ptx-op", "--max-states", "18446744073709551615"})
            .exitStatus == 0);

  const testing::CommandResult seed = testing::runOpcheck({"generate", "--random", "1", "--seed", "-1"});
  CHECK(seed.exitStatus == 2);
  CHECK_THAT(seed.standardError,
             Contains("--seed") && Contains("takes a whole number from 0 to 18446744073709551615"));
  const testing::CommandResult jobs = testing::runOpcheck({mp.string(), "--jobs", "-4294967295"});
  CHECK(jobs.exitStatus == 2);
  CHECK_THAT(jobs.standardError, Contains("takes a whole number from 1 to 100000"));
}

TEST_CASE("races stops at Ctrl-C and SIGTERM with the finished tests printed", "[cli][races][limits]") {
  Scratch scratch;
  const auto [quick, slow] = quickThenSlow(scratch);
  for (const int signal : {SIGINT, SIGTERM}) {
    INFO("signal " << signal);
    const auto start = std::chrono::steady_clock::now();
    const testing::CommandResult races =
        runLimited({"races", quick.string(), slow.string(), "--jobs", "1"}, 0, 1.0, signal);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(races.exitStatus == 128 + signal);
    CHECK_THAT(races.standardOutput, Contains("Races MP none"));
    CHECK_THAT(races.standardOutput, Contains("Stopped Many by an interrupt") || Contains("Test Many"));
    CHECK_THAT(races.standardError, Contains("opcheck races: interrupted"));
    CHECK(seconds < 10);
  }
}

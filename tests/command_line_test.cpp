// The command line: every subcommand answers --help, one way to
// name a model (ptx-op,PRESET), options that do not apply to the chosen
// model are usage errors, and herd7's conventions for inputs: @INDEX files
// and - for standard input.
#include <stdlib.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using opcheck::testing::CommandResult;
using opcheck::testing::runOpcheck;

namespace {

using opcheck::testing::Scratch;

const fs::path kSourceTree = OPCHECK_SOURCE_DIR;
const std::string kCatalogueStoreBuffering =
    (kSourceTree / "catalogue/seed001/Fig6-SB-no-fence.litmus").string();

std::string contents(const std::string& file) { return opcheck::testing::readFile(file); }

// The lines of herd's block that do not change from run to run.
std::string stableLines(const std::string& output) {
  std::string kept;
  std::size_t start = 0;
  while (start < output.size()) {
    const std::size_t end = std::min(output.find('\n', start), output.size());
    const std::string line = output.substr(start, end - start);
    if (!line.starts_with("Time ") && !line.starts_with("Explored ")) {
      kept += line + '\n';
    }
    start = end + 1;
  }
  return kept;
}

// A usage error: exit status 2 and "opcheck: error: " with WORDS in it.
void checkUsageError(const std::vector<std::string>& arguments, const std::string& words) {
  const CommandResult result = runOpcheck(arguments);
  INFO("stderr: " << result.standardError);
  CHECK(result.exitStatus == 2);
  CHECK_THAT(result.standardError, StartsWith("opcheck: error: ") && Contains(words));
}

}  // namespace

TEST_CASE("every subcommand answers --help with its options, and exits 0", "[cli]") {
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> commands = {
      {{"--help"},
       {"--model", "--arch", "--witness", "--no-reduction", "--jobs", "--format", "--unroll", "--quiet",
        "--max-states", "--max-candidates", "--timeout", "--show", "--races", "compare", "harness",
        "@INDEX"}},
      {{"compare", "--help"},
       {"--op", "--ax", "--executions", "--report", "--jobs", "--unroll", "--timeout"}},
      {{"harness", "--help"}, {"--observations", "--model", "--format", "--jobs", "--max-states"}},
      {{"generate", "--help"},
       {"--shape", "--family", "--random", "--seed", "--list", "--scope", "--output"}},
      {{"races", "--help"}, {"--model", "--format", "--fail-on-race", "--guarantee"}},
      {{"parse", "--help"}, {"FILE|DIR|@INDEX|-"}},
      {{"models", "--help"}, {"opcheck models"}},
  };
  for (const auto& [arguments, options] : commands) {
    const CommandResult result = runOpcheck(arguments);
    INFO(arguments.front() << ": " << result.standardError);
    CHECK(result.exitStatus == 0);
    CHECK(result.standardError.empty());
    for (const std::string& option : options) {
      CHECK_THAT(result.standardOutput, Contains(option));
    }
  }
}

TEST_CASE("opcheck help [SUBCOMMAND] is --help, and states the default model", "[cli]") {
  const CommandResult help = runOpcheck({"help"});
  CHECK(help.exitStatus == 0);
  CHECK(help.standardOutput == runOpcheck({"--help"}).standardOutput);
  CHECK_THAT(help.standardOutput, Contains("default ptx"));
  for (const std::string subcommand : {"compare", "harness", "generate", "races", "parse", "models"}) {
    const CommandResult named = runOpcheck({"help", subcommand});
    INFO(subcommand);
    CHECK(named.exitStatus == 0);
    CHECK(named.standardOutput == runOpcheck({subcommand, "--help"}).standardOutput);
    CHECK_THAT(named.standardOutput, Contains("opcheck " + subcommand));
  }
  checkUsageError({"help", "nothing"}, "help takes one subcommand");
  checkUsageError({"parse", "--bogus", kCatalogueStoreBuffering}, "--bogus");
}

TEST_CASE("an option that does not apply to the chosen model is a usage error", "[cli]") {
  // The default model is ptx: --arch named a preset it would ignore.
  checkUsageError({kCatalogueStoreBuffering, "--arch", "fermi"}, "--arch does not apply to --model ptx");
  checkUsageError({kCatalogueStoreBuffering, "--model", "ptx", "--arch", "fermi"},
                  "--arch does not apply to --model ptx");
  checkUsageError({kCatalogueStoreBuffering, "--model", "ptx", "--witness"},
                  "--witness does not apply to --model ptx");
  checkUsageError({kCatalogueStoreBuffering, "--model", "rmo", "--max-states", "10"},
                  "--max-states does not apply to --model rmo");
  checkUsageError({kCatalogueStoreBuffering, "--model", "sc", "--no-reduction"},
                  "--no-reduction does not apply to --model sc");
  checkUsageError({kCatalogueStoreBuffering, "--model", "ptx-op", "--max-candidates", "10"},
                  "--max-candidates does not apply to --model ptx-op");
  checkUsageError({kCatalogueStoreBuffering, "--model", "ptx-op,fermi", "--arch", "default"},
                  "name two presets");
  checkUsageError({kCatalogueStoreBuffering, "--model", "ptx-op", "--arch", "nothing"},
                  "unknown --arch preset");
  checkUsageError({kCatalogueStoreBuffering, "--model", "tso"}, "unknown model 'tso'");
  checkUsageError({"races", kCatalogueStoreBuffering, "--guarantee", "--model", "sc"}, "takes no --model");
}

TEST_CASE("an option with nothing to act on is a usage error, never passed over", "[cli]") {
  // ptx-op follows loops to their end: --unroll bounds only the recording of
  // --witness's graph.
  checkUsageError({kCatalogueStoreBuffering, "--model", "ptx-op", "--unroll", "3"},
                  "--unroll does not apply to --model ptx-op");
  Scratch scratch;
  const CommandResult pictured = runOpcheck({kCatalogueStoreBuffering, "--model", "ptx-op", "--witness", "-o",
                                             scratch.path().string(), "--unroll", "3"});
  INFO(pictured.standardError);
  CHECK(pictured.exitStatus == 0);
  // --nshow and --through shape --show's selection.
  checkUsageError({kCatalogueStoreBuffering, "--nshow", "2"}, "--nshow N limits the pictures --show selects");
  checkUsageError({kCatalogueStoreBuffering, "--through", "all"},
                  "--through lets rejected candidates through");
  // A family's tests carry cuda-litmus's scopes.
  checkUsageError({"generate", "--family", "iriw", "--scope", "cta", "-o", scratch.path("family").string()},
                  "--scope, --cta-groups, --gpu-groups and --name apply to one cycle or --shape");
  checkUsageError({"generate", "--random", "3", "--scope", "sys"}, "apply to one cycle or --shape");
}

TEST_CASE("a model is named ptx-op,PRESET in every command", "[cli]") {
  const CommandResult named = runOpcheck({kCatalogueStoreBuffering, "--model", "ptx-op,fermi"});
  const CommandResult old = runOpcheck({kCatalogueStoreBuffering, "--model", "ptx-op", "--arch", "fermi"});
  const CommandResult both = runOpcheck({kCatalogueStoreBuffering, "--model=ptx-op,fermi", "--arch=fermi"});
  INFO(named.standardError);
  CHECK(named.exitStatus == 0);
  CHECK(old.exitStatus == 0);
  CHECK(both.exitStatus == 0);
  CHECK(stableLines(named.standardOutput) == stableLines(old.standardOutput));
  CHECK(stableLines(named.standardOutput) == stableLines(both.standardOutput));
  // fermi differs from the default preset on this test? At least it ran ptx-op.
  CHECK_THAT(named.standardOutput, Contains("Explored "));

  const CommandResult compared =
      runOpcheck({"compare", kCatalogueStoreBuffering, "--op", "ptx-op,fermi", "--ax", "ptx"});
  CHECK(compared.exitStatus != 2);
  CHECK_THAT(compared.standardOutput, Contains("ptx-op,fermi"));
  const CommandResult races = runOpcheck({"races", kCatalogueStoreBuffering, "--model", "ptx-op,fermi"});
  INFO(races.standardError);
  CHECK(races.exitStatus == 0);
  checkUsageError({"compare", kCatalogueStoreBuffering, "--op", "ptx"}, "--op is ptx-op or ptx-op,PRESET");
  checkUsageError({"compare", kCatalogueStoreBuffering, "--model", "ptx-op"}, "two sides --op");
  CHECK_THAT(runOpcheck({"harness", "--help"}).standardOutput, Contains("ptx-op,PRESET"));
}

TEST_CASE("option spellings: --opt=value, -j, --no-reduction[=LIST], --timeout with fractions", "[cli]") {
  const std::string reference =
      stableLines(runOpcheck({kCatalogueStoreBuffering, "--model", "ptx-op"}).standardOutput);
  for (const std::vector<std::string>& arguments :
       {std::vector<std::string>{kCatalogueStoreBuffering, "--model=ptx-op", "--jobs=2"},
        {kCatalogueStoreBuffering, "--model", "ptx-op", "-j", "2", "--timeout", "30.5"},
        {kCatalogueStoreBuffering, "--model", "ptx-op", "--timeout=0.75e2", "-q"},
        {kCatalogueStoreBuffering, "--model", "ptx-op", "--no-reduction"},
        {"--no-reduction=RED-1,RED-3", kCatalogueStoreBuffering, "--model", "ptx-op"}}) {
    const CommandResult result = runOpcheck(arguments);
    INFO(arguments[1] << " " << arguments.back() << ": " << result.standardError);
    CHECK(result.exitStatus == 0);
    CHECK(stableLines(result.standardOutput) == reference);
  }
  checkUsageError({kCatalogueStoreBuffering, "--model", "ptx-op", "--no-reduction=FAST"}, "--no-reduction=");
  checkUsageError({kCatalogueStoreBuffering, "--timeout", "0"}, "--timeout");
  checkUsageError({kCatalogueStoreBuffering, "--timeout=soon"}, "--timeout");
  checkUsageError({kCatalogueStoreBuffering, "--jobs", "0"}, "--jobs");
  checkUsageError({kCatalogueStoreBuffering, "--format", "xml"}, "--format");
  checkUsageError({kCatalogueStoreBuffering, "--model"}, "--model");
  checkUsageError({kCatalogueStoreBuffering, "--bogus"}, "--bogus");
  checkUsageError({"--model", "ptx"}, "give one or more litmus files");
}

TEST_CASE("herd7's single-dash options are opcheck's, or a usage error saying what opcheck offers", "[cli]") {
  // herd7 -help (2015): -model, -skipchecks a,b, -nshow, -show, -o, -unroll.
  const CommandResult herd = runOpcheck({"-model", "rmo", kCatalogueStoreBuffering, "-skipchecks",
                                         "sc-per-loc-llh,no-thin-air", "-unroll", "3"});
  const CommandResult ours = runOpcheck({"--model", "rmo", kCatalogueStoreBuffering, "--skip-axiom",
                                         "sc-per-loc-llh", "--skip-axiom", "no-thin-air", "--unroll", "3"});
  INFO(herd.standardError);
  CHECK(herd.exitStatus == 0);
  CHECK(stableLines(herd.standardOutput) == stableLines(ours.standardOutput));
  CHECK(stableLines(runOpcheck({kCatalogueStoreBuffering, "-cat", "sc"}).standardOutput) ==
        stableLines(runOpcheck({kCatalogueStoreBuffering, "--model", "sc"}).standardOutput));

  // CLI11 alone read -hexa as -h and printed the help with exit 0.
  const CommandResult hexa = runOpcheck({kCatalogueStoreBuffering, "-hexa", "true"});
  CHECK(hexa.standardOutput.empty());
  checkUsageError({kCatalogueStoreBuffering, "-hexa", "true"}, "herd7's -hexa is not an opcheck option");
  checkUsageError({kCatalogueStoreBuffering, "-speedcheck", "fast"}, "lists every final state");
  checkUsageError({kCatalogueStoreBuffering, "-showlegend", "true"}, "--show, --nshow");
  // Picture styles are opcheck's, and style only pictures a command draws.
  checkUsageError({kCatalogueStoreBuffering, "-showevents", "mem"}, "style the pictures of --show");
  checkUsageError({kCatalogueStoreBuffering, "-mono", "yes"}, "-mono takes true or false");
  checkUsageError({kCatalogueStoreBuffering, "-conf", "ptx.cfg"}, "models are built in");
  // An option of another command, and one with its value missing.
  checkUsageError({"compare", kCatalogueStoreBuffering, "-show", "all"},
                  "herd7's -show is --show, which opcheck compare does not take");
  checkUsageError({kCatalogueStoreBuffering, "-model"}, "-model needs a value");
  // A value is never read as an option, nor is anything after --.
  checkUsageError({kCatalogueStoreBuffering, "--model", "-hexa"}, "unknown model '-hexa'");
}

TEST_CASE("a slip in a subcommand's name is a usage error naming the subcommand", "[cli]") {
  checkUsageError({"compar", kCatalogueStoreBuffering},
                  "'compar' is neither a file nor a subcommand: did you "
                  "mean 'opcheck compare'?");
  checkUsageError({"race", kCatalogueStoreBuffering}, "did you mean 'opcheck races'?");
  // A missing file that resembles no subcommand is a missing file.
  const CommandResult missing = runOpcheck({"no-such-test.litmus"});
  CHECK(missing.exitStatus == 2);
  CHECK_THAT(missing.standardError, Contains("no-such-test.litmus: error: no such file or directory"));
}

TEST_CASE("the version answers --version anywhere on the line, from CMake's project version", "[cli]") {
  const std::string expected = std::string("opcheck ") + OPCHECK_VERSION + "\n";
  for (const std::vector<std::string>& arguments : {std::vector<std::string>{"--version"},
                                                    {kCatalogueStoreBuffering, "--version"},
                                                    {"compare", "-version"}}) {
    const CommandResult result = runOpcheck(arguments);
    INFO(arguments.back());
    CHECK(result.exitStatus == 0);
    CHECK(result.standardOutput == expected);
  }
}

TEST_CASE("@INDEX names the tests an index file lists, as herd7 reads diy7's @all", "[cli]") {
  Scratch scratch;
  scratch.write("tests/SB.litmus", contents(kCatalogueStoreBuffering));
  scratch.write("tests/more/MP.litmus",
                contents((kSourceTree / "catalogue/seed001/Fig5-MP-release-acquire.litmus").string()));
  const fs::path index = scratch.write("tests/@all", "# diy7's index\n\nSB.litmus\n  more/MP.litmus  \n");
  const CommandResult listed = runOpcheck({"@" + index.string(), "--model", "sc"});
  INFO(listed.standardError);
  CHECK(listed.exitStatus == 0);
  CHECK_THAT(listed.standardOutput,
             Contains("Test Fig6-SB-no-fence") && Contains("Test Fig5-MP-release-acquire"));
  CHECK(runOpcheck({"parse", "@" + index.string()}).exitStatus == 0);

  const fs::path bad = scratch.write("tests/bad-index", "SB.litmus\n\n   missing.litmus\n");
  const CommandResult missing = runOpcheck({"@" + bad.string(), "--model", "sc"});
  CHECK(missing.exitStatus == 2);
  CHECK_THAT(missing.standardError, StartsWith(bad.string() + ":3:4: error: ") && Contains("missing.litmus"));
  CHECK_THAT(missing.standardOutput, Contains("Test Fig6-SB-no-fence"));  // the rest still ran

  const CommandResult noIndex = runOpcheck({"@" + (index.string() + "-not-there"), "--model", "sc"});
  CHECK(noIndex.exitStatus == 2);
  CHECK_THAT(noIndex.standardError, StartsWith(index.string() + "-not-there"));
}

TEST_CASE("a - argument reads one test from standard input, named <stdin> in messages", "[cli]") {
  const std::string test = contents(kCatalogueStoreBuffering);
  const CommandResult piped = runOpcheck({"-", "--model", "sc"}, test);
  INFO(piped.standardError);
  CHECK(piped.exitStatus == 0);
  CHECK(stableLines(piped.standardOutput) ==
        stableLines(runOpcheck({kCatalogueStoreBuffering, "--model", "sc"}).standardOutput));
  CHECK(runOpcheck({"parse", "-"}, test).standardOutput ==
        runOpcheck({"parse", kCatalogueStoreBuffering}).standardOutput);

  const CommandResult bad =
      runOpcheck({"parse", "-"}, "PTX Bad\n{\n}\n P0 ;\n frobnicate ;\nexists (0:r0=0)\n");
  CHECK(bad.exitStatus == 2);
  CHECK_THAT(bad.standardError, StartsWith("<stdin>:"));
}

TEST_CASE("standard input is read up to 4 MiB and refused beyond it at <stdin>:1:1", "[cli]") {
  // README "Use": `-` reads up to the 4 MiB every input is read up to
  // (litmus/Limits.h kMaxFileBytes); more is bad input, exit status 2.
  const std::string test = contents(kCatalogueStoreBuffering);
  const std::size_t limit = 4u << 20;
  std::string atLimit = test;
  atLimit.resize(limit, '\n');  // trailing blank lines: the same test, exactly 4 MiB long
  const CommandResult fits = runOpcheck({"-", "--model", "sc"}, atLimit);
  INFO(fits.standardError);
  CHECK(fits.exitStatus == 0);
  CHECK_THAT(fits.standardOutput, Contains("Observation Fig6-SB-no-fence Never"));

  const CommandResult over = runOpcheck({"-", "--model", "sc"}, atLimit + "\n");
  CHECK(over.exitStatus == 2);
  CHECK(over.standardOutput.empty());
  CHECK(over.standardError ==
        "<stdin>:1:1: error: file too large (more than 4194304 bytes; opcheck reads litmus files up to "
        "4194304 bytes)\n");
}

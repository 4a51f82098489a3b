// opcheck harness (docs/architecture.md "Hardware observations"): observations matched
// to tests by name (and, for a litmus7 log, by the program it shows), each
// model's verdict on every observation, the report and the exit status; the
// malformed observation files of tests/bad-observations/; and, on the real
// data in ../shared/corpora/hardware ([corpus]), the seed's finding that
// the RMO model forbids what Fermi does with .ca loads (seed 000 Sec. 5.5).
//
// Expectations come from the models' definitions (SC forbids SB's weak
// outcome; no model gives a value nobody wrote), from the seed, the CSV and
// herd's output for the RMO model, never from opcheck's own output.
#include "cli/Harness.h"

#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/InputFiles.h"
#include "cli/ModelChoice.h"
#include "opsem/Architecture.h"
#include "parser/CodeColumns.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;
using testing::CommandResult;
using testing::runOpcheck;

namespace {

const fs::path kSourceDirectory = OPCHECK_SOURCE_DIR;
const fs::path kBadObservations = kSourceDirectory / "tests" / "bad-observations";

// A fresh directory for one test's files.
using opcheck::testing::Scratch;

// Store buffering across CTAs; with FENCE between each thread's store and
// load. Without fences SC forbids (0:r2=0, 1:r2=0) and PTX allows it
// (seed 001 Fig. 6).
std::string storeBuffering(const std::string& fence = "") {
  const std::string middle = fence.empty() ? "" : " " + fence + "         | " + fence + "         ;\n";
  return "GPU_PTX SB\n"
         "{\n"
         "0:.reg .s32 r0;\n0:.reg .s32 r2;\n0:.reg .b64 r1 = x;\n0:.reg .b64 r3 = y;\n"
         "1:.reg .s32 r0;\n1:.reg .s32 r2;\n1:.reg .b64 r1 = y;\n1:.reg .b64 r3 = x;\n"
         "}\n"
         " P0                | P1                ;\n"
         " mov.s32 r0,1      | mov.s32 r0,1      ;\n"
         " st.cg.s32 [r1],r0 | st.cg.s32 [r1],r0 ;\n" +
         middle +
         " ld.cg.s32 r2,[r3] | ld.cg.s32 r2,[r3] ;\n"
         "\n"
         "scopeTree\n"
         "(device (kernel (cta (warp P0)) (cta (warp P1))))\n"
         "\n"
         "x: global, y: global\n"
         "\n"
         "exists\n"
         "(0:r2=0 /\\ 1:r2=0)\n";
}

const std::string kObservationsHeader = "test,chip,outcome,observed,runs,source\n";

// A litmus7 log of a run of SB on CHIP: the program it shows (if any), then
// the histogram.
std::string storeBufferingLog(const std::string& program, const std::string& histogram, unsigned runs) {
  return "% Results for SB.litmus %\n" + program + (program.empty() ? "" : "Generated assembler\n") +
         "Test SB Allowed\n" + histogram +
         "Ok\n\nWitnesses\nPositive: 1, Negative: " + std::to_string(runs - 1) +
         "\n\n  -- device info --\nName:                           Chip Z\n";
}

const std::string kStoreBufferingHistogram =
    "Histogram (2 states)\n"
    "3     *>0:r2=0; 1:r2=0;\n"
    "97    :>0:r2=1; 1:r2=1;\n";

// The lines of TEXT that start (after indentation) with PREFIX, trimmed.
std::set<std::string> linesStartingWith(const std::string& text, const std::string& prefix) {
  std::set<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    const std::size_t start = line.find_first_not_of(' ');
    if (start != std::string::npos && line.compare(start, prefix.size(), prefix) == 0) {
      lines.insert(line.substr(start));
    }
  }
  return lines;
}

std::size_t lineCount(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("harness reads model names as compare does and checks every preset that is not broken by default",
          "[harness]") {
  CHECK(cli::findModelChoice("ptx-op")->name == "ptx-op,volta");
  CHECK(cli::findModelChoice("ptx-op,default")->name == "ptx-op,volta");
  CHECK(cli::findModelChoice("ptx-op,kepler")->architecture.name == "kepler");
  CHECK(cli::findModelChoice("ptx-op,fermi")->architecture.name == "fermi");
  CHECK_FALSE(cli::findModelChoice("ptx-op,fermi")->claimsPtx());
  CHECK(cli::findModelChoice("rmo")->axiomatic != nullptr);
  CHECK_FALSE(cli::findModelChoice("ptx-op,nonesuch").has_value());
  CHECK_FALSE(cli::findModelChoice("ptx-opp").has_value());
  CHECK_FALSE(cli::findModelChoice("tso").has_value());

  std::vector<std::string> expected = {"rmo", "ptx"};
  for (const opsem::Architecture& preset : opsem::architecturePresets()) {
    if (!preset.name.starts_with("broken-")) {
      expected.push_back("ptx-op," + preset.name);
    }
  }
  std::vector<std::string> names;
  for (const cli::ModelChoice& model : cli::harnessDefaultModels()) {
    names.push_back(model.name);
  }
  CHECK(names == expected);
}

TEST_CASE("a test's code as written ignores white space and tells programs apart", "[harness]") {
  const auto plain = parser::codeColumns(storeBuffering());
  const auto fenced = parser::codeColumns(storeBuffering("membar.gl"));
  REQUIRE(plain);
  REQUIRE(plain->size() == 2);
  CHECK((*plain)[0] == "mov.s32r0,1\nst.cg.s32[r1],r0\nld.cg.s32r2,[r3]\n");
  CHECK(plain != fenced);
  CHECK(parser::codeColumns(" P0  |  P1 ;\n mov.s32 r0, 1 | ;\n\nexists (x=1)\n") ==
        parser::codeColumns("P0|P1;\nmov.s32 r0,1|;\n"));
  CHECK_FALSE(parser::codeColumns("no table here\n").has_value());
}

TEST_CASE("harness lists each outcome seen that a model forbids, per chip, with its counts and source",
          "[harness]") {
  Scratch scratch;
  const std::string test = scratch.write("tests/SB.litmus", storeBuffering());
  const std::string csv = scratch.write("obs.csv", kObservationsHeader +
                                                       "SB,Chip A,0:r2=0 /\\ 1:r2=0,5,100,Fig. X\n"
                                                       "SB,Chip A,0:r2=1 /\\ 1:r2=1,0,100,Fig. X\n"
                                                       "SB,Chip B,0:r2=0 /\\ 1:r2=0,0,100,Fig. Y\n");

  SECTION("a model that forbids a seen outcome: exit status 1") {
    const CommandResult result = runOpcheck({"harness", "--observations", csv, "--model", "sc", test});
    INFO(result.standardOutput << result.standardError);
    CHECK(result.exitStatus == 1);
    CHECK(linesStartingWith(result.standardOutput, "sc forbids") ==
          std::set<std::string>{"sc forbids SB 0:r2=0 /\\ 1:r2=0 seen on Chip A 5/100 (Fig. X)"});
    // Rows observed 0 times that the model allows are informative.
    CHECK(linesStartingWith(result.standardOutput, "sc allows") ==
          std::set<std::string>{"sc allows SB 0:r2=1 /\\ 1:r2=1, never seen on Chip A in 100 runs (Fig. X)"});
    CHECK_THAT(result.standardOutput, Catch::Matchers::Contains("SB  " + test + ": 3 rows of " + csv));
    // The table: observations checked / seen but forbidden, per chip.
    CHECK(linesStartingWith(result.standardOutput, "model ") ==
          std::set<std::string>{"model  Chip A     Chip B"});
    CHECK(linesStartingWith(result.standardOutput, "sc     ") ==
          std::set<std::string>{"sc     2 / 1      1 / 0"});
    CHECK(result.standardError.empty());
  }

  SECTION("a model that allows every seen outcome: exit status 0") {
    const CommandResult result = runOpcheck({"harness", "--observations", csv, "--model", "ptx", test});
    INFO(result.standardOutput << result.standardError);
    CHECK(result.exitStatus == 0);
    CHECK(linesStartingWith(result.standardOutput, "ptx forbids").empty());
    CHECK_THAT(result.standardOutput,
               Catch::Matchers::Contains("No model forbids an outcome seen on hardware."));
  }

  SECTION("--format json says the same") {
    const CommandResult result =
        runOpcheck({"harness", "--observations", csv, "--model", "sc", "--format", "json", test});
    INFO(result.standardOutput << result.standardError);
    CHECK(result.exitStatus == 1);
    // docs/json.md; tests/json_output_test.cpp checks the schema.
    const nlohmann::json json = nlohmann::json::parse(result.standardOutput);
    const nlohmann::json& sc = json["models"][0];
    REQUIRE(sc["forbidden_seen"].size() == 1);
    CHECK(sc["forbidden_seen"][0] == nlohmann::json{{"test", "SB"},
                                                    {"chip", "Chip A"},
                                                    {"outcome", {{"0:r2", 0}, {"1:r2", 0}}},
                                                    {"count", 5},
                                                    {"runs", 100},
                                                    {"source", "Fig. X"},
                                                    {"file", csv},
                                                    {"line", 2}});
    CHECK(sc["chips"][1] == nlohmann::json{{"chip", "Chip B"}, {"checked", 1}, {"forbidden_seen", 0}});
    CHECK(json["unsound"] == true);
  }
}

TEST_CASE("a seen table's row stands for its test's condition, seen or not on each GPU, without counts",
          "[harness]") {
  Scratch scratch;
  const std::string test = scratch.write("tests/SB.litmus", storeBuffering());
  const std::string table = scratch.write("seen.csv",
                                          "test,base,strengthened,a100,h100,gh200\n"
                                          "SB,INSTANCE,UNSAT,seen,not seen,seen\n");

  SECTION("text: the row's place in the file stands for the source") {
    const CommandResult result = runOpcheck({"harness", "--observations", table, "--model", "sc", test});
    INFO(result.standardOutput << result.standardError);
    CHECK(result.exitStatus == 1);
    CHECK(linesStartingWith(result.standardOutput, "sc forbids") ==
          std::set<std::string>{"sc forbids SB 0:r2=0 /\\ 1:r2=0 seen on A100 (seen.csv:2)",
                                "sc forbids SB 0:r2=0 /\\ 1:r2=0 seen on GH200 (seen.csv:2)"});
    // The model columns are not GPUs; the GPUs keep the table's order.
    CHECK(linesStartingWith(result.standardOutput, "model ") ==
          std::set<std::string>{"model  A100       H100       GH200"});
    CHECK(linesStartingWith(result.standardOutput, "sc     ") ==
          std::set<std::string>{"sc     1 / 1      1 / 0      1 / 1"});
  }

  SECTION("a model that allows the outcome: never seen on H100, with no run count") {
    const CommandResult result = runOpcheck({"harness", "--observations", table, "--model", "ptx", test});
    INFO(result.standardOutput << result.standardError);
    CHECK(result.exitStatus == 0);
    CHECK(linesStartingWith(result.standardOutput, "ptx allows") ==
          std::set<std::string>{"ptx allows SB 0:r2=0 /\\ 1:r2=0, never seen on H100 (seen.csv:2)"});
  }

  SECTION("json: counts are unknown, not zero") {
    const CommandResult result =
        runOpcheck({"harness", "--observations", table, "--model", "sc", "--format", "json", test});
    INFO(result.standardOutput << result.standardError);
    CHECK(result.exitStatus == 1);
    const nlohmann::json json = nlohmann::json::parse(result.standardOutput);
    const nlohmann::json& finding = json["models"][0]["forbidden_seen"][0];
    CHECK(finding["chip"] == "A100");
    CHECK(finding["outcome"] == nlohmann::json{{"0:r2", 0}, {"1:r2", 0}});
    CHECK(finding["count"].is_null());
    CHECK(finding["runs"].is_null());
  }
}

TEST_CASE("a seen table's row for a test whose condition is no single outcome is an error at the row",
          "[harness][bad-input]") {
  Scratch scratch;
  std::string program = storeBuffering();
  program.replace(program.find("(0:r2=0 /\\ 1:r2=0)"), std::string("(0:r2=0 /\\ 1:r2=0)").size(),
                  "(0:r2=0 \\/ 1:r2=0)");
  const std::string test = scratch.write("tests/SB.litmus", program);
  const std::string table = scratch.write("seen.csv", "test,a100\nSB,seen\n");
  const CommandResult result = runOpcheck({"harness", "--observations", table, "--model", "ptx", test});
  INFO(result.standardOutput << result.standardError);
  CHECK(result.exitStatus == 2);
  CHECK_THAT(result.standardError,
             Catch::Matchers::StartsWith(table + ":2:1: error: a seen-table row stands for"));
  CHECK_THAT(result.standardError, Catch::Matchers::Contains("is not an exists of equalities"));
}

TEST_CASE("a model that does not claim PTX is checked like the others and sets the exit status",
          "[harness]") {
  Scratch scratch;
  const std::string test = scratch.write("SB.litmus", storeBuffering());
  // A value no thread writes: every model forbids it.
  const std::string csv = scratch.write("obs.csv", kObservationsHeader + "SB,Chip A,0:r2=7,1,100,made up\n");
  const CommandResult result =
      runOpcheck({"harness", "--observations", csv, "--model", "ptx-op,fermi", test});
  INFO(result.standardOutput << result.standardError);
  CHECK(result.exitStatus == 1);
  CHECK_THAT(result.standardOutput, Catch::Matchers::Contains("ptx-op,fermi (does not claim PTX"));
  CHECK(linesStartingWith(result.standardOutput, "ptx-op,fermi forbids") ==
        std::set<std::string>{"ptx-op,fermi forbids SB 0:r2=7 seen on Chip A 1/100 (made up)"});
}

TEST_CASE("observations of a test that is not given are reported as unmatched, not dropped", "[harness]") {
  Scratch scratch;
  const std::string test = scratch.write("SB.litmus", storeBuffering());
  const std::string csv = scratch.write("obs.csv", kObservationsHeader +
                                                       "SB,Chip A,0:r2=1 /\\ 1:r2=1,5,100,Fig. X\n"
                                                       "Elsewhere,Chip A,0:r0=1,5,100,Fig. Z\n");
  const CommandResult result = runOpcheck({"harness", "--observations", csv, "--model", "ptx", test});
  INFO(result.standardOutput << result.standardError);
  CHECK(result.exitStatus == 0);
  CHECK_THAT(result.standardOutput,
             Catch::Matchers::Contains("Elsewhere, 1 row of " + csv + ": no given test is named Elsewhere"));
  CHECK_THAT(result.standardError,
             Catch::Matchers::Contains("1 group of observations matches no given test"));

  SECTION("when no observation names a given test, that is bad input") {
    const std::string other =
        scratch.write("other.csv", kObservationsHeader + "Elsewhere,Chip A,0:r0=1,5,100,Fig. Z\n");
    const CommandResult none = runOpcheck({"harness", "--observations", other, test});
    CHECK(none.exitStatus == 2);
    CHECK_THAT(none.standardError, Catch::Matchers::Contains("no observation names a given test"));
  }
}

TEST_CASE(
    "a histogram's states are each classified, and the model's states it lacks are listed as never seen",
    "[harness]") {
  Scratch scratch;
  const std::string test = scratch.write("SB.litmus", storeBuffering());
  const std::string log = scratch.write("SB.txt", storeBufferingLog("", kStoreBufferingHistogram, 100));
  const CommandResult result = runOpcheck({"harness", "--observations", log, "--model", "sc", test});
  INFO(result.standardOutput << result.standardError);
  CHECK(result.exitStatus == 1);
  CHECK(linesStartingWith(result.standardOutput, "sc forbids") ==
        std::set<std::string>{"sc forbids SB 0:r2=0 /\\ 1:r2=0 seen on Chip Z 3/100 (SB.txt)"});
  // SC's final states of SB are (0,1), (1,0), (1,1); the log saw (1,1).
  CHECK(linesStartingWith(result.standardOutput, "sc allows") ==
        std::set<std::string>{"sc allows SB 0:r2=0 /\\ 1:r2=1, never seen on Chip Z in 100 runs (SB.txt)",
                              "sc allows SB 0:r2=1 /\\ 1:r2=0, never seen on Chip Z in 100 runs (SB.txt)"});
}

TEST_CASE("a log's own program is checked when no given test has its name, and the report says so",
          "[harness]") {
  Scratch scratch;
  const std::string log =
      scratch.write("SB.txt", storeBufferingLog(storeBuffering(), kStoreBufferingHistogram, 100));
  const CommandResult result = runOpcheck({"harness", "--observations", log, "--model", "sc"});
  INFO(result.standardOutput << result.standardError);
  CHECK(result.exitStatus == 1);
  CHECK_THAT(result.standardOutput, Catch::Matchers::Contains("SB  the program shown in " + log + ":2: "));
  CHECK(linesStartingWith(result.standardOutput, "sc forbids") ==
        std::set<std::string>{"sc forbids SB 0:r2=0 /\\ 1:r2=0 seen on Chip Z 3/100 (SB.txt)"});

  SECTION("a program that does not read as a test leaves its observations unmatched, with the reason") {
    const std::string broken = scratch.write(
        "broken.txt",
        storeBufferingLog("GPU_PTX SB\n{}\n P0 ;\n st.cg.s32 [r1], r0 ;\n", kStoreBufferingHistogram, 100));
    const CommandResult unmatched = runOpcheck({"harness", "--observations", broken, log, "--model", "sc"});
    CHECK(unmatched.exitStatus == 1);
    CHECK_THAT(
        unmatched.standardOutput,
        Catch::Matchers::Contains("no given test is named SB, and the program the log shows does not read as "
                                  "a test: " +
                                  broken + ":"));
  }
}

TEST_CASE("a log goes to the given test holding the program it shows when several tests share its name",
          "[harness]") {
  Scratch scratch;
  const std::string plain = scratch.write("a/SB.litmus", storeBuffering());
  const std::string fenced = scratch.write("b/SB.litmus", storeBuffering("membar.gl"));
  // The log ran SB without fences, whose weak outcome PTX allows; PTX
  // forbids it with membar.gl (fence.sc) on both sides.
  const std::string log =
      scratch.write("SB.txt", storeBufferingLog(storeBuffering(), kStoreBufferingHistogram, 100));
  const CommandResult result =
      runOpcheck({"harness", "--observations", log, "--model", "ptx", scratch.path("a"), scratch.path("b")});
  INFO(result.standardOutput << result.standardError);
  CHECK(result.exitStatus == 0);
  CHECK_THAT(result.standardOutput, Catch::Matchers::Contains("SB  " + plain + ": the histogram of " + log));
  CHECK_THAT(result.standardOutput, Catch::Matchers::Contains(plain + " holds the program the log shows"));

  SECTION("CSV rows say nothing of the program, so a shared name leaves them unmatched") {
    const std::string csv =
        scratch.write("obs.csv", kObservationsHeader + "SB,Chip A,0:r2=0 /\\ 1:r2=0,5,100,Fig. X\n");
    const CommandResult rows = runOpcheck(
        {"harness", "--observations", csv, log, "--model", "ptx", scratch.path("a"), scratch.path("b")});
    CHECK(rows.exitStatus == 0);
    CHECK_THAT(rows.standardOutput,
               Catch::Matchers::Contains("2 given tests are named SB and hold different programs"));
  }
}

TEST_CASE("harness usage errors and bad test files exit with status 2", "[harness][bad-input]") {
  Scratch scratch;
  const std::string test = scratch.write("SB.litmus", storeBuffering());
  const std::string csv =
      scratch.write("obs.csv", kObservationsHeader + "SB,Chip A,0:r2=1 /\\ 1:r2=1,5,100,Fig. X\n");
  CHECK(runOpcheck({"harness", test}).exitStatus == 2);
  CHECK(runOpcheck({"harness", "--observations"}).exitStatus == 2);
  CHECK(runOpcheck({"harness", "--observations", csv, "--model", "tso", test}).exitStatus == 2);
  CHECK(runOpcheck({"harness", "--observations", csv, "--format", "xml", test}).exitStatus == 2);
  CHECK(runOpcheck({"harness", "--observations", scratch.path("missing.csv"), test}).exitStatus == 2);

  const std::string bad = scratch.write("bad/bad.litmus", "GPU_PTX bad\n{\n");
  const CommandResult result =
      runOpcheck({"harness", "--observations", csv, "--model", "ptx", test, scratch.path("bad")});
  CHECK(result.exitStatus == 2);
  CHECK_THAT(result.standardError, Catch::Matchers::StartsWith(bad + ":"));
}

TEST_CASE("harness --observations takes every file up to an option, a directory or a .litmus file",
          "[harness]") {
  Scratch scratch;
  const std::string test = scratch.write("tests/SB.litmus", storeBuffering());
  const std::string csv =
      scratch.write("obs.csv", kObservationsHeader + "SB,Chip A,0:r2=1 /\\ 1:r2=1,5,100,Fig. X\n");
  const std::string log = scratch.write("SB.txt", storeBufferingLog("", kStoreBufferingHistogram, 100));
  for (const std::vector<std::string>& arguments :
       {std::vector<std::string>{"harness", "--observations", csv, log, scratch.path("tests"), "--model",
                                 "ptx"},
        std::vector<std::string>{"harness", "--observations", csv, log, test, "--model", "ptx"},
        std::vector<std::string>{"harness", "--model", "ptx", "--observations", csv, log, "--format", "herd",
                                 test}}) {
    const CommandResult result = runOpcheck(arguments);
    INFO(result.standardOutput << result.standardError);
    CHECK(result.exitStatus == 0);
    CHECK_THAT(result.standardOutput,
               Catch::Matchers::StartsWith("Observations: 2 files, 1 row and 1 histogram"));
  }
}

// --- malformed observation files -------------------------------------------

namespace {

std::vector<testing::ExpectedError> readBadObservationExpectations() {
  return testing::readExpectedErrors(kBadObservations / "expected.tsv");
}

// Runs harness on FILE (with the tests of tests/hardware) and requires the
// bad-input contract: status 2 and exactly one line on stderr, which names
// FILE. Returns that line.
std::string requireHarnessRejected(const fs::path& file) {
  const CommandResult result = runOpcheck(
      {"harness", "--observations", file.string(), (kSourceDirectory / "tests" / "hardware").string()});
  INFO("stderr: " << result.standardError);
  REQUIRE(result.exitStatus == 2);
  REQUIRE(lineCount(result.standardError) == 1);
  const std::string line = result.standardError.substr(0, result.standardError.size() - 1);
  REQUIRE_THAT(line, Catch::Matchers::StartsWith(file.string() + ":"));
  return line;
}

}  // namespace

TEST_CASE("every malformed observation file is rejected where expected.tsv says, with its message",
          "[harness][bad-input]") {
  const std::vector<testing::ExpectedError> rows = readBadObservationExpectations();
  REQUIRE(rows.size() >= 20);
  for (const testing::ExpectedError& row : rows) {
    DYNAMIC_SECTION(row.file) {
      const fs::path file = kBadObservations / row.file;
      REQUIRE(fs::is_regular_file(file));
      const std::string diagnostic = requireHarnessRejected(file);
      CHECK_THAT(diagnostic, Catch::Matchers::StartsWith(file.string() + ":" + std::to_string(row.line) +
                                                         ":" + std::to_string(row.column) + ": error: "));
      CHECK_THAT(diagnostic, Catch::Matchers::Contains(row.message));
    }
  }
}

TEST_CASE("tests/bad-observations/expected.tsv has one row for each malformed file and no other",
          "[harness][bad-input]") {
  std::multiset<std::string> listed;
  for (const testing::ExpectedError& row : readBadObservationExpectations()) {
    listed.insert(row.file);
  }
  std::multiset<std::string> committed;
  for (const fs::directory_entry& entry : fs::directory_iterator(kBadObservations)) {
    if (entry.path().filename() != "expected.tsv") {
      committed.insert(entry.path().filename().string());
    }
  }
  CHECK(listed == committed);
}

TEST_CASE("binary garbage given as observations is rejected as binary data, not read",
          "[harness][bad-input]") {
  Scratch scratch;
  std::mt19937 generator(20250101);
  std::uniform_int_distribution<int> byte(0, 255);
  std::string bytes(4096, '\0');
  for (char& value : bytes) {
    value = static_cast<char>(byte(generator));
  }
  for (const char* name : {"random.csv", "random.txt"}) {
    CHECK_THAT(requireHarnessRejected(scratch.write(name, bytes)), Catch::Matchers::Contains("binary data"));
  }
  // A NUL byte in an otherwise good file, at its line and column.
  const std::string csv =
      scratch.write("nul.csv", kObservationsHeader + "IRIW,TesC,1:r0=1,1" + std::string(1, '\0') + ",2,x\n");
  CHECK_THAT(requireHarnessRejected(csv),
             Catch::Matchers::StartsWith(
                 csv + ":2:19: error: binary data (control byte 0x00): not an observation file"));
  const std::string log = scratch.write("nul.txt", "Test IRIW Allowed\nHistogram (1 states)\n\xff\n");
  CHECK_THAT(requireHarnessRejected(log),
             Catch::Matchers::StartsWith(
                 log + ":3:1: error: binary data (byte 0xFF is not UTF-8 text): not a litmus7 log"));
}

// --- the real data: ../shared/corpora/hardware ------------------------------

namespace {

struct HardwareData {
  fs::path csv;
  std::vector<fs::path> logs;      // titan-memalloy/*/*.txt
  std::vector<std::string> tests;  // the directories of the litmus tests they are of
};

std::optional<HardwareData> hardwareData() {
  const std::optional<fs::path> corpora = testing::corporaDirectory();
  if (!corpora) {
    return std::nullopt;
  }
  HardwareData data;
  const fs::path hardware = *corpora / "hardware";
  data.csv = hardware / "asplos15" / "observations.csv";
  for (const fs::directory_entry& directory : fs::directory_iterator(hardware / "titan-memalloy")) {
    if (directory.is_directory()) {
      for (const fs::directory_entry& file : fs::directory_iterator(directory.path())) {
        if (file.path().extension() == ".txt") {
          data.logs.push_back(file.path());
        }
      }
    }
  }
  std::sort(data.logs.begin(), data.logs.end());
  // The IRIW log's program has no .litmus in the corpus; tests/hardware has it.
  data.tests = {(hardware / "asplos15" / "tests").string(), (hardware / "titan-memalloy").string(),
                (kSourceDirectory / "tests" / "hardware").string()};
  return data;
}

// Counted from the files' text, not with the readers under test: CSV rows
// (lines but the header) and histogram lines ("COUNT :>" or "COUNT *>").
std::size_t csvRows(const fs::path& csv) {
  std::istringstream stream(testing::readFile(csv));
  std::size_t rows = 0;
  for (std::string line; std::getline(stream, line);) {
    rows += line.empty() ? 0 : 1;
  }
  return rows - 1;
}

std::size_t histogramStates(const fs::path& log) {
  std::istringstream stream(testing::readFile(log));
  std::size_t states = 0;
  for (std::string line; std::getline(stream, line);) {
    const std::size_t digits = line.find_first_not_of("0123456789");
    if (digits == 0 || digits == std::string::npos) {
      continue;
    }
    const std::size_t marker = line.find_first_not_of(' ', digits);
    if (marker != std::string::npos &&
        (line.compare(marker, 2, ":>") == 0 || line.compare(marker, 2, "*>") == 0)) {
      ++states;
    }
  }
  return states;
}

std::string trimmed(const std::string& text) {
  const std::size_t start = text.find_first_not_of(" \t");
  const std::size_t end = text.find_last_not_of(" \t");
  return start == std::string::npos ? "" : text.substr(start, end - start + 1);
}

// herd's final states per test in expected-herd2015-rmo.txt, each as
// term -> value.
std::map<std::string, std::vector<std::map<std::string, std::string>>> herdStates(const fs::path& file) {
  std::map<std::string, std::vector<std::map<std::string, std::string>>> tests;
  std::istringstream stream(testing::readFile(file));
  std::string test;
  std::size_t remaining = 0;
  for (std::string line; std::getline(stream, line);) {
    if (line.starts_with("Test ")) {
      test = line.substr(5, line.find(' ', 5) - 5);
    } else if (line.starts_with("States ")) {
      remaining = std::stoul(line.substr(7));
    } else if (remaining > 0) {
      --remaining;
      std::map<std::string, std::string> state;
      for (const std::string& term : testing::splitFields(line, ';')) {
        if (term.find('=') != std::string::npos) {
          state[trimmed(term.substr(0, term.find('=')))] = trimmed(term.substr(term.find('=') + 1));
        }
      }
      tests[test].push_back(state);
    }
  }
  return tests;
}

struct CsvRow {
  std::string test, chip, outcome, observed, runs, source;
};

std::vector<CsvRow> csvRowsOf(const fs::path& csv) {
  std::istringstream stream(testing::readFile(csv));
  std::vector<CsvRow> rows;
  std::string line;
  std::getline(stream, line);  // the header
  while (std::getline(stream, line)) {
    const std::vector<std::string> fields = testing::splitFields(line, ',');
    if (fields.size() == 6) {
      rows.push_back({fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]});
    }
  }
  return rows;
}

// Whether some herd state agrees with every term of OUTCOME ("1:r2=1 /\ 1:r3=0").
bool herdAllows(const std::vector<std::map<std::string, std::string>>& states, const std::string& outcome) {
  std::map<std::string, std::string> terms;
  std::size_t start = 0;
  while (start <= outcome.size()) {
    const std::size_t separator = std::min(outcome.find("/\\", start), outcome.size());
    const std::string term = outcome.substr(start, separator - start);
    terms[trimmed(term.substr(0, term.find('=')))] = trimmed(term.substr(term.find('=') + 1));
    start = separator + 2;
  }
  return std::any_of(states.begin(), states.end(), [&](const auto& state) {
    return std::all_of(terms.begin(), terms.end(), [&](const auto& term) {
      const auto found = state.find(term.first);
      return found != state.end() && found->second == term.second;
    });
  });
}

// The Fermi chips of the CSV (corpora/README.md).
const std::set<std::string> kFermiChips = {"GTX5", "TesC"};

// The harness's lines for MODEL on the asplos15 observations.
CommandResult runOnAsplos15(const HardwareData& data, const std::string& model) {
  return runOpcheck({"harness", "--observations", data.csv.string(), "--model", model, data.tests[0]});
}

}  // namespace

TEST_CASE("every CSV row and every Titan histogram state is classified under each default model",
          "[harness][corpus]") {
  const std::optional<HardwareData> data = hardwareData();
  if (!data) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  REQUIRE(data->logs.size() == 6);
  std::vector<cli::ObservationGroup> groups = cli::readObservationFile(data->csv);
  std::size_t expected = csvRows(data->csv);
  for (const fs::path& log : data->logs) {
    const std::vector<cli::ObservationGroup> read = cli::readObservationFile(log);
    groups.insert(groups.end(), read.begin(), read.end());
    expected += histogramStates(log);
  }
  CHECK(expected == 76 + 122);
  std::vector<cli::GivenTest> given;
  for (const fs::path& file : cli::collectLitmusFiles(data->tests).files) {
    given.push_back(cli::readGivenTest(file));
  }
  const cli::Matching matching = cli::matchObservations(groups, given);
  CHECK(matching.unmatched.empty());
  CHECK(matching.errors.empty());

  // Each log is checked against the program it ran: the .litmus beside it,
  // but for IRIW_gl_cta.txt, whose neighbour holds another program.
  for (const cli::CheckedTest& test : matching.tests) {
    for (const std::size_t group : test.groups) {
      if (!groups[group].histogram) {
        continue;
      }
      const fs::path log = groups[group].file;
      const fs::path expectedDirectory =
          log.filename() == "IRIW_gl_cta.txt" ? fs::path(data->tests[2]) : log.parent_path();
      CHECK(fs::path(test.origin).parent_path() == expectedDirectory);
    }
  }

  const std::vector<std::string> chips = cli::chipsOf(groups);
  for (const cli::ModelChoice& model : cli::harnessDefaultModels()) {
    std::vector<cli::ModelStates> states;
    for (const cli::CheckedTest& test : matching.tests) {
      states.push_back(cli::computeModelStates(model, test, 2));
    }
    const cli::ModelVerdict verdict = cli::classifyObservations(model, groups, matching, states, chips);
    std::size_t checked = 0;
    for (const cli::ChipTally& chip : verdict.chips) {
      checked += chip.checked;
    }
    INFO(model.name);
    CHECK(verdict.errors.empty());
    CHECK(verdict.inconclusive.empty());
    CHECK(checked == expected);
  }
}

TEST_CASE(
    "rmo forbids the .ca outcomes seen on Fermi that herd's RMO forbids (seed 000 Sec. 5.5), and harness "
    "exits 1",
    "[harness][corpus]") {
  const std::optional<HardwareData> data = hardwareData();
  if (!data) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const auto herd = herdStates(data->csv.parent_path() / "expected-herd2015-rmo.txt");
  std::set<std::string> expected;
  for (const CsvRow& row : csvRowsOf(data->csv)) {
    REQUIRE(herd.contains(row.test));
    if (row.observed != "0" && !herdAllows(herd.at(row.test), row.outcome)) {
      expected.insert("rmo forbids " + row.test + " " + row.outcome + " seen on " + row.chip + " " +
                      row.observed + "/" + row.runs + " (" + row.source + ")");
      // The seed: only Fermi keeps .ca lines across fences (Sec. 3.1.2).
      CHECK(kFermiChips.contains(row.chip));
      CHECK((row.test.starts_with("mp-L1+") || row.test.starts_with("coRR-L2-L1+")));
    }
  }
  // What seed 000 Figs. 3-4 show and Sec. 5.5 sets outside its model.
  CHECK(expected.contains("rmo forbids mp-L1+membar.gls 1:r2=1 /\\ 1:r4=0 seen on TesC 187/100000 (Fig. 3)"));
  CHECK(expected.contains(
      "rmo forbids coRR-L2-L1+membar.gl 1:r2=1 /\\ 1:r3=0 seen on TesC 1496/100000 (Fig. 4)"));
  CHECK(expected.contains(
      "rmo forbids coRR-L2-L1+membar.sys 1:r2=1 /\\ 1:r3=0 seen on TesC 1428/100000 (Fig. 4)"));

  const CommandResult result = runOnAsplos15(*data, "rmo");
  INFO(result.standardError);
  CHECK(result.exitStatus == 1);
  CHECK(linesStartingWith(result.standardOutput, "rmo forbids") == expected);
}

// The line harness prints when MODEL forbids what ROW saw.
std::string forbiddenLine(const std::string& model, const CsvRow& row) {
  return model + " forbids " + row.test + " " + row.outcome + " seen on " + row.chip + " " + row.observed +
         "/" + row.runs + " (" + row.source + ")";
}

// Whether ptx-op's fermi preset allows every outcome seen on the Fermi chips
// in the tests whose names start with PREFIX.
void requireFermiAllowsWhatFermiShowed(const HardwareData& data, const std::string& prefix) {
  const CommandResult result = runOnAsplos15(data, "ptx-op,fermi");
  REQUIRE_THAT(result.standardOutput, Catch::Matchers::Contains("ptx-op,fermi (does not claim PTX"));
  const std::set<std::string> forbidden = linesStartingWith(result.standardOutput, "ptx-op,fermi forbids");
  std::size_t rows = 0;
  for (const CsvRow& row : csvRowsOf(data.csv)) {
    if (row.test.starts_with(prefix) && kFermiChips.contains(row.chip) && row.observed != "0") {
      ++rows;
      INFO(row.test << " on " << row.chip);
      CHECK_FALSE(forbidden.contains(forbiddenLine("ptx-op,fermi", row)));
    }
  }
  CHECK(rows >= 3);
}

TEST_CASE(
    "ptx-op's fermi preset allows the mp-L1 outcomes seen on Fermi whatever the fence (seed 000 Fig. 3)",
    "[harness][corpus]") {
  const std::optional<HardwareData> data = hardwareData();
  if (!data) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  requireFermiAllowsWhatFermiShowed(*data, "mp-L1+membar.");
}

// Needs the fermi preset's .cg switch (Architecture::cgBypassesL1: a .cg
// store leaves the L1's stale line in place).
TEST_CASE(
    "ptx-op's fermi preset allows the coRR-L2-L1 outcomes seen on Fermi whatever the fence (seed 000 Fig. 4)",
    "[harness][corpus]") {
  const std::optional<HardwareData> data = hardwareData();
  if (!data) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  requireFermiAllowsWhatFermiShowed(*data, "coRR-L2-L1+membar.");
}

// cuda-litmus (corpora/README.md): 950 tests, whether each one's weak
// outcome was seen on A100, H100 and GH200. kepler, a model of seed 000's
// chips, forbids some of those outcomes: by shape, IRIW 23, ISA2 55, RWC 5,
// WRC 22, WRW+2W 38, WWC 49 (README "Hardware observations" gives why).
TEST_CASE("harness reads cuda-litmus's seen table: ptx and volta forbid nothing A100, H100 or GH200 showed",
          "[harness][corpus]") {
  const std::optional<fs::path> corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const fs::path directory = *corpora / "cuda-litmus";
  const CommandResult result = runOpcheck({"harness", "--observations", (directory / "results.csv").string(),
                                           "--model", "ptx", "--model", "ptx-op", "--model", "ptx-op,kepler",
                                           "--jobs", "2", (directory / "tests").string()});
  INFO(result.standardError);
  CHECK(result.exitStatus == 1);  // kepler
  CHECK(result.standardError.empty());
  CHECK(linesStartingWith(result.standardOutput, "ptx forbids").empty());
  CHECK(linesStartingWith(result.standardOutput, "ptx-op,volta forbids").empty());
  CHECK(linesStartingWith(result.standardOutput, "model ") ==
        std::set<std::string>{"model          A100       H100       GH200"});
  // Every row is checked on every GPU.
  CHECK(linesStartingWith(result.standardOutput, "ptx-op,volta   ") ==
        std::set<std::string>{"ptx-op,volta   950 / 0    950 / 0    950 / 0"});

  std::map<std::string, std::set<std::string>> keplerForbidsByShape;
  const std::string prefix = "ptx-op,kepler forbids ";
  for (const std::string& line : linesStartingWith(result.standardOutput, prefix)) {
    const std::string test = line.substr(prefix.size(), line.find(' ', prefix.size()) - prefix.size());
    keplerForbidsByShape[test.substr(0, test.find("_TB_"))].insert(test);
  }
  const std::map<std::string, std::size_t> expected = {{"iriw", 23}, {"isa2", 55},   {"rwc", 5},
                                                       {"wrc", 22},  {"wrw_2w", 38}, {"wwc", 49}};
  std::map<std::string, std::size_t> forbidden;
  for (const auto& [shape, tests] : keplerForbidsByShape) {
    forbidden[shape] = tests.size();
  }
  CHECK(forbidden == expected);
}

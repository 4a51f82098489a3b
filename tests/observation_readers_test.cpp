// The readers of hardware observations (litmus/ObservationCsvReader.h,
// litmus/Litmus7LogReader.h) on small texts written here: what they read,
// and where their errors point. Whole malformed files, run through
// `opcheck harness`, are in tests/bad-observations/ (harness_test.cpp).
#include <catch2/catch.hpp>
#include <string>

#include "litmus/Diagnostic.h"
#include "litmus/Litmus7LogReader.h"
#include "litmus/ObservationCsvReader.h"

using namespace opcheck::litmus;

namespace {

// The diagnostic READER gives for TEXT read as FILE, or "" when it reads it.
template <typename Reader>
std::string diagnosticOf(Reader reader, const std::string& text, const std::string& file) {
  try {
    reader(text, file);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

std::string csvError(const std::string& text) { return diagnosticOf(readObservationCsv, text, "obs.csv"); }

std::string logError(const std::string& text) { return diagnosticOf(readLitmus7Log, text, "run.txt"); }

const std::string kHeader = "test,chip,outcome,observed,runs,source\n";

// A litmus7 log of SB as litmus7 prints one: the program, the histogram
// ("*>" marks the states satisfying the condition), the totals, the device.
const std::string kStoreBufferingLog =
    "%%%%%%%%%%%%%%%%%%%%%%%%%\n"
    "% Results for SB.litmus %\n"
    "%%%%%%%%%%%%%%%%%%%%%%%%%\n"
    "GPU_PTX SB\n"
    "\"Fre PodWR Fre PodWR\"\n"
    "\n"
    "{}\n"
    "\n"
    " P0                 | P1                 ;\n"
    " st.cg.s32 [r1], r0 | st.cg.s32 [r1], r0 ;\n"
    " ld.cg.s32 r2, [r3] | ld.cg.s32 r2, [r3] ;\n"
    "\n"
    "exists (0:r2=0 /\\ 1:r2=0)\n"
    "Generated assembler\n"
    "//START _litmus_P0\n"
    "\tst.cg.s32 [sr10], sr00 ;\n"
    "Test SB Allowed\n"
    "Histogram (3 states)\n"
    "3     *>0:r2=0; 1:r2=0;\n"
    "48    :>0:r2=0; 1:r2=1;\n"
    "49    :>0:r2=1; 1:r2=0;\n"
    "Ok\n"
    "\n"
    "Witnesses\n"
    "Positive: 3, Negative: 97\n"
    "Condition exists (0:r2=0 /\\ 1:r2=0) is validated\n"
    "Observation SB Sometimes 3 97\n"
    "Time SB 0.01\n"
    "\n"
    "  -- device info --\n"
    "Name:                           GeForce GTX TITAN\n"
    "Major revision number:          3\n";

}  // namespace

TEST_CASE(
    "a CSV row gives the test, the chip, the outcome's terms with their positions, the counts, the source",
    "[observations]") {
  const std::vector<Observation> rows =
      readObservationCsv(kHeader +
                             "mp-L1+membar.gls,TesC,1:r2=1 /\\ 1:r4=0,187,100000,Fig. 3\n"
                             "sb,Titan,x=1 /\\ P1:r0=-2,0,10,\"Table 6, column 12\"\n",
                         "obs.csv");
  REQUIRE(rows.size() == 2);
  const Observation& row = rows[0];
  CHECK(row.test == "mp-L1+membar.gls");
  CHECK(row.chip == "TesC");
  CHECK(row.count == 187);
  CHECK(row.runs == 100000);
  CHECK(row.source == "Fig. 3");
  CHECK(row.file == "obs.csv");
  CHECK(row.position.line == 2);
  REQUIRE(row.outcome.size() == 2);
  CHECK(row.outcome[0].thread == std::optional<std::uint16_t>(1));
  CHECK(row.outcome[0].name == "r2");
  CHECK(row.outcome[0].value == 1);
  CHECK(row.outcome[0].position.column == 23);
  CHECK(row.outcome[1].name == "r4");
  CHECK(row.outcome[1].position.column == 33);
  CHECK(formatOutcome(row.outcome) == "1:r2=1 /\\ 1:r4=0");

  // A location, a P-prefixed thread, a negative value, a quoted source.
  CHECK_FALSE(rows[1].outcome[0].thread.has_value());
  CHECK(rows[1].outcome[0].name == "x");
  CHECK(rows[1].outcome[1].value == -2);
  CHECK(formatOutcome(rows[1].outcome) == "x=1 /\\ 1:r0=-2");
  CHECK(rows[1].count == 0);
  CHECK(rows[1].source == "Table 6, column 12");
}

TEST_CASE("CSV columns may come in any order; blank lines and CRLF line ends are read", "[observations]") {
  const std::vector<Observation> rows = readObservationCsv(
      "source,runs,observed,outcome,chip,test\r\n\r\nFig. 1,100,7,1:r2=1 /\\ 1:r3=0,GTX5,coRR\r\n",
      "obs.csv");
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].test == "coRR");
  CHECK(rows[0].chip == "GTX5");
  CHECK(rows[0].count == 7);
  CHECK(rows[0].runs == 100);
  CHECK(rows[0].source == "Fig. 1");
  CHECK(rows[0].position.line == 3);
}

TEST_CASE("CSV errors point at the line and column of what is wrong", "[observations][bad-input]") {
  CHECK(csvError(kHeader + "a,b,1:r0=1,1,2,\"src\" x\n") ==
        "obs.csv:2:22: error: text after a quoted field: expected ',' or the line's end");
  CHECK(csvError("test,chip,outcome,chip,observed,runs,source\n") ==
        "obs.csv:1:19: error: column 'chip' appears twice in the header");
  CHECK(csvError(kHeader + "a,b,1:r0=1,0,0,src\n") == "obs.csv:2:14: error: runs must be 1 or more");
  CHECK(csvError(kHeader + "a, ,1:r0=1,0,1,src\n") == "obs.csv:2:4: error: empty chip field");
  CHECK(csvError(kHeader + "a,b,,0,1,src\n") == "obs.csv:2:5: error: empty outcome field");
  CHECK(
      csvError(kHeader + "a,b,1:r0=1 /\\ ,0,1,src\n").starts_with("obs.csv:2:14: error: empty outcome term"));
  CHECK(csvError(kHeader + "a,b,1:=1,0,1,src\n")
            .starts_with("obs.csv:2:7: error: outcome term '1:=1' names no register"));
  CHECK(csvError(kHeader + "a,b,1:r0=99999999999999999999,0,1,src\n") ==
        "obs.csv:2:10: error: value of 1:r0 is out of range");
  CHECK(csvError(kHeader + "a,b,1:r0=1,-3,1,src\n") ==
        "obs.csv:2:12: error: observed count '-3' is not a whole number");
  CHECK(csvError(kHeader + "a,b,1:r0=1,1,2,src\n").empty());
}

TEST_CASE("a litmus7 log gives each run's test, chip, runs, histogram and the program it shows",
          "[observations]") {
  const std::vector<Litmus7Run> runs = readLitmus7Log(kStoreBufferingLog, "logs/titan/SB.txt");
  REQUIRE(runs.size() == 1);
  const Litmus7Run& run = runs[0];
  CHECK(run.test == "SB");
  CHECK(run.chip == "GeForce GTX TITAN");
  CHECK(run.runs == 100);
  CHECK(run.position.line == 17);
  CHECK(run.programLine == 4);
  CHECK(run.program.starts_with("GPU_PTX SB\n"));
  CHECK(run.program.ends_with("exists (0:r2=0 /\\ 1:r2=0)\n"));
  REQUIRE(run.states.size() == 3);
  const Observation& state = run.states[0];
  CHECK(state.test == "SB");
  CHECK(state.chip == "GeForce GTX TITAN");
  CHECK(state.count == 3);
  CHECK(state.runs == 100);
  CHECK(state.source == "SB.txt");
  CHECK(state.file == "logs/titan/SB.txt");
  CHECK(state.position.line == 19);
  CHECK(formatOutcome(state.outcome) == "0:r2=0 /\\ 1:r2=0");
  CHECK(state.outcome[1].position.column == 17);
  CHECK(run.states[2].count == 49);
}

TEST_CASE(
    "a log without device info names its chip after its file; without totals, runs are the histogram's sum",
    "[observations]") {
  const std::vector<Litmus7Run> runs = readLitmus7Log(
      "Test MP Allowed\nHistogram (2 states)\n5     :>1:r0=0;\n7     :>1:r0=1;\n", "dir/mp-run.log");
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].chip == "mp-run.log");
  CHECK(runs[0].runs == 12);
  CHECK(runs[0].program.empty());
}

TEST_CASE("a log of several runs gives each its own program, histogram and device", "[observations]") {
  const std::string second =
      "GPU_PTX MP\n{}\n P0 ;\n st.cg.s32 [r1], r0 ;\nGenerated assembler\n"
      "Test MP Allowed\nHistogram (1 states)\n10    :>1:r0=0;\n"
      "Positive: 0, Negative: 10\n -- device info --\nName: GeForce GTX 660\n";
  const std::vector<Litmus7Run> runs = readLitmus7Log(kStoreBufferingLog + second, "two.txt");
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].chip == "GeForce GTX TITAN");
  CHECK(runs[1].test == "MP");
  CHECK(runs[1].chip == "GeForce GTX 660");
  CHECK(runs[1].runs == 10);
  CHECK(runs[1].program.starts_with("GPU_PTX MP\n"));
  CHECK(runs[1].programLine == 33);
}

TEST_CASE("log errors point at the line and column of what is wrong", "[observations][bad-input]") {
  CHECK(logError("Test MP Allowed\nHistogram (two states)\n") ==
        "run.txt:2:12: error: number of states 'two' is not a whole number");
  CHECK(logError("Test MP Allowed\nHistogram (1 states)\n  :>1:r0=0;\n") ==
        "run.txt:3:3: error: histogram line has no count before ':>'");
  CHECK(logError("Test MP Allowed\nHistogram (1 states)\n1 :>1:r0=0;\nPositive: 1 Negative:\n") ==
        "run.txt:4:22: error: negative count '' is not a whole number");
  CHECK(logError("Test MP Allowed\n") ==
        "run.txt:1:16: error: expected 'Histogram (N states)' after 'Test MP Allowed', found the end of the "
        "file");
  CHECK(logError("Test \nHistogram (0 states)\n") == "run.txt:1:6: error: 'Test' line names no test");
  CHECK(logError("Test MP Allowed\nHistogram (1 states)\n1 :>1:r0=0; 1:r0=1;\n") ==
        "run.txt:3:13: error: state names 1:r0 twice");
  CHECK(logError("Test MP Allowed\nHistogram (1 states)\n1 :>1:r0=0;\x01\n") ==
        "run.txt:3:12: error: binary data (control byte 0x01): not a litmus7 log");
}

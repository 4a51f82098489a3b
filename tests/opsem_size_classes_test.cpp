// ptx-op's size classes (opsem/Capacity.h): a test runs in the smallest
// class that holds it (and, tests/opsem_queue_demand_test.cpp, all it can
// queue), and a test beyond the large class (eight threads,
// eight locations, sixteen registers a thread) runs in the huge one, up to
// the thirty-two threads the parser takes; beyond that, or beyond the
// recording class under compare --executions and races, it is refused at
// the instruction that passes the limit.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "opsem/OperationalModel.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

using namespace opcheck;
using Catch::Matchers::Contains;

namespace {

opsem::OperationalResult run(const litmus::Test& test, bool packed) {
  opsem::OperationalOptions options;
  options.architecture = *opsem::findArchitecture("volta");
  options.packStates = packed;
  options.exploration.limits.maxStates = 1'000'000;
  return opsem::runPtxOp(test, "test.litmus", options);
}

// A PTX test of one column per thread, each thread in the CTA PLACEMENT
// gives it; CODE[t] is thread t's instructions, a row each.
std::string columns(const std::string& name, const std::string& initial,
                    const std::vector<std::vector<std::string>>& code,
                    const std::vector<std::string>& placement, const std::string& condition) {
  std::string text = "PTX " + name + "\n{\n" + initial + "\n}\n";
  std::size_t rows = 0;
  for (std::size_t thread = 0; thread < code.size(); ++thread) {
    text += (thread == 0 ? " " : " | ") + std::string("P") + std::to_string(thread) + "@" + placement[thread];
    rows = std::max(rows, code[thread].size());
  }
  text += " ;\n";
  for (std::size_t row = 0; row < rows; ++row) {
    for (std::size_t thread = 0; thread < code.size(); ++thread) {
      text += (thread == 0 ? " " : " | ") + (row < code[thread].size() ? code[thread][row] : std::string());
    }
    text += " ;\n";
  }
  return text + condition + "\n";
}

// Seventeen threads: P0 and P16 share CTA 0 and meet at bar.sync 0, P0
// storing x before it and P16 loading x after it; P1 to P15, each in a CTA
// of its own, only set a register. P16's bit in the barrier's masks is the
// seventeenth (MachineState.h Barrier).
std::string barrierOfSeventeen() {
  std::vector<std::vector<std::string>> code(17, {"mov.u32 r0, 1"});
  code.front() = {"st.relaxed.gpu x, 1", "bar.sync 0"};
  code.back() = {"bar.sync 0", "ld.relaxed.gpu r0, x"};
  std::vector<std::string> placement;
  for (int thread = 0; thread < 17; ++thread) {
    placement.push_back("cta " + std::to_string(thread % 16) + ",gpu 0");
  }
  return columns("Barrier17", "x=0;", code, placement, "exists (P16:r0 == 0)");
}

// Thirty-two threads, each alone in its CTA, each storing 1 to a location
// of its own.
std::string thirtyTwoStores() {
  std::vector<std::vector<std::string>> code;
  std::vector<std::string> placement;
  std::string initial;
  std::string condition = "exists (";
  for (int thread = 0; thread < 32; ++thread) {
    const std::string location = "x" + std::to_string(thread);
    code.push_back({"st.relaxed.gpu " + location + ", 1"});
    placement.push_back("cta " + std::to_string(thread) + ",gpu 0");
    initial += location + "=0; ";
    condition += (thread == 0 ? "" : " /\\ ") + location + " == 1";
  }
  return columns("Stores32", initial, code, placement, condition + ")");
}

}  // namespace

TEST_CASE("the seventeenth thread of a test synchronizes at a barrier in the huge size class",
          "[opsem][size-classes]") {
  const litmus::Test test = parser::readLitmusText(barrierOfSeventeen(), "barrier17.litmus");
  const opsem::OperationalResult result = run(test, true);
  REQUIRE(result.statistics.stopReason == statespace::StopReason::Completed);
  // PTX ISA 9.1 9.7.13.1 (bar.sync): the barrier guarantees that P0's
  // store before it is performed for the CTA's threads after it, so P16
  // reads 1, in every run.
  CHECK(result.outcome.positive == 0);
  CHECK(result.outcome.negative == 1);
  REQUIRE(result.outcome.states.size() == 1);
  CHECK(litmus::formatHerdState(test, result.outcome.terms, *result.outcome.states.begin()) == "16:r0=1;");
}

TEST_CASE("thirty-two threads, each storing its own location, end in one state, packed or wide",
          "[opsem][size-classes][layout]") {
  const litmus::Test test = parser::readLitmusText(thirtyTwoStores(), "stores32.litmus");
  const opsem::OperationalResult packed = run(test, true);
  const opsem::OperationalResult wide = run(test, false);
  REQUIRE(packed.statistics.stopReason == statespace::StopReason::Completed);
  REQUIRE(wide.statistics.stopReason == statespace::StopReason::Completed);
  // Every location is written once, with 1: the one final memory.
  CHECK(packed.outcome.positive == 1);
  CHECK(packed.outcome.negative == 0);
  CHECK(packed.outcome.states == wide.outcome.states);
  CHECK(packed.statistics.states == wide.statistics.states);
  CHECK(packed.statistics.transitions == wide.statistics.transitions);
  CHECK(packed.stateBytes * 8 <= wide.stateBytes);
}

TEST_CASE("a test beyond the huge size class is refused at the location past its limit",
          "[opsem][size-classes][bad-input]") {
  testing::Scratch scratch;
  std::vector<std::string> stores;
  std::string initial;
  for (int location = 0; location <= 32; ++location) {
    stores.push_back("st.relaxed.gpu x" + std::to_string(location) + ", 1");
    initial += "x" + std::to_string(location) + "=0; ";
  }
  const auto file = scratch.write(
      "locations33.litmus", columns("Locations33", initial, {stores}, {"cta 0,gpu 0"}, "exists (x0 == 1)"));
  const testing::CommandResult result = testing::runOpcheck({file.string(), "--model", "ptx-op"});
  CHECK(result.exitStatus == 2);
  // The store to x32, the 33rd location: line 6 + 32, after the leading blank.
  CHECK_THAT(
      result.standardError,
      Contains(file.string() + ":38:2: error: test too large for ptx-op: it handles at most 32 threads, "
                               "32 locations, 32 registers and 32 barriers per CTA"));
}

TEST_CASE("compare --executions refuses a test beyond the recording size class, naming its limits",
          "[opsem][size-classes][bad-input]") {
  testing::Scratch scratch;
  const auto file = scratch.write("barrier17.litmus", barrierOfSeventeen());
  const testing::CommandResult plain =
      testing::runOpcheck({"compare", file.string(), "--op", "ptx-op", "--ax", "ptx"});
  CHECK(plain.exitStatus == 0);
  CHECK_THAT(plain.standardOutput, Contains("equal"));
  const testing::CommandResult graphs =
      testing::runOpcheck({"compare", file.string(), "--op", "ptx-op", "--ax", "ptx", "--executions"});
  CHECK(graphs.exitStatus == 2);
  // P8, the ninth thread: its mov on line 6, after the leading blank,
  // P0's store and seven "mov.u32 r0, 1" columns, each with its " | ".
  CHECK_THAT(graphs.standardError, Contains(":6:" + std::to_string(1 + 19 + 7 * 16 + 3 + 1) +
                                            ": error: test too large for ptx-op's execution graphs: "
                                            "it handles at most 8 threads, 8 locations, 16 "
                                            "registers and 4 barriers per CTA"));
}

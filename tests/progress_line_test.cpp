// The progress line of a long exploration or enumeration (cli/ProgressLine.h): its words,
// when it is shown, and that `opcheck FILE --model ptx-op|ptx --progress` shows
// it on a standard error that is not a terminal, and nothing without.

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "cli/ProgressLine.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using opcheck::cli::ProgressMode;

TEST_CASE("the progress line gives states, rate, frontier, memory and elapsed time", "[cli][progress]") {
  opcheck::statespace::ExplorationProgress progress;
  progress.states = 1234567;
  progress.frontier = 12345;
  progress.residentBytes = 19u << 20;
  progress.seconds = 65.5;
  // 1234567 / 65.5 = 18848.35...
  CHECK(opcheck::cli::progressLine(progress) ==
        "exploring: 1,234,567 states, 18,848 states/s, frontier 12,345, 19.0 MiB, 1:05");
  progress.seconds = 3 * 3600 + 7 * 60 + 9.9;
  progress.states = 999;
  progress.frontier = 0;
  progress.residentBytes = 1536u << 10;
  CHECK(opcheck::cli::progressLine(progress) ==
        "exploring: 999 states, 0 states/s, frontier 0, 1.5 MiB, 3:07:09");
  progress.seconds = 0;  // the first sample: no rate yet
  CHECK_THAT(opcheck::cli::progressLine(progress), Contains(" 0 states/s"));
  CHECK(opcheck::cli::overwriting("x") == "\r\033[Kx");
}

TEST_CASE("progress is shown on a terminal, or when forced, and never when turned off", "[cli][progress]") {
  CHECK(opcheck::cli::showProgress(ProgressMode::Auto, true));
  CHECK_FALSE(opcheck::cli::showProgress(ProgressMode::Auto, false));
  CHECK(opcheck::cli::showProgress(ProgressMode::On, false));
  CHECK(opcheck::cli::showProgress(ProgressMode::On, true));
  CHECK_FALSE(opcheck::cli::showProgress(ProgressMode::Off, true));
}

TEST_CASE("a forced --progress shows a long ptx-op exploration's progress on standard error and clears it",
          "[cli][progress]") {
  const opcheck::testing::Scratch scratch;
  const fs::path test = scratch.write("slow.litmus", opcheck::testing::manyCandidatesTest());
  // Cut at 1.5 s: the reporter samples once a second.
  const auto forced =
      opcheck::testing::runOpcheck({test.string(), "--model", "ptx-op", "--timeout", "1.5", "--progress"});
  CHECK(forced.exitStatus == 0);
  CHECK_THAT(forced.standardError, Contains("\r\033[Kexploring: "));
  CHECK_THAT(forced.standardError, Contains(" states/s, frontier "));
  // Cleared before the result: the last progress line is erased.
  CHECK(forced.standardError.find("\r\033[K", forced.standardError.rfind("exploring: ")) !=
        std::string::npos);
  CHECK_THAT(forced.standardOutput, Contains("Stopped"));

  // Standard error is a file here, not a terminal: nothing by default.
  const auto plain = opcheck::testing::runOpcheck({test.string(), "--model", "ptx-op", "--timeout", "1.5"});
  CHECK(plain.standardError.find('\r') == std::string::npos);
  const auto off =
      opcheck::testing::runOpcheck({test.string(), "--model", "ptx-op", "--timeout", "1.5", "--no-progress"});
  CHECK(off.standardError.find('\r') == std::string::npos);
}

TEST_CASE("an axiomatic model's progress line gives candidates, rate and elapsed time", "[cli][progress]") {
  opcheck::axiomcheck::CandidateProgress progress;
  progress.candidates = 1234567;
  progress.seconds = 12.5;
  // 1234567 / 12.5 = 98765.36
  CHECK(opcheck::cli::progressLine(progress) == "checking: 1,234,567 candidates, 98,765 candidates/s, 0:12");
}

TEST_CASE("a forced --progress shows a long axiomatic check's progress on standard error and clears it",
          "[cli][progress]") {
  const opcheck::testing::Scratch scratch;
  const fs::path test = scratch.write("slow.litmus", opcheck::testing::manyCandidatesTest());
  // Cut at 1.5 s: the enumeration reports once a second.
  const auto forced =
      opcheck::testing::runOpcheck({test.string(), "--model", "ptx", "--timeout", "1.5", "--progress"});
  CHECK(forced.exitStatus == 0);
  CHECK_THAT(forced.standardError, Contains("\r\033[Kchecking: "));
  CHECK_THAT(forced.standardError, Contains(" candidates/s, "));
  CHECK(forced.standardError.find("\r\033[K", forced.standardError.rfind("checking: ")) != std::string::npos);
  const auto plain = opcheck::testing::runOpcheck({test.string(), "--model", "ptx", "--timeout", "1.5"});
  CHECK(plain.standardError.find('\r') == std::string::npos);
}

// Conformance of the parser over ../shared/corpora: every litmus file of
// every corpus parses, and parse -> print -> parse gives the same IR.
#include <catch2/catch.hpp>

#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

struct CorpusRun {
  std::size_t files = 0;
  std::vector<std::string> failures;
};

// Parses every file, then checks the round trip of each one that parsed.
CorpusRun parseAndRoundTrip(const std::vector<fs::path>& files) {
  CorpusRun run;
  for (const fs::path& file : files) {
    ++run.files;
    try {
      const litmus::Test test = parser::readLitmusFile(file);
      const std::string printed = litmus::printCanonical(test);
      const litmus::Test reread = parser::readLitmusText(printed, file.string() + " (reprinted)");
      if (!(reread == test)) {
        run.failures.push_back(file.string() + ": reprinted test differs from the original:\n" + printed);
      } else if (litmus::printCanonical(reread) != printed) {
        run.failures.push_back(file.string() + ": canonical form is not a fixed point");
      }
    } catch (const litmus::InputError& error) {
      run.failures.push_back(error.what());
    }
  }
  return run;
}

void requireClean(const CorpusRun& run, std::size_t expectedFiles) {
  INFO(run.failures.size() << " of " << run.files << " files failed; first: "
                           << (run.failures.empty() ? "-" : run.failures.front()));
  CHECK(run.files == expectedFiles);
  CHECK(run.failures.empty());
}

}  // namespace

TEST_CASE("every litmus file of the small corpora parses and survives a canonical round trip",
          "[corpus][parser]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  // The file counts of corpora/README.md (herd-gpu-ptx: its 16 GPU_PTX tests
  // and format variants make 17 files), so a lost file fails the test too.
  SECTION("dat3m-ptx (modern PTX dialect)") {
    requireClean(parseAndRoundTrip(testing::litmusFilesUnder(*corpora / "dat3m-ptx")), 138);
  }
  SECTION("herd-gpu-ptx (GPU_PTX and LISA)") {
    requireClean(parseAndRoundTrip(testing::litmusFilesUnder(*corpora / "herd-gpu-ptx")), 17);
  }
  SECTION("diy-gpu-ptx t1 and t2") {
    requireClean(parseAndRoundTrip(testing::litmusFilesUnder(*corpora / "diy-gpu-ptx" / "t1")), 234);
    requireClean(parseAndRoundTrip(testing::litmusFilesUnder(*corpora / "diy-gpu-ptx" / "t2")), 1386);
  }
  SECTION("hardware (asplos15 and the Titan logs' programs)") {
    requireClean(parseAndRoundTrip(testing::litmusFilesUnder(*corpora / "hardware")), 28);
  }
}

TEST_CASE("all 10554 litmus files of diy-gpu-ptx t3 parse and survive a canonical round trip",
          "[corpus][parser][t3]") {
  const auto t3 = testing::unpackedT3();
  if (!t3) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  requireClean(parseAndRoundTrip(testing::litmusFilesUnder(*t3)), 10554);
}

TEST_CASE("opcheck parse accepts a whole corpus directory with exit status 0", "[corpus][cli]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const testing::CommandResult result = testing::runOpcheck({"parse", (*corpora / "dat3m-ptx").string()});
  CHECK(result.standardError.empty());
  CHECK(result.exitStatus == 0);
  // One canonical test per file: each starts with the dialect word.
  std::size_t printedTests = 0;
  for (std::size_t at = result.standardOutput.find("PTX "); at != std::string::npos;
       at = result.standardOutput.find("\nPTX ", at + 1)) {
    ++printedTests;
  }
  CHECK(printedTests == 138);
}

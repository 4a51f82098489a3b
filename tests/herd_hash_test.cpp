// herd7's Hash= digest (litmus/HerdHash.h): equal to every Hash= line of
// herd7 2015's output shipped in ../shared/corpora, and absent where the
// recipe does not cover the test.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>

#include "litmus/HerdHash.h"
#include "litmus/HerdLogReader.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

struct HashCheck {
  std::size_t withHash = 0;  // tests whose reference has a Hash= line
  std::size_t equal = 0;
  std::string differences;
};

// Each test of FOLDER against the Hash= line of its block in LOG.
void checkHashes(const fs::path& folder, const fs::path& log, HashCheck& check) {
  std::map<std::string, std::string> reference;
  for (const litmus::HerdRun& run : litmus::readHerdLog(testing::readFile(log), log.string())) {
    reference[run.test] = run.hash;
  }
  for (const fs::path& file : testing::litmusFilesUnder(folder)) {
    const litmus::Test test = parser::readLitmusFile(file);
    const auto found = reference.find(test.name);
    if (found == reference.end() || found->second.empty()) {
      continue;
    }
    ++check.withHash;
    const std::optional<std::string> hash = litmus::herdHash(test);
    if (hash == found->second) {
      ++check.equal;
    } else {
      check.differences +=
          file.string() + ": herd " + found->second + ", opcheck " + hash.value_or("none") + "\n";
    }
  }
}

}  // namespace

TEST_CASE("herd's Hash= digest equals every Hash= line of herd7 2015's output in the corpora",
          "[corpus][litmus]") {
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  HashCheck check;
  checkHashes(*corpora / "diy-gpu-ptx/t1", *corpora / "diy-gpu-ptx/refout/t1.herd2015.ptx-nodoc.txt", check);
  checkHashes(*corpora / "diy-gpu-ptx/t2", *corpora / "diy-gpu-ptx/refout/t2.herd2015.ptx-nodoc.txt", check);
  checkHashes(*corpora / "hardware/asplos15/tests", *corpora / "hardware/asplos15/expected-herd2015-rmo.txt",
              check);
  for (const char* folder : {"catalogue-demo-2019", "catalogue-ptx-2019", "handmade-2015-syntax",
                             "herd-testsuite-GPU_PTXTests-2015"}) {
    checkHashes(*corpora / "herd-gpu-ptx/tests" / folder,
                *corpora / "herd-gpu-ptx/expected" / (std::string(folder) + ".herd2015.ptx-nodoc.txt"),
                check);
  }
  INFO(check.differences);
  CHECK(check.withHash == 234 + 1386 + 22 + 14);
  CHECK(check.equal == check.withHash);
}

TEST_CASE("herd's Hash= digest equals every Hash= line of herd7 2015's output over diy t3",
          "[corpus][litmus][t3]") {
  const auto corpora = testing::corporaDirectory();
  const auto t3 = testing::unpackedT3();
  if (!corpora || !t3) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const fs::path log = fs::temp_directory_path() / "opcheck-hash-t3-ptx-nodoc.txt";
  const std::string command = "gzip -dc '" +
                              (*corpora / "diy-gpu-ptx/refout/t3.herd2015.ptx-nodoc.txt.gz").string() +
                              "' > '" + log.string() + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  HashCheck check;
  checkHashes(*t3, log, check);
  fs::remove(log);
  INFO(check.differences);
  CHECK(check.withHash == 10554);
  CHECK(check.equal == check.withHash);
}

TEST_CASE("herd's Hash= digest is left out where herd's GPU_PTX recipe does not cover the test", "[litmus]") {
  const std::string gpuPtx =
      "GPU_PTX MP\n{\n0:.reg .s32 r0;\n0:.reg .b64 r1 = x;\n1:.reg .s32 r0;\n1:.reg .b64 r1 = x;\n}\n"
      " P0                | P1                 ;\n"
      " mov.s32 r0,1      | ld.cg.s32 r0,[r1]  ;\n"
      " st.cg.s32 [r1],r0 |                    ;\n\n"
      "scopeTree\n(device (cta P0 P1))\n\nx: global\n\nexists (1:r0=1)\n";
  const litmus::Test test = parser::readLitmusText(gpuPtx, "mp.litmus");
  // The recipe's three texts written out by hand, digested by Python's
  // hashlib (md5 of the three raw digests): INIT "0:r0=0; 0:r1=x; 1:r0=0;
  // 1:r1=x"; CODE " mov.s32 r0, 1      | ld.cg.s32 r0, [r1] ;\n st.cg.s32
  // [r1], r0 |                    ;\n" (the empty cell padded); LOCATIONS
  // "1:r0".
  CHECK(litmus::herdHash(test) == "3db1c58b00c901ba2a8248ea011cabdb");
  // The same program in the modern dialect: herd's GPU_PTX would not read it.
  const std::string modern =
      "PTX MP\n{\nx=0;\n}\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\nexists "
      "(P1:r0 == "
      "1)\n";
  CHECK_FALSE(litmus::herdHash(parser::readLitmusText(modern, "mp.litmus")).has_value());
}

// --skip-axiom NAME (herd's -skipcheck): a model checked without
// one of its axioms, in every command that runs an axiomatic model.
#include <stdlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

// Seed 001 Fig. 6: store buffering with a morally strong fence.sc.gpu in
// each thread. Only Causality forbids the outcome (fr; cause reflexive, the
// Fence-SC order in cause); no other ptx axiom relates the two locations.
const char* kStoreBufferingFenceSc = R"(PTX SB+fence.sc
{
x=0;
y=0;
}
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 fence.sc.gpu   | fence.sc.gpu   ;
 ld.weak r1, y  | ld.weak r2, x  ;
exists (P0:r1 == 0 /\ P1:r2 == 0)
)";

class TestFile {
 public:
  TestFile() {
    std::string pattern = (fs::temp_directory_path() / "opcheck-skip-XXXXXX").string();
    directory_ = mkdtemp(pattern.data());
    std::ofstream(path()) << kStoreBufferingFenceSc;
  }
  ~TestFile() { fs::remove_all(directory_); }
  std::string path() const { return (directory_ / "SB+fence.sc.litmus").string(); }

 private:
  fs::path directory_;
};

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("skipping Causality (--skip-axiom) lets ptx allow store buffering between fence.sc",
          "[cli][skip-axiom]") {
  const TestFile file;
  const testing::CommandResult whole = testing::runOpcheck({file.path(), "--model", "ptx"});
  CHECK(whole.exitStatus == 0);
  CHECK(contains(whole.standardOutput, "Observation SB+fence.sc Never"));
  const testing::CommandResult skipping =
      testing::runOpcheck({file.path(), "--model", "ptx", "--skip-axiom", "Causality"});
  CHECK(skipping.exitStatus == 0);
  CHECK(contains(skipping.standardOutput, "Observation SB+fence.sc Sometimes"));
  // sc's own axiom SC forbids it still: ptx's names are not sc's.
  const testing::CommandResult sc =
      testing::runOpcheck({file.path(), "--model", "sc", "--skip-axiom", "Atomicity"});
  CHECK(sc.exitStatus == 0);
  CHECK(contains(sc.standardOutput, "Observation SB+fence.sc Never"));
}

TEST_CASE("the option --skip-axiom reaches races, compare and harness too", "[cli][skip-axiom]") {
  const TestFile file;
  const testing::CommandResult races =
      testing::runOpcheck({"races", file.path(), "--model", "ptx", "--skip-axiom", "Causality"});
  CHECK(races.exitStatus == 0);
  // compare: ptx-op's outcomes are a subset of ptx's, a fortiori of ptx
  // without an axiom.
  const testing::CommandResult compare =
      testing::runOpcheck({"compare", file.path(), "--ax", "ptx,sc", "--skip-axiom", "Causality"});
  CHECK(compare.exitStatus == 0);
  const testing::CommandResult unknownInCompare =
      testing::runOpcheck({"compare", file.path(), "--ax", "rmo", "--skip-axiom", "Causality"});
  CHECK(unknownInCompare.exitStatus == 2);
}

TEST_CASE("the option --skip-axiom with an unknown name or a model without axioms is a usage error",
          "[cli][skip-axiom]") {
  const TestFile file;
  const testing::CommandResult unknown =
      testing::runOpcheck({file.path(), "--model", "ptx", "--skip-axiom", "Causalty"});
  CHECK(unknown.exitStatus == 2);
  CHECK(contains(unknown.standardError, "no axiom 'Causalty'"));
  // The message lists the model's axioms, so the user can pick one.
  for (const char* name :
       {"Coherence", "Fence-SC", "Atomicity", "No-Thin-Air", "SC-per-Location", "Causality"}) {
    CHECK(contains(unknown.standardError, name));
  }
  const testing::CommandResult operational =
      testing::runOpcheck({file.path(), "--model", "ptx-op", "--skip-axiom", "Causality"});
  CHECK(operational.exitStatus == 2);
  CHECK(contains(operational.standardError, "--skip-axiom does not apply to --model ptx-op"));
}

TEST_CASE("opcheck models lists each axiom with its citation", "[cli][skip-axiom]") {
  const testing::CommandResult models = testing::runOpcheck({"models"});
  CHECK(models.exitStatus == 0);
  CHECK(contains(models.standardOutput, "--skip-axiom NAME"));
  CHECK(contains(models.standardOutput, "Causality"));
  CHECK(contains(models.standardOutput, "PTX ISA 9.1 8.10.6"));
  CHECK(contains(models.standardOutput, "seed 000 Fig. 16"));
}

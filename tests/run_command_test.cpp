// opcheck FILE|DIR... --model M: herd7's output format to the letter
// (docs/architecture.md "Command line"; herd's top_herd.ml and ConstrGen), JSON, jobs,
// unrolling, and bad files in a run.
#include <stdlib.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

// A fresh directory for one test's litmus files.
using opcheck::testing::Scratch;

const char* kStoreBufferingText = R"(GPU_PTX SB
{
0:.reg .s32 r0;
0:.reg .s32 r2;
0:.reg .b64 r1 = x;
0:.reg .b64 r3 = y;
1:.reg .s32 r0;
1:.reg .s32 r2;
1:.reg .b64 r1 = y;
1:.reg .b64 r3 = x;
}
 P0                | P1                ;
 mov.s32 r0,1      | mov.s32 r0,1      ;
 st.cg.s32 [r1],r0 | st.cg.s32 [r1],r0 ;
 ld.cg.s32 r2,[r3] | ld.cg.s32 r2,[r3] ;

scopeTree
(device (kernel (cta (warp P0)) (cta (warp P1))))

x: global, y: global

exists
(0:r2=0 /\ 1:r2=0)
)";

std::string withoutTimes(const std::string& output) {
  std::string result;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("Time ", 0) != 0) {
      result += line + "\n";
    }
  }
  return result;
}

}  // namespace

TEST_CASE("opcheck --model rmo prints herd7's block for store buffering", "[cli][axiomatic]") {
  Scratch scratch;
  const fs::path file = scratch.write("SB.litmus", kStoreBufferingText);
  const testing::CommandResult result = testing::runOpcheck({file.string(), "--model", "rmo"});
  CHECK(result.exitStatus == 0);
  CHECK(result.standardError.empty());
  // herd7 (2015, ptx-nodoc) prints the same lines, its Hash= line included
  // (corpora herd-gpu-ptx/expected/catalogue-ptx-2019.herd2015.ptx-nodoc.txt,
  // test SB, the same program), and no Time line.
  CHECK(result.standardOutput ==
        "Test SB Allowed\n"
        "States 4\n"
        "0:r2=0; 1:r2=0;\n"
        "0:r2=0; 1:r2=1;\n"
        "0:r2=1; 1:r2=0;\n"
        "0:r2=1; 1:r2=1;\n"
        "Ok\n"
        "Witnesses\n"
        "Positive: 1 Negative: 3\n"
        "Condition exists (0:r2=0 /\\ 1:r2=0)\n"
        "Observation SB Sometimes 1 3\n"
        "Time SB 0.00\n"
        "Hash=b92773b4ac80d8d9f37f7866d9f060c2\n"
        "\n");
}

TEST_CASE("rmo answers a test with .release and .acquire, and says on stderr it ignored them",
          "[cli][axiomatic]") {
  const std::string file =
      std::string(OPCHECK_SOURCE_DIR) + "/catalogue/seed001/Fig5-MP-release-acquire.litmus";
  const testing::CommandResult herd = testing::runOpcheck({file, "--model", "rmo"});
  CHECK(herd.exitStatus == 0);
  CHECK(herd.standardError ==
        file + ": note: model rmo ignores .release, .acquire (" +
            "per-scope RMO of the ASPLOS'15 GPU paper with herd's atomicity (herd7 2015 "
            "ptx-nodoc)): it answers as if they were not written\n");
  const testing::CommandResult json = testing::runOpcheck({file, "--model", "rmo", "--format", "json"});
  const auto document = nlohmann::json::parse(json.standardOutput);
  CHECK(document["tests"][0]["ignored"] == nlohmann::json::array({".release", ".acquire"}));
  // ptx reads them: nothing to say.
  const testing::CommandResult ptx = testing::runOpcheck({file, "--model", "ptx", "--format", "json"});
  CHECK(ptx.standardError.empty());
  CHECK(nlohmann::json::parse(ptx.standardOutput)["tests"][0]["ignored"].empty());
}

TEST_CASE("negated and universal conditions and nested connectives print as herd prints them",
          "[cli][axiomatic]") {
  Scratch scratch;
  const std::string body = R"(
{
x=0; y=0;
}
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
)";
  SECTION("~exists: Forbidden, witnesses are the executions that do not satisfy the proposition") {
    const fs::path file =
        scratch.write("MP.litmus", "PTX MP" + body + "~exists (P1:r0 == 1 /\\ P1:r1 == 0)\n");
    const testing::CommandResult result = testing::runOpcheck({file.string(), "--model", "sc"});
    CHECK(result.exitStatus == 0);
    CHECK(withoutTimes(result.standardOutput) ==
          "Test MP Forbidden\n"
          "States 3\n"
          "1:r0=0; 1:r1=0;\n"
          "1:r0=0; 1:r1=1;\n"
          "1:r0=1; 1:r1=1;\n"
          "Ok\n"
          "Witnesses\n"
          "Positive: 3 Negative: 0\n"
          "Condition ~exists (1:r0=1 /\\ 1:r1=0)\n"
          "Observation MP Never 0 3\n"
          "\n");
  }
  SECTION("forall: Required; != is herd's not (...); a disjunction inside a conjunction is parenthesized") {
    const fs::path file = scratch.write(
        "MP.litmus", "PTX MP" + body + "forall ((P1:r0 != 1 \\/ P1:r1 == 1) /\\ x == 1 \\/ y == 0)\n");
    const testing::CommandResult result = testing::runOpcheck({file.string(), "--model", "sc"});
    CHECK(result.exitStatus == 0);
    const std::string output = withoutTimes(result.standardOutput);
    CHECK(output.rfind("Test MP Required\n", 0) == 0);
    CHECK(output.find("\nOk\n") != std::string::npos);
    CHECK(output.find("Condition forall ((not (1:r0=1) \\/ 1:r1=1) /\\ x=1 \\/ y=0)\n") != std::string::npos);
    CHECK(output.find("Observation MP Always 3 0\n") != std::string::npos);
    // States: the condition's registers first, then its locations by name.
    CHECK(output.find("1:r0=0; 1:r1=0; x=1; y=1;\n") != std::string::npos);
  }
}

TEST_CASE("a loop cut by --unroll is reported as herd reports it, with Loop", "[cli][axiomatic]") {
  Scratch scratch;
  const fs::path file = scratch.write("spin.litmus", R"(PTX spin
{
x=0;
}
 P0@cta 0,gpu 0  | P1@cta 1,gpu 0 ;
 LC00:           | st.weak x, 1   ;
 ld.weak r0, x   |                ;
 beq r0, 0, LC00 |                ;
exists (P0:r0 == 1)
)");
  for (const std::string unroll : {"0", "2"}) {
    const testing::CommandResult result =
        testing::runOpcheck({file.string(), "--model", "ptx", "--unroll", unroll});
    INFO("--unroll " << unroll);
    CHECK(result.exitStatus == 0);
    CHECK(result.standardOutput.find("\nLoop Ok\n") != std::string::npos);
    CHECK(result.standardOutput.find("States 1\n0:r0=1;\n") != std::string::npos);
  }
}

TEST_CASE("a bad file is reported where it is wrong and the run goes on, exit status 2", "[cli][axiomatic]") {
  Scratch scratch;
  scratch.write("a-good.litmus", kStoreBufferingText);
  std::string bad = kStoreBufferingText;
  bad.replace(bad.find("mov.s32"), 7, "frob.s32");  // line 13, column 2
  scratch.write("b-bad.litmus", bad);
  scratch.write("c-good.litmus", kStoreBufferingText);
  const testing::CommandResult result = testing::runOpcheck({scratch.path().string(), "--model", "rmo"});
  CHECK(result.exitStatus == 2);
  CHECK(result.standardError.find((scratch.path() / "b-bad.litmus").string() +
                                  ":13:2: error: unknown instruction") == 0);
  std::size_t blocks = 0;
  for (std::size_t at = 0; (at = result.standardOutput.find("Test SB Allowed", at)) != std::string::npos;
       ++at) {
    ++blocks;
  }
  CHECK(blocks == 2);
}

TEST_CASE("ptx60 refuses a proxy instruction at its position and ptx (ptx75) runs it", "[cli][axiomatic]") {
  Scratch scratch;
  const fs::path file = scratch.write("proxy.litmus", R"(PTX proxy
{
x=0;
}
 P0@cta 0,gpu 0      ;
 st.weak x, 1        ;
 fence.proxy.alias   ;
 ld.weak r0, x       ;
exists (P0:r0 == 1)
)");
  const testing::CommandResult result = testing::runOpcheck({file.string(), "--model", "ptx60"});
  CHECK(result.exitStatus == 2);
  CHECK(result.standardError ==
        file.string() +
            ":7:2: error: model ptx60 does not support 'fence.proxy.alias' in P0 (a non-generic proxy "
            "access: PTX 7.5's mixed-proxy model, which only ptx75 models)\n");
  CHECK(result.standardOutput.empty());
  // One thread reads its own write to x (PTX ISA 9.1 8.10.5): always 1.
  for (const char* model : {"ptx", "ptx75"}) {
    const testing::CommandResult newest = testing::runOpcheck({file.string(), "--model", model});
    CHECK(newest.exitStatus == 0);
    CHECK(newest.standardOutput.find("Observation proxy Always 1 0") != std::string::npos);
  }
}

TEST_CASE("tests run in parallel with --jobs print in input order, and --format json", "[cli][axiomatic]") {
  Scratch scratch;
  for (int index = 0; index < 40; ++index) {
    std::string text = kStoreBufferingText;
    const std::string name = "SB" + std::to_string(index);
    text.replace(text.find("SB"), 2, name);
    scratch.write(name + ".litmus", text);
  }
  const testing::CommandResult one =
      testing::runOpcheck({scratch.path().string(), "--model", "ptx", "--jobs", "1"});
  const testing::CommandResult four =
      testing::runOpcheck({scratch.path().string(), "--model", "ptx", "--jobs", "4"});
  CHECK(one.exitStatus == 0);
  CHECK(four.exitStatus == 0);
  CHECK(withoutTimes(one.standardOutput) == withoutTimes(four.standardOutput));

  const testing::CommandResult json =
      testing::runOpcheck({(scratch.path() / "SB7.litmus").string(), "--model", "ptx", "--format", "json"});
  CHECK(json.exitStatus == 0);
  const std::string& out = json.standardOutput;
  // docs/json.md; tests/json_output_test.cpp checks the schema.
  const nlohmann::json document = nlohmann::json::parse(out);
  CHECK(document["command"] == "run");
  CHECK(document["model"] == "ptx");
  CHECK(document["unroll"] == 2);
  const nlohmann::json& test = document["tests"][0];
  CHECK(test["test"] == "SB7");
  CHECK(test["condition"] == "exists (0:r2=0 /\\ 1:r2=0)");
  CHECK(test["verdict"] == "Ok");
  CHECK(test["observation"] == "Sometimes");
  CHECK(test["outcomes"][0] == nlohmann::json{{"0:r2", 0}, {"1:r2", 0}});
  CHECK(test["outcomes"][1] == nlohmann::json{{"0:r2", 0}, {"1:r2", 1}});
  CHECK(test["counts"] == "executions");
  CHECK(test["rejected"].contains("Coherence"));
  CHECK(document["errors"].empty());
  CHECK(document["partial"] == false);
}

TEST_CASE("opcheck models lists ptx, rmo and sc with their axioms and an unknown model is a usage error",
          "[cli][axiomatic]") {
  const testing::CommandResult models = testing::runOpcheck({"models"});
  CHECK(models.exitStatus == 0);
  for (const char* expected : {"  ptx ", "  rmo ", "  sc ", "Causality", "SYS-Constraint", "Atomicity"}) {
    CHECK(models.standardOutput.find(expected) != std::string::npos);
  }
  const testing::CommandResult unknown = testing::runOpcheck({"x.litmus", "--model", "tso"});
  CHECK(unknown.exitStatus == 2);
  CHECK(unknown.standardError.find("unknown model 'tso'") != std::string::npos);
}

TEST_CASE("ptx-op prints integers beyond 32 bits as themselves, in every final state ptx gives",
          "[cli][opsem]") {
  // x's 2^32 and P1's store of it plus one (an untyped add, 64 bits):
  // P0 reads 2^32 or 2^32 + 1, by hand.
  Scratch scratch;
  const fs::path file = scratch.write("big.litmus",
                                      "PTX Big\n"
                                      "{ x = 4294967296; }\n"
                                      " P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;\n"
                                      " ld.relaxed.gpu r0, x | ld.relaxed.gpu r1, x ;\n"
                                      "                      | add r2, r1, 1        ;\n"
                                      "                      | st.relaxed.gpu x, r2 ;\n"
                                      "exists (P0:r0 == 4294967297)\n");
  const std::string states = "States 2\n0:r0=4294967296;\n0:r0=4294967297;\n";
  const testing::CommandResult operational = testing::runOpcheck({file.string(), "--model", "ptx-op"});
  const testing::CommandResult axiomatic = testing::runOpcheck({file.string(), "--model", "ptx"});
  CHECK(operational.exitStatus == 0);
  CHECK(axiomatic.exitStatus == 0);
  CHECK_THAT(operational.standardOutput, Catch::Matchers::Contains(states));
  CHECK_THAT(axiomatic.standardOutput, Catch::Matchers::Contains(states));
}

// compare --against LOG (cli/LogComparison.h, litmus/HerdLogReader.h): one
// model's final states against herd7's output or a litmus7 log, test by
// test. The corpus test checks rmo against herd7 2015's ptx-nodoc output
// (corpora/README.md: the per-scope RMO model of seed 000), the reference
// tests/axiomatic_conformance_test.cpp also checks rmo against in-process.
#include <stdlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using opcheck::testing::CommandResult;
using opcheck::testing::runOpcheck;

namespace {

const std::string kStoreBufferingFile =
    (fs::path(OPCHECK_SOURCE_DIR) / "catalogue/seed001/Fig6-SB-no-fence.litmus").string();

// herd7's block for Fig6-SB-no-fence under a model that allows every
// outcome of SB (herd's state lines, in herd's order).
const std::string kHerdBlock =
    "Test Fig6-SB-no-fence Allowed\n"
    "States 4\n"
    "0:r1=0; 1:r2=0;\n"
    "0:r1=0; 1:r2=1;\n"
    "0:r1=1; 1:r2=0;\n"
    "0:r1=1; 1:r2=1;\n"
    "Ok\n"
    "Witnesses\n"
    "Positive: 1 Negative: 3\n"
    "Condition exists (0:r1=0 /\\ 1:r2=0)\n"
    "Observation Fig6-SB-no-fence Sometimes 1 3\n"
    "Hash=0123456789abcdef0123456789abcdef\n"
    "\n";

using opcheck::testing::Scratch;

// What --format json says of LOG against the tests of INPUTS under rmo.
nlohmann::json againstJson(const std::vector<std::string>& inputs, const fs::path& log) {
  std::vector<std::string> arguments{"compare"};
  arguments.insert(arguments.end(), inputs.begin(), inputs.end());
  arguments.insert(arguments.end(), {"--against", log.string(), "--model", "rmo", "--format", "json"});

  const CommandResult result = runOpcheck(arguments);
  INFO(result.standardError);
  CHECK(result.exitStatus == 0);
  return nlohmann::json::parse(result.standardOutput);
}

// The tests of DOCUMENT that are not equal, with what differs.
std::string differing(const nlohmann::json& document) {
  std::string text;
  for (const nlohmann::json& test : document["tests"]) {
    if (!test["equal"].get<bool>()) {
      text += test.dump() + "\n";
    }
  }
  return text;
}

}  // namespace

TEST_CASE("compare --against a herd7 log: rmo equals herd7's ptx-nodoc output on every reference test",
          "[corpus][cli]") {
  const auto corpora = opcheck::testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  struct Reference {
    fs::path tests;
    fs::path log;
    std::size_t count;
  };
  std::vector<Reference> references{
      {*corpora / "diy-gpu-ptx/t1", *corpora / "diy-gpu-ptx/refout/t1.herd2015.ptx-nodoc.txt", 234},
      {*corpora / "diy-gpu-ptx/t2", *corpora / "diy-gpu-ptx/refout/t2.herd2015.ptx-nodoc.txt", 1386},
      {*corpora / "hardware/asplos15/tests", *corpora / "hardware/asplos15/expected-herd2015-rmo.txt", 22}};
  // herd-gpu-ptx: each folder against its expected/FOLDER.herd2015.ptx-nodoc.txt
  // (format-variants, LISA spellings without herd output, has none).
  std::size_t herdGpuPtx = 0;
  for (const char* folder : {"catalogue-demo-2019", "catalogue-ptx-2019", "handmade-2015-syntax",
                             "herd-testsuite-GPU_PTXTests-2015"}) {
    const fs::path log =
        *corpora / "herd-gpu-ptx/expected" / (std::string(folder) + ".herd2015.ptx-nodoc.txt");
    const nlohmann::json document = againstJson({(*corpora / "herd-gpu-ptx/tests" / folder).string()}, log);
    herdGpuPtx += document["tests"].size();
    references.push_back({*corpora / "herd-gpu-ptx/tests" / folder, log, document["tests"].size()});
  }
  CHECK(herdGpuPtx == 14);
  for (const Reference& reference : references) {
    INFO(reference.log);
    const nlohmann::json document = againstJson({reference.tests.string()}, reference.log);
    CHECK(document["log_kind"] == "herd7");
    CHECK(document["tests"].size() == reference.count);
    INFO(differing(document));
    CHECK(differing(document).empty());
    CHECK(document["only_in_log"].empty());
    CHECK(document["only_given"].empty());
    CHECK(document["errors"].empty());
    for (const nlohmann::json& test : document["tests"]) {
      CHECK(test["hash"] == test["log_hash"]);  // the same programs herd ran
    }
  }
}

TEST_CASE("compare --against a herd7 log: rmo equals herd7's ptx-nodoc output on all 10554 tests of diy t3",
          "[corpus][cli][t3]") {
  const auto corpora = opcheck::testing::corporaDirectory();
  const auto t3 = opcheck::testing::unpackedT3();
  if (!corpora || !t3) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const fs::path log = fs::temp_directory_path() / "opcheck-against-t3-ptx-nodoc.txt";
  const std::string command = "gzip -dc '" +
                              (*corpora / "diy-gpu-ptx/refout/t3.herd2015.ptx-nodoc.txt.gz").string() +
                              "' > '" + log.string() + "'";
  REQUIRE(std::system(command.c_str()) == 0);
  const nlohmann::json document = againstJson({t3->string(), "--jobs", "2"}, log);
  CHECK(document["tests"].size() == 10554);
  INFO(differing(document));
  CHECK(differing(document).empty());
  CHECK(document["only_in_log"].empty());
  CHECK(document["only_given"].empty());
  fs::remove(log);
}

TEST_CASE("compare --against names the states only the model has, only the log has, and tests on one side",
          "[cli]") {
  Scratch scratch;
  // sc forbids SB's 0:r1=0 /\ 1:r2=0; the log also lacks 0:r1=1 /\ 1:r2=1
  // and names a test that is not given.
  std::string block = kHerdBlock;
  block.replace(block.find("0:r1=1; 1:r2=1;\n"), 16, "0:r1=2; 1:r2=2;\n");
  const std::string log = scratch.write("sc.log", block + "Test Elsewhere Allowed\nStates 1\nx=1;\nOk\n");
  const CommandResult text = runOpcheck({"compare", kStoreBufferingFile, "--against", log, "--model", "sc"});
  INFO(text.standardError);
  CHECK(text.exitStatus == 0);  // a herd log that differs is a finding, not a failure
  CHECK(text.standardOutput ==
        "Against herd7 log " + log + ", model sc\n" +
            "Test Fig6-SB-no-fence differs (sc 3 states, log 4)\n"
            "  Only in the log: 0:r1=0; 1:r2=0;\n"
            "  Only in the log: 0:r1=2; 1:r2=2;\n"
            "  Only sc: 0:r1=1; 1:r2=1;\n"
            "Only in the log: Elsewhere (" +
            log +
            ":14): no given test is named Elsewhere\n"
            "Summary: 1 test on both sides, 0 equal, 1 with states only the log has, 1 with states only sc "
            "allows; 1 only in the log, 0 only given\n");
  CHECK(runOpcheck({"compare", kStoreBufferingFile, "--against", log, "--model", "sc", "--strict"})
            .exitStatus == 1);

  const CommandResult json =
      runOpcheck({"compare", kStoreBufferingFile, "--against", log, "--model", "sc", "--format", "json"});
  const nlohmann::json document = nlohmann::json::parse(json.standardOutput);
  CHECK(document["tests"][0]["equal"] == false);
  CHECK(document["tests"][0]["model_only"] == nlohmann::json::parse(R"([{"0:r1": 1, "1:r2": 1}])"));
  CHECK(document["tests"][0]["log_only"].size() == 2);
  CHECK(document["tests"][0]["log_hash"] == "0123456789abcdef0123456789abcdef");
  CHECK(document["tests"][0]["hash"].is_null());  // modern PTX: herd's GPU_PTX would not read it

  // The same log under a model that allows SB's four outcomes but one.
  const std::string equalLog = scratch.write("ptx.log", kHerdBlock);
  const CommandResult equal =
      runOpcheck({"compare", kStoreBufferingFile, "--against", equalLog, "--model", "ptx"});
  CHECK(equal.exitStatus == 0);
  CHECK_THAT(equal.standardOutput, Contains("Test Fig6-SB-no-fence equal (ptx 4 states, log 4)"));
  const CommandResult notInLog =
      runOpcheck({"compare", kStoreBufferingFile,
                  (fs::path(OPCHECK_SOURCE_DIR) / "catalogue/seed001/Fig6-SB-fence.sc.gpu.litmus").string(),
                  "--against", equalLog, "--model", "ptx", "--strict"});
  CHECK_THAT(notInLog.standardOutput, Contains("Not in the log: Fig6-SB-fence.sc.gpu\n"));
  CHECK(notInLog.exitStatus == 1);
}

TEST_CASE("compare --against says when the log's Hash= is not the given GPU_PTX test's", "[cli]") {
  Scratch scratch;
  // herd-gpu-ptx's SB (catalogue-ptx-2019), whose Hash= in herd7 2015's
  // output is b92773b4ac80d8d9f37f7866d9f060c2.
  const std::string test =
      scratch.write("SB.litmus",
                    "GPU_PTX SB\n{\n0:.reg .s32 r0;\n0:.reg .s32 r2;\n0:.reg .b64 r1 = x;\n"
                    "0:.reg .b64 r3 = y;\n1:.reg .s32 r0;\n1:.reg .s32 r2;\n"
                    "1:.reg .b64 r1 = y;\n1:.reg .b64 r3 = x;\n}\n"
                    " P0                | P1                ;\n"
                    " mov.s32 r0,1      | mov.s32 r0,1      ;\n"
                    " st.cg.s32 [r1],r0 | st.cg.s32 [r1],r0 ;\n"
                    " ld.cg.s32 r2,[r3] | ld.cg.s32 r2,[r3] ;\n\n"
                    "scopeTree\n(device (cta P0) (cta P1))\n\nx: global, y: global\n\n"
                    "exists (0:r2=0 /\\ 1:r2=0)\n");
  const std::string states =
      "Test SB Allowed\nStates 4\n0:r2=0; 1:r2=0;\n0:r2=0; 1:r2=1;\n0:r2=1; 1:r2=0;\n"
      "0:r2=1; 1:r2=1;\nOk\n";
  const std::string same = scratch.write("same.log", states + "Hash=b92773b4ac80d8d9f37f7866d9f060c2\n");
  const std::string other = scratch.write("other.log", states + "Hash=0123456789abcdef0123456789abcdef\n");
  CHECK_THAT(runOpcheck({"compare", test, "--against", same, "--model", "rmo"}).standardOutput,
             Contains("Test SB equal (rmo 4 states, log 4)\n"));
  CHECK_THAT(
      runOpcheck({"compare", test, "--against", other, "--model", "rmo"}).standardOutput,
      Contains("Test SB equal (rmo 4 states, log 4) (Hash= differs: the log's SB is another program)\n"));
}

TEST_CASE("compare --against a litmus7 log fails when the model forbids a state seen on hardware", "[cli]") {
  Scratch scratch;
  const std::string log = scratch.write("sb.txt",
                                        "Test Fig6-SB-no-fence Allowed\n"
                                        "Histogram (2 states)\n"
                                        "5     *>0:r1=0; 1:r2=0;\n"
                                        "95    :>0:r1=1; 1:r2=1;\n"
                                        "Positive: 5, Negative: 95\n");
  const CommandResult sc = runOpcheck({"compare", kStoreBufferingFile, "--against", log, "--model", "sc"});
  CHECK(sc.exitStatus == 1);
  CHECK_THAT(sc.standardOutput, StartsWith("Against litmus7 log " + log + ", model sc\n"));
  CHECK_THAT(sc.standardOutput, Contains("  Seen, forbidden by sc: 0:r1=0; 1:r2=0;\n"));
  CHECK_THAT(sc.standardOutput, Contains("  Allowed by sc, not seen: 0:r1=1; 1:r2=0;\n"));
  const CommandResult ptx =
      runOpcheck({"compare", kStoreBufferingFile, "--against", log, "--model", "ptx-op"});
  CHECK(ptx.exitStatus == 0);
  CHECK_THAT(ptx.standardOutput, Contains("0 with states seen that ptx-op,volta forbids"));
}

TEST_CASE("compare --against refuses the two-sided options and a malformed log", "[cli]") {
  Scratch scratch;
  const std::string log = scratch.write("ok.log", kHerdBlock);
  for (const std::string option : {"--op", "--ax", "--report"}) {
    const std::string value = option == "--op" ? "ptx-op" : option == "--ax" ? "ptx" : "r.md";
    const CommandResult result =
        runOpcheck({"compare", kStoreBufferingFile, "--against", log, option, value});
    CHECK(result.exitStatus == 2);
    CHECK(result.standardError ==
          "opcheck: error: " + option +
              " does not apply to compare --against LOG, which checks one model (--model MODEL)\n");
  }
  // --format is compare's own too (JSON on standard output), but --format
  // herd|json is all it takes.
  CHECK(runOpcheck({"compare", kStoreBufferingFile, "--format", "xml"}).exitStatus == 2);
  CHECK(runOpcheck({"compare", kStoreBufferingFile, "--against", log, "--model", "rmo", "--max-states", "5"})
            .exitStatus == 2);
  CHECK_THAT(runOpcheck({"help", "compare"}).standardOutput, Contains("--against"));

  const std::string bad = scratch.write(
      "bad.log", "Test Fig6-SB-no-fence Allowed\nStates 2\n0:r1=0; 1:r2=0;\n0:r1=0; 1:r2=zero;\nOk\n");
  const CommandResult malformed = runOpcheck({"compare", kStoreBufferingFile, "--against", bad});
  CHECK(malformed.exitStatus == 2);
  CHECK_THAT(malformed.standardError, StartsWith(bad + ":4:"));
  const std::string short_ =
      scratch.write("short.log", "Test Fig6-SB-no-fence Allowed\nStates 3\n0:r1=0; 1:r2=0;\nOk\n");
  const CommandResult fewer = runOpcheck({"compare", kStoreBufferingFile, "--against", short_});
  CHECK(fewer.exitStatus == 2);
  CHECK(fewer.standardError == short_ + ":2:1: error: 'States 3' is followed by 1 state line\n");
}

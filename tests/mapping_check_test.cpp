// crosscheck/MappingCheck: a mapping checked on C tests, src11 against ptx
// (docs/mappings.md). seed001 (seed 001 Fig. 11) must come out sound on every
// catalogue C test; each deliberately broken mapping must be caught on the
// test that shows its flaw, with the outcome the flaw lets through.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "axiomcheck/Models.h"
#include "compile/Mapping.h"
#include "crosscheck/MappingCheck.h"
#include "opsem/OperationalModel.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace {

namespace fs = std::filesystem;
using opcheck::crosscheck::checkMapping;
using opcheck::crosscheck::MappingCheck;
using opcheck::crosscheck::MappingCheckOptions;

const fs::path kMappingCatalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
const fs::path kMappingCTests = kMappingCatalogue / "c";

struct MappingChecker {
  explicit MappingChecker(const std::string& name) : mapping(*opcheck::compile::findMapping(name)) {
    options.mapping = &mapping;
    options.source = &opcheck::axiomcheck::src11Model();
    options.target = &opcheck::axiomcheck::ptxModel();
  }
  MappingCheck check(const std::string& test) const { return checkMapping(kMappingCTests / test, options); }

  opcheck::compile::Mapping mapping;
  MappingCheckOptions options;
};

// The one counterexample of CHECK, as herd writes a state.
std::string onlyCounterexample(const MappingCheck& check) {
  INFO(check.error);
  REQUIRE(check.error.empty());
  REQUIRE(check.counterexamples.size() == 1);
  return check.counterexamples.front().stateText;
}

}  // namespace

TEST_CASE("seed001 is sound on every catalogue C test; the racy ones are undefined and not compared",
          "[mapping-check]") {
  const MappingChecker seed001("seed001");
  // The tests catalogue/expectations.tsv calls undefined under src11.
  std::set<std::string> racy;
  for (const auto& row : opcheck::testing::readCatalogueExpectations(kMappingCatalogue)) {
    if (row.model == opcheck::axiomcheck::src11Model().name() && row.undefined) {
      racy.insert(fs::path(row.test).filename().string());
    }
  }
  std::size_t checked = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(kMappingCTests)) {
    const std::string name = entry.path().filename().string();
    INFO(name);
    const MappingCheck check = seed001.check(name);
    REQUIRE(check.error.empty());
    CHECK(check.stopped.empty());
    CHECK(check.undefined() == racy.contains(name));
    CHECK(check.counterexamples.empty());
    checked += check.undefined() ? 0 : 1;
  }
  CHECK(checked > 20);
}

TEST_CASE(
    "Fig. 12: the SC RMW without .release is caught with the execution of Fig. 12b and with it is sound",
    "[mapping-check]") {
  // Seed 001 Sec. 4.2: (c) reads (b), (e) reads (d), and (f) reads x = 0.
  const MappingCheck broken = MappingChecker("seed001-sc-rmw-no-release").check("Fig12-ISA2-sc-rmw.litmus");
  CHECK(onlyCounterexample(broken) == "1:r0=1; 2:r0=3; 2:r1=0;");
  const opcheck::crosscheck::MappingCounterexample& found = broken.counterexamples.front();
  // Fig. 12b: P1 runs (c0) F.sc, then (c1) an acquire read and (c2) a
  // relaxed write of y (the atom.acquire), then (d).
  CHECK_THAT(found.targetExecution, Catch::Matchers::Contains("F.sc.sys"));
  CHECK_THAT(found.targetExecution, Catch::Matchers::Contains("R*.acq.sys y=1"));
  CHECK_THAT(found.targetExecution, Catch::Matchers::Contains("W*.rlx.sys y=2"));
  // Fig. 12a: (a) hb (f) and (f) reads 0: Coherence. The image of Fig.
  // 12b on the C test, derived by hand: (b) sw (c) as (c) reads (b); (c) sw
  // (e) as (d) is in (c)'s release sequence; so (a) hb (f) and (f) rb (a),
  // which Coherence forbids; (c) reads (b), its immediate co predecessor
  // (Atomicity holds); (c) is the one seq_cst event, so psc is empty (SC
  // holds).
  CHECK(found.imageAxioms == std::vector<std::string>{"Coherence"});
  REQUIRE(!found.sourceAxioms.empty());
  CHECK(found.sourceAxioms.front().first == "Coherence");

  const MappingCheck sound = MappingChecker("seed001").check("Fig12-ISA2-sc-rmw.litmus");
  CHECK(sound.error.empty());
  CHECK(!sound.undefined());
  CHECK(sound.counterexamples.empty());
}

TEST_CASE("release-as-relaxed is caught on message passing through release and acquire", "[mapping-check]") {
  // The release store compiled relaxed synchronizes with nothing: ptx lets
  // P1 read the flag and then the old x (catalogue: src11 forbids it).
  const MappingCheck check = MappingChecker("release-as-relaxed").check("MP+rel+acq.litmus");
  CHECK(onlyCounterexample(check) == "1:r0=1; 1:r1=0;");
  // Its image on the C test: the release store read by the acquire load
  // synchronizes, so Wx hb Rx, and Rx reading 0 is rb to Wx (Coherence).
  CHECK(check.counterexamples.front().imageAxioms == std::vector<std::string>{"Coherence"});
}

TEST_CASE("cta-scopes is caught where the threads are in different CTAs and not where they share one",
          "[mapping-check]") {
  const MappingChecker cta("cta-scopes");
  // Two CTAs at .cta: the accesses are not morally strong, so the acquire
  // load does not synchronize with the release store.
  CHECK(onlyCounterexample(cta.check("MP+rel+acq+device-scope-two-ctas.litmus")) == "1:r0=1; 1:r1=0;");
  const MappingCheck oneCta = cta.check("MP+rel+acq+block-scope-one-cta.litmus");
  CHECK(oneCta.error.empty());
  CHECK(oneCta.counterexamples.empty());
}

TEST_CASE("with the operational side ptx-op's outcomes of the compiled test stay within ptx's",
          "[mapping-check]") {
  MappingChecker seed001("seed001");
  seed001.options.operational = opcheck::opsem::OperationalOptions{};
  const MappingCheck check = seed001.check("MP+rel+acq.litmus");
  REQUIRE(check.error.empty());
  REQUIRE(check.operational.has_value());
  CHECK(!check.operational->unsound());
  CHECK(!check.unsound());
}

TEST_CASE("compare --source --mapping exits 1 on an unsound mapping and prints the counterexample",
          "[mapping-check]") {
  const std::string source(opcheck::axiomcheck::src11Model().name());
  const opcheck::testing::CommandResult caught =
      opcheck::testing::runOpcheck({"compare", (kMappingCTests / "Fig12-ISA2-sc-rmw.litmus").string(),
                                    "--source", source, "--mapping", "seed001-sc-rmw-no-release"});
  CHECK(caught.exitStatus == 1);
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("Fig12-ISA2-sc-rmw: UNSOUND"));
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("1:r0=1; 2:r0=3; 2:r1=0;"));
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("digraph"));

  const opcheck::testing::CommandResult sound = opcheck::testing::runOpcheck(
      {"compare", kMappingCTests.string(), "--source", source, "--mapping", "seed001"});
  CHECK(sound.exitStatus == 0);
  CHECK_THAT(sound.standardOutput, Catch::Matchers::Contains("MP+na-race: undefined"));

  const opcheck::testing::CommandResult alone =
      opcheck::testing::runOpcheck({"compare", kMappingCTests.string(), "--mapping", "seed001"});
  CHECK(alone.exitStatus == 2);
  // --executions checks ptx-op's graphs of the compiled tests, so it needs
  // --op.
  const opcheck::testing::CommandResult executionsAlone = opcheck::testing::runOpcheck(
      {"compare", kMappingCTests.string(), "--source", source, "--mapping", "seed001", "--executions"});
  CHECK(executionsAlone.exitStatus == 2);
  const opcheck::testing::CommandResult executions = opcheck::testing::runOpcheck(
      {"compare", kMappingCTests.string(), "--source", source, "--mapping", "seed001", "--op",
       std::string(opcheck::opsem::kOperationalModelName), "--executions"});
  CHECK(executions.exitStatus == 0);
  CHECK_THAT(executions.standardOutput,
             Catch::Matchers::Contains("MP+rel+acq: sound (src11 3 states, ptx 3, ptx-op 3 within ptx, "));
  CHECK_THAT(executions.standardOutput, Catch::Matchers::Contains(" graphs consistent)"));
}

TEST_CASE("compare --all-programs stops at the smallest program a broken mapping fails on",
          "[mapping-check]") {
  const std::string source(opcheck::axiomcheck::src11Model().name());
  // Two events across two CTAs: a relaxed store against a relaxed exchange,
  // both at device scope. Compiled at .cta they are not morally strong, so
  // ptx lets the exchange read 0 and still come first in coherence order
  // (x=2), which src11's Atomicity forbids.
  const opcheck::testing::CommandResult caught =
      opcheck::testing::runOpcheck({"compare", "--source", source, "--mapping", "cta-scopes",
                                    "--all-programs", "4", "--program-gpus", "1"});
  CHECK(caught.exitStatus == 1);
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("every program of 2 events"));
  CHECK_THAT(caught.standardOutput, !Catch::Matchers::Contains("every program of 3 events"));
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("atom.relaxed.cta.exch r0, x, 2"));
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("1:r0=0; x=2;"));
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("breaks, under src11: Atomicity"));

  // 1,361 programs of two events on one GPU (tests/generate_c_programs_test.cpp).
  const opcheck::testing::CommandResult sound = opcheck::testing::runOpcheck(
      {"compare", "--source", source, "--mapping", "seed001", "--all-programs", "2", "--program-gpus", "1"});
  CHECK(sound.exitStatus == 0);
  CHECK_THAT(sound.standardOutput, Catch::Matchers::Contains("1361 programs"));
  CHECK_THAT(sound.standardOutput, Catch::Matchers::Contains(" 0 unsound"));
}

// A narrowed alphabet reaches the same counterexample sooner: with a
// release store compiled as a relaxed one, no three loads and stores can
// tell (a release orders only what comes before it in its thread, for an
// acquire that reads it: four events), and MP of four events is caught:
// src11 forbids reading x=0 after the acquire read the release store,
// ptx allows it once the store is relaxed.
TEST_CASE("compare --all-programs with a narrowed alphabet catches a broken mapping at its size",
          "[mapping-check]") {
  const std::string source(opcheck::axiomcheck::src11Model().name());
  const opcheck::testing::CommandResult caught = opcheck::testing::runOpcheck(
      {"compare", "--source", source, "--mapping", "release-as-relaxed", "--all-programs", "5",
       "--program-threads", "2", "--program-ctas", "1", "--program-gpus", "1", "--program-orders",
       "relaxed,acquire,release", "--program-events", "load,store"});
  CHECK(caught.exitStatus == 1);
  CHECK_THAT(caught.standardOutput,
             Catch::Matchers::Contains("every program of 3 events (up to 2 threads in 1 CTA on 1 GPU, 2 "
                                       "locations, orders relaxed,acquire,release, events load,store)"));
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("every program of 4 events"));
  CHECK_THAT(caught.standardOutput, !Catch::Matchers::Contains("every program of 5 events"));
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("memory_order_release"));
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("memory_order_acquire"));
}

// With a compare-exchange three events on one location tell: P0 loads x
// at block scope, then stores 1 with release at device scope; P1, in
// another CTA, compare-exchanges x from 1 to 2 with acquire. It writes
// only when it read the release store, so it synchronizes with it and the
// load happens before its write: no race (where it fails it only reads),
// and src11 forbids the load reading 2 (Coherence). With the store
// relaxed nothing orders them and ptx allows 0:r0=2; 1:r0=1 (derived by
// hand: a relaxed store starts no release pattern, so ptx's causality
// order does not put the load before the compare-exchange's write).
TEST_CASE("compare --all-programs with compare-exchange catches release-as-relaxed at three events",
          "[mapping-check]") {
  const std::string source(opcheck::axiomcheck::src11Model().name());
  const opcheck::testing::CommandResult caught = opcheck::testing::runOpcheck(
      {"compare", "--source", source, "--mapping", "release-as-relaxed", "--all-programs", "4",
       "--program-threads", "2", "--program-ctas", "2", "--program-gpus", "1", "--program-orders",
       "relaxed,acquire,release", "--program-events", "load,store,cas"});
  CHECK(caught.exitStatus == 1);
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("every program of 3 events"));
  CHECK_THAT(caught.standardOutput, !Catch::Matchers::Contains("every program of 4 events"));
  CHECK_THAT(
      caught.standardOutput,
      Catch::Matchers::Contains("atomic_compare_exchange_strong_explicit(x, 1, 2, memory_order_acquire, "
                                "memory_order_acquire, thread_scope_device)"));
  CHECK_THAT(caught.standardOutput, Catch::Matchers::Contains("0:r0=2; 1:r0=1; x=2;"));
}

TEST_CASE("a generated-programs check with files, a bound out of range or no mapping is a usage error",
          "[mapping-check]") {
  const std::string source(opcheck::axiomcheck::src11Model().name());
  const std::vector<std::vector<std::string>> wrong = {
      {"compare", "--source", source, "--mapping", "seed001", "--all-programs", "3", kMappingCTests.string()},
      {"compare", "--source", source, "--mapping", "seed001", "--all-programs", "1"},
      {"compare", "--source", source, "--mapping", "seed001", "--all-programs", "17"},
      {"compare", "--source", source, "--mapping", "seed001", "--program-threads", "2",
       kMappingCTests.string()},
      {"compare", "--source", source, "--mapping", "seed001", "--all-programs", "3", "--program-threads",
       "5"},
      {"compare", "--source", source, "--mapping", "seed001", "--all-programs", "3", "--program-gpus", "0"},
      {"compare", "--all-programs", "3"},
      {"compare", "--source", source, "--mapping", "seed001", "--all-programs", "3", "--program-ctas", "0"},
      {"compare", "--source", source, "--mapping", "seed001", "--all-programs", "3", "--program-orders",
       "consume"},
      {"compare", "--source", source, "--mapping", "seed001", "--all-programs", "3", "--program-events",
       "load,"},
      {"compare", "--source", source, "--mapping", "seed001", "--program-orders", "relaxed",
       kMappingCTests.string()},
      {"compare", "--program-events", "load", kMappingCTests.string()},
  };
  for (const std::vector<std::string>& arguments : wrong) {
    const opcheck::testing::CommandResult result = opcheck::testing::runOpcheck(arguments);
    INFO(result.standardError);
    CHECK(result.exitStatus == 2);
    CHECK_THAT(result.standardError, Catch::Matchers::Contains("error"));
  }
}

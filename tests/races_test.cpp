// Data races (docs/races.md): every race example of seeds 002 and 003 in
// the catalogue gets the race classes catalogue/races.tsv records from the
// seed; the command line's output and exit status; and the DRF guarantee
// (race-free under SC => ptx gives exactly the SC outcomes) over the
// catalogue and the corpora but t3 (bench/drf_guarantee.sh runs all).
#include <catch2/catch.hpp>
#include <set>
#include <sstream>

#include "axiomcheck/Models.h"
#include "axiomcheck/RaceCheck.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

std::vector<std::string> columnsOf(const std::string& line) {
  std::vector<std::string> columns;
  std::istringstream fields(line);
  for (std::string field; std::getline(fields, field, '\t');) {
    columns.push_back(field);
  }
  return columns;
}

std::set<std::string> splitClasses(const std::string& text) {
  std::set<std::string> classes;
  if (text == "none") {
    return classes;
  }
  std::istringstream items(text);
  for (std::string item; std::getline(items, item, ',');) {
    classes.insert(item);
  }
  return classes;
}

axiomcheck::TestRaces racesOf(const fs::path& file, const axiomcheck::AxiomaticModel& model) {
  const litmus::Test test = parser::readLitmusFile(file);
  return axiomcheck::checkRaces(test, model, {}, file.string(), true);
}

}  // namespace

TEST_CASE("every seed 002 and 003 race example reports the race classes the seed gives",
          "[races][catalogue]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  std::set<std::string> listed;
  std::istringstream rows(testing::readFile(catalogue / "races.tsv"));
  std::string line;
  std::getline(rows, line);
  REQUIRE(line == "test\tmodel\tdata_races\trelaxed_races\tsource\tquote");
  while (std::getline(rows, line)) {
    if (line.empty()) {
      continue;
    }
    const std::vector<std::string> columns = columnsOf(line);
    INFO(line);
    REQUIRE(columns.size() == 6);
    CHECK(columns[4].rfind("seed ", 0) == 0);
    CHECK(!columns[5].empty());
    CHECK(listed.insert(columns[0]).second);
    const axiomcheck::AxiomaticModel* model = axiomcheck::findModel(columns[1]);
    REQUIRE(model != nullptr);
    const axiomcheck::TestRaces found = racesOf(catalogue / columns[0], *model);
    std::set<std::string> dataClasses;
    for (const axiomcheck::Race& race : found.races) {
      dataClasses.insert(std::string(axiomcheck::raceClassName(race.kind)));
    }
    CHECK(dataClasses == splitClasses(columns[2]));
    if (columns[3] != "-") {
      std::set<std::string> relaxedClasses;
      for (const axiomcheck::RelaxedRace& race : found.relaxedRaces) {
        relaxedClasses.insert(std::string(axiomcheck::relaxedClassName(race.kind)));
      }
      CHECK(relaxedClasses == splitClasses(columns[3]));
    }
  }
  // Every test of the two race folders has its row.
  for (const char* folder : {"seed002", "seed003"}) {
    for (const fs::path& file : testing::litmusFilesUnder(catalogue / folder)) {
      INFO(file.string());
      CHECK(listed.count(fs::relative(file, catalogue).generic_string()) == 1);
    }
  }
}

TEST_CASE("a scoped race names the instruction to widen and the smallest scope", "[races]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  // Seed 002 Sec. III-A: "A block-scoped fence would lead to a scoped race":
  // the two fence.sc.cta (P0 line 14, P1 line 15) need .gpu.
  const axiomcheck::TestRaces found =
      racesOf(catalogue / "seed002" / "Fig4-threadfence-block-cross-cta.litmus", axiomcheck::ptxModel());
  REQUIRE(found.races.size() == 1);
  const axiomcheck::Race& race = found.races.front();
  CHECK(race.kind == axiomcheck::RaceClass::ScopedFence);
  CHECK(race.neededScope == litmus::Scope::Gpu);
  REQUIRE(race.culprits.size() == 2);
  for (const auto& [instruction, scope] : race.culprits) {
    CHECK(scope == litmus::Scope::Gpu);
  }
  // Seed 002 Fig. 3b: only the atomicAdd_block is too narrow.
  const axiomcheck::TestRaces atomic =
      racesOf(catalogue / "seed002" / "Fig3b-atomicAdd-block-cross-cta.litmus", axiomcheck::ptxModel());
  REQUIRE(atomic.races.size() == 1);
  REQUIRE(atomic.races.front().culprits.size() == 1);
  CHECK(atomic.races.front().culprits.front().first.thread == 0);
  // PTX ISA 9.1 8.5: two CTAs of one cluster; .cta release and acquire are
  // too narrow, and .cluster, not .gpu, is the smallest scope that orders.
  const axiomcheck::TestRaces cluster =
      racesOf(catalogue / "isa91" / "MP+rel-acq.cta+same-cluster.litmus", axiomcheck::ptxModel());
  REQUIRE(!cluster.races.empty());
  for (const axiomcheck::Race& clusterRace : cluster.races) {
    CHECK(clusterRace.kind == axiomcheck::RaceClass::ScopedReleaseAcquire);
    CHECK(clusterRace.neededScope == litmus::Scope::Cluster);
    for (const auto& [instruction, scope] : clusterRace.culprits) {
      CHECK(scope == litmus::Scope::Cluster);
    }
  }
}

TEST_CASE("races count only the executions herd's filter keeps", "[races]") {
  // MP with a weak payload: the execution where the acquire reads the
  // initial flag races on x (missing synchronization); the filter keeps only
  // those where it reads 1, which the release/acquire pattern orders.
  const char* kWithFilter = R"(PTX MP-filter
{ x = 0; flag = 0; }
 P0@cta 0,gpu 0           | P1@cta 1,gpu 0            ;
 st.weak x, 1             | ld.acquire.gpu r0, flag   ;
 st.release.gpu flag, 1   | ld.weak r1, x             ;
filter (P1:r0 == 1)
exists (P1:r1 == 0)
)";
  const std::string withoutFilter = [&] {
    std::string text = kWithFilter;
    const std::size_t filter = text.find("\nfilter") + 1;
    text.erase(filter, text.find("\nexists") + 1 - filter);
    return text;
  }();
  for (const axiomcheck::AxiomaticModel* model : {&axiomcheck::ptxModel(), &axiomcheck::scModel()}) {
    INFO(model->name());
    const litmus::Test filtered = parser::readLitmusText(kWithFilter, "MP-filter.litmus");
    const axiomcheck::TestRaces kept = axiomcheck::checkRaces(filtered, *model, {}, "MP-filter.litmus", true);
    CHECK(kept.races.empty());
    CHECK(kept.executions > 0);
    const litmus::Test plain = parser::readLitmusText(withoutFilter, "MP.litmus");
    const axiomcheck::TestRaces all = axiomcheck::checkRaces(plain, *model, {}, "MP.litmus", true);
    REQUIRE(all.races.size() == 1);
    CHECK(all.races.front().kind == axiomcheck::RaceClass::MissingSynchronization);
    CHECK(all.executions > kept.executions);
  }
}

TEST_CASE("opcheck races: herd lines after Time, JSON, exit status", "[races][cli]") {
  const fs::path seed002 = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "seed002";
  const testing::CommandResult racy =
      testing::runOpcheck({"races", (seed002 / "Barrier-cross-cta.litmus").string()});
  CHECK(racy.exitStatus == 0);
  CHECK(racy.standardOutput.find("Races Barrier-cross-cta 1 scoped-barrier\n") != std::string::npos);
  CHECK(racy.standardOutput.find("Time Barrier-cross-cta") <
        racy.standardOutput.find("Races Barrier-cross-cta"));
  const testing::CommandResult failing =
      testing::runOpcheck({"races", (seed002 / "Barrier-cross-cta.litmus").string(), "--fail-on-race"});
  CHECK(failing.exitStatus == 1);
  const testing::CommandResult clean =
      testing::runOpcheck({(seed002 / "Fig4-barrier-same-cta.litmus").string(), "--races", "--fail-on-race"});
  CHECK(clean.exitStatus == 0);
  CHECK(clean.standardOutput.find("Races Fig4-barrier-same-cta none\n") != std::string::npos);
  const testing::CommandResult json = testing::runOpcheck(
      {"races", (seed002 / "Fig3b-atomicAdd-block-cross-cta.litmus").string(), "--format", "json"});
  CHECK(json.exitStatus == 0);
  CHECK(json.standardOutput.find("\"class\":\"scoped-atomic\"") != std::string::npos);
  CHECK(json.standardOutput.find("\"scope\":\"gpu\"") != std::string::npos);
  CHECK(testing::runOpcheck(
            {"races", (seed002 / "Fig3b-atomicAdd-block-cross-cta.litmus").string(), "--model", "rmo"})
            .exitStatus == 2);
  // A cluster of several CTAs is named where a race says where its threads run.
  const testing::CommandResult cluster = testing::runOpcheck(
      {"races", (seed002.parent_path() / "isa91" / "MP+rel-acq.cta+same-cluster.litmus").string()});
  CHECK(cluster.standardOutput.find("(P0 in CTA 0 cluster 0 gpu 0, P1 in CTA 1 cluster 0 gpu 0): P0:L14 "
                                    "\"st.release.cta y, 1\" needs .cluster") != std::string::npos);
}

// The guarantee the definitions exist for (seed 003 Sec. 2.3, DRF0 with
// DRFrlx's relaxed classes; PTX's own races): race-free under SC => the
// ptx outcomes are the SC outcomes. Every exception is listed, not hidden:
// docs/races.md explains the known ones.
namespace {

// The guarantee over FILES: how many are race-free under SC (DRF0, with
// DRFrlx's safe relaxed classes), and those whose ptx outcomes differ from
// their SC outcomes. Tests no model runs (proxy instructions, refused by
// name: bad_input_test) are left out.
std::pair<std::size_t, std::vector<std::string>> checkGuarantee(const std::vector<fs::path>& files) {
  std::size_t raceFree = 0;
  std::vector<std::string> exceptions;
  for (const fs::path& file : files) {
    try {
      const litmus::Test test = parser::readLitmusFile(file);
      const axiomcheck::TestRaces sc =
          axiomcheck::checkRaces(test, axiomcheck::scModel(), {}, file.string(), false);
      if (axiomcheck::racyUnderDrf(sc)) {
        continue;
      }
      ++raceFree;
      const litmus::Outcome ptx = axiomcheck::checkTest(test, axiomcheck::ptxModel(), {}, file.string());
      if (ptx.states != sc.outcome.states) {
        exceptions.push_back(file.string());
      }
    } catch (const litmus::InputError&) {
    }
  }
  for (const std::string& exception : exceptions) {
    UNSCOPED_INFO("race-free but ptx outcomes differ from sc: " << exception);
  }
  return {raceFree, exceptions};
}

}  // namespace

TEST_CASE("race-free catalogue tests have exactly their SC outcomes under ptx", "[races][catalogue]") {
  const auto [raceFree, exceptions] = checkGuarantee(testing::ptxCatalogueFiles());
  INFO("race-free: " << raceFree);
  CHECK(raceFree > 0);
  CHECK(exceptions.empty());
}

TEST_CASE("race-free corpus tests (t3 aside) have exactly their SC outcomes under ptx", "[races][corpus]") {
  const std::optional<fs::path> corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("corpora not found: skipped");
    return;
  }
  const auto [raceFree, exceptions] = checkGuarantee(testing::corpusFilesExceptT3(*corpora));
  INFO("race-free: " << raceFree);
  CHECK(raceFree >= 30);  // bench/drf_guarantee.sh [local]: 33 outside the catalogue and t3
  CHECK(exceptions.empty());
}

// ptx-op's runs are executions of ptx (compare --executions checks that), so
// the races of its execution graphs are those the seed gives too; and a
// racy run is shown step by step.
TEST_CASE("ptx-op's runs show the seed 002 races, with a run to one", "[races][cli]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  std::istringstream rows(testing::readFile(catalogue / "races.tsv"));
  std::string line;
  std::getline(rows, line);
  std::size_t checked = 0;
  while (std::getline(rows, line)) {
    const std::vector<std::string> columns = columnsOf(line);
    if (columns.size() != 6 || columns[1] != "ptx") {
      continue;
    }
    INFO(line);
    const testing::CommandResult result =
        testing::runOpcheck({"races", (catalogue / columns[0]).string(), "--model", "ptx-op"});
    REQUIRE(result.exitStatus == 0);
    const std::string name = fs::path(columns[0]).stem().string();
    const std::string expected = columns[2] == "none" ? "Races " + name + " none\n" : "Races " + name + " ";
    CHECK(result.standardOutput.find(expected) != std::string::npos);
    if (columns[2] != "none") {
      CHECK(result.standardOutput.find(" " + columns[2] + "\n") != std::string::npos);
      CHECK(result.standardOutput.find("RaceRun " + name + "\n  1. ") != std::string::npos);
    }
    ++checked;
  }
  CHECK(checked == 11);
}

// PTX ISA 9.1 9.7.9.25.2: "Accessing the same memory location across
// multiple proxies needs a cross-proxy fence. For the async proxy,
// fence.proxy.async should be used": the TMA tests without the fence race
// between the generic store and the copy's async-proxy read, with it not.
TEST_CASE("the TMA tests race across the proxies without fence.proxy.async and not with it",
          "[races][async]") {
  const fs::path async = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "async";
  const axiomcheck::AxiomaticModel& ptx = axiomcheck::ptxModel();
  for (const char* name : {"TMA-load+st", "TMA-store+st", "TMA-store+reuse"}) {
    INFO(name);
    const axiomcheck::TestRaces found = racesOf(async / (std::string(name) + ".litmus"), ptx);
    REQUIRE(found.races.size() == 1);
    CHECK(found.races[0].kind == axiomcheck::RaceClass::MissingProxyFence);
    CHECK(found.races[0].first.thread == 0);
    CHECK(found.races[0].second.thread == 0);
  }
  for (const char* name : {"TMA-load+st+fence.proxy.async", "TMA-store+st+fence.proxy.async",
                           "TMA-store+reuse+wait_group.read"}) {
    INFO(name);
    CHECK(racesOf(async / (std::string(name) + ".litmus"), ptx).races.empty());
  }
  // PTX ISA 9.1 9.7.9.25.1: "reading from the destination memory location
  // before the asynchronous operation completes, exhibits undefined
  // behavior"; 8.7 condition 1 needs program order, which the copy is not in.
  const axiomcheck::TestRaces pending = racesOf(async / "cp.async+wait_group.1+newer.litmus", ptx);
  REQUIRE(pending.races.size() == 1);
  CHECK(pending.races[0].kind == axiomcheck::RaceClass::AsyncNotAwaited);
  CHECK(racesOf(async / "cp.async+wait_group.1+older.litmus", ptx).races.empty());
  const testing::CommandResult result =
      testing::runOpcheck({"races", (async / "TMA-load+st.litmus").string()});
  CHECK(result.exitStatus == 0);
  CHECK(result.standardOutput.find("Races TMA-load+st 1 missing-proxy-fence\n") != std::string::npos);
  CHECK(result.standardOutput.find("put fence.proxy.async between them") != std::string::npos);
}

// PTX ISA 9.1 9.7.13.4: the uni-directional fence orders "a prior memory
// access performed via the from-proxykind and a subsequent memory access
// performed via the to-proxykind", and "only applies to operations performed
// on objects in .shared::cluster state space": it removes the race of a
// .shared source, not that of a .global one, where fence.proxy.async is the
// fence to name.
TEST_CASE("a uni-directional proxy fence removes the race of its shared state space only", "[races][async]") {
  const fs::path async = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "async";
  const axiomcheck::AxiomaticModel& ptx = axiomcheck::ptxModel();
  for (const char* name : {"TMA-store+st+fence.proxy.async.acquire.sync_restrict",
                           "TMA-store+st+fence.proxy.async.release.sync_restrict"}) {
    INFO(name);
    CHECK(racesOf(async / (std::string(name) + ".litmus"), ptx).races.empty());
  }
  const fs::path global = async / "TMA-load+st+fence.proxy.async.acquire.sync_restrict.litmus";
  const axiomcheck::TestRaces found = racesOf(global, ptx);
  REQUIRE(found.races.size() == 1);
  CHECK(found.races[0].kind == axiomcheck::RaceClass::MissingProxyFence);
  const testing::CommandResult result = testing::runOpcheck({"races", global.string()});
  CHECK(result.exitStatus == 0);
  CHECK(result.standardOutput.find("put fence.proxy.async between them") != std::string::npos);
  CHECK(result.standardOutput.find("a fence.proxy.async::generic orders only a generic access before an "
                                   "async-proxy access after it") != std::string::npos);
}

// PTX ISA 9.1 9.7.13.4: "The memory ordering is limited only to operations
// performed on objects in the state space specified". In
// TMA-load+st+fence.proxy.async.shared the copy's source g is named .global
// (cp.async.bulk.shared::cta.global), so fence.proxy.async.shared::cta leaves
// the race of g and the fences to name are fence.proxy.async.global and
// fence.proxy.async; .global ones remove it.
TEST_CASE("a proxy fence with a state space removes the race of its state space only", "[races][async]") {
  const fs::path async = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "async";
  const axiomcheck::AxiomaticModel& ptx = axiomcheck::ptxModel();
  for (const char* name : {"TMA-store+st+fence.proxy.async.shared", "TMA-load+st+fence.proxy.async.global"}) {
    INFO(name);
    CHECK(racesOf(async / (std::string(name) + ".litmus"), ptx).races.empty());
  }
  const fs::path shared = async / "TMA-load+st+fence.proxy.async.shared.litmus";
  const axiomcheck::TestRaces found = racesOf(shared, ptx);
  REQUIRE(found.races.size() == 1);
  CHECK(found.races[0].kind == axiomcheck::RaceClass::MissingProxyFence);
  const testing::CommandResult result = testing::runOpcheck({"races", shared.string()});
  CHECK(result.exitStatus == 0);
  CHECK(result.standardOutput.find("(fence.proxy.async.shared::cta orders only the accesses to a location "
                                   "certainly in its state space; g is .global: fence.proxy.async.global or "
                                   "fence.proxy.async orders it)") != std::string::npos);
}

TEST_CASE("the reductions and cp.async.mbarrier.arrive race as their proxies and completions say",
          "[races][async]") {
  const fs::path async = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "async";
  const axiomcheck::AxiomaticModel& ptx = axiomcheck::ptxModel();
  const auto racesIn = [&](const char* name) {
    return racesOf(async / (std::string(name) + ".litmus"), ptx);
  };
  // PTX ISA 9.1 8.7 condition 2, "Both operations are performed via the
  // same proxy": cp.reduce.async.bulk's update (async proxy) and a generic
  // atom are not morally strong, and 9.7.9.25.2 asks for a cross-proxy fence.
  const axiomcheck::TestRaces mixed = racesIn("TMA-reduce+atom");
  REQUIRE(mixed.races.size() == 1);
  CHECK(mixed.races[0].kind == axiomcheck::RaceClass::MissingProxyFence);
  CHECK(mixed.races[0].first.thread != mixed.races[0].second.thread);
  // Two .relaxed.gpu reductions through the async proxy are morally strong
  // (9.7.9.25.4.2, 8.7); a wait_group completes the reduction before the
  // load, with the implicit proxy fence (9.7.9.25.2).
  CHECK(racesIn("TMA-reduce+TMA-reduce").races.empty());
  CHECK(racesIn("TMA-reduce+wait_group").races.empty());
  // Without the wait the load and the reduction's write meet across the
  // proxies with nothing between them (8.9.1.1, 9.7.9.25.2).
  const axiomcheck::TestRaces unawaited = racesIn("TMA-reduce+no-wait");
  REQUIRE(unawaited.races.size() == 1);
  CHECK(unawaited.races[0].kind == axiomcheck::RaceClass::MissingProxyFence);
  // The arrive-on that follows the copy completes it for the waiting
  // thread (9.7.13.15.15, 9.7.9.25.1.2); a copy issued after
  // cp.async.mbarrier.arrive is not tracked, and reading its destination
  // before it completes "exhibits undefined behavior" (9.7.9.25.1).
  CHECK(racesIn("cp.async+mbarrier.arrive.noinc").races.empty());
  CHECK(racesIn("cp.async+mbarrier.arrive+arrive").races.empty());
  const axiomcheck::TestRaces later = racesIn("cp.async+mbarrier.arrive.noinc+later");
  REQUIRE(later.races.size() == 1);
  CHECK(later.races[0].kind == axiomcheck::RaceClass::AsyncNotAwaited);
}

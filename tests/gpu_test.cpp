// gpu/: the PTX harness that runs a litmus test on an NVIDIA GPU, read back
// and checked without one (optcheck at the PTX level, seed 000 Sec. 4.4),
// the placement of instances, the litmus7 log it writes, and `opcheck gpu`
// on a machine without the CUDA driver.
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "TestSupport.h"
#include "gpu/Harness.h"
#include "gpu/Histogram.h"
#include "gpu/OrderCheck.h"
#include "gpu/Placement.h"
#include "litmus/Diagnostic.h"
#include "litmus/Litmus7LogReader.h"
#include "parser/LitmusReader.h"

namespace {

namespace fs = std::filesystem;
using namespace opcheck;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using opcheck::testing::CommandResult;
using opcheck::testing::litmusFilesUnder;
using opcheck::testing::readFile;
using opcheck::testing::runOpcheck;
using opcheck::testing::Scratch;

const fs::path kGpuCatalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";

// MP with the two threads in different CTAs (catalogue/shapes/MP+rel-acq.cta+cross-cta.litmus).
const std::string kGpuMessagePassing =
    "PTX MP\n"
    "{ x=0; y=0; P1:r0=0; P1:r1=0; }\n"
    " P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;\n"
    " st.weak x, 1        | ld.acquire.cta r0, y ;\n"
    " st.release.cta y, 1 | ld.weak r1, x        ;\n"
    "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

gpu::Harness gpuHarnessOf(const litmus::Test& test, const gpu::Incantations& incantations = {}) {
  return gpu::writeHarness(test, test.name + ".litmus", incantations);
}

// The lines of TEXT, trimmed.
std::vector<std::string> trimmedPtxLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    const std::size_t start = line.find_first_not_of(' ');
    lines.push_back(start == std::string::npos ? "" : line.substr(start));
  }
  return lines;
}

bool hasPtxLine(const std::string& text, const std::string& line) {
  const std::vector<std::string> lines = trimmedPtxLines(text);
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

std::string withReplaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// The rows of tests/gpu-unsupported.tsv: path (or folder ending in '/') and reason.
std::vector<std::pair<std::string, std::string>> gpuUnsupportedRows() {
  std::ifstream file(fs::path(OPCHECK_SOURCE_DIR) / "tests" / "gpu-unsupported.tsv");
  std::vector<std::pair<std::string, std::string>> rows;
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line.front() == '#') {
      continue;
    }
    const std::size_t tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    rows.emplace_back(line.substr(0, tab), line.substr(tab + 1));
  }
  return rows;
}

// The CTA of the CUDA thread whose role is ROLE in LAUNCH.
std::vector<unsigned> ctasRunning(const gpu::Launch& launch, std::uint32_t role) {
  std::vector<unsigned> ctas;
  for (std::size_t index = 0; index < launch.roles.size(); ++index) {
    if (launch.roles[index] == role) {
      ctas.push_back(static_cast<unsigned>(index / gpu::kThreadsPerCta));
    }
  }
  return ctas;
}

// The launch of the catalogue test RELATIVE, placed in ascending order with
// every incantation on.
gpu::Launch orderedLaunch(const std::string& relative, unsigned ctas, unsigned maxInstances) {
  const litmus::Test test = parser::readLitmusFile(kGpuCatalogue / relative);
  return gpu::placeInstances(test, gpuHarnessOf(test), ctas, maxInstances, nullptr);
}

}  // namespace

TEST_CASE("the harness writes each access with the test's qualifiers, as PTX spells them", "[gpu]") {
  const litmus::Test test = parser::readLitmusText(kGpuMessagePassing, "MP.litmus");
  const gpu::Harness harness = gpuHarnessOf(test);
  // PTX ISA 9.1 ld and st: ld{.weak}{.ss}... and ld.sem.scope{.ss}..., st likewise.
  // An access without a type computes at 64 bits (docs/dialects.md), so
  // .u64; st stores a register, so the value 1 goes through %k0 first.
  CHECK(hasPtxLine(harness.ptx, "mov.b64 %k0, 1;"));
  CHECK(hasPtxLine(harness.ptx, "st.weak.u64 [%a0], %k0;"));
  CHECK(hasPtxLine(harness.ptx, "st.release.cta.u64 [%a1], %k0;"));
  CHECK(hasPtxLine(harness.ptx, "ld.acquire.cta.u64 %t1r0, [%a1];"));
  CHECK(hasPtxLine(harness.ptx, "ld.weak.u64 %t1r1, [%a0];"));
  CHECK(hasPtxLine(harness.ptx, ".target sm_90"));
  // No cluster holds two CTAs: the grid is launched without clusters.
  CHECK_FALSE(Catch::Matchers::Contains(".reqnctapercluster").match(harness.ptx));
  CHECK(harness.threads == 2);
  CHECK(harness.recordedRegisters.size() == 2);
  CHECK(harness.resultSlots == 4);
  CHECK(gpu::checkOrder(test, harness).empty());
}

TEST_CASE("optcheck reports a harness whose operations are reordered, changed or moved to another location",
          "[gpu]") {
  const litmus::Test test = parser::readLitmusText(kGpuMessagePassing, "MP.litmus");
  gpu::Harness harness = gpuHarnessOf(test);
  const std::string original = harness.ptx;

  harness.ptx = withReplaced(withReplaced(original, "st.weak.u64 [%a0], %k0;", "SWAP"),
                             "st.release.cta.u64 [%a1], %k0;", "st.weak.u64 [%a0], %k0;");
  harness.ptx = withReplaced(harness.ptx, "SWAP", "st.release.cta.u64 [%a1], %k0;");
  std::vector<std::string> problems = gpu::checkOrder(test, harness);
  REQUIRE_FALSE(problems.empty());
  CHECK_THAT(problems.front(), StartsWith("P0: memory operation 1: "));
  CHECK_THAT(problems.front(), Contains("other semantics"));

  harness.ptx =
      withReplaced(original, "ld.acquire.cta.u64 %t1r0, [%a1];", "ld.acquire.gpu.u64 %t1r0, [%a1];");
  problems = gpu::checkOrder(test, harness);
  REQUIRE(problems.size() == 1);
  CHECK_THAT(problems.front(), StartsWith("P1: memory operation 1: "));
  CHECK_THAT(problems.front(), Contains("another scope"));

  harness.ptx = withReplaced(original, "ld.weak.u64 %t1r1, [%a0];", "ld.weak.u64 %t1r1, [%a1];");
  problems = gpu::checkOrder(test, harness);
  REQUIRE(problems.size() == 1);
  CHECK_THAT(problems.front(), Contains("does not access [%a0]"));

  harness.ptx = withReplaced(original, "ld.weak.u64 %t1r1, [%a0];", "");
  problems = gpu::checkOrder(test, harness);
  REQUIRE(problems.size() == 1);
  CHECK_THAT(problems.front(), Contains("missing from the harness"));
}

TEST_CASE("a two-CTA cluster asks for .reqnctapercluster and barrier.cluster keeps its semantics", "[gpu]") {
  const litmus::Test test =
      parser::readLitmusFile(kGpuCatalogue / "isa91" / "MP+barrier.cluster+same-cluster.litmus");
  const gpu::Harness harness = gpuHarnessOf(test);
  // PTX ISA 9.1's .reqnctapercluster directive, and 9.7.13.3 (barrier.cluster:
  // .release and .acquire by default, spelt out).
  CHECK(hasPtxLine(harness.ptx, ".reqnctapercluster 2, 1, 1"));
  CHECK(hasPtxLine(harness.ptx, "barrier.cluster.arrive.release;"));
  CHECK(hasPtxLine(harness.ptx, "barrier.cluster.wait.acquire;"));
  CHECK(harness.clusterSize == 2);
  CHECK(harness.exclusiveClusters);
  CHECK(gpu::checkOrder(test, harness).empty());
}

TEST_CASE("an mbarrier object of one CTA lives in its shared memory, initialized before the start barrier",
          "[gpu]") {
  const litmus::Test test =
      parser::readLitmusFile(kGpuCatalogue / "isa91" / "MP+mbarrier.arrive.release+test_wait.acquire.litmus");
  const gpu::Harness harness = gpuHarnessOf(test);
  // PTX ISA 9.1 9.7.13.15.1: the object in shared memory, one instance a
  // CTA so that the slot is the instance's own.
  CHECK(hasPtxLine(harness.ptx, ".shared .align 8 .b64 opcheck_shared[1];"));
  CHECK(harness.exclusiveClusters);
  // b is location 1. P0's mbarrier.init runs in its setting up, before the
  // start barrier, whose release and acquire order it before both threads'
  // code: an arrive before the init is undefined on hardware (9.7.13.15.2).
  const std::vector<std::string> lines = trimmedPtxLines(harness.ptx);
  const auto at = [&](const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) - lines.begin();
  };
  CHECK(at("$opcheck_P0:") + 1 == at("mbarrier.init.shared.b64 [%a1], 2;"));
  CHECK(at("mbarrier.init.shared.b64 [%a1], 2;") < at("$opcheck_P0_begin:"));
  CHECK(hasPtxLine(harness.ptx, "atom.release.gpu.global.add.u32 %w7, [%h8], %w8;"));
  CHECK(hasPtxLine(harness.ptx, "ld.acquire.gpu.global.u32 %w7, [%h8];"));
  // The test's other instructions; the wait's predicate copied to r1.
  CHECK(hasPtxLine(harness.ptx, "mbarrier.arrive.release.cta.shared.b64 %t0r0, [%a1];"));
  CHECK(hasPtxLine(harness.ptx, "mbarrier.test_wait.acquire.cta.shared.b64 %c, [%a1], %t1r2;"));
  CHECK(hasPtxLine(harness.ptx, "selp.u64 %t1r0, 1, 0, %c;"));
  CHECK(hasPtxLine(harness.ptx, ".version 8.0"));
  CHECK(gpu::checkOrder(test, harness).empty());
  // The order check finds an init left out of the setting up.
  gpu::Harness moved = harness;
  moved.ptx =
      withReplaced(harness.ptx, "$opcheck_P0:\n  mbarrier.init.shared.b64 [%a1], 2;\n", "$opcheck_P0:\n");
  CHECK(gpu::checkOrder(test, moved) ==
        std::vector<std::string>{
            "P0: setting up, memory operation 1: the test's 'mbarrier.init.shared.b64' is missing from the "
            "harness"});
  // PTX ISA 9.1 9.7.13.15.13: .relaxed on an arrive came with version 8.6.
  const litmus::Test relaxed =
      parser::readLitmusFile(kGpuCatalogue / "isa91" / "MP+mbarrier.arrive.relaxed+test_wait.acquire.litmus");
  CHECK(hasPtxLine(gpuHarnessOf(relaxed).ptx, ".version 8.6"));
}

TEST_CASE("an mbarrier object is refused without the start barrier, across CTAs or observed", "[gpu]") {
  const fs::path file = kGpuCatalogue / "isa91" / "MP+mbarrier.arrive.release+test_wait.acquire.litmus";
  const litmus::Test test = parser::readLitmusFile(file);
  gpu::Incantations unsynchronised;
  unsynchronised.sync = false;
  CHECK_THROWS_WITH(gpuHarnessOf(test, unsynchronised), Contains("15:2: error: the GPU harness cannot run") &&
                                                            Contains("without the sync incantation"));
  const litmus::Test twoCtas =
      parser::readLitmusFile(kGpuCatalogue / "isa91" / "MP+mbarrier.cta+same-cluster.litmus");
  CHECK_THROWS_WITH(gpuHarnessOf(twoCtas),
                    Contains("14:53: error:") && Contains("used by threads of two CTAs"));
  const litmus::Test observed =
      parser::readLitmusFile(kGpuCatalogue / "isa91" / "mbarrier+phase-complete.litmus");
  CHECK_THROWS_WITH(gpuHarnessOf(observed), Contains("the final value of mbarrier object b"));
  // Undefined on hardware (PTX ISA 9.1 9.7.13.15.2, .9): an object nobody
  // initializes, or one initialized twice; an init after other instructions
  // of its thread cannot run before the start barrier.
  const auto refusal = [](const std::string& p0, const std::string& p1) {
    const std::string text = "PTX M\n{ b=0; x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n " + p0 + " | " + p1 +
                             " ;\n st.weak x, 2 | st.weak x, 3 ;\nexists (x == 0)\n";
    try {
      (void)gpuHarnessOf(parser::readLitmusText(text, "M.litmus"));
    } catch (const litmus::InputError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  CHECK_THAT(refusal("mbarrier.arrive.release.cta.shared.b64 r0, b", "st.weak x, 1"),
             Contains("M.litmus:4:2: error: the GPU harness cannot run mbarrier object b that no thread "
                      "initializes"));
  CHECK_THAT(refusal("mbarrier.init.shared.b64 b, 1", "mbarrier.init.shared.b64 b, 1"),
             Contains("a second mbarrier.init of b"));
  CHECK(refusal("mbarrier.init.shared.b64 b, 1", "st.weak x, 1") == "accepted");
}

TEST_CASE("fence.acquire and fence.release ask for PTX ISA 8.6, other tests for 8.0", "[gpu]") {
  // PTX ISA 9.1 9.7.13.4, its notes: fence's .acquire and .release came
  // with version 8.6 of the ISA.
  const litmus::Test fences =
      parser::readLitmusFile(kGpuCatalogue / "isa91" / "MP+fence.acquire+fence.release.litmus");
  CHECK(hasPtxLine(gpuHarnessOf(fences).ptx, ".version 8.6"));
  const litmus::Test plain = parser::readLitmusText(kGpuMessagePassing, "MP.litmus");
  CHECK(hasPtxLine(gpuHarnessOf(plain).ptx, ".version 8.0"));
}

TEST_CASE(
    "every catalogue test's harness reads back with its operations, or is refused by position for its reason",
    "[gpu]") {
  const std::vector<std::pair<std::string, std::string>> rows = gpuUnsupportedRows();
  std::set<std::string> rowsUsed;
  std::size_t supported = 0;
  for (const fs::path& file : litmusFilesUnder(kGpuCatalogue)) {
    const std::string relative = fs::relative(file, kGpuCatalogue).generic_string();
    std::optional<std::pair<std::string, std::string>> row;
    for (const auto& candidate : rows) {
      if (candidate.first == relative ||
          (candidate.first.ends_with('/') && relative.starts_with(candidate.first))) {
        row = candidate;
      }
    }
    INFO(relative);
    const litmus::Test test = parser::readLitmusFile(file);
    if (!row) {
      const gpu::Harness harness = gpu::writeHarness(test, file.string(), gpu::Incantations{});
      CHECK(gpu::checkOrder(test, harness) == std::vector<std::string>{});
      ++supported;
      continue;
    }
    rowsUsed.insert(row->first);
    try {
      (void)gpu::writeHarness(test, file.string(), gpu::Incantations{});
      FAIL("the harness ran a test tests/gpu-unsupported.tsv says it cannot: " << relative);
    } catch (const litmus::InputError& error) {
      const litmus::Diagnostic& diagnostic = error.diagnostic();
      CHECK(diagnostic.file == file.string());
      CHECK(diagnostic.position.line > 0);
      CHECK(diagnostic.position.column > 0);
      CHECK_THAT(diagnostic.message, Contains(row->second));
    }
  }
  for (const auto& row : rows) {
    INFO(row.first);
    CHECK(rowsUsed.contains(row.first));
  }
  CHECK(supported > 100);
}

TEST_CASE("instances keep the test's CTAs apart and fill the grid, in order or at random", "[gpu]") {
  const litmus::Test test = parser::readLitmusText(kGpuMessagePassing, "MP.litmus");
  const gpu::Incantations noStress{false, true, true, true};
  const gpu::Harness harness = gpuHarnessOf(test, noStress);
  // 4 CTAs of 8 warps; an instance takes one warp in each of two CTAs: 16.
  const gpu::Launch ordered = gpu::placeInstances(test, harness, 4, 1000, nullptr);
  CHECK(ordered.instances == 16);
  CHECK(ordered.roles.size() == 4 * gpu::kThreadsPerCta);
  // In ascending order the first instance's P0 is thread 0 of CTA 0.
  CHECK(ordered.roles[0] == gpu::roleOf(0, 0));
  std::mt19937_64 random(7);
  const gpu::Launch shuffled = gpu::placeInstances(test, harness, 4, 1000, &random);
  CHECK(shuffled.instances == 16);
  for (const gpu::Launch* launch : {&ordered, &shuffled}) {
    for (std::uint32_t instance = 0; instance < launch->instances; ++instance) {
      const std::vector<unsigned> first = ctasRunning(*launch, gpu::roleOf(instance, 0));
      const std::vector<unsigned> second = ctasRunning(*launch, gpu::roleOf(instance, 1));
      REQUIRE(first.size() == 1);
      REQUIRE(second.size() == 1);
      CHECK(first.front() != second.front());
    }
    // Without the stress incantation, every other thread exits.
    CHECK(std::count(launch->roles.begin(), launch->roles.end(), gpu::kRoleExit) ==
          static_cast<std::ptrdiff_t>(4 * gpu::kThreadsPerCta - 32));
  }
}

TEST_CASE("threads the test puts in one CTA share one, and the warps without a test stress", "[gpu]") {
  const gpu::Launch launch = orderedLaunch("shapes/MP+rel-acq.cta+same-cta.litmus", 2, 1);
  REQUIRE(launch.instances == 1);
  CHECK(ctasRunning(launch, gpu::roleOf(0, 0)) == ctasRunning(launch, gpu::roleOf(0, 1)));
  // Two warps run the test; the other 14 of the two CTAs stress.
  CHECK(std::count(launch.roles.begin(), launch.roles.end(), gpu::kRoleStress) == 14 * 32);
}

TEST_CASE("a barrier.cluster test owns its clusters: one instance each, nothing else runs there", "[gpu]") {
  // 8 CTAs are 4 clusters of 2; each instance takes a whole cluster.
  const gpu::Launch launch = orderedLaunch("isa91/MP+barrier.cluster+same-cluster.litmus", 8, 1000);
  CHECK(launch.instances == 4);
  for (std::uint32_t instance = 0; instance < launch.instances; ++instance) {
    const std::vector<unsigned> first = ctasRunning(launch, gpu::roleOf(instance, 0));
    const std::vector<unsigned> second = ctasRunning(launch, gpu::roleOf(instance, 1));
    REQUIRE(first.size() == 1);
    REQUIRE(second.size() == 1);
    CHECK(first.front() != second.front());
    CHECK(first.front() / 2 == second.front() / 2);
  }
  CHECK(std::count(launch.roles.begin(), launch.roles.end(), gpu::kRoleStress) == 0);
}

TEST_CASE("incantation lists read back as written", "[gpu]") {
  std::string problem;
  const std::optional<gpu::Incantations> some = gpu::parseIncantations("sync,stress", problem);
  REQUIRE(some);
  CHECK(gpu::describe(*some) == "stress,sync");
  CHECK(gpu::describe(*gpu::parseIncantations("none", problem)) == "none");
  CHECK(gpu::describe(gpu::Incantations{}) == "stress,shuffle,sync,spread");
  CHECK_FALSE(gpu::parseIncantations("stress,banks", problem));
  CHECK_THAT(problem, Contains("'banks'"));
}

TEST_CASE("a log written from a histogram reads back as litmus7's, and harness and compare judge it",
          "[gpu]") {
  const fs::path file = kGpuCatalogue / "shapes" / "MP+rel-acq.cta+cross-cta.litmus";
  const std::string source = readFile(file);
  const litmus::Test test = parser::readLitmusText(source, file.string());
  // A made-up histogram over the observed terms P1:r0, P1:r1: the weak
  // outcome 3 times, the others 5 and 2.
  gpu::Histogram histogram;
  using litmus::Value;
  histogram.counts[{Value::ofInteger(1), Value::ofInteger(0)}] = 3;
  histogram.counts[{Value::ofInteger(1), Value::ofInteger(1)}] = 5;
  histogram.counts[{Value::ofInteger(0), Value::ofInteger(0)}] = 2;
  const gpu::RunDescription run{"Made-up GPU", "12.8", "stress,shuffle,sync,spread", 1.5};
  const std::string log = gpu::writeLitmus7Log(test, file.filename().string(), source, histogram, run);

  const std::vector<litmus::Litmus7Run> runs = litmus::readLitmus7Log(log, "MP.log");
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].test == test.name);
  CHECK(runs[0].chip == "Made-up GPU");
  CHECK(runs[0].runs == 10);
  CHECK_THAT(runs[0].program, StartsWith("PTX " + test.name + "\n"));
  REQUIRE(runs[0].states.size() == 3);
  std::uint64_t weak = 0;
  for (const litmus::Observation& state : runs[0].states) {
    if (state.outcome == std::vector<litmus::ObservedValue>{{1, "r0", 1, {}}, {1, "r1", 0, {}}}) {
      weak = state.count;
    }
  }
  CHECK(weak == 3);

  Scratch scratch;
  const fs::path logFile = scratch.write("MP.log", log);
  // sc forbids r0 == 1 /\ r1 == 0; ptx allows it (.cta scope across CTAs:
  // the test's own comment).
  const CommandResult sc =
      runOpcheck({"harness", "--observations", logFile.string(), "--model", "sc", file.string()});
  CHECK(sc.exitStatus == 1);
  const CommandResult ptx =
      runOpcheck({"harness", "--observations", logFile.string(), "--model", "ptx", file.string()});
  CHECK(ptx.exitStatus == 0);
  const CommandResult against =
      runOpcheck({"compare", "--against", logFile.string(), "--model", "sc", file.string()});
  CHECK(against.exitStatus == 1);
}

TEST_CASE("opcheck gpu without the CUDA driver says so and exits 2", "[gpu][cli]") {
  const std::string file = (kGpuCatalogue / "shapes" / "MP+rel-acq.cta+cross-cta.litmus").string();
  const CommandResult result = runOpcheck({"gpu", "--cuda-library", "/nonexistent/libcuda.so.1", file});
  CHECK(result.exitStatus == 2);
  CHECK_THAT(result.standardError,
             StartsWith("opcheck: error: cannot open the CUDA driver /nonexistent/libcuda.so.1"));
  CHECK(result.standardOutput.empty());
  // An option the run would ignore is an error before the driver is looked for.
  const CommandResult seed = runOpcheck(
      {"gpu", "--cuda-library", "/nonexistent/libcuda.so.1", "--incantations", "sync", "--seed", "3", file});
  CHECK(seed.exitStatus == 2);
  CHECK_THAT(seed.standardError,
             StartsWith("opcheck: error: --seed does not apply without the shuffle incantation"));
}

TEST_CASE("opcheck gpu --emit-ptx writes harnesses without a GPU and refuses what it cannot run by position",
          "[gpu][cli]") {
  Scratch scratch;
  const std::string good = (kGpuCatalogue / "shapes" / "MP+rel-acq.cta+cross-cta.litmus").string();
  const std::string bad = (kGpuCatalogue / "shapes" / "MP+bar.cta.sync+same-cta.litmus").string();
  const CommandResult result = runOpcheck({"gpu", "--emit-ptx", scratch.path("ptx").string(), good, bad});
  CHECK(result.exitStatus == 2);
  CHECK(fs::exists(scratch.path("ptx") / "MP+rel-acq.cta+cross-cta.ptx"));
  CHECK_FALSE(fs::exists(scratch.path("ptx") / "MP+bar.cta.sync+same-cta.ptx"));
  // P0 is written first; its bar.cta.sync is line 14, column 2 of the file.
  CHECK_THAT(result.standardError,
             StartsWith(bad + ":14:2: error: the GPU harness cannot run 'bar.cta.sync"));

  const CommandResult iterations =
      runOpcheck({"gpu", "--emit-ptx", scratch.path("ptx").string(), "--iterations", "5", good});
  CHECK(iterations.exitStatus == 2);
  CHECK_THAT(iterations.standardError, Contains("--iterations does not apply to --emit-ptx"));
  const CommandResult incantations =
      runOpcheck({"gpu", "--emit-ptx", scratch.path("ptx").string(), "--incantations", "banks", good});
  CHECK(incantations.exitStatus == 2);
  CHECK_THAT(incantations.standardError, StartsWith("opcheck: error: --incantations: unknown incantation"));
}

TEST_CASE("gpu-run.sh's SASS check accepts the test's access order and reports another", "[gpu]") {
  // tests/gpu-sass/mp.sass: P0 stores twice, P1 loads twice then stores its
  // two recorded registers (hand-written in cuobjdump's layout).
  Scratch scratch;
  const fs::path script = fs::path(OPCHECK_SOURCE_DIR) / "scripts" / "gpu-run.sh";
  const fs::path sass = fs::path(OPCHECK_SOURCE_DIR) / "tests" / "gpu-sass" / "mp.sass";
  const auto check = [&](const std::string& order) {
    const fs::path orderFile = scratch.write("mp.sass-order", order);
    const fs::path output = scratch.path("check.txt");
    const int status = std::system(("bash '" + script.string() + "' --check-sass '" + sass.string() + "' '" +
                                    orderFile.string() + "' > '" + output.string() + "' 2>&1")
                                       .c_str());
    return std::pair{WIFEXITED(status) ? WEXITSTATUS(status) : -1, readFile(output)};
  };
  const auto [good, goodOutput] = check("opcheck_check_P0 0 store store\nopcheck_check_P1 2 load load\n");
  CHECK(good == 0);
  CHECK(goodOutput == "ok\n");
  const auto [bad, badOutput] = check("opcheck_check_P0 0 store store\nopcheck_check_P1 2 load store\n");
  CHECK(bad == 1);
  CHECK(
      badOutput ==
      "MISMATCH in opcheck_check_P1: expected [load store store store], SASS has [load load store store]\n");
}

// catalogue/gpu-runs/2026-11-27-h100: opcheck gpu's own run on an H100
// (its README says how it was made). The logs are the GPU's observations;
// summary.tsv was written beside them on that machine by scripts/gpu-run.sh.
const fs::path kH100Run = kGpuCatalogue / "gpu-runs" / "2026-11-27-h100";

TEST_CASE("the H100 run's logs read back with the runs its summary gives, on the H100", "[gpu][harness]") {
  std::ifstream summary(kH100Run / "summary.tsv");
  REQUIRE(summary);
  std::string line;
  std::getline(summary, line);  // the header
  std::size_t ran = 0;
  std::size_t refused = 0;
  while (std::getline(summary, line)) {
    std::istringstream fields(line);
    std::string test, status, runs;
    std::getline(fields, test, '\t');
    std::getline(fields, status, '\t');
    std::getline(fields, runs, '\t');
    INFO(test);
    const fs::path log = kH100Run / "logs" / (test + ".log");
    if (status != "ran") {
      ++refused;
      CHECK_FALSE(fs::exists(log));
      continue;
    }
    ++ran;
    const std::vector<litmus::Litmus7Run> read = litmus::readLitmus7Log(readFile(log), log.string());
    REQUIRE(read.size() == 1);
    CHECK(read[0].test == test);
    CHECK(read[0].chip == "NVIDIA H100 80GB HBM3");
    CHECK(read[0].runs == std::stoull(runs));
    std::uint64_t total = 0;
    for (const litmus::Observation& state : read[0].states) {
      total += state.count;
    }
    CHECK(total == 100000);
  }
  CHECK(ran == 38);
  CHECK(refused == 5);
}

// What the H100 showed against the models (docs/results.md "harness"):
// ptx and ptx-op's default preset allow every outcome seen.
TEST_CASE("ptx and ptx-op forbid nothing opcheck gpu saw on an H100", "[gpu][harness]") {
  std::vector<std::string> arguments{"harness", "--observations"};
  for (const auto& entry : fs::directory_iterator(kH100Run / "logs")) {
    arguments.push_back(entry.path().string());
  }
  for (const char* folder : {"shapes", "isa91", "seed001", "seed004"}) {
    arguments.push_back((kGpuCatalogue / folder).string());
  }
  for (const char* option : {"--model", "ptx", "--model", "ptx-op"}) {
    arguments.emplace_back(option);
  }
  const CommandResult result = runOpcheck(arguments);
  INFO(result.standardError);
  CHECK(result.exitStatus == 0);
  CHECK_THAT(result.standardOutput, Contains("38 files, 0 rows and 38 histograms (168 states) on 1 chip"));
  CHECK_THAT(result.standardOutput, Contains("ptx           168 / 0\n"));
  CHECK_THAT(result.standardOutput, Contains("ptx-op,volta  168 / 0\n"));
}

// Seed 000 Sec. 4.4 on the H100 run: the driver's ptxas moved the weak load
// of Fig6-SB-no-fence above the weak store before it (another address, so
// PTX allows it), which the SASS check reports; that test's counts are the
// compiler's reordering, not the hardware's.
TEST_CASE("the SASS check flags the H100 run's SB, whose load ptxas hoisted above its store", "[gpu]") {
  const fs::path script = fs::path(OPCHECK_SOURCE_DIR) / "scripts" / "gpu-run.sh";
  Scratch scratch;
  const fs::path output = scratch.path("check.txt");
  const int status = std::system(("bash '" + script.string() + "' --check-sass '" +
                                  (kH100Run / "sass" / "Fig6-SB-no-fence.sass").string() + "' '" +
                                  (kH100Run / "sass" / "Fig6-SB-no-fence.sass-order").string() + "' > '" +
                                  output.string() + "' 2>&1")
                                     .c_str());
  CHECK((WIFEXITED(status) ? WEXITSTATUS(status) : -1) == 1);
  CHECK(readFile(output) ==
        "MISMATCH in opcheck_check_P0: expected [store load store], SASS has [load store store]\n");
}

// compile/: mapping files as seed 001 Fig. 11 writes them, their errors,
// and C tests compiled to PTX with them (docs/mappings.md).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "compile/Compiler.h"
#include "compile/Mapping.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace {

namespace fs = std::filesystem;
using opcheck::compile::CConstruct;
using opcheck::compile::compileTest;
using opcheck::compile::findMapping;
using opcheck::compile::Mapping;
using opcheck::compile::MappingRow;
using opcheck::compile::readMappingText;
using opcheck::litmus::Opcode;
using opcheck::litmus::Scope;
using opcheck::litmus::Semantics;

const fs::path kCTests = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "c";
const fs::path kBadMappings = fs::path(OPCHECK_SOURCE_DIR) / "tests" / "bad-mappings";

Mapping builtinMapping(const std::string& name) {
  std::optional<Mapping> mapping = findMapping(name);
  REQUIRE(mapping.has_value());
  return *mapping;
}

// One PTX instruction of a row, as Fig. 11 writes it: ".<sco>" where
// fromSource.
struct ExpectedPtx {
  Opcode opcode;
  Semantics semantics;
  bool fromSource;
};

struct ExpectedMappingRow {
  CConstruct construct;
  Semantics order;
  std::vector<ExpectedPtx> instructions;
};

void requireRow(const Mapping& mapping, const ExpectedMappingRow& expected) {
  const MappingRow* row = mapping.find(expected.construct, expected.order);
  INFO(opcheck::compile::constructName(expected.construct)
       << " " << opcheck::compile::orderName(expected.order));
  REQUIRE(row != nullptr);
  REQUIRE(row->instructions.size() == expected.instructions.size());
  for (std::size_t at = 0; at < expected.instructions.size(); ++at) {
    CHECK(row->instructions[at].instruction.opcode == expected.instructions[at].opcode);
    CHECK(row->instructions[at].instruction.semantics == expected.instructions[at].semantics);
    CHECK(row->instructions[at].scopeFromSource == expected.instructions[at].fromSource);
  }
}

// Seed 001 Fig. 11, transcribed by hand ("atom.<sco>" is atom.relaxed,
// PTX ISA 9.1 9.7.13; Fig. 11's RMW rows stand for compare-exchange too).
std::vector<ExpectedMappingRow> figure11() {
  const ExpectedPtx fenceSc{Opcode::Fence, Semantics::SequentiallyConsistent, true};
  std::vector<ExpectedMappingRow> rows = {
      {CConstruct::Load, Semantics::Weak, {{Opcode::Load, Semantics::Weak, false}}},
      {CConstruct::Load, Semantics::Relaxed, {{Opcode::Load, Semantics::Relaxed, true}}},
      {CConstruct::Load, Semantics::Acquire, {{Opcode::Load, Semantics::Acquire, true}}},
      {CConstruct::Load,
       Semantics::SequentiallyConsistent,
       {fenceSc, {Opcode::Load, Semantics::Acquire, true}}},
      {CConstruct::Store, Semantics::Weak, {{Opcode::Store, Semantics::Weak, false}}},
      {CConstruct::Store, Semantics::Relaxed, {{Opcode::Store, Semantics::Relaxed, true}}},
      {CConstruct::Store, Semantics::Release, {{Opcode::Store, Semantics::Release, true}}},
      {CConstruct::Store,
       Semantics::SequentiallyConsistent,
       {fenceSc, {Opcode::Store, Semantics::Release, true}}},
      {CConstruct::Fence, Semantics::Acquire, {{Opcode::Fence, Semantics::Acquire, true}}},
      {CConstruct::Fence, Semantics::Release, {{Opcode::Fence, Semantics::Release, true}}},
      {CConstruct::Fence, Semantics::AcquireRelease, {{Opcode::Fence, Semantics::AcquireRelease, true}}},
      {CConstruct::Fence, Semantics::SequentiallyConsistent, {fenceSc}},
  };
  for (const CConstruct rmw : {CConstruct::ReadModifyWrite, CConstruct::CompareExchange}) {
    rows.push_back({rmw, Semantics::Relaxed, {{Opcode::Atomic, Semantics::Relaxed, true}}});
    rows.push_back({rmw, Semantics::Acquire, {{Opcode::Atomic, Semantics::Acquire, true}}});
    rows.push_back({rmw, Semantics::Release, {{Opcode::Atomic, Semantics::Release, true}}});
    rows.push_back({rmw, Semantics::AcquireRelease, {{Opcode::Atomic, Semantics::AcquireRelease, true}}});
    rows.push_back({rmw,
                    Semantics::SequentiallyConsistent,
                    {fenceSc, {Opcode::Atomic, Semantics::AcquireRelease, true}}});
  }
  return rows;
}

opcheck::litmus::Test readCTest(const std::string& name) {
  return opcheck::parser::readLitmusFile(kCTests / name);
}

}  // namespace

TEST_CASE("seed001 is seed 001 Fig. 11 row for row", "[compile]") {
  const Mapping mapping = builtinMapping("seed001");
  const std::vector<ExpectedMappingRow> rows = figure11();
  CHECK(mapping.rows.size() == rows.size());
  for (const ExpectedMappingRow& row : rows) {
    requireRow(mapping, row);
  }
}

TEST_CASE("a mapping that starts from another replaces only the rows it writes", "[compile]") {
  const Mapping base = builtinMapping("seed001");
  const Mapping broken = builtinMapping("seed001-sc-rmw-no-release");
  // Seed 001 Sec. 4.2: the SC RMW as "fence.sc.sco; atom.acquire.sco".
  for (const CConstruct rmw : {CConstruct::ReadModifyWrite, CConstruct::CompareExchange}) {
    requireRow(broken, {rmw,
                        Semantics::SequentiallyConsistent,
                        {{Opcode::Fence, Semantics::SequentiallyConsistent, true},
                         {Opcode::Atomic, Semantics::Acquire, true}}});
  }
  CHECK(broken.rows.size() == base.rows.size());
  for (const ExpectedMappingRow& row : figure11()) {
    if (!((row.construct == CConstruct::ReadModifyWrite || row.construct == CConstruct::CompareExchange) &&
          row.order == Semantics::SequentiallyConsistent)) {
      requireRow(broken, row);
    }
  }
  requireRow(builtinMapping("release-as-relaxed"),
             {CConstruct::Store, Semantics::Release, {{Opcode::Store, Semantics::Relaxed, true}}});
  requireRow(
      builtinMapping("seed001-trailing-fence"),
      {CConstruct::Load,
       Semantics::SequentiallyConsistent,
       {{Opcode::Load, Semantics::Acquire, true}, {Opcode::Fence, Semantics::SequentiallyConsistent, true}}});
}

TEST_CASE("every built-in mapping reads and covers every construct at every order C gives it", "[compile]") {
  for (const std::string_view name : opcheck::compile::builtinMappingNames()) {
    INFO(name);
    // 4 load, 4 store, 5 rmw, 5 cas and 4 fence orders.
    CHECK(builtinMapping(std::string(name)).rows.size() == 22);
  }
}

TEST_CASE("every committed bad mapping file is refused at the position expected.tsv gives", "[compile]") {
  const std::vector<opcheck::testing::ExpectedError> rows =
      opcheck::testing::readExpectedErrors(kBadMappings / "expected.tsv");
  std::size_t files = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(kBadMappings)) {
    files += entry.path().extension() == ".map" ? 1 : 0;
  }
  CHECK(files == rows.size());
  for (const opcheck::testing::ExpectedError& row : rows) {
    DYNAMIC_SECTION(row.file) {
      const fs::path file = kBadMappings / row.file;
      const std::string prefix =
          file.string() + ":" + std::to_string(row.line) + ":" + std::to_string(row.column) + ": error: ";
      try {
        (void)findMapping(file.string());
        FAIL("no error");
      } catch (const opcheck::litmus::InputError& error) {
        CHECK_THAT(error.what(),
                   Catch::Matchers::StartsWith(prefix) && Catch::Matchers::Contains(row.message));
      }
      // The command line: one error line, exit status 2, nothing printed.
      const opcheck::testing::CommandResult result = opcheck::testing::runOpcheck(
          {"compile", "--mapping", file.string(), (kCTests / "MP+rel+acq.litmus").string()});
      CHECK(result.exitStatus == 2);
      CHECK(result.standardOutput.empty());
      CHECK_THAT(result.standardError, Catch::Matchers::StartsWith(prefix));
    }
  }
}

TEST_CASE("an unknown mapping name is a usage error that lists the mappings", "[compile]") {
  const opcheck::testing::CommandResult result = opcheck::testing::runOpcheck(
      {"compile", "--mapping", "no-such-mapping", (kCTests / "MP+rel+acq.litmus").string()});
  CHECK(result.exitStatus == 2);
  CHECK_THAT(result.standardError, Catch::Matchers::Contains("seed001"));
}

TEST_CASE("compiling keeps the threads and their placement and the locations and registers and condition",
          "[compile]") {
  const opcheck::litmus::Test c = readCTest("MP+rel+acq+block-scope-two-ctas.litmus");
  const opcheck::litmus::Test ptx = compileTest(c, "MP.litmus", builtinMapping("seed001")).test;
  // Fig. 11 applied by hand to the C test: relaxed and release stores,
  // acquire and relaxed loads, each at .cta (thread_scope_block).
  const opcheck::litmus::Test expected = opcheck::parser::readLitmusText(
      "PTX MP+rel+acq+block-scope-two-ctas\n"
      "{\nx=0;\ny=0;\n}\n"
      " P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;\n"
      " st.relaxed.cta x, 1 | ld.acquire.cta r0, y ;\n"
      " st.release.cta y, 1 | ld.relaxed.cta r1, x ;\n"
      "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n",
      "expected.litmus");
  CHECK(ptx.dialect == opcheck::litmus::Dialect::Ptx);
  CHECK(ptx.locations == expected.locations);
  CHECK(ptx.condition == expected.condition);
  REQUIRE(ptx.threads.size() == expected.threads.size());
  for (std::size_t thread = 0; thread < ptx.threads.size(); ++thread) {
    CHECK(ptx.threads[thread].instructions == expected.threads[thread].instructions);
    CHECK(ptx.threads[thread].placement == expected.threads[thread].placement);
    for (std::size_t reg = 0; reg < expected.threads[thread].registers.size(); ++reg) {
      CHECK(ptx.threads[thread].registers[reg].name == expected.threads[thread].registers[reg].name);
    }
  }
}

TEST_CASE("every catalogue C test compiles with every built-in mapping to a PTX test that reads back equal",
          "[compile]") {
  for (const std::string_view name : opcheck::compile::builtinMappingNames()) {
    const Mapping mapping = builtinMapping(std::string(name));
    for (const fs::directory_entry& entry : fs::directory_iterator(kCTests)) {
      INFO(name << " " << entry.path().filename().string());
      const opcheck::litmus::Test c = opcheck::parser::readLitmusFile(entry.path());
      const opcheck::litmus::Test ptx = compileTest(c, entry.path().string(), mapping).test;
      const std::string text = opcheck::litmus::printCanonical(ptx);
      CHECK(opcheck::parser::readLitmusText(text, "compiled.litmus") == ptx);
    }
  }
}

TEST_CASE("a mapping's fences belong to their C access and labels move with their instructions",
          "[compile]") {
  const opcheck::litmus::Test c = readCTest("Fig12-ISA2-sc-rmw.litmus");
  const opcheck::compile::CompiledTest compiled = compileTest(c, "Fig12.litmus", builtinMapping("seed001"));
  // P1: the exchange (C instruction 0) becomes fence.sc; atom.acq_rel, so
  // every later instruction moves one down, and so does the label after the
  // if's block.
  const opcheck::litmus::Thread& before = c.threads[1];
  const opcheck::litmus::Thread& after = compiled.test.threads[1];
  REQUIRE(after.instructions.size() == before.instructions.size() + 1);
  CHECK(after.instructions[0].opcode == Opcode::Fence);
  CHECK(after.instructions[0].scope == Scope::System);
  CHECK(after.instructions[1].opcode == Opcode::Atomic);
  CHECK(after.instructions[1].operation == opcheck::litmus::Operation::Exchange);
  CHECK(compiled.origins[1][0] == 0);
  CHECK(compiled.origins[1][1] == 0);
  CHECK(compiled.origins[1][2] == 1);
  REQUIRE(after.labels.size() == before.labels.size());
  for (std::size_t label = 0; label < after.labels.size(); ++label) {
    CHECK(after.labels[label].target == before.labels[label].target + 1);
  }
}

TEST_CASE("<sco> is the C access's scope and cta-scopes puts every access at .cta", "[compile]") {
  const opcheck::litmus::Test c = readCTest("MP+rel+acq+device-scope-two-ctas.litmus");
  const opcheck::litmus::Test seed = compileTest(c, "MP.litmus", builtinMapping("seed001")).test;
  const opcheck::litmus::Test cta = compileTest(c, "MP.litmus", builtinMapping("cta-scopes")).test;
  for (std::size_t thread = 0; thread < 2; ++thread) {
    for (std::size_t at = 0; at < 2; ++at) {
      CHECK(seed.threads[thread].instructions[at].scope == Scope::Gpu);  // thread_scope_device
      CHECK(cta.threads[thread].instructions[at].scope == Scope::Cta);
    }
  }
}

TEST_CASE("a construct the mapping has no row for is an error at the C instruction", "[compile]") {
  const Mapping loadsOnly = readMappingText("load acq -> ld.acquire.<sco>\n", "loads-only", "loads-only.map");
  const opcheck::litmus::Test c = readCTest("MP+rel+acq.litmus");
  try {
    (void)compileTest(c, "MP.litmus", loadsOnly);
    FAIL("no error");
  } catch (const opcheck::litmus::InputError& error) {
    // P0's first instruction, atomic_store_explicit(x, 1, memory_order_relaxed), line 6 column 3.
    CHECK_THAT(error.what(),
               Catch::Matchers::StartsWith("MP.litmus:6:3: error: mapping loads-only has no row "
                                           "for 'store rlx'"));
  }
}

TEST_CASE("compile reads C tests only", "[compile]") {
  const opcheck::litmus::Test ptx = opcheck::parser::readLitmusFile(
      fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "seed001" / "Fig5-MP-release-acquire.litmus");
  CHECK_THROWS_AS(compileTest(ptx, "Fig5.litmus", builtinMapping("seed001")), opcheck::litmus::InputError);
}

TEST_CASE("opcheck compile prints a PTX test that opcheck parse reads or writes it into a directory",
          "[compile]") {
  const std::string file = (kCTests / "MP+rel+acq.litmus").string();
  const opcheck::testing::CommandResult printed =
      opcheck::testing::runOpcheck({"compile", file, "--mapping", "seed001"});
  REQUIRE(printed.exitStatus == 0);
  const opcheck::litmus::Test read =
      opcheck::parser::readLitmusText(printed.standardOutput, "printed.litmus");
  CHECK(read.dialect == opcheck::litmus::Dialect::Ptx);
  CHECK(read == compileTest(readCTest("MP+rel+acq.litmus"), file, builtinMapping("seed001")).test);

  const fs::path directory = fs::temp_directory_path() / ("opcheck-compile-" + std::to_string(::getpid()));
  const opcheck::testing::CommandResult written =
      opcheck::testing::runOpcheck({"compile", file, "--mapping", "seed001", "-o", directory.string()});
  CHECK(written.exitStatus == 0);
  CHECK(written.standardOutput.empty());
  CHECK(opcheck::testing::readFile(directory / "MP+rel+acq.litmus") == printed.standardOutput);
  fs::remove_all(directory);
}

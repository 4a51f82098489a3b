// ptx75, PTX 7.5's mixed-proxy model (axiomcheck/ProxyCausality.h): the
// proxy fences are what orders accesses of different proxies or aliases
// (PTX ISA 9.1 8.6: "A proxy fence is required to synchronize memory
// operations across different proxies"). Each test below is a dat3m-ptx
// Manual/proxy test (forbidden by Dat3M's 7.5 model, checked in
// axiomatic_conformance_test.cpp) with its fence taken away or made wrong:
// the stale value is then allowed. The meaning of each test's accesses
// (litmus/Proxies.h) is checked first.
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/ForwardingModel.h"
#include "axiomcheck/Models.h"
#include "axiomcheck/PtxRelations.h"
#include "axiomcheck/RaceCheck.h"
#include "litmus/Diagnostic.h"
#include "litmus/Proxies.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

using namespace opcheck;

namespace {

constexpr const char* kSurfaceThenGeneric = R"(PTX surface-generic
{
x = 0;
s @ surface aliases x;
a @ generic aliases x;
}
 P0@cta 0,gpu 0       ;
 sust.weak s, 1       ;
 FENCE                ;
 ld.weak r0, x        ;
exists (P0:r0 == 0)
)";

std::string withFence(const std::string& fence) {
  std::string text = kSurfaceThenGeneric;
  return text.replace(text.find("FENCE"), 5, fence);
}

bool staleValueAllowed(const std::string& text) {
  const litmus::Test test = parser::readLitmusText(text, "t.litmus");
  const litmus::Outcome outcome = axiomcheck::checkTest(test, axiomcheck::ptxModel(), {}, "t.litmus");
  return outcome.positive > 0;  // an execution where r0 == 0
}

}  // namespace

TEST_CASE("an access's proxy comes from its instruction and an alias's address from its declaration",
          "[litmus][ptx75]") {
  const litmus::Test test = parser::readLitmusText(withFence("fence.proxy.surface"), "t.litmus");
  const litmus::LocationId x = *test.findLocation("x");
  const litmus::LocationId s = *test.findLocation("s");
  const litmus::LocationId a = *test.findLocation("a");
  CHECK(litmus::proxyOf(test.threads[0].instructions[0]) == litmus::Proxy::Surface);  // sust
  CHECK(litmus::proxyOf(test.threads[0].instructions[1]) == litmus::Proxy::Surface);  // fence.proxy.surface
  CHECK(litmus::proxyOf(test.threads[0].instructions[2]) == litmus::Proxy::Generic);  // ld
  // Every name reaches x's memory; a generic alias is another virtual
  // address (PTX ISA 9.1 8.2.2), a surface view is x's (the cat's vloc).
  CHECK(litmus::physicalLocation(test, s) == x);
  CHECK(litmus::physicalLocation(test, a) == x);
  CHECK(litmus::virtualAddress(test, s) == x);
  CHECK(litmus::virtualAddress(test, a) == a);
  CHECK(litmus::usesMixedProxies(test));
}

TEST_CASE("ptx75 orders a surface write before a generic read only through a surface proxy fence",
          "[axiomatic][ptx75]") {
  CHECK_FALSE(staleValueAllowed(withFence("fence.proxy.surface")));
  CHECK(staleValueAllowed(withFence("fence.proxy.constant")));  // the wrong proxy
  CHECK(staleValueAllowed(withFence("fence.proxy.alias")));
  CHECK(staleValueAllowed(withFence("fence.sc.cta")));  // not a proxy fence
}

TEST_CASE("ptx75 orders accesses through two aliases only through an alias proxy fence",
          "[axiomatic][ptx75]") {
  std::string text = withFence("FENCE");
  text.replace(text.find("sust.weak s"), 11, "st.weak a  ");
  const auto with = [&](const std::string& fence) {
    std::string variant = text;
    return variant.replace(variant.find("FENCE"), 5, fence);
  };
  CHECK_FALSE(staleValueAllowed(with("fence.proxy.alias")));
  CHECK(staleValueAllowed(with("fence.sc.cta")));
  CHECK(staleValueAllowed(with("fence.proxy.surface")));
}

TEST_CASE("opcheck races refuses a mixed-proxy test by name", "[races][ptx75]") {
  const litmus::Test test = parser::readLitmusText(withFence("fence.proxy.surface"), "t.litmus");
  CHECK_THROWS_WITH(axiomcheck::checkRaces(test, axiomcheck::ptxModel(), {}, "t.litmus", false),
                    Catch::Contains("opcheck races does not support 'sust"));
}

TEST_CASE("ptx75 orders a thread's writes through two proxies only through a proxy fence",
          "[axiomatic][ptx75]") {
  // Coherence (PTX ISA 9.1 8.10.1) orders writes that cause orders; program
  // order alone orders only morally strong ones (same proxy, 8.7).
  const auto lastIsSurfaceWrite = [](const std::string& between) {
    const std::string text = R"(PTX two-proxy-writes
{
x = 0;
s @ surface aliases x;
}
 P0@cta 0,gpu 0 ;
 sust.weak s, 1 ;
 )" + between + R"( ;
 st.weak x, 2   ;
exists (x == 1)
)";
    return staleValueAllowed(text);
  };
  CHECK(lastIsSurfaceWrite("fence.sc.cta"));
  CHECK_FALSE(lastIsSurfaceWrite("fence.proxy.surface"));
}

namespace {

// ptx60's and ptx75's causality orders of each complete candidate a model
// reports, compared; the check of axiomcheck/Ptx.cpp causeOf's argument.
struct CausalityComparison {
  std::uint64_t candidates = 0;
  std::uint64_t differing = 0;       // candidates where the two differ at all
  std::uint64_t only75 = 0;          // candidates with a pair in ptx75's cause only
  std::uint64_t differOnAxioms = 0;  // candidates where they differ on a pair the axioms read
};

class CausalityComparingSink final : public axiomcheck::CandidateSink {
 public:
  CausalityComparingSink(axiomcheck::CandidateSink& inner, CausalityComparison& comparison)
      : inner_(inner), comparison_(comparison) {}

  void accept(const axiomcheck::Execution& x) override {
    using axiomcheck::Relation;
    const Relation cause60 = axiomcheck::ptxRelations(x, axiomcheck::PtxVersion::Ptx60).cause;
    const Relation cause75 = axiomcheck::ptxRelations(x, axiomcheck::PtxVersion::Ptx75).cause;
    // The pairs Ptx.cpp's axioms and co read: one location (the diagonal
    // included), or a fence, barrier or initial write at an end.
    const axiomcheck::EventSet accesses = x.memory() & ~x.initialWrites;
    const axiomcheck::EventSet all = axiomcheck::firstEvents(x.size);
    const Relation read = x.sameLocation | Relation::identity(x.size, all) |
                          Relation::product(x.size, all & ~accesses, all) |
                          Relation::product(x.size, all, all & ~accesses);
    ++comparison_.candidates;
    comparison_.differing += cause60 == cause75 ? 0 : 1;
    comparison_.only75 += (cause75 - cause60).empty() ? 0 : 1;
    comparison_.differOnAxioms += (cause60 & read) == (cause75 & read) ? 0 : 1;
    inner_.accept(x);
  }
  void reject(std::size_t axiom) override { inner_.reject(axiom); }

 private:
  axiomcheck::CandidateSink& inner_;
  CausalityComparison& comparison_;
};

class CausalityComparingModel final : public axiomcheck::ForwardingModel {
 public:
  CausalityComparingModel(const axiomcheck::AxiomaticModel& model, CausalityComparison& comparison)
      : ForwardingModel(model), comparison_(comparison) {}
  void completeAndCheck(axiomcheck::Execution& x, axiomcheck::CandidateSink& sink) const override {
    CausalityComparingSink comparing(sink, comparison_);
    model().completeAndCheck(x, comparing);
  }

 private:
  CausalityComparison& comparison_;
};

}  // namespace

TEST_CASE("without proxies, ptx75's causality order is ptx60's on every pair the axioms read",
          "[ptx75][corpus]") {
  // axiomcheck/Ptx.cpp causeOf: on a test without mixed proxies ptx75 takes
  // ptx60's cause, as the two agree on every pair of accesses to one
  // location and every pair with a fence, barrier or initial write at an
  // end (and ptx75's holds nothing more). Every axiom is skipped so that
  // every candidate is complete and compared, also those an axiom rejects
  // (a value cycle is still rejected: it has no values).
  const auto corpora = testing::corporaDirectory();
  if (!corpora) {
    WARN("skipped: ../shared/corpora is absent (set OPCHECK_CORPORA to point at it)");
    return;
  }
  const axiomcheck::AxiomMask everyAxiom =
      (axiomcheck::AxiomMask{1} << axiomcheck::ptx75Model().axioms().size()) - 1;
  const axiomcheck::AxiomaticModel& everyCandidate = axiomcheck::ptx75Model().skipping(everyAxiom);
  axiomcheck::CheckOptions options;
  options.maxCandidates = 20'000;  // a bound on each test, whose axioms prune nothing
  CausalityComparison comparison;
  const CausalityComparingModel comparing(everyCandidate, comparison);
  std::size_t tests = 0;
  for (const std::filesystem::path& file : testing::corpusAndCatalogueFilesExceptT3(*corpora)) {
    const litmus::Test test = parser::readLitmusFile(file);
    if (litmus::usesMixedProxies(test)) {
      continue;
    }
    ++tests;
    const std::uint64_t before = comparison.differOnAxioms + comparison.only75;
    try {
      axiomcheck::checkTest(test, comparing, options, file.string());
    } catch (const litmus::InputError&) {
      continue;  // refused (a test too large): nothing compared
    }
    INFO(file.string());
    CHECK(comparison.differOnAxioms + comparison.only75 == before);
  }
  INFO(tests << " tests, " << comparison.candidates << " candidates, " << comparison.differing
             << " where the two causality orders differ off the pairs the axioms read");
  CHECK(tests > 2800);
  CHECK(comparison.candidates > 70'000);
  CHECK(comparison.differOnAxioms == 0);
  CHECK(comparison.only75 == 0);
  // The restriction is real: on some candidates ptx60's cause relates
  // accesses to different locations, which ptx75's (PTX ISA 9.1 8.9.5) does not.
  CHECK(comparison.differing > 0);
}

TEST_CASE("rmo, sc and ptx60 refuse a virtual alias at the line and column that declares it",
          "[axiomatic][ptx75]") {
  // Only ptx75 models aliases (PTX ISA 9.1 8.2.2); the others refuse the
  // test where the alias is written, as bad input is (docs/architecture.md "Bad input").
  const litmus::Test test = parser::readLitmusText(R"(PTX alias-only
{
x = 0;
  y @ generic aliases x;
}
 P0@cta 0,gpu 0 ;
 st.weak x, 1   ;
 ld.weak r0, y  ;
exists (P0:r0 == 0)
)",
                                                   "t.litmus");
  for (const axiomcheck::AxiomaticModel* model :
       {&axiomcheck::rmoModel(), &axiomcheck::scModel(), &axiomcheck::ptx60Model()}) {
    INFO(model->name());
    CHECK_THROWS_WITH(axiomcheck::checkTest(test, *model, {}, "t.litmus"),
                      Catch::StartsWith("t.litmus:4:3: error:") && Catch::Contains("an alias of x"));
  }
}

// The asynchronous operations (litmus/AsyncOperations.h) are ptx75's: the
// models of the generic proxy alone refuse a bulk copy at the instruction
// (exit 2); ptx-op runs it on its copy engine (opsem_copy_engine_test.cpp).
TEST_CASE("the models without the async proxy refuse bulk copies at the instruction", "[ptx75][async]") {
  const std::string file =
      (std::filesystem::path(OPCHECK_SOURCE_DIR) / "catalogue" / "async" / "TMA-store+st.litmus").string();
  for (const char* model : {"ptx60", "rmo", "sc"}) {
    INFO(model);
    const testing::CommandResult result = testing::runOpcheck({file, "--model", model});
    CHECK(result.exitStatus == 2);
    // The copy is the second instruction of P0, line 15 of the file.
    CHECK(result.standardError.find(file + ":15:2: error: ") != std::string::npos);
    CHECK(result.standardError.find("an asynchronous operation") != std::string::npos);
  }
  const testing::CommandResult ptx = testing::runOpcheck({file, "--model", "ptx"});
  CHECK(ptx.exitStatus == 0);
  CHECK(ptx.standardOutput.find("Observation TMA-store+st Sometimes") != std::string::npos);
}

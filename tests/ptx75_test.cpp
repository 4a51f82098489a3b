// ptx75, PTX 7.5's mixed-proxy model (axiomcheck/ProxyCausality.h): the
// proxy fences are what orders accesses of different proxies or aliases
// (PTX ISA 9.1 8.6: "A proxy fence is required to synchronize memory
// operations across different proxies"). Each test below is a dat3m-ptx
// Manual/proxy test (forbidden by Dat3M's 7.5 model, checked in
// axiomatic_conformance_test.cpp) with its fence taken away or made wrong:
// the stale value is then allowed. The meaning of each test's accesses
// (litmus/Proxies.h) is checked first.
#include <catch2/catch.hpp>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/Models.h"
#include "axiomcheck/RaceCheck.h"
#include "litmus/Diagnostic.h"
#include "litmus/Proxies.h"
#include "parser/LitmusReader.h"

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

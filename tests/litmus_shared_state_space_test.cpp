// litmus/SharedStateSpace: which shared window a test's instructions put each
// location in (docs/dialects.md "Shared state space"). Expectations come
// from the state spaces the instructions name (PTX ISA 9.1 9.7.9.25.4.1: a
// copy names its destination's state space, then its source's; .shared is
// .shared::cta, 9.7.13.15.9) and the threads' placement, not from the code.
#include <catch2/catch.hpp>
#include <string>

#include "litmus/SharedStateSpace.h"
#include "parser/LitmusReader.h"

using namespace opcheck;
using litmus::SharedHome;
using litmus::StateSpace;

namespace {

// A test of two threads, P0 in CTA 0 and P1 in CTA 1 of cluster 0, running
// ROWS ("P0 code | P1 code ;" lines) over locations g, s, d, b.
litmus::Test twoCtas(const std::string& rows) {
  return parser::readLitmusText(
      "PTX S\n{ g=0; s=0; d=0; b=0; }\n P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;\n" + rows +
          "exists (g == 0)\n",
      "shared.litmus");
}

SharedHome homeOf(const litmus::Test& test, const std::string& name) {
  const auto homes = litmus::sharedHomes(test);
  for (std::size_t index = 0; index < test.locations.size(); ++index) {
    if (test.locations[index].name == name) {
      return homes[index];
    }
  }
  FAIL("no location " << name);
  return {};
}

}  // namespace

TEST_CASE("a bulk copy puts its .shared::cta source in its CTA's window and its .global destination in none",
          "[shared-state-space]") {
  const litmus::Test test = twoCtas(" cp.async.bulk.global.shared::cta.bulk_group g, s, 16 | ;\n");
  const SharedHome s = homeOf(test, "s");
  CHECK(s.cta == 0);
  CHECK(s.cluster == 0);
  const SharedHome g = homeOf(test, "g");
  CHECK(g.cta == SharedHome::kNone);
  CHECK(g.cluster == SharedHome::kNone);
  // P0 sees s in its .shared::cta window; P1, in CTA 1, does not, but sees it
  // in the .shared::cluster window of their common cluster.
  CHECK(litmus::inSharedWindow(s, StateSpace::SharedCta, test.threads[0].placement));
  CHECK_FALSE(litmus::inSharedWindow(s, StateSpace::SharedCta, test.threads[1].placement));
  CHECK(litmus::inSharedWindow(s, StateSpace::SharedCluster, test.threads[1].placement));
  CHECK_FALSE(litmus::inSharedWindow(g, StateSpace::SharedCluster, test.threads[0].placement));
}

TEST_CASE("a .shared::cluster destination is in the cluster's window and in no CTA's",
          "[shared-state-space]") {
  const litmus::Test test =
      twoCtas(" cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes d, s, 16, b | ;\n");
  const SharedHome d = homeOf(test, "d");
  CHECK(d.cta == SharedHome::kNone);
  CHECK(d.cluster == 0);
  // The copy's mbarrier operand names no state space.
  CHECK(homeOf(test, "b").cluster == SharedHome::kNone);
}

TEST_CASE("a location two CTAs name as their .shared is in no CTA's window", "[shared-state-space]") {
  const litmus::Test test = twoCtas(" mbarrier.init.shared.b64 b, 1 | mbarrier.init.shared.b64 b, 1 ;\n");
  const SharedHome b = homeOf(test, "b");
  CHECK(b.cta == SharedHome::kNone);
  CHECK(b.cluster == 0);  // both CTAs are in cluster 0
}

TEST_CASE("a location named .global only is global, and one named .global and .shared is in no state space",
          "[shared-state-space]") {
  // g: the copy's .global destination; d: ld.global by P1 and ld.shared by
  // P0; s: the copy's .shared::cta source; b: named by nothing.
  const litmus::Test test = twoCtas(
      " cp.async.bulk.global.shared::cta.bulk_group g, s, 16 | ld.global.u32 r1, d ;\n"
      " ld.shared.u32 r2, d | ;\n");
  const litmus::ThreadPlacement& p0 = test.threads[0].placement;
  CHECK(litmus::inStateSpace(homeOf(test, "g"), StateSpace::Global, p0));
  CHECK_FALSE(litmus::inStateSpace(homeOf(test, "g"), StateSpace::SharedCta, p0));
  CHECK_FALSE(litmus::inStateSpace(homeOf(test, "s"), StateSpace::Global, p0));
  CHECK(litmus::inStateSpace(homeOf(test, "s"), StateSpace::SharedCta, p0));
  const SharedHome d = homeOf(test, "d");
  CHECK_FALSE(d.global);
  CHECK(d.cta == SharedHome::kNone);
  CHECK(d.cluster == SharedHome::kNone);
  CHECK_FALSE(litmus::inStateSpace(homeOf(test, "b"), StateSpace::Global, p0));
}

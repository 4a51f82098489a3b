// axiomcheck: the relation algebra, symbolic values, and for every axiom of
// every model a small execution that breaks that axiom alone (or, where the
// model makes that impossible, with exactly the axioms that must go with it).
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/Execution.h"
#include "axiomcheck/Expression.h"
#include "axiomcheck/IgnoredQualifiers.h"
#include "axiomcheck/Models.h"
#include "axiomcheck/Orientations.h"
#include "axiomcheck/Relation.h"
#include "axiomcheck/ThreadPaths.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

using namespace opcheck;
using namespace opcheck::axiomcheck;
namespace fs = std::filesystem;

namespace {

// The obvious implementation the bit matrices are checked against.
using Pairs = std::set<std::pair<unsigned, unsigned>>;

Pairs pairsOf(const Relation& relation) {
  Pairs pairs;
  for (unsigned a = 0; a < relation.size(); ++a) {
    for (unsigned b = 0; b < relation.size(); ++b) {
      if (relation.contains(a, b)) {
        pairs.emplace(a, b);
      }
    }
  }
  return pairs;
}

Relation randomRelation(std::mt19937_64& random, unsigned size, unsigned percent) {
  Relation relation(size);
  std::uniform_int_distribution<unsigned> dice(0, 99);
  for (unsigned a = 0; a < size; ++a) {
    for (unsigned b = 0; b < size; ++b) {
      if (dice(random) < percent) {
        relation.add(a, b);
      }
    }
  }
  return relation;
}

Pairs naiveCompose(const Pairs& left, const Pairs& right) {
  Pairs result;
  for (const auto& [a, b] : left) {
    for (const auto& [c, d] : right) {
      if (b == c) {
        result.emplace(a, d);
      }
    }
  }
  return result;
}

Pairs naiveClosure(Pairs pairs) {
  while (true) {
    Pairs next = pairs;
    for (const auto& pair : naiveCompose(pairs, pairs)) {
      next.insert(pair);
    }
    if (next == pairs) {
      return pairs;
    }
    pairs = next;
  }
}

}  // namespace

TEST_CASE("relation algebra agrees with a set-of-pairs implementation on random relations", "[axiomcheck]") {
  std::mt19937_64 random(20240611);
  for (unsigned size : {1U, 2U, 5U, 13U, 31U, 63U, 64U}) {
    for (unsigned percent : {2U, 10U, 40U}) {
      const Relation r = randomRelation(random, size, percent);
      const Relation s = randomRelation(random, size, percent);
      const Pairs pr = pairsOf(r);
      const Pairs ps = pairsOf(s);
      INFO("size " << size << ", density " << percent << "%");

      Pairs unionPairs = pr;
      unionPairs.insert(ps.begin(), ps.end());
      CHECK(pairsOf(r | s) == unionPairs);
      Pairs intersection;
      Pairs difference;
      for (const auto& pair : pr) {
        (ps.count(pair) ? intersection : difference).insert(pair);
      }
      CHECK(pairsOf(r & s) == intersection);
      CHECK(pairsOf(r - s) == difference);

      Pairs inverse;
      for (const auto& [a, b] : pr) {
        inverse.emplace(b, a);
      }
      CHECK(pairsOf(r.inverse()) == inverse);
      CHECK(pairsOf(r.then(s)) == naiveCompose(pr, ps));
      const Pairs closure = naiveClosure(pr);
      CHECK(pairsOf(r.closure()) == closure);

      Pairs optional = pr;
      for (unsigned e = 0; e < size; ++e) {
        optional.emplace(e, e);
      }
      CHECK(pairsOf(r.optional()) == optional);

      const bool reflexivePair =
          std::any_of(pr.begin(), pr.end(), [](const auto& p) { return p.first == p.second; });
      CHECK(r.irreflexive() == !reflexivePair);
      const bool cyclic =
          std::any_of(closure.begin(), closure.end(), [](const auto& p) { return p.first == p.second; });
      CHECK(r.acyclic() == !cyclic);
      CHECK(r.empty() == pr.empty());

      const EventSet from = random() & firstEvents(size);
      const EventSet to = random() & firstEvents(size);
      Pairs restricted;
      for (const auto& [a, b] : pr) {
        if (contains(from, a) && contains(to, b)) {
          restricted.emplace(a, b);
        }
      }
      CHECK(pairsOf(r.restricted(from, to)) == restricted);

      EventSet domain = 0;
      EventSet range = 0;
      EventSet predecessorsOfLast = 0;
      for (const auto& [a, b] : pr) {
        domain |= eventBit(a);
        range |= eventBit(b);
        if (b == size - 1) {
          predecessorsOfLast |= eventBit(a);
        }
      }
      CHECK(r.domain() == domain);
      CHECK(r.range() == range);
      CHECK(r.predecessors(size - 1) == predecessorsOfLast);
    }
  }
}

TEST_CASE("relation algebra: identity, product, chains and cycles, the 64th event", "[axiomcheck]") {
  Relation chain(64);
  for (unsigned e = 0; e + 1 < 64; ++e) {
    chain.add(e, e + 1);
  }
  CHECK(chain.acyclic());
  CHECK(chain.irreflexive());
  const Relation closed = chain.closure();
  CHECK(closed.contains(0, 63));
  CHECK(!closed.contains(63, 0));
  CHECK(closed.successors(0) == (firstEvents(64) & ~eventBit(0)));

  Relation cycle = chain;
  cycle.add(63, 0);
  CHECK(!cycle.acyclic());
  CHECK(cycle.irreflexive());  // a cycle, but no event related to itself
  CHECK(!cycle.closure().irreflexive());

  const Relation id = Relation::identity(8, 0b1010);
  CHECK(pairsOf(id) == Pairs{{1, 1}, {3, 3}});
  const Relation product = Relation::product(8, 0b11, 0b100);
  CHECK(pairsOf(product) == Pairs{{0, 2}, {1, 2}});
  CHECK(pairsOf(product.then(Relation::product(8, 0b100, 0b1000))) == Pairs{{0, 3}, {1, 3}});
  CHECK(Relation(5).acyclic());
  CHECK(Relation(5).empty());
  CHECK(Relation(0).acyclic());
}

TEST_CASE("orientations enumerate each partial order ordering the pairs once", "[axiomcheck]") {
  // Three events, all pairs to order: the 3! total orders.
  const std::vector<EventPair> pairs = {{0, 1}, {0, 2}, {1, 2}};
  std::vector<Pairs> seen;
  CHECK(
      forEachOrientation(Relation(3), pairs, [&](const Relation& order) { seen.push_back(pairsOf(order)); }));
  CHECK(seen.size() == 6);
  CHECK(std::set<Pairs>(seen.begin(), seen.end()).size() == 6);

  // Only 0-1 and 1-2 must be ordered: 0 and 2 are ordered only through 1.
  seen.clear();
  forEachOrientation(Relation(3), {{0, 1}, {1, 2}},
                     [&](const Relation& order) { seen.push_back(pairsOf(order)); });
  CHECK(seen.size() == 4);
  CHECK(std::count(seen.begin(), seen.end(), Pairs{{0, 1}, {1, 2}, {0, 2}}) == 1);
  CHECK(std::count(seen.begin(), seen.end(), Pairs{{1, 0}, {1, 2}}) == 1);

  Relation cyclic(2);
  cyclic.add(0, 1);
  cyclic.add(1, 0);
  CHECK(!forEachOrientation(cyclic, {}, [](const Relation&) {}));
}

TEST_CASE("symbolic values fold constants and evaluate once their loads have values", "[axiomcheck]") {
  using litmus::DataType;
  using litmus::Operation;
  ExpressionArena arena;
  const ExprId two = arena.integer(2);
  const ExprId three = arena.integer(3);
  const ExprId sum = arena.binary(Operation::Add, two, three, DataType::None);
  CHECK(arena.isConstant(sum));
  CHECK(arena[sum].constant == litmus::Value::ofInteger(5));

  const ExprId loaded = arena.load(4);
  const ExprId next = arena.binary(Operation::Add, loaded, arena.integer(1), DataType::S32);
  CHECK(!arena.isConstant(next));
  CHECK(arena.loads(next) == eventBit(4));
  CHECK(arena.evaluate(next, [](std::uint8_t) { return litmus::Value::ofInteger(41); }) ==
        litmus::Value::ofInteger(42));
  // The node keeps its type: .s32 arithmetic wraps at 32 bits.
  CHECK(arena.evaluate(next, [](std::uint8_t) { return litmus::Value::ofInteger(2147483647); }) ==
        litmus::Value::ofInteger(-2147483648));

  const ExprId equal = arena.comparison(litmus::Comparison::Equal, loaded, three, DataType::None);
  CHECK(arena.evaluate(equal, [](std::uint8_t) { return litmus::Value::ofInteger(3); }) ==
        litmus::Value::ofInteger(1));
}

TEST_CASE("a guard on a loaded value forks the path and a backward jump beyond the unroll bound cuts it",
          "[axiomcheck]") {
  const litmus::Test guarded = parser::readLitmusText(R"(GPU_PTX guard
{
0:.reg .s32 r0;
0:.reg .b64 r1 = x;
0:.reg .pred p0;
}
 P0                  ;
 ld.cg.s32 r0,[r1]   ;
 setp.eq.s32 p0,r0,1 ;
 @p0 st.cg.s32 [r1],2 ;
scopeTree (device (kernel (cta (warp P0))))
x: global
exists (0:r0=1)
)",
                                                      "guard.litmus");
  const ThreadPaths paths = enumeratePaths(guarded, 0, PathOptions{}, "guard.litmus");
  REQUIRE(paths.paths.size() == 2);
  std::vector<std::size_t> eventCounts;
  for (const ThreadPath& path : paths.paths) {
    eventCounts.push_back(path.events.size());
    REQUIRE(path.assumptions.size() == 1);
    if (path.events.size() == 2) {
      CHECK(path.events[1].control == eventBit(0));  // the store depends on the load through the guard
    }
  }
  std::sort(eventCounts.begin(), eventCounts.end());
  CHECK(eventCounts == std::vector<std::size_t>{1, 2});

  const litmus::Test loop = parser::readLitmusText(R"(PTX spin
{
x=0;
}
 P0@cta 0,gpu 0   ;
 LC00:            ;
 ld.weak r0, x    ;
 beq r0, 0, LC00  ;
exists (P0:r0 == 1)
)",
                                                   "spin.litmus");
  for (unsigned unroll : {0U, 1U, 2U, 5U}) {
    PathOptions options;
    options.unroll = unroll;
    const ThreadPaths spins = enumeratePaths(loop, 0, options, "spin.litmus");
    INFO("unroll " << unroll);
    CHECK(spins.boundCut);
    // The loop exits after 1, ..., unroll + 1 loads.
    CHECK(spins.paths.size() == unroll + 1);
  }
}

namespace {

// A candidate execution built by hand: one path per thread, rf and co set
// by the test.
class Candidate {
 public:
  explicit Candidate(const std::string& text, bool failedCasWrites = false) {
    test_ = parser::readLitmusText(text, "candidate.litmus");
    PathOptions options;
    options.failedCasWrites = failedCasWrites;
    for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
      paths_.push_back(enumeratePaths(test_, thread, options, "candidate.litmus"));
      REQUIRE(paths_.back().paths.size() == 1);
    }
    std::vector<const ThreadPath*> chosen;
    for (const ThreadPaths& set : paths_) {
      chosen.push_back(&set.paths.front());
    }
    buildExecution(x_, test_, chosen, "candidate.litmus");
  }

  // Event INDEX of THREAD (its path's events in program order).
  unsigned at(std::size_t thread, unsigned index) const { return x_.firstEvent[thread] + index; }
  unsigned initial(std::string_view location) const {
    return x_.initialWriteOf[*test_.findLocation(location)];
  }

  Candidate& readsFrom(unsigned write, unsigned read) {
    x_.rf.add(write, read);
    x_.source[read] = static_cast<std::uint8_t>(write);
    return *this;
  }
  // Reads not given a source read the initial value.
  Candidate& othersReadInitial() {
    forEachEvent(x_.reads, [&](unsigned read) {
      if (x_.rf.predecessors(read) == 0) {
        readsFrom(x_.initialWriteOf[x_.events[read].location], read);
      }
    });
    return *this;
  }
  // ORDER is a chain in co (closed transitively with what is there).
  Candidate& coherence(std::initializer_list<unsigned> order) {
    const std::vector<unsigned> chain(order);
    for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
      x_.co.add(chain[i], chain[i + 1]);
    }
    x_.co = x_.co.closure();
    return *this;
  }
  Candidate& fenceScOrder(unsigned first, unsigned second) {
    x_.fenceScOrder.add(first, second);
    return *this;
  }

  std::set<std::string> broken(const AxiomaticModel& model) const {
    std::set<std::string> names;
    for (std::size_t axiom : model.brokenAxioms(x_)) {
      names.insert(std::string(model.axioms()[axiom].name));
    }
    return names;
  }

 private:
  litmus::Test test_;
  std::vector<ThreadPaths> paths_;
  Execution x_;
};

using Names = std::set<std::string>;

const std::string kTwoAtomicAdds = R"(PTX two-adds
{
x=0;
}
 P0@cta 0,gpu 0                | P1@cta 1,gpu 0                ;
 atom.relaxed.gpu.add r0, x, 1 | atom.relaxed.gpu.add r1, x, 1 ;
exists (x == 1)
)";

}  // namespace

TEST_CASE("rmo names the .acquire, .release and barriers it reads as absent; ptx none", "[axiomcheck]") {
  // seed 000's RMO orders memory by membar and dependencies alone (Figs.
  // 15-16): release, acquire and bar.sync order nothing under it.
  const litmus::Test test = parser::readLitmusText(R"(PTX MP+rel+bar+acq
{
x=0;
y=0;
}
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0       ;
 st.weak x, 1        | bar.sync 0           ;
 bar.sync 0          | ld.acquire.gpu r1, y ;
 st.release.gpu y, 1 | ld.weak r2, x        ;
 fence.acq_rel.gpu   | membar.gl            ;
exists (P1:r1 == 1 /\ P1:r2 == 0)
)",
                                                   "ignored.litmus");
  const std::vector<std::string> expected = {"bar.sync", ".release", ".acq_rel", ".acquire"};
  CHECK(ignoredQualifiers(rmoModel(), test) == expected);
  CHECK(ignoredQualifiers(ptxModel(), test).empty());
  const litmus::Outcome outcome = checkTest(test, rmoModel(), CheckOptions{}, "ignored.litmus");
  CHECK(outcome.ignored == expected);
  CHECK(ignoredQualifiersNote(rmoModel(), expected, "ignored.litmus")
            .starts_with("ignored.litmus: note: model rmo ignores bar.sync, .release, .acq_rel, .acquire ("));
  CHECK(ignoredQualifiersNote(ptxModel(), ignoredQualifiers(ptxModel(), test), "ignored.litmus").empty());
}

TEST_CASE("sc: each axiom broken alone", "[axiomcheck]") {
  const AxiomaticModel& sc = scModel();
  SECTION("SC: store buffering, both loads read the initial values") {
    Candidate c(R"(PTX SB
{
x=0; y=0;
}
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 ld.weak r0, y  | ld.weak r1, x  ;
exists (P0:r0 == 0 /\ P1:r1 == 0)
)");
    c.othersReadInitial().coherence({c.initial("x"), c.at(0, 0)}).coherence({c.initial("y"), c.at(1, 0)});
    CHECK(c.broken(sc) == Names{"SC"});
  }
  SECTION("Atomicity: two atomic increments both read the initial value") {
    Candidate c(kTwoAtomicAdds);
    c.othersReadInitial().coherence({c.initial("x"), c.at(0, 1), c.at(1, 1)});
    CHECK(c.broken(sc) == Names{"Atomicity"});
  }
}

TEST_CASE("rmo: each axiom broken alone (no-thin-air only with sys-constraint)", "[axiomcheck]") {
  const AxiomaticModel& rmo = rmoModel();
  SECTION("Atomic: two atomic increments both read the initial value") {
    Candidate c(kTwoAtomicAdds, /*failedCasWrites=*/true);
    c.othersReadInitial().coherence({c.initial("x"), c.at(0, 1), c.at(1, 1)});
    CHECK(c.broken(rmo) == Names{"Atomicity"});
  }
  SECTION("sc-per-loc-llh: a load reads a value older than its thread's own store (CoWR)") {
    Candidate c(R"(PTX CoWR
{
x=0;
}
 P0@cta 0,gpu 0 ;
 st.weak x, 1   ;
 ld.weak r0, x  ;
exists (P0:r0 == 0)
)");
    c.othersReadInitial().coherence({c.initial("x"), c.at(0, 0)});
    CHECK(c.broken(rmo) == Names{"SC-per-Location-LLH"});
  }
  SECTION("no-thin-air: load buffering through data dependencies") {
    // Every rf ∪ dp cycle crosses threads through rfe, and dp | rfe is part
    // of rmo(sys-fence): in rmo, no-thin-air never breaks without
    // sys-constraint. On two devices, cta and gl stay whole.
    Candidate c(R"(PTX LB+datas
{
x=0; y=0;
}
 P0@cta 0,gpu 0 | P1@cta 1,gpu 1 ;
 ld.weak r0, x  | ld.weak r1, y  ;
 st.weak y, r0  | st.weak x, r1  ;
exists (P0:r0 == 1 /\ P1:r1 == 1)
)");
    c.readsFrom(c.at(1, 1), c.at(0, 0)).readsFrom(c.at(0, 1), c.at(1, 0));
    c.coherence({c.initial("x"), c.at(1, 1)}).coherence({c.initial("y"), c.at(0, 1)});
    CHECK(c.broken(rmo) == Names{"No-Thin-Air", "SYS-Constraint"});
    // --skip-axiom (herd's -skipcheck): the skipped axiom alone is left out.
    const AxiomaticModel& withoutSys =
        rmo.skipping(axiomMask(rmo, std::vector<std::string>{"sys-constraint"}));
    CHECK(withoutSys.name() == "rmo");
    CHECK(c.broken(withoutSys) == Names{"No-Thin-Air"});
    CHECK(&rmo.skipping(0) == &rmo);
  }
  const std::string mp = R"(PTX MP+membars
{
x=0; y=0;
}
 P0@PLACE0        | P1@PLACE1        ;
 st.weak x, 1     | ld.weak r0, y    ;
 fence.sc.SCOPE   | fence.sc.SCOPE   ;
 st.weak y, 1     | ld.weak r1, x    ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";
  auto messagePassing = [&](const std::string& scope, const std::string& place0, const std::string& place1) {
    std::string text = mp;
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{"SCOPE", scope}, {"PLACE0", place0}, {"PLACE1", place1}}) {
      for (std::size_t at; (at = text.find(from)) != std::string::npos;) {
        text.replace(at, from.size(), to);
      }
    }
    return text;
  };
  auto weakOutcome = [](Candidate& c) {
    c.readsFrom(c.at(0, 2), c.at(1, 0)).othersReadInitial();
    c.coherence({c.initial("x"), c.at(0, 0)}).coherence({c.initial("y"), c.at(0, 2)});
  };
  SECTION("cta-constraint: MP with membar.cta in one CTA") {
    Candidate c(messagePassing("cta", "cta 0,gpu 0", "cta 0,gpu 0"));
    weakOutcome(c);
    CHECK(c.broken(rmo) == Names{"CTA-Constraint"});
  }
  SECTION("gl-constraint: MP with membar.gl across CTAs of one GPU") {
    Candidate c(messagePassing("gpu", "cta 0,gpu 0", "cta 1,gpu 0"));
    weakOutcome(c);
    CHECK(c.broken(rmo) == Names{"GL-Constraint"});
  }
  SECTION("sys-constraint: MP with membar.sys across GPUs") {
    Candidate c(messagePassing("sys", "cta 0,gpu 0", "cta 1,gpu 1"));
    weakOutcome(c);
    CHECK(c.broken(rmo) == Names{"SYS-Constraint"});
  }
}

TEST_CASE("ptx: each axiom broken alone (Fence-SC's cycle only with Causality)", "[axiomcheck]") {
  const AxiomaticModel& ptx = ptxModel();
  const std::string releaseAcquire = R"(PTX MP+rel+acq
{
x=0; y=0;
}
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0        ;
 st.weak x, 1        | ld.acquire.gpu r0, y  ;
 st.release.gpu y, 1 | SECOND                ;
exists (P1:r0 == 1)
)";
  auto withSecond = [&](const std::string& second) {
    std::string text = releaseAcquire;
    text.replace(text.find("SECOND"), 6, second);
    return text;
  };
  SECTION("Coherence: a write caused by another is not after it in co") {
    // st x 1 -> release/acquire -> st x 2: cause orders the writes; co does not.
    Candidate c(withSecond("st.weak x, 2"));
    c.readsFrom(c.at(0, 1), c.at(1, 0));
    c.coherence({c.initial("x"), c.at(0, 0)}).coherence({c.initial("x"), c.at(1, 1)});
    c.coherence({c.initial("y"), c.at(0, 1)});
    CHECK(c.broken(ptx) == Names{"Coherence"});
  }
  SECTION("Causality: the message-passing load reads a value older than the caused one") {
    Candidate c(withSecond("ld.weak r1, x"));
    c.readsFrom(c.at(0, 1), c.at(1, 0)).othersReadInitial();
    c.coherence({c.initial("x"), c.at(0, 0)}).coherence({c.initial("y"), c.at(0, 1)});
    CHECK(c.broken(ptx) == Names{"Causality"});
  }
  SECTION("Atomicity: two morally strong atomic increments both read the initial value") {
    Candidate c(kTwoAtomicAdds);
    c.othersReadInitial().coherence({c.initial("x"), c.at(0, 1), c.at(1, 1)});
    CHECK(c.broken(ptx) == Names{"Atomicity"});
  }
  SECTION("No-Thin-Air: load buffering through data dependencies") {
    Candidate c(R"(PTX LB+datas
{
x=0; y=0;
}
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 ld.weak r0, x  | ld.weak r1, y  ;
 st.weak y, r0  | st.weak x, r1  ;
exists (P0:r0 == 1 /\ P1:r1 == 1)
)");
    c.readsFrom(c.at(1, 1), c.at(0, 0)).readsFrom(c.at(0, 1), c.at(1, 0));
    c.coherence({c.initial("x"), c.at(1, 1)}).coherence({c.initial("y"), c.at(0, 1)});
    CHECK(c.broken(ptx) == Names{"No-Thin-Air"});
  }
  SECTION("SC-per-Location: two stores of one thread in co against program order (CoWW)") {
    Candidate c(R"(PTX CoWW
{
x=0;
}
 P0@cta 0,gpu 0 ;
 st.weak x, 1   ;
 st.weak x, 2   ;
exists (x == 1)
)");
    c.coherence({c.initial("x"), c.at(0, 1), c.at(0, 0)});
    CHECK(c.broken(ptx) == Names{"SC-per-Location"});
  }
  const std::string storeBuffering = R"(PTX SB+fence.sc
{
x=0; y=0;
}
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 fence.sc.gpu   | fence.sc.gpu   ;
 ld.weak r0, y  | ld.weak r1, x  ;
exists (P0:r0 == 0 /\ P1:r1 == 0)
)";
  SECTION("Fence-SC: two morally strong fence.sc left unordered") {
    // In the Alloy reading sc is part of cause, so sc; cause reflexive
    // makes cause reflexive: the order's totality is the one part of
    // Fence-SC that can break alone (PTX ISA 9.1 8.9.3).
    Candidate c(storeBuffering);
    c.othersReadInitial().coherence({c.initial("x"), c.at(0, 0)}).coherence({c.initial("y"), c.at(1, 0)});
    CHECK(c.broken(ptx) == Names{"Fence-SC"});
  }
  SECTION("an ordered Fence-SC pair makes store buffering a Causality violation") {
    Candidate c(storeBuffering);
    c.othersReadInitial().coherence({c.initial("x"), c.at(0, 0)}).coherence({c.initial("y"), c.at(1, 0)});
    c.fenceScOrder(c.at(0, 1), c.at(1, 1));
    // F0 before F1: P1's load of x is caused by P0's store, yet reads 0.
    CHECK(c.broken(ptx) == Names{"Causality"});
  }
  SECTION("Fence-SC with Causality: the Fence-SC order against causality") {
    // F1 -> release/acquire -> F0 is cause, F0 -> F1 the Fence-SC order.
    Candidate c(R"(PTX fences+rel+acq
{
y=0;
}
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0      ;
 ld.acquire.gpu r0, y | fence.sc.gpu        ;
 fence.sc.gpu         | st.release.gpu y, 1 ;
exists (P0:r0 == 1)
)");
    c.readsFrom(c.at(1, 1), c.at(0, 0)).coherence({c.initial("y"), c.at(1, 1)});
    c.fenceScOrder(c.at(0, 1), c.at(1, 0));
    CHECK(c.broken(ptx) == Names{"Fence-SC", "Causality"});
  }
}

TEST_CASE("a candidate limit, a time limit or an interrupt stops the enumeration with a partial outcome",
          "[axiomcheck]") {
  const litmus::Test test = parser::readLitmusText(testing::manyCandidatesTest(), "many.litmus");
  axiomcheck::CheckOptions options;
  options.maxCandidates = 1000;
  const litmus::Outcome limited = axiomcheck::checkTest(test, axiomcheck::ptxModel(), options, "many.litmus");
  CHECK(limited.stopped == "max-candidates");
  CHECK(limited.candidates == 1000);
  REQUIRE_FALSE(limited.notes.empty());
  CHECK_THAT(limited.notes.back(), Catch::Matchers::Contains("--max-candidates"));

  options.maxCandidates = 0;
  options.deadline = statespace::Deadline::after(0.2);
  const litmus::Outcome timed = axiomcheck::checkTest(test, axiomcheck::rmoModel(), options, "many.litmus");
  CHECK(timed.stopped == "timeout");
  CHECK(timed.seconds < 2);

  const std::atomic<bool> interrupted{true};
  options.deadline = {};
  options.interrupted = &interrupted;
  const litmus::Outcome stopped = axiomcheck::checkTest(test, axiomcheck::ptxModel(), options, "many.litmus");
  CHECK(stopped.stopped == "interrupted");
}

TEST_CASE("a test whose events pass the axiomatic models' limit is refused at the instruction beyond it",
          "[axiomcheck][bad-input]") {
  // Two threads, each a loop of two memory events unrolled 16 times: 34
  // events a path, 69 in all with the initial write; P1's load on line 7
  // is the first beyond the 64th.
  const litmus::Test test = parser::readLitmusText(
      "PTX Unrolled\n{\nx=0;\n}\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n LC00: | LC01: ;\n st.relaxed.gpu x, 1 "
      "| "
      "st.relaxed.gpu x, 2 ;\n ld.relaxed.gpu r0, x | ld.relaxed.gpu r0, x ;\n bne r0, 0, LC00 | bne r0, 0, "
      "LC01 ;\n"
      "exists (P0:r0 == 0)\n",
      "unrolled.litmus");
  axiomcheck::CheckOptions options;
  options.unroll = 16;
  try {
    axiomcheck::checkTest(test, axiomcheck::ptxModel(), options, "unrolled.litmus");
    FAIL("the test was not refused");
  } catch (const litmus::InputError& error) {
    CHECK_THAT(
        std::string(error.what()),
        Catch::Matchers::Matches("unrolled\\.litmus:[78]:[0-9]{2}: error: test too large for the axiomatic "
                                 "models: .*"));
  }
}

TEST_CASE("mbarrier instructions are accesses of the object's location in every axiomatic model",
          "[axiomcheck][mbarrier]") {
  // litmus/InstructionSemantics.h: init a weak write, arrive an atomic
  // read-modify-write returning the old phase, test_wait a read returning
  // whether the state's phase completed. P0 alone: init for one arrival,
  // arrive (completing phase 0, so the state is 0 and b is in phase 1 with
  // one arrival pending), then wait: every model computes the same values.
  const litmus::Test alone = parser::readLitmusText(
      "PTX M\n{ b=0; P0:r0=0; P0:r1=0; }\n P0@cta 0,gpu 0 ;\n mbarrier.init.shared.b64 b, 1 ;\n"
      " mbarrier.arrive.shared.b64 r0, b ;\n mbarrier.test_wait.shared.b64 r1, b, r0 ;\n"
      "forall (P0:r0 == 0 /\\ P0:r1 == 1 /\\ b == 1001001)\n",
      "mbarrier.litmus");
  for (const axiomcheck::AxiomaticModel* model :
       {&axiomcheck::ptxModel(), &axiomcheck::scModel(), &axiomcheck::rmoModel()}) {
    CAPTURE(model->name());
    const litmus::Outcome outcome =
        axiomcheck::checkTest(alone, *model, axiomcheck::CheckOptions{}, "mbarrier.litmus");
    // forall holds: the condition is true in every execution.
    CHECK(outcome.positive > 0);
    CHECK_FALSE(testing::conditionOutcomeReached(alone.condition.quantifier, outcome));
  }
  // PTX ISA 9.1 9.7.13.15.9: count is in [1, 2^20 - 1]; opcheck's objects
  // hold up to 999 arrivals and refuse more by position.
  try {
    parser::readLitmusText(
        "PTX M\n{ b=0; }\n P0@cta 0,gpu 0 ;\n mbarrier.init.shared.b64 b, 1000 ;\nexists (b == 0)\n",
        "count.litmus");
    FAIL("the count was not refused");
  } catch (const litmus::InputError& error) {
    CHECK_THAT(std::string(error.what()),
               Catch::Matchers::StartsWith("count.litmus:4:2: error: mbarrier.init's count 1000"));
  }
}

TEST_CASE("sc forbids what an mbarrier phase orders, and keeps only what no thread can see out of order",
          "[axiomcheck][mbarrier][catalogue]") {
  // Every access is SC in sc, whatever its .sem and .scope: the relaxed and
  // wrong-scope message passing through an mbarrier that ptx allows
  // (catalogue/expectations.tsv) is forbidden in sc; the phase semantics is
  // the same in every model.
  const fs::path isa91 = fs::path(OPCHECK_SOURCE_DIR) / "catalogue" / "isa91";
  const std::vector<std::pair<const char*, bool>> verdicts = {
      {"MP+mbarrier.arrive.release+test_wait.acquire.litmus", false},
      {"MP+mbarrier.arrive.release+test_wait.relaxed.litmus", false},
      {"MP+mbarrier.arrive.relaxed+test_wait.acquire.litmus", false},
      {"MP+mbarrier.cluster+same-cluster.litmus", false},
      {"MP+mbarrier.cta+same-cluster.litmus", false},
      {"mbarrier+phase-incomplete.litmus", false},
      {"mbarrier+phase-complete.litmus", true},
  };
  for (const auto& [name, allowed] : verdicts) {
    CAPTURE(name);
    const fs::path file = isa91 / name;
    const litmus::Test test = parser::readLitmusFile(file);
    const litmus::Outcome outcome =
        axiomcheck::checkTest(test, axiomcheck::scModel(), axiomcheck::CheckOptions{}, file.string());
    CHECK(testing::conditionOutcomeReached(test.condition.quantifier, outcome) == allowed);
  }
}

TEST_CASE("rmo refuses a .cluster operation in a wide cluster", "[axiomcheck][bad-input]") {
  // PTX ISA 9.1 8.5: .cluster differs from .cta only where a cluster holds
  // two CTAs, which seed 000's model has no notion of.
  const litmus::Test cluster = parser::readLitmusText(
      "PTX C\n{ x=0; }\n P0@cta 0,cluster 0,gpu 0 | P1@cta 1,cluster 0,gpu 0 ;\n st.relaxed.cluster x, 1 | "
      "st.weak x, 2 ;\nexists (x == 1)\n",
      "cluster.litmus");
  CHECK_THROWS_AS(
      axiomcheck::checkTest(cluster, axiomcheck::rmoModel(), axiomcheck::CheckOptions{}, "cluster.litmus"),
      litmus::InputError);
  CHECK_NOTHROW(
      axiomcheck::checkTest(cluster, axiomcheck::ptxModel(), axiomcheck::CheckOptions{}, "cluster.litmus"));
}

TEST_CASE("axiom names are spelled one way, and --skip-axiom takes them in any case or as herd's cat names",
          "[axiomcheck]") {
  // AxiomaticModel.h: words capitalised (an initialism in capitals, a
  // preposition in lower case) and joined by hyphens, as PTX ISA 9.1 8.10 names
  // its axioms.
  const std::regex spelling("([A-Z][A-Za-z]*|per)(-([A-Z][A-Za-z]*|per))*");
  for (const AxiomaticModel* model : allModels()) {
    for (const Axiom& axiom : model->axioms()) {
      INFO(model->name() << ": " << axiom.name);
      CHECK(std::regex_match(std::string(axiom.name), spelling));
    }
  }
  const AxiomaticModel& rmo = rmoModel();
  const auto mask = [&](const std::string& name) { return axiomMask(rmo, std::vector<std::string>{name}); };
  CHECK(mask("No-Thin-Air") != 0);
  CHECK(mask("no-thin-air") == mask("No-Thin-Air"));
  CHECK(mask("sc-per-loc-llh") == mask("SC-per-Location-LLH"));  // the cat file's name
  CHECK(mask("sc-per-location-llh") == mask("SC-per-Location-LLH"));
  CHECK(mask("Atomic") == 0);
}

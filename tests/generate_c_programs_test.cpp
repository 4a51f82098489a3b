// generate/CPrograms: every small C program, for the bounded mapping check.
// The counts are derived by hand from what CPrograms.h promises to
// enumerate, so that a change to what is listed (or a program listed twice
// under two names) shows.
#include <catch2/catch.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

#include "generate/CPrograms.h"
#include "litmus/CanonicalPrinter.h"
#include "parser/LitmusReader.h"

using namespace opcheck;

namespace {

std::size_t countPrograms(const generate::CProgramBound& bound) {
  std::size_t count = 0;
  generate::forEachCProgram(bound, [&](const generate::CProgram&) { ++count; });
  return count;
}

// EVENTS events in one CTA, with the named orders and kinds only.
generate::CProgramBound oneCtaBound(std::size_t events, std::string_view orders, std::string_view kinds) {
  generate::CProgramBound bound;
  bound.events = events;
  bound.maxCtas = 1;
  bound.maxGpus = 1;
  bound.orders = *generate::namedMask(orders, generate::kCOrderNames);
  bound.kinds = *generate::namedMask(kinds, generate::kCEventKindNames);
  return bound;
}

}  // namespace

// Two events: two threads of one access each to one location x, at least
// one a write, both atomic or both not. At each scope that differs an
// atomic thread has 3 loads (relaxed, acquire, seq_cst), 3 stores
// (relaxed, release, seq_cst), and 5 exchanges, 5 fetch-and-adds and 5
// compare-exchanges (every order); a non-atomic one a load or a store.
// Swapping the threads (their CTAs renamed) gives the same program, so
// pairs count unordered: n(n+1)/2 pairs of n events, same-event pairs
// included.
// Without a compare-exchange (n = 16 a scope, the 3 loads unpaired among
// themselves: n(n+1)/2 - 6 a scope): every pair with a write is listed once.
// With one, CPrograms.h's expected values: x's writes are the
// compare-exchange c (writes 1, the first constant write, or 2 after the
// other thread's) and the other event e:
// - e a load: c is x's only write, reads 0 in every interleaving: it cannot
//   fail, no program;
// - e a store or exchange: c reads 0 (c first) or e's value (e first):
//   expected 0 and expected e's value are each a program, 2 a pair;
// - e a fetch-and-add (W = 1, so it adds 2): c reads 0 or 2, 2 a pair;
// - e a compare-exchange c' (c writes 1, c' writes 2): of c expecting 0 or
//   2 and c' expecting 0 or 1, only both 0 lets each succeed (when first)
//   and fail (when second): c expecting 2 fails first (reads 0) and
//   succeeds second only if c' succeeded, which expecting 0 it does first
//   (c always succeeds then: no) and expecting 1 it never does; 1 a pair.
// - one CTA, one scope: 16 * 17 / 2 - 6 = 130; with c (5 of them):
//   5 * 3 * 2 + 5 * 5 * 2 + 5 * 5 * 2 + 5 * 6 / 2 = 30 + 50 + 50 + 15 = 145;
//   non-atomic {load, store}, {store, store}: 2. 277.
// - two CTAs on one GPU, block and device (every count of a kind doubled):
//   32 * 33 / 2 - 6 * 7 / 2 = 507; 10 * 6 * 2 + 10 * 10 * 2 * 2 + 10 * 11 / 2
//   = 575; non-atomic 2. 1,084.
// - two CTAs on two GPUs, block, device and system (tripled):
//   48 * 49 / 2 - 9 * 10 / 2 = 1,131; 15 * 9 * 2 + 15 * 15 * 2 * 2 + 15 * 16 / 2
//   = 1,290; non-atomic 2. 2,423.
TEST_CASE("every program of two events: 1,361 on one GPU, 3,784 on up to two, as counted by hand",
          "[generate]") {
  generate::CProgramBound bound;
  bound.events = 2;
  bound.maxGpus = 1;
  CHECK(countPrograms(bound) == 277 + 1084);
  bound.maxGpus = 2;
  CHECK(countPrograms(bound) == 277 + 1084 + 2423);
}

// Without compare-exchanges and fetch-and-adds, the same count with n = 11
// a scope: 11 * 12 / 2 - 6 = 60 in one CTA, 22 * 23 / 2 - 21 = 232 in two
// on one GPU, 33 * 34 / 2 - 45 = 516 on two GPUs, 2 non-atomic each.
TEST_CASE("loads, stores, exchanges and fences of two events: 296 on one GPU, 814 on up to two",
          "[generate]") {
  generate::CProgramBound bound;
  bound.events = 2;
  bound.maxGpus = 1;
  bound.kinds = *generate::namedMask("load,store,exchange,fence", generate::kCEventKindNames);
  CHECK(countPrograms(bound) == 62 + 234);
  bound.maxGpus = 2;
  CHECK(countPrograms(bound) == 62 + 234 + 518);
}

// Relaxed compare-exchanges and fetch-and-adds in one CTA, two events: the
// pairs of the first case above, one event of each kind. The
// compare-exchange thread prints first (its kind sorts before the
// fetch-and-add's) and writes 1; a fetch-and-add adds (W + 1) * 2^(j-1):
// 2 beside one compare-exchange, 1 and 2 with none.
TEST_CASE("compare-exchanges and fetch-and-adds of two events are the four derived by hand", "[generate]") {
  const generate::CProgramBound bound = oneCtaBound(2, "relaxed", "cas,fetch_add");
  const std::string cas = "atomic_compare_exchange_strong_explicit(x, ";
  const std::string add = "atomic_fetch_add_explicit(x, ";
  const std::string orders = ", memory_order_relaxed, memory_order_relaxed, thread_scope_device);";
  const std::string order = ", memory_order_relaxed, thread_scope_device);";
  const std::multiset<std::string> derived = {
      "int r0 = " + add + "1" + order + "|int r0 = " + add + "2" + order + "|",
      "int r0 = " + cas + "0, 1" + orders + "|int r0 = " + add + "2" + order + "|",
      "int r0 = " + cas + "2, 1" + orders + "|int r0 = " + add + "2" + order + "|",
      "int r0 = " + cas + "0, 1" + orders + "|int r0 = " + cas + "0, 2" + orders + "|",
  };
  std::multiset<std::string> listed;
  generate::forEachCProgram(bound, [&](const generate::CProgram& program) {
    std::string statements;
    std::size_t at = 0;
    while ((at = program.text.find("int r0 = ", at)) != std::string::npos) {
      const std::size_t end = program.text.find('\n', at);
      statements += program.text.substr(at, end - at) + "|";
      at = end;
    }
    listed.insert(statements);
  });
  CHECK(listed == derived);
}

// Three fetch-and-adds and a store of one location: W = 1, so the store
// writes 1 and the fetch-and-adds add 2, 4 and 8; every sum of a constant
// (0 or 1) and distinct addends is a different number.
TEST_CASE("fetch-and-adds add multiples of one more than the constant writes, doubling", "[generate]") {
  generate::CProgramBound bound = oneCtaBound(4, "relaxed", "store,fetch_add");
  bound.maxThreads = 4;
  bound.locations = 1;
  bool found = false;
  generate::forEachCProgram(bound, [&](const generate::CProgram& program) {
    const std::string& text = program.text;
    if (text.find("atomic_store_explicit(x, 1,") != std::string::npos &&
        text.find("atomic_fetch_add_explicit(x, 2,") != std::string::npos &&
        text.find("atomic_fetch_add_explicit(x, 4,") != std::string::npos &&
        text.find("atomic_fetch_add_explicit(x, 8,") != std::string::npos) {
      found = true;
    }
  });
  CHECK(found);
}

TEST_CASE("a program of more events than a compare-exchange can name is refused", "[generate]") {
  generate::CProgramBound bound;
  bound.events = generate::kMaxCProgramEvents + 1;
  CHECK_THROWS_AS(countPrograms(bound), std::out_of_range);
}

// A narrowed alphabet, two events in one CTA: relaxed and seq_cst loads
// and stores at device scope are 4 events, 2 of them stores; unordered
// pairs with a store: 10 pairs of the 4 less the 3 pairs of loads = 7.
// Relaxed stores alone: {store, store}, 1. A second CTA is not allowed,
// so the scopes stay one.
TEST_CASE("a narrowed alphabet lists only its orders and kinds, as counted by hand", "[generate]") {
  generate::CProgramBound bound = oneCtaBound(2, "relaxed,seq_cst", "load,store");
  CHECK(countPrograms(bound) == 7);
  bound.orders = *generate::namedMask("relaxed", generate::kCOrderNames);
  bound.kinds = *generate::namedMask("store", generate::kCEventKindNames);
  CHECK(countPrograms(bound) == 1);
  // Fences alone access nothing: no program.
  bound.kinds = *generate::namedMask("fence", generate::kCEventKindNames);
  CHECK(countPrograms(bound) == 0);
}

// One CTA: the 277 programs of the first case above, no more.
TEST_CASE("every program in one CTA is every program of the one-CTA placement", "[generate]") {
  generate::CProgramBound bound;
  bound.events = 2;
  bound.maxCtas = 1;
  CHECK(countPrograms(bound) == 277);
}

TEST_CASE("a list of names is a mask of their bits; an unknown or empty list is none", "[generate]") {
  CHECK(generate::namedMask("relaxed,seq_cst", generate::kCOrderNames) == std::uint8_t{0x22});
  CHECK(generate::namedMask("non-atomic", generate::kCOrderNames) == std::uint8_t{0x01});
  CHECK(generate::namedMask("fence,load", generate::kCEventKindNames) == std::uint8_t{0x09});
  CHECK(generate::namedMask("cas,fetch_add", generate::kCEventKindNames) == std::uint8_t{0x30});
  CHECK_FALSE(generate::namedMask("consume", generate::kCOrderNames).has_value());
  CHECK_FALSE(generate::namedMask("", generate::kCOrderNames).has_value());
  CHECK_FALSE(generate::namedMask("load,", generate::kCEventKindNames).has_value());
}

// No program is listed twice, and each is one the C dialect reads (the
// count above pins that renamings are listed once).
TEST_CASE("every generated program reads as a C test, and no two print alike", "[generate]") {
  generate::CProgramBound bound;
  bound.events = 3;
  bound.maxThreads = 2;
  bound.maxCtas = 1;  // every kind of event, in a few seconds
  bound.maxGpus = 1;
  std::set<std::string> printed;
  std::size_t programs = 0;
  generate::forEachCProgram(bound, [&](const generate::CProgram& program) {
    ++programs;
    const litmus::Test test = parser::readLitmusText(program.text, program.name + ".litmus");
    REQUIRE(test.threads.size() == 2);
    const std::string text = litmus::printCanonical(test);
    printed.insert(text.substr(text.find('\n')));  // without the name
  });
  CHECK(programs > 10000);
  CHECK(printed.size() == programs);
}

TEST_CASE("the same bound lists the same programs in the same order", "[generate]") {
  generate::CProgramBound bound;
  bound.events = 2;
  std::string first;
  std::string second;
  generate::forEachCProgram(bound, [&](const generate::CProgram& program) { first += program.text; });
  generate::forEachCProgram(bound, [&](const generate::CProgram& program) { second += program.text; });
  CHECK(first == second);
}

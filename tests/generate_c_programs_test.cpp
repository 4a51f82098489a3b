// generate/CPrograms: every small C program, for the bounded mapping check.
// The counts are derived by hand from what CPrograms.h promises to
// enumerate, so that a change to what is listed (or a program listed twice
// under two names) shows.
#include <catch2/catch.hpp>
#include <set>
#include <string>

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

}  // namespace

// Two events: two threads of one access each to one location x, at least
// one a write, both atomic or both not. An atomic thread has 3 loads
// (relaxed, acquire, seq_cst), 3 stores (relaxed, release, seq_cst) and 5
// exchanges (every order) at each scope that differs, 8 of them writes;
// a non-atomic one a load or a store. Swapping the threads (their CTAs
// renamed) gives the same program, so ordered pairs count once:
// (pairs - same-event pairs) / 2 + same-event pairs.
// - one CTA, one scope (device): 11 events, 121 - 3 * 3 = 112 pairs with a
//   write, 8 alike: 52 + 8 = 60; non-atomic {load, store}, {store, store}: 2.
// - two CTAs on one GPU, block and device: 22 events, 484 - 6 * 6 = 448
//   pairs, 16 alike: 216 + 16 = 232; non-atomic 2.
// - two CTAs on two GPUs, block, device and system: 33 events,
//   1089 - 9 * 9 = 1008 pairs, 24 alike: 492 + 24 = 516; non-atomic 2.
TEST_CASE("every program of two events: 296 on one GPU, 814 on up to two, as counted by hand", "[generate]") {
  generate::CProgramBound bound;
  bound.events = 2;
  bound.maxGpus = 1;
  CHECK(countPrograms(bound) == 62 + 234);
  bound.maxGpus = 2;
  CHECK(countPrograms(bound) == 62 + 234 + 518);
}

// A narrowed alphabet, two events in one CTA: relaxed and seq_cst loads
// and stores at device scope are 4 events, 2 of them stores; unordered
// pairs with a store: 10 pairs of the 4 less the 3 pairs of loads = 7.
// Relaxed stores alone: {store, store}, 1. A second CTA is not allowed,
// so the scopes stay one.
TEST_CASE("a narrowed alphabet lists only its orders and kinds, as counted by hand", "[generate]") {
  generate::CProgramBound bound;
  bound.events = 2;
  bound.maxCtas = 1;
  bound.maxGpus = 1;
  bound.orders = *generate::namedMask("relaxed,seq_cst", generate::kCOrderNames);
  bound.kinds = *generate::namedMask("load,store", generate::kCEventKindNames);
  CHECK(countPrograms(bound) == 7);
  bound.orders = *generate::namedMask("relaxed", generate::kCOrderNames);
  bound.kinds = *generate::namedMask("store", generate::kCEventKindNames);
  CHECK(countPrograms(bound) == 1);
  // Fences alone access nothing: no program.
  bound.kinds = *generate::namedMask("fence", generate::kCEventKindNames);
  CHECK(countPrograms(bound) == 0);
}

// One CTA: the 62 programs of the first case above, no more.
TEST_CASE("every program in one CTA is every program of the one-CTA placement", "[generate]") {
  generate::CProgramBound bound;
  bound.events = 2;
  bound.maxCtas = 1;
  CHECK(countPrograms(bound) == 62);
}

TEST_CASE("a list of names is a mask of their bits; an unknown or empty list is none", "[generate]") {
  CHECK(generate::namedMask("relaxed,seq_cst", generate::kCOrderNames) == std::uint8_t{0x22});
  CHECK(generate::namedMask("non-atomic", generate::kCOrderNames) == std::uint8_t{0x01});
  CHECK(generate::namedMask("fence,load", generate::kCEventKindNames) == std::uint8_t{0x09});
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

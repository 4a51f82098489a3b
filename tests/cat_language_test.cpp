// The cat interpreter's operators and statements (cat/Interpreter.h) on a
// hand-built execution, each result derived by hand from herd's manual
// ("The cat language": `;` composition, `+` transitive closure, `?` and `*`
// with the identity over all events, `^-1` inverse, `[S]` identity on S,
// `S * T` product, domain and range, `let rec` least fixpoint).
#include <catch2/catch.hpp>
#include <string>

#include "axiomcheck/Execution.h"
#include "cat/CatReader.h"
#include "cat/Interpreter.h"

using namespace opcheck;
using axiomcheck::Relation;

namespace {

// Four events: writes 0, 1, 2 in program order (0 -> 1 -> 2, and 0 -> 2)
// and read 3, which reads from 2.
axiomcheck::Execution smallExecution() {
  axiomcheck::Execution x;
  x.size = 4;
  x.writes = 0b0111;
  x.reads = 0b1000;
  x.po = Relation(4);
  x.po.add(0, 1);
  x.po.add(1, 2);
  x.po.add(0, 2);
  x.rf = Relation(4);
  x.rf.add(2, 3);
  return x;
}

// The value of `let r = ...` (the last binding named r) in TEXT.
cat::Value valueOf(const std::string& text) {
  const cat::CatProgram program = cat::readCatText(text + "\nacyclic po as a\n", "t.cat");
  const axiomcheck::Execution x = smallExecution();
  cat::Interpreter interpreter(program, x);
  interpreter.evaluateFixed();
  interpreter.evaluateDynamic();
  for (const cat::Statement& statement : program.statements) {
    for (const cat::Binding& binding : statement.bindings) {
      if (program.slotNames[binding.slot] == "r" && binding.expression != nullptr) {
        return interpreter.evaluate(*binding.expression);
      }
    }
  }
  FAIL("no r in " << text);
  return {};
}

Relation pairs(std::initializer_list<std::pair<unsigned, unsigned>> list) {
  Relation result(4);
  for (const auto& [from, to] : list) {
    result.add(from, to);
  }
  return result;
}

}  // namespace

TEST_CASE("cat relation operators on a hand-built execution", "[cat]") {
  CHECK(valueOf("let r = po;rf").relation == pairs({{0, 3}, {1, 3}}));
  CHECK(valueOf("let r = rf^-1").relation == pairs({{3, 2}}));
  CHECK(valueOf("let r = (po | rf)+").relation == pairs({{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}));
  CHECK(valueOf("let r = rf?").relation == pairs({{0, 0}, {1, 1}, {2, 2}, {3, 3}, {2, 3}}));
  CHECK(valueOf("let r = rf*").relation == pairs({{0, 0}, {1, 1}, {2, 2}, {3, 3}, {2, 3}}));
  CHECK(valueOf("let r = po & (po;po)").relation == pairs({{0, 2}}));
  CHECK(valueOf("let r = po \\ (po;po)").relation == pairs({{0, 1}, {1, 2}}));
  CHECK(valueOf("let r = W * R").relation == pairs({{0, 3}, {1, 3}, {2, 3}}));
  CHECK(valueOf("let r = [range(rf)]").relation == pairs({{3, 3}}));
  CHECK(valueOf("let r = 0 | rf").relation == pairs({{2, 3}}));
  // `;` binds looser than `&` and `\`: po & po ; rf is (po & po); rf.
  CHECK(valueOf("let r = po & po ; rf").relation == pairs({{0, 3}, {1, 3}}));
  // `|` loosest: rf | po ; rf is rf | (po; rf).
  CHECK(valueOf("let r = rf | po ; rf").relation == pairs({{0, 3}, {1, 3}, {2, 3}}));
}

TEST_CASE("cat sets, functions and recursive definitions", "[cat]") {
  CHECK(valueOf("let r = domain(rf)").set == 0b0100);
  CHECK(valueOf("let r = ~W").set == 0b1000);
  CHECK(valueOf("let r = M \\ W").set == 0b1000);
  CHECK(valueOf("let f(a) = a;a\nlet r = f(po)").relation == pairs({{0, 2}}));
  // Least fixpoint: rf = {2->3}; po; rf adds 0->3 and 1->3; then nothing.
  CHECK(valueOf("let rec r = rf | (po;r)").relation == pairs({{0, 3}, {1, 3}, {2, 3}}));
  CHECK(valueOf("let rec s = rf | (po;r) and r = s").relation == pairs({{0, 3}, {1, 3}, {2, 3}}));
  // A later let shadows an earlier one (Dat3M's `let co = co+`).
  CHECK(valueOf("let po = po;po\nlet r = po").relation == pairs({{0, 2}}));
}

TEST_CASE("cat checks: acyclic, irreflexive, empty, their negations", "[cat]") {
  const axiomcheck::Execution x = smallExecution();
  const cat::CatProgram program = cat::readCatText(
      "\"T\" withco\n"
      "acyclic po as a (* holds *)\n"
      "irreflexive po;po^-1 as b // 0 -> 1 -> 0\n"
      "empty rf as c\n"
      "~empty rf as d\n"
      "empty R \\ range(rf) as e\n"
      "flag ~empty rf as f\n",
      "t.cat");
  CHECK(program.title == "T");
  CHECK(program.withco);
  REQUIRE(program.checks.size() == 6);
  cat::Interpreter interpreter(program, x);
  interpreter.evaluateFixed();
  interpreter.evaluateDynamic();
  CHECK(interpreter.holds(0));
  CHECK_FALSE(interpreter.holds(1));
  CHECK_FALSE(interpreter.holds(2));
  CHECK(interpreter.holds(3));
  CHECK(interpreter.holds(4));
  CHECK(program.checks[5].flag);
  CHECK(interpreter.holds(5));  // raised
  CHECK(program.checks[1].name == "b");
  CHECK(program.checks[1].statement == "irreflexive po;po^-1");
}

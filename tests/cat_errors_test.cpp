// Bad cat files: every syntax error, unknown name and type error is
// FILE:LINE:COL: error: (docs/architecture.md "Bad input"), positions
// counted by hand from the texts below.
#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "cat/CatReader.h"
#include "litmus/Diagnostic.h"
#include "tests/TestSupport.h"

using namespace opcheck;

namespace {

std::string errorOf(const std::string& text) {
  try {
    (void)cat::readCatText(text, "m.cat");
  } catch (const litmus::InputError& error) {
    return error.diagnostic().format();
  }
  return "no error";
}

}  // namespace

TEST_CASE("cat syntax errors name their position", "[cat]") {
  CHECK(errorOf("let = po").starts_with("m.cat:1:5: error: syntax error"));
  CHECK(errorOf("acyclic po\nlet a = (po").starts_with("m.cat:2:12: error: syntax error"));
  CHECK(errorOf("acyclic po\n(* never closed") == "m.cat:2:1: error: comment '(*' is never closed with '*)'");
  CHECK(errorOf("acyclic po $").starts_with("m.cat:1:12: error: syntax error"));
}

TEST_CASE("cat unknown names and type errors name their position", "[cat]") {
  CHECK(errorOf("let a = po | pox\nacyclic a") ==
        "m.cat:1:14: error: unknown name 'pox' (docs/cat.md lists the base names)");
  CHECK(errorOf("acyclic po;W") == "m.cat:1:12: error: expected a relation here, found a set");
  CHECK(errorOf("let a = po | W") == "m.cat:1:14: error: expected a relation here, found a set");
  CHECK(errorOf("acyclic f(po)") == "m.cat:1:9: error: unknown name 'f' (docs/cat.md lists the base names)");
  CHECK(errorOf("let f(x) = x\nacyclic f") == "m.cat:2:9: error: 'f' is a function: call it with arguments");
  CHECK(errorOf("acyclic po(rf)") == "m.cat:1:9: error: 'po' is not a function");
  CHECK(errorOf("include \"absent.cat\"").starts_with("m.cat:1:9: error: cannot include \"absent.cat\""));
}

TEST_CASE("cat show and unshow are accepted, their names checked", "[cat]") {
  CHECK(errorOf("acyclic po as a\nshow po | rf as link\nunshow po, rf\nshow po") == "no error");
  CHECK(errorOf("acyclic po as a\nunshow po, nope") ==
        "m.cat:2:12: error: unknown name 'nope' (docs/cat.md lists the base names)");
}

TEST_CASE("a .cat model that cannot be read is bad input, exit 2", "[cat]") {
  testing::Scratch scratch;
  const std::filesystem::path bad = scratch.path() / "bad.cat";
  {
    std::ofstream out(bad);
    out << "\"X\"\nacyclic po | nope\n";
  }
  const std::filesystem::path test =
      std::filesystem::path(OPCHECK_SOURCE_DIR) / "catalogue" / "seed001" / "Fig5-MP-release-acquire.litmus";
  const testing::CommandResult result = testing::runOpcheck({test.string(), "--model", bad.string()});
  CHECK(result.exitStatus == 2);
  CHECK(result.standardError ==
        bad.string() + ":2:14: error: unknown name 'nope' (docs/cat.md lists the base names)\n");
  const testing::CommandResult missing =
      testing::runOpcheck({test.string(), "--model", (scratch.path() / "none.cat").string()});
  CHECK(missing.exitStatus == 2);
  CHECK(missing.standardError.find("none.cat") != std::string::npos);
}

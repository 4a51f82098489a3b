// libFuzzer target for the litmus parser (design.md "Bad input"): any byte
// string must either parse or be refused with litmus::InputError. Anything
// else escaping readLitmusText (another exception, a crash, a sanitizer
// report, a hang) is a finding. A test that parses must also survive the
// round trip through the canonical printer: its canonical text parses again
// to an equal Test.
//
// Built by tests/fuzz/CMakeLists.txt when OPCHECK_FUZZ is ON; run it with
// scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "parser/LitmusReader.h"

namespace {

[[noreturn]] void roundTripFailure(const char* what, const std::string& canonical,
                                   const std::string& detail) {
  std::fprintf(stderr, "parser_fuzz: %s\n--- canonical text ---\n%s\n--- detail ---\n%s\n", what,
               canonical.c_str(), detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  opcheck::litmus::Test test;
  try {
    test = opcheck::parser::readLitmusText(text, "fuzz.litmus");
  } catch (const opcheck::litmus::InputError&) {
    return 0;  // refused with a diagnostic: the expected outcome for bad input
  }
  const std::string canonical = opcheck::litmus::printCanonical(test);
  opcheck::litmus::Test reread;
  try {
    reread = opcheck::parser::readLitmusText(canonical, "canonical.litmus");
  } catch (const opcheck::litmus::InputError& error) {
    roundTripFailure("the canonical text of a parsed test does not parse", canonical, error.what());
  }
  if (!(reread == test)) {
    roundTripFailure("the canonical text parses to a different test", canonical,
                     opcheck::litmus::printCanonical(reread));
  }
  return 0;
}

// The IR's tables and the canonical printer.
#include <catch2/catch.hpp>

#include "litmus/CanonicalPrinter.h"
#include "litmus/Opcode.h"
#include "litmus/Qualifiers.h"
#include "parser/LitmusReader.h"

using namespace opcheck;
using namespace opcheck::litmus;

TEST_CASE("the opcode table lists each opcode once, in enum order", "[litmus]") {
  std::size_t index = 0;
  for (const OpcodeInfo& row : allOpcodes()) {
    CHECK(static_cast<std::size_t>(row.opcode) == index++);
    CHECK(&info(row.opcode) == &row);
  }
}

TEST_CASE("every qualifier's canonical spelling reads back as the same qualifier", "[litmus]") {
  const auto roundTrips = [](auto value, QualifierCategory category) {
    const std::string_view text = spelling(value);
    if (text.empty()) {
      return true;  // the "none" values have no spelling
    }
    const QualifierInfo* found = findQualifier(text);
    return found != nullptr && found->category == category &&
           found->value == static_cast<std::uint8_t>(value);
  };
  for (int value = 0; value <= static_cast<int>(Scope::System); ++value) {
    CHECK(roundTrips(static_cast<Scope>(value), QualifierCategory::Scope));
  }
  for (int value = 0; value <= static_cast<int>(Semantics::SequentiallyConsistent); ++value) {
    CHECK(roundTrips(static_cast<Semantics>(value), QualifierCategory::Semantics));
  }
  for (int value = 0; value <= static_cast<int>(DataType::Predicate); ++value) {
    CHECK(roundTrips(static_cast<DataType>(value), QualifierCategory::DataType));
  }
  for (int value = 0; value <= static_cast<int>(Operation::Max); ++value) {
    CHECK(roundTrips(static_cast<Operation>(value), QualifierCategory::Operation));
  }
  SECTION("the legacy '.gl' reads as .gpu and prints as .gpu") {
    REQUIRE(findQualifier("gl") != nullptr);
    CHECK(findQualifier("gl")->value == static_cast<std::uint8_t>(Scope::Gpu));
    CHECK(spelling(Scope::Gpu) == "gpu");
  }
}

TEST_CASE("the canonical form of a GPU_PTX test spells every qualifier out", "[litmus]") {
  const Test test = parser::readLitmusText(R"(GPU_PTX SB
{
0:.reg .s32 r0;
0:.reg .b64 r1 = x;
1:.reg .s32 r0;
1:.reg .b64 r1 = y;
}
 P0 | P1 ;
 st.volatile.s32 [r1],r0 | st.cg.s32 [r1],r0 ;
 membar.cta | atom.exch.b32 r0,[r1],1 ;
scopeTree
(device (cta P0 P1))
y: shared, x: global
exists (0:r0=0 /\ 1:r0=0)
)",
                                           "sb.litmus");
  // Written by hand from the PTX ISA's qualifier order, not from a run.
  const std::string expected = R"(PTX SB
{
x = 0;
y = 0;
P0:.reg .s32 r0;
P0:.reg .b64 r1 = x;
P1:.reg .s32 r0;
P1:.reg .b64 r1 = y;
}
 P0                           | P1                                 ;
 st.relaxed.sys.s32 [r1], r0  | st.weak.cg.s32 [r1], r0            ;
 fence.sc.cta                 | atom.relaxed.gpu.exch.b32 r0, [r1], 1 ;
scopeTree
(device (cta P0 P1))
x: global, y: shared
exists (0:r0=0 /\ 1:r0=0)
)";
  // Column padding aside, the text must match: compare with runs of spaces
  // squeezed.
  const auto squeeze = [](std::string text) {
    std::string result;
    for (char c : text) {
      if (!(c == ' ' && !result.empty() && result.back() == ' ')) {
        result += c;
      }
    }
    return result;
  };
  CHECK(squeeze(printCanonical(test)) == squeeze(expected));
}

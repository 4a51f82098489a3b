// How ptx-op holds an integer in its 32-bit values (opsem/Program.h
// heldInteger, opsem/WideIntegers.h): as itself, as a packed mbarrier
// object (COPY-7), or by its index in the program's table, which every job
// shares. What the integers mean in a run is tests/values's.
#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "litmus/InstructionSemantics.h"
#include "opsem/Program.h"
#include "opsem/RunSupport.h"
#include "opsem/WideIntegers.h"
#include "parser/LitmusReader.h"

using namespace opcheck;

namespace {

constexpr std::int64_t kTwoTo32 = std::int64_t{1} << 32;

}  // namespace

TEST_CASE("the table of wide integers gives each integer one index and reads it back", "[opsem]") {
  opsem::WideIntegers table(3);
  const std::optional<std::int32_t> first = table.intern(kTwoTo32);
  const std::optional<std::int32_t> second = table.intern(-kTwoTo32 * 1024);
  REQUIRE(first);
  REQUIRE(second);
  CHECK(opsem::WideIntegers::isInterned(*first));
  CHECK(opsem::WideIntegers::isInterned(*second));
  CHECK(*first != *second);
  CHECK(table.intern(kTwoTo32) == first);
  CHECK(table.integer(*first) == kTwoTo32);
  CHECK(table.integer(*second) == -kTwoTo32 * 1024);
  // The capacity counts distinct integers: a third fits, a fourth does not,
  // and those already held are still found.
  CHECK(table.intern(7));
  CHECK_FALSE(table.intern(8));
  CHECK(table.intern(kTwoTo32) == first);
  CHECK(table.size() == 3);
}

TEST_CASE("jobs interning the same integers at once agree on every index", "[opsem]") {
  opsem::WideIntegers table;
  constexpr std::int64_t kIntegers = 20000;
  // Each job interns every integer, in opposite orders, so that most of
  // them are met by both at about the same time.
  std::vector<std::vector<std::int32_t>> seen(2, std::vector<std::int32_t>(kIntegers));
  std::vector<std::thread> jobs;
  for (std::size_t job = 0; job < 2; ++job) {
    jobs.emplace_back([&, job] {
      for (std::int64_t step = 0; step < kIntegers; ++step) {
        const std::int64_t at = job == 0 ? step : kIntegers - 1 - step;
        seen[job][static_cast<std::size_t>(at)] = table.intern(kTwoTo32 + at).value_or(0);
      }
    });
  }
  for (std::thread& job : jobs) {
    job.join();
  }
  CHECK(table.size() == static_cast<std::size_t>(kIntegers));
  CHECK(seen[0] == seen[1]);
  std::size_t readBack = 0;
  for (std::int64_t at = 0; at < kIntegers; ++at) {
    readBack += table.integer(seen[0][static_cast<std::size_t>(at)]) == kTwoTo32 + at ? 1 : 0;
  }
  CHECK(readBack == static_cast<std::size_t>(kIntegers));
}

TEST_CASE("ptx-op holds an integer as itself, as an mbarrier object or by index, and reads it back",
          "[opsem]") {
  const litmus::Test plainTest = parser::readLitmusText(
      "PTX t\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n", "t.litmus");
  const litmus::Test asyncTest = parser::readLitmusText(
      "PTX t\n{ g=0; s=0; }\n P0@cta 0,gpu 0 ;\n cp.async.bulk.global.shared::cta.bulk_group g, s, 16 ;\n"
      "exists (g == 1)\n",
      "t.litmus");
  const opsem::Program plain = opsem::compileProgram(plainTest, "t.litmus");
  const opsem::Program async = opsem::compileProgram(asyncTest, "t.litmus");
  REQUIRE_FALSE(plain.asyncOperations);
  REQUIRE(async.asyncOperations);
  const auto roundTrip = [](const opsem::Program& program, std::int64_t integer) {
    const std::optional<opsem::Value> held = opsem::heldInteger(program, integer);
    return held && opsem::toLitmusValue(program, *held) == litmus::Value::ofInteger(integer);
  };
  const std::int64_t addressBand = opsem::kAddressTag;
  const std::int64_t mbarrierBand = opsem::kMbarrierTag;
  const std::int64_t indexBand = opsem::WideIntegers::kTag;
  const std::int64_t object = litmus::mbarrierValue({2, 3, 1, 16}).integer;
  const std::int64_t unpackable = litmus::mbarrierValue({20, 3, 1, 16}).integer;
  for (const std::int64_t integer :
       {std::int64_t{0}, std::int64_t{-1}, std::int64_t{2147483647}, kTwoTo32, -kTwoTo32 - 1, addressBand,
        mbarrierBand, indexBand, object, unpackable}) {
    INFO(integer);
    CHECK(roundTrip(plain, integer));
    CHECK(roundTrip(async, integer));
  }
  // Held as themselves: 32-bit integers outside the bands, and the
  // mbarrier band where no asynchronous operation packs objects there.
  CHECK(opsem::heldInteger(plain, 2147483647) == opsem::Value{2147483647});
  CHECK(opsem::heldInteger(plain, mbarrierBand) == static_cast<opsem::Value>(mbarrierBand));
  CHECK(opsem::WideIntegers::isInterned(*opsem::heldInteger(plain, addressBand)));
  CHECK(opsem::WideIntegers::isInterned(*opsem::heldInteger(plain, indexBand)));
  CHECK(opsem::WideIntegers::isInterned(*opsem::heldInteger(async, mbarrierBand)));
  CHECK(opsem::isPackedMbarrier(*opsem::heldInteger(async, object)));
  CHECK(opsem::WideIntegers::isInterned(*opsem::heldInteger(async, unpackable)));
  CHECK(opsem::WideIntegers::isInterned(*opsem::heldInteger(plain, object)));
}

TEST_CASE("an integer past a full table is not held, and the refusal says what is full", "[opsem]") {
  const litmus::Test test = parser::readLitmusText(
      "PTX t\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n", "t.litmus");
  opsem::Program program = opsem::compileProgram(test, "t.litmus");
  program.wideIntegers = std::make_shared<opsem::WideIntegers>(1);
  CHECK(opsem::heldInteger(program, kTwoTo32));
  CHECK_FALSE(opsem::heldInteger(program, kTwoTo32 + 1));
  CHECK(opsem::heldInteger(program, 5) == opsem::Value{5});
  CHECK(opsem::unrepresentable(kTwoTo32 + 1) ==
        "ptx-op cannot hold the integer 4294967297: the test computes more than 16777216 distinct integers "
        "beyond the 32-bit values its states hold (opsem/WideIntegers.h)");
}

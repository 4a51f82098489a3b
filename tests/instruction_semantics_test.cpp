// litmus/InstructionSemantics: the one meaning of value-computing
// instructions that every model uses. Expectations come from PTX ISA 9.1
// (9.7.1: integer arithmetic wraps at the type's width; 9.7.13.5 atom's .inc
// and .dec), not from the code.
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>

#include "litmus/InstructionSemantics.h"

using namespace opcheck::litmus;

TEST_CASE("arithmetic wraps at the instruction type's width, signed or not", "[litmus][semantics]") {
  const Value max32 = Value::ofInteger(2147483647);
  const Value one = Value::ofInteger(1);
  CHECK(update(Operation::Add, max32, one, DataType::S32) == Value::ofInteger(-2147483648));
  CHECK(update(Operation::Add, max32, one, DataType::B32) == Value::ofInteger(-2147483648));
  CHECK(update(Operation::Add, max32, one, DataType::U32) == Value::ofInteger(2147483648));
  CHECK(update(Operation::Subtract, Value::ofInteger(0), one, DataType::U32) == Value::ofInteger(4294967295));
  CHECK(update(Operation::Add, max32, one, DataType::S64) == Value::ofInteger(2147483648));
  // Untyped instructions (Dat3M's dialect) compute at 64 bits.
  CHECK(update(Operation::Add, max32, one, DataType::None) == Value::ofInteger(2147483648));
  const std::int64_t max64 = std::numeric_limits<std::int64_t>::max();
  CHECK(update(Operation::Add, Value::ofInteger(max64), one, DataType::None) ==
        Value::ofInteger(std::numeric_limits<std::int64_t>::min()));
  CHECK(update(Operation::Add, Value::ofInteger(255), one, DataType::U8) == Value::ofInteger(0));
  CHECK(update(Operation::Exchange, Value::ofInteger(0), Value::ofInteger(65535), DataType::S16) ==
        Value::ofInteger(-1));
}

TEST_CASE("atom.inc wraps to 0 at the bound and atom.dec to the bound at 0", "[litmus][semantics]") {
  CHECK(update(Operation::Increment, Value::ofInteger(4), Value::ofInteger(5), DataType::U32) ==
        Value::ofInteger(5));
  CHECK(update(Operation::Increment, Value::ofInteger(5), Value::ofInteger(5), DataType::U32) ==
        Value::ofInteger(0));
  CHECK(update(Operation::Decrement, Value::ofInteger(0), Value::ofInteger(5), DataType::U32) ==
        Value::ofInteger(5));
  CHECK(update(Operation::Decrement, Value::ofInteger(3), Value::ofInteger(5), DataType::U32) ==
        Value::ofInteger(2));
  CHECK(update(Operation::Min, Value::ofInteger(-1), Value::ofInteger(1), DataType::S32) ==
        Value::ofInteger(-1));
  // Unsigned: -1 is the largest .u32 value.
  CHECK(update(Operation::Min, Value::ofInteger(-1), Value::ofInteger(1), DataType::U32) ==
        Value::ofInteger(1));
}

TEST_CASE("comparisons are signed but for unsigned types", "[litmus][semantics]") {
  const Value minusOne = Value::ofInteger(-1);
  const Value one = Value::ofInteger(1);
  CHECK(holds(Comparison::Less, minusOne, one, DataType::S32));
  CHECK_FALSE(holds(Comparison::Less, minusOne, one, DataType::U32));
  CHECK(holds(Comparison::GreaterOrEqual, one, one, DataType::None));
  CHECK(branchComparison(Opcode::BranchNotEqual) == Comparison::NotEqual);
  CHECK(branchComparison(Opcode::Add) == Comparison::None);
  CHECK(registerOperation(Opcode::Xor) == Operation::Xor);
  CHECK(registerOperation(Opcode::Move) == Operation::Exchange);
}

TEST_CASE("an address stays an address only through arithmetic with 0, and is never equal to an integer",
          "[litmus][semantics]") {
  const Value address = Value::ofAddress(2);
  CHECK(update(Operation::Add, address, Value::ofInteger(0), DataType::B64) == address);
  CHECK(update(Operation::Xor, Value::ofInteger(0), address, DataType::B64) == address);
  CHECK(update(Operation::Exchange, Value::ofInteger(0), address, DataType::S32) == address);
  CHECK_FALSE(update(Operation::Add, address, Value::ofInteger(8), DataType::B64).isAddress());
  CHECK_FALSE(holds(Comparison::Equal, address, Value::ofInteger(addressNumber(2)), DataType::B64));
  CHECK(holds(Comparison::NotEqual, address, Value::ofAddress(3), DataType::B64));
}

TEST_CASE("mbarrier objects: init, arrive-on with phase completion, and the wait's test of a phase",
          "[litmus][semantics][mbarrier]") {
  const auto value = [](std::int64_t integer) { return Value::ofInteger(integer); };
  const auto phaseOf = [](const Value& object) {
    return update(Operation::MbarrierPhase, object, Value::ofInteger(0), DataType::B64);
  };
  const auto complete = [](const Value& object, const Value& state) {
    return update(Operation::MbarrierPhaseComplete, object, state, DataType::B64);
  };
  // PTX ISA 9.1 9.7.13.15.9: init sets the current phase to 0 and the
  // expected and pending arrival counts to count.
  const Value initial = update(Operation::MbarrierInit, value(0), value(2), DataType::B64);
  REQUIRE(mbarrierObject(initial).has_value());
  CHECK(mbarrierObject(initial)->phase == 0);
  CHECK(mbarrierObject(initial)->expected == 2);
  CHECK(mbarrierObject(initial)->pending == 2);
  CHECK(initial == value(2002));  // the documented decimal encoding
  // 9.7.13.15.7: an arrive-on decrements the pending count by one; 9.7.13.15.6:
  // at zero the phase completes, the object moves to the next phase and the
  // pending count is reinitialized to the expected count.
  const Value once = update(Operation::MbarrierArrive, initial, value(0), DataType::B64);
  REQUIRE(mbarrierObject(once).has_value());
  CHECK(mbarrierObject(once)->phase == 0);
  CHECK(mbarrierObject(once)->pending == 1);
  const Value twice = update(Operation::MbarrierArrive, once, value(0), DataType::B64);
  REQUIRE(mbarrierObject(twice).has_value());
  CHECK(mbarrierObject(twice)->phase == 1);
  CHECK(mbarrierObject(twice)->pending == 2);
  CHECK(mbarrierObject(twice)->expected == 2);
  // 9.7.13.15.13: the state captures the phase prior to the arrive-on.
  CHECK(phaseOf(initial) == value(0));
  CHECK(phaseOf(once) == value(0));
  CHECK(phaseOf(twice) == value(1));
  // 9.7.13.15.16: waitComplete is False for the current, incomplete phase and
  // True for the immediately preceding one (9.7.13.15.4: "all prior phases
  // are complete").
  CHECK(complete(once, phaseOf(initial)) == value(0));
  CHECK(complete(twice, phaseOf(initial)) == value(1));
  CHECK(complete(twice, phaseOf(twice)) == value(0));
  // One expected arrival: every arrive completes a phase.
  const Value single = update(Operation::MbarrierInit, value(0), value(1), DataType::B64);
  CHECK(mbarrierObject(update(Operation::MbarrierArrive, single, value(0), DataType::B64))->phase == 1);
}

TEST_CASE("a value that holds no mbarrier object is left alone by an arrive and completes no phase",
          "[litmus][semantics][mbarrier]") {
  // PTX ISA 9.1 9.7.13.15.3: "The mbarrier object must be initialized prior
  // to use"; opcheck gives the undefined case one meaning in every model.
  for (const Value none :
       {Value::ofInteger(0), Value::ofInteger(-5), Value::ofInteger(1003), Value::ofAddress(0)}) {
    INFO(none.integer << " " << none.location);
    CHECK_FALSE(mbarrierObject(none).has_value());
    CHECK(update(Operation::MbarrierArrive, none, Value::ofInteger(0), DataType::B64) == none);
    CHECK(update(Operation::MbarrierPhaseComplete, none, Value::ofInteger(-1), DataType::B64) ==
          Value::ofInteger(0));
  }
  // A count outside [1, kMaxMbarrierCount] makes no object.
  CHECK(update(Operation::MbarrierInit, Value::ofInteger(0), Value::ofInteger(0), DataType::B64) ==
        Value::ofInteger(0));
  CHECK(update(Operation::MbarrierInit, Value::ofInteger(0), Value::ofInteger(kMaxMbarrierCount + 1),
               DataType::B64) == Value::ofInteger(0));
}

TEST_CASE("mbarrier tx-count: a phase completes when no arrival and no transaction is pending",
          "[litmus][semantics][mbarrier]") {
  const auto value = [](std::int64_t integer) { return Value::ofInteger(integer); };
  const auto apply = [](Operation operation, const Value& object, std::int64_t count) {
    return update(operation, object, Value::ofInteger(count), DataType::B64);
  };
  const Value initial = apply(Operation::MbarrierInit, value(0), 1);  // 1001: one arrival expected
  // 9.7.13.15.13: arrive.expect_tx is an expect-tx (tx-count + 16,
  // 9.7.13.15.5.1) then the arrive-on; the pending arrivals reach zero but
  // the tx-count does not, so the phase stays incomplete (9.7.13.15.6).
  const Value arrived = apply(Operation::MbarrierArriveExpectTx, initial, 16);
  REQUIRE(mbarrierObject(arrived).has_value());
  CHECK(mbarrierObject(arrived)->phase == 0);
  CHECK(mbarrierObject(arrived)->pending == 0);
  CHECK(mbarrierObject(arrived)->tx == 16);
  CHECK(arrived == value(16000001000));  // the documented decimal encoding
  CHECK(update(Operation::MbarrierPhaseComplete, arrived, value(0), DataType::B64) == value(0));
  // 9.7.13.15.5.2: complete-tx decrements the tx-count; at zero, with no
  // arrival pending, the phase completes and the pending count is reset.
  const Value completed = apply(Operation::MbarrierCompleteTx, arrived, 16);
  CHECK(completed == value(1001001));
  CHECK(update(Operation::MbarrierPhaseComplete, completed, value(0), DataType::B64) == value(1));
  // The complete-tx may come first: the tx-count goes below zero
  // (9.7.13.15.2: down to -(2^20 - 1)) and the arrival completes the phase.
  const Value early = apply(Operation::MbarrierCompleteTx, initial, 16);
  REQUIRE(mbarrierObject(early).has_value());
  CHECK(mbarrierObject(early)->tx == -16);
  CHECK(mbarrierObject(early)->phase == 0);
  CHECK(apply(Operation::MbarrierArriveExpectTx, early, 16) == value(1001001));
  // expect-tx alone completes nothing, whatever the counts.
  const Value expecting = apply(Operation::MbarrierExpectTx, initial, 32);
  CHECK(mbarrierObject(expecting)->tx == 32);
  CHECK(mbarrierObject(expecting)->pending == 1);
  // A plain arrive then leaves the phase waiting for the 32 bytes.
  const Value waiting = apply(Operation::MbarrierArrive, expecting, 0);
  CHECK(mbarrierObject(waiting)->phase == 0);
  CHECK(mbarrierObject(waiting)->pending == 0);
  CHECK(apply(Operation::MbarrierCompleteTx, apply(Operation::MbarrierCompleteTx, waiting, 16), 16) ==
        value(1001001));
}

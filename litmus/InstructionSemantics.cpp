#include "litmus/InstructionSemantics.h"

#include <algorithm>

namespace opcheck::litmus {

namespace {

bool isUnsigned(DataType type) {
  return type == DataType::U8 || type == DataType::U16 || type == DataType::U32 || type == DataType::U64;
}

std::int64_t numberOf(const Value& value) {
  return value.isAddress() ? addressNumber(value.location) : value.integer;
}

// Whether A is below B in TYPE's order: unsigned for .u types, else signed.
bool below(std::int64_t a, std::int64_t b, DataType type) {
  return isUnsigned(type) ? static_cast<std::uint64_t>(a) < static_cast<std::uint64_t>(b) : a < b;
}

// Whether OPERATION with the integer 0 as its second source gives the first.
bool keepsWithZero(Operation operation) {
  return operation == Operation::Add || operation == Operation::Subtract || operation == Operation::Or ||
         operation == Operation::Xor;
}

constexpr std::int64_t kTxUnit = 1000000000;
constexpr std::int64_t kPhaseUnit = 1000000;
constexpr std::int64_t kExpectedUnit = 1000;

// The object after a change of its counts: the phase completes when no
// arrival and no transaction is pending (9.7.13.15.6), and "The pending
// arrival count is reinitialized to the expected arrival count"; a count
// outside the encoding leaves BEFORE (InstructionSemantics.h).
Value mbarrierAfter(const MbarrierObject& before, MbarrierObject next) {
  if (next.pending < 0 || next.tx < -kMaxMbarrierCount || next.tx > kMaxMbarrierCount) {
    return mbarrierValue(before);
  }
  if (next.pending == 0 && next.tx == 0) {
    next.phase = (next.phase + 1) % (kMaxMbarrierCount + 1);
    next.pending = next.expected;
  }
  return mbarrierValue(next);
}

Value mbarrierUpdate(Operation operation, const Value& left, const Value& right) {
  const std::optional<MbarrierObject> object = mbarrierObject(left);
  switch (operation) {
    case Operation::MbarrierInit: {
      if (right.isAddress() || right.integer < 1 || right.integer > kMaxMbarrierCount) {
        return Value::ofInteger(0);  // no object (InstructionSemantics.h)
      }
      return mbarrierValue({0, right.integer, right.integer});
    }
    case Operation::MbarrierArrive:
    case Operation::MbarrierExpectTx:
    case Operation::MbarrierCompleteTx:
    case Operation::MbarrierArriveExpectTx: {
      if (!object || (operation != Operation::MbarrierArrive && right.isAddress())) {
        return left;
      }
      MbarrierObject next = *object;
      if (operation == Operation::MbarrierExpectTx) {
        // expect-tx completes no phase: only the count changes
        // (9.7.13.15.5.1).
        next.tx += right.integer;
        return next.tx > kMaxMbarrierCount ? left : mbarrierValue(next);
      }
      if (operation == Operation::MbarrierCompleteTx) {
        next.tx -= right.integer;
      } else {
        next.tx += operation == Operation::MbarrierArriveExpectTx ? right.integer : 0;
        --next.pending;
      }
      return mbarrierAfter(*object, next);
    }
    case Operation::MbarrierPhase:
      return Value::ofInteger(object ? object->phase : 0);
    case Operation::MbarrierPhaseComplete:
      // "The current phase is incomplete and all prior phases are
      // complete" (9.7.13.15.4).
      return Value::ofInteger(object && !right.isAddress() && right.integer < object->phase ? 1 : 0);
    default:
      return right;
  }
}

}  // namespace

std::optional<MbarrierObject> mbarrierObject(const Value& value) {
  if (value.isAddress() || value.integer < 0) {
    return std::nullopt;
  }
  // The digits above 10^9 hold the tx-count: t <= 999 is t, 1000 + n is
  // -(n + 1) (InstructionSemantics.h).
  const std::int64_t digits = value.integer / kTxUnit;
  const std::int64_t tx = digits <= kMaxMbarrierCount ? digits : kMaxMbarrierCount - digits;
  const std::int64_t rest = value.integer % kTxUnit;
  const MbarrierObject object{rest / kPhaseUnit, rest % kPhaseUnit / kExpectedUnit, rest % kExpectedUnit, tx};
  if (object.expected < 1 || object.pending > object.expected || (object.pending == 0 && object.tx == 0) ||
      object.tx < -kMaxMbarrierCount || object.tx > kMaxMbarrierCount) {
    return std::nullopt;
  }
  return object;
}

Value mbarrierValue(const MbarrierObject& object) {
  const std::int64_t digits = object.tx >= 0 ? object.tx : kMaxMbarrierCount - object.tx;
  return Value::ofInteger(digits * kTxUnit + object.phase * kPhaseUnit + object.expected * kExpectedUnit +
                          object.pending);
}

unsigned bitsOf(DataType type) {
  switch (type) {
    case DataType::B8:
    case DataType::S8:
    case DataType::U8:
      return 8;
    case DataType::B16:
    case DataType::S16:
    case DataType::U16:
      return 16;
    case DataType::B32:
    case DataType::S32:
    case DataType::U32:
      return 32;
    default:
      return 64;  // .b64, .s64, .u64, untyped, predicates
  }
}

std::int64_t fitted(std::int64_t integer, DataType type) {
  const unsigned bits = bitsOf(type);
  if (bits == 64) {
    return integer;
  }
  const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
  const std::uint64_t low = static_cast<std::uint64_t>(integer) & mask;
  if (isUnsigned(type)) {
    return static_cast<std::int64_t>(low);
  }
  const std::uint64_t sign = std::uint64_t{1} << (bits - 1);
  return static_cast<std::int64_t>((low ^ sign) - sign);
}

Value update(Operation operation, const Value& left, const Value& right, DataType type) {
  if (isMbarrierOperation(operation)) {
    return mbarrierUpdate(operation, left, right);  // 64 bits: mbarrier objects are .b64
  }
  if (operation == Operation::Exchange || operation == Operation::CompareAndSwap ||
      operation == Operation::None) {
    return right.isAddress() ? right : Value::ofInteger(fitted(right.integer, type));
  }
  if (left.isAddress() && !right.isAddress() && right.integer == 0 && keepsWithZero(operation)) {
    return left;
  }
  if (right.isAddress() && !left.isAddress() && left.integer == 0 && keepsWithZero(operation) &&
      operation != Operation::Subtract) {
    return right;
  }
  const std::int64_t a = fitted(numberOf(left), type);
  const std::int64_t b = fitted(numberOf(right), type);
  const auto ua = static_cast<std::uint64_t>(a);
  const auto ub = static_cast<std::uint64_t>(b);
  const auto less = [type](std::int64_t x, std::int64_t y) { return below(x, y, type); };
  std::int64_t result = 0;
  switch (operation) {
    case Operation::Add:
      result = static_cast<std::int64_t>(ua + ub);
      break;
    case Operation::Subtract:
      result = static_cast<std::int64_t>(ua - ub);
      break;
    case Operation::And:
      result = a & b;
      break;
    case Operation::Or:
      result = a | b;
      break;
    case Operation::Xor:
      result = a ^ b;
      break;
    case Operation::Min:
      result = less(b, a) ? b : a;
      break;
    case Operation::Max:
      result = less(a, b) ? b : a;
      break;
    case Operation::Increment:  // atom.inc: 0 once the bound is reached
      result = less(a, b) ? static_cast<std::int64_t>(ua + 1) : 0;
      break;
    case Operation::Decrement:  // atom.dec: the bound below 0 or above it
      result = (a == 0 || less(b, a)) ? b : static_cast<std::int64_t>(ua - 1);
      break;
    default:
      result = b;
      break;
  }
  return Value::ofInteger(fitted(result, type));
}

bool holds(Comparison comparison, const Value& left, const Value& right, DataType type) {
  if (left.isAddress() || right.isAddress()) {
    if (comparison == Comparison::Equal || comparison == Comparison::NotEqual) {
      return (left == right) == (comparison == Comparison::Equal);
    }
  }
  const std::int64_t a = fitted(numberOf(left), type);
  const std::int64_t b = fitted(numberOf(right), type);
  const auto less = [type](std::int64_t x, std::int64_t y) { return below(x, y, type); };
  switch (comparison) {
    case Comparison::Equal:
      return a == b;
    case Comparison::NotEqual:
      return a != b;
    case Comparison::Less:
      return less(a, b);
    case Comparison::LessOrEqual:
      return !less(b, a);
    case Comparison::Greater:
      return less(b, a);
    case Comparison::GreaterOrEqual:
      return !less(a, b);
    case Comparison::None:
      break;
  }
  return false;
}

// Both read Opcodes.def's columns: which operation "add" is, which
// comparison "blt" makes, is said once, in the instruction's row.
Operation registerOperation(Opcode opcode) { return info(opcode).registerOperation; }

Comparison branchComparison(Opcode opcode) { return info(opcode).branchComparison; }

}  // namespace opcheck::litmus

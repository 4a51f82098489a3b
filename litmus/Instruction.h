// One instruction of a litmus thread, as the models read it.
//
// Legacy spellings are already decoded (seed 001 Sec. 3.6; docs/architecture.md
// "Litmus dialects"): an access without semantics is .weak,
// ".volatile" is .relaxed.sys, membar.cta/gl/sys is fence.sc.cta/gpu/sys,
// atom and red without semantics are .relaxed and without scope .gpu.
#pragma once

#include <boost/container/static_vector.hpp>
#include <cstdint>

#include "litmus/Opcode.h"
#include "litmus/Qualifiers.h"
#include "litmus/SourcePosition.h"

namespace opcheck::litmus {

using RegisterId = std::uint16_t;
using LocationId = std::uint16_t;

struct Operand {
  enum class Kind : std::uint8_t {
    Register,         // r0
    Immediate,        // 1
    Location,         // x (the modern dialect names locations directly)
    RegisterAddress,  // [r1]: the location whose address r1 holds
    Label,            // LC00: index is the label's id in Thread::labels
  };
  Kind kind = Kind::Immediate;
  std::uint32_t index = 0;     // register, location or instruction index
  std::int64_t immediate = 0;  // for Kind::Immediate

  friend bool operator==(const Operand&, const Operand&) = default;
};

// "@p0" / "@!p0": run the instruction only when the predicate is true / false.
struct Guard {
  RegisterId predicate = 0;
  bool negated = false;

  friend bool operator==(const Guard&, const Guard&) = default;
};

constexpr std::size_t kMaxOperands = 4;

struct Instruction {
  Opcode opcode = Opcode::Move;
  Semantics semantics = Semantics::Weak;
  Scope scope = Scope::None;
  StateSpace stateSpace = StateSpace::Generic;
  // An asynchronous copy's source state space, written after its
  // destination's (cp.async.bulk.shared::cta.global: stateSpace SharedCta,
  // sourceStateSpace Global; PTX ISA 9.1 9.7.9.25.4.1); Generic elsewhere.
  StateSpace sourceStateSpace = StateSpace::Generic;
  // How an asynchronous copy completes, or .read on a bulk wait.
  Completion completion = Completion::None;
  CacheOperator cacheOperator = CacheOperator::None;
  DataType type = DataType::None;
  Operation operation = Operation::None;
  Comparison comparison = Comparison::None;
  BarrierAction barrierAction = BarrierAction::None;
  Proxy proxy = Proxy::Generic;
  // ld.mmio / st.mmio (PTX ISA 9.1 8.4.1): an access to memory mapped to a
  // device, always .relaxed.sys; the memory model reads it as the strong
  // access it is, so no model looks at this flag (docs/dialects.md).
  bool mmio = false;
  // Written membar.cta/gl/sys, which the decoder reads as fence.sc (seed 001
  // Sec. 3.6): the same instruction, drawn as written in pictures
  // (axiomcheck/ExecutionDot.h), so equality ignores it.
  bool writtenAsMembar = false;
  bool guarded = false;
  Guard guard;
  boost::container::static_vector<Operand, kMaxOperands> operands;
  SourcePosition position;  // where the mnemonic was written

  // Where an instruction was written is not part of what it is: a test and
  // its canonical reprint compare equal.
  friend bool operator==(const Instruction& left, const Instruction& right);
};

}  // namespace opcheck::litmus

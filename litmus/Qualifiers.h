// The qualifier kinds of a PTX instruction, as enums, and their spellings.
//
// The values and spellings come from Qualifiers.def; this header only gives
// them C++ names. Semantics and scope here are what the instruction *means*
// after legacy spellings are decoded (".volatile" is .relaxed.sys, ".gl" is
// .gpu): models never see the legacy spelling.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace opcheck::litmus {

enum class Semantics : std::uint8_t {
  Weak,
  Relaxed,
  Acquire,
  Release,
  AcquireRelease,
  SequentiallyConsistent,
};

// Ordered by inclusion: cta within cluster within gpu within sys (PTX ISA
// 9.1 8.5, Table 21; .cluster since PTX ISA 7.8).
enum class Scope : std::uint8_t { None, Cta, Cluster, Gpu, System };

// SharedCta and SharedCluster are the state spaces of the asynchronous
// copies and fence.proxy.async (PTX ISA 9.1 9.7.9.25.4.1, 9.7.13.4):
// .shared::cta is the executing CTA's shared memory, .shared::cluster the
// shared memory of any CTA of its cluster. The decoder accepts them on those
// instructions only (parser/MnemonicDecoder.cpp).
enum class StateSpace : std::uint8_t { Generic, Global, Shared, SharedCta, SharedCluster };

enum class CacheOperator : std::uint8_t {
  None,
  CacheAll,
  CacheGlobal,
  CacheStreaming,
  LastUse,
  DontCache,
  WriteBack,
  WriteThrough,
};

enum class DataType : std::uint8_t {
  None,
  B8,
  B16,
  B32,
  B64,
  S8,
  S16,
  S32,
  S64,
  U8,
  U16,
  U32,
  U64,
  Predicate,
};

enum class Operation : std::uint8_t {
  None,
  CompareAndSwap,
  Exchange,
  Add,
  Subtract,
  Increment,
  Decrement,
  And,
  Or,
  Xor,
  Min,
  Max,
  // Not spelled: what the mbarrier instructions compute on the object's
  // value (InstructionSemantics.h "mbarrier objects"). No instruction of a
  // test carries one; the models give them to the accesses that stand for
  // mbarrier.init, mbarrier.arrive and mbarrier.test_wait/try_wait.
  MbarrierInit,
  MbarrierArrive,
  MbarrierPhase,
  MbarrierPhaseComplete,
  // The tx-count operations (9.7.13.15.5): mbarrier.expect_tx,
  // mbarrier.complete_tx (and the complete-tx of a bulk copy), and
  // mbarrier.arrive.expect_tx.
  MbarrierExpectTx,
  MbarrierCompleteTx,
  MbarrierArriveExpectTx,
};

enum class Comparison : std::uint8_t {
  None,
  Equal,
  NotEqual,
  Less,
  LessOrEqual,
  Greater,
  GreaterOrEqual,
};

enum class BarrierAction : std::uint8_t { None, Sync, Arrive };

// Async is the asynchronous proxy of the bulk copies (PTX ISA 9.1
// 9.7.9.25.2); it comes last (axiomcheck/Ptx.cpp sizes a table by it).
enum class Proxy : std::uint8_t { Generic, Alias, Constant, Surface, Texture, Async };

// How an asynchronous copy completes, or what a bulk wait waits for (PTX
// ISA 9.1 9.7.9.25.1): .mbarrier::complete_tx::bytes, .bulk_group, and
// cp.async.bulk.wait_group's .read (the sources read, 9.7.9.25.6.2).
enum class Completion : std::uint8_t { None, MbarrierCompleteTx, BulkGroup, Read };

// The categories of Qualifiers.def: which field of an instruction a
// qualifier sets.
enum class QualifierCategory : std::uint8_t {
  Semantics,
  Scope,
  StateSpace,
  CacheOperator,
  DataType,
  Operation,
  Comparison,
  BarrierAction,
  Proxy,
  Completion,
};

// The same categories as bits, so that Opcodes.def can say which categories
// an instruction accepts.
enum QualifierCategoryBit : std::uint16_t {
  SemanticsBit = 1u << 0,
  ScopeBit = 1u << 1,
  StateSpaceBit = 1u << 2,
  CacheOperatorBit = 1u << 3,
  DataTypeBit = 1u << 4,
  OperationBit = 1u << 5,
  ComparisonBit = 1u << 6,
  BarrierActionBit = 1u << 7,
  ProxyBit = 1u << 8,
  CompletionBit = 1u << 9,
};

constexpr std::uint16_t bitOf(QualifierCategory category) {
  return static_cast<std::uint16_t>(1u << static_cast<unsigned>(category));
}

// What a category is called in messages ("semantics", "scope", ...).
std::string_view describe(QualifierCategory category);

// One row of Qualifiers.def.
struct QualifierInfo {
  std::string_view spelling;  // without the leading dot
  QualifierCategory category;
  std::uint8_t value;  // the enumerator of the category's enum
};

// The row for a spelling ("relaxed", "gl"), or null when it is no qualifier.
const QualifierInfo* findQualifier(std::string_view spelling);

// The canonical spelling of each value, without the leading dot; empty for
// the "none" values. ".gl" prints as "gpu".
std::string_view spelling(Semantics value);
std::string_view spelling(Scope value);
std::string_view spelling(StateSpace value);
std::string_view spelling(CacheOperator value);
std::string_view spelling(DataType value);
std::string_view spelling(Operation value);
std::string_view spelling(Comparison value);
std::string_view spelling(BarrierAction value);
std::string_view spelling(Proxy value);
std::string_view spelling(Completion value);

// The membar that is fence.sc at SCOPE, as herd and the legacy dialect
// spell it (seed 001 Sec. 3.6: membar.cta/gl/sys is fence.sc.cta/gpu/sys);
// empty for a scope no membar has.
std::string_view membarSpelling(Scope scope);

// Reads a scope word as it appears outside instructions: in placements and
// scope trees ("cta", "gpu", "sys", "system").
std::optional<Scope> scopeFromWord(std::string_view word);

}  // namespace opcheck::litmus

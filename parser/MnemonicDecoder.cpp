#include "parser/MnemonicDecoder.h"

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "litmus/AsyncOperations.h"
#include "litmus/Diagnostic.h"
#include "litmus/InstructionSemantics.h"

namespace opcheck::parser {

using litmus::DataType;
using litmus::Instruction;
using litmus::InstructionKind;
using litmus::Opcode;
using litmus::QualifierCategory;
using litmus::Scope;
using litmus::Semantics;
using litmus::SourcePosition;

namespace {

struct Word {
  std::string_view text;
  std::uint32_t offset;  // from the start of the mnemonic
};

std::vector<Word> splitAtDots(std::string_view mnemonic) {
  std::vector<Word> words;
  std::size_t start = 0;
  while (start <= mnemonic.size()) {
    const std::size_t dot = std::min(mnemonic.find('.', start), mnemonic.size());
    words.push_back({mnemonic.substr(start, dot - start), static_cast<std::uint32_t>(start)});
    start = dot + 1;
  }
  return words;
}

// The opcode whose spelling covers the most leading words ("fence.proxy"
// before "fence"), and how many words it covers.
std::optional<std::pair<Opcode, std::size_t>> findOpcode(std::string_view mnemonic) {
  std::optional<std::pair<Opcode, std::size_t>> best;
  std::size_t bestLength = 0;
  for (const litmus::OpcodeInfo& candidate : litmus::allOpcodes()) {
    const std::string_view spelling = candidate.spelling;
    const bool matches = mnemonic.substr(0, spelling.size()) == spelling &&
                         (mnemonic.size() == spelling.size() || mnemonic[spelling.size()] == '.');
    if (matches && spelling.size() > bestLength) {
      bestLength = spelling.size();
      const auto words = static_cast<std::size_t>(std::count(spelling.begin(), spelling.end(), '.')) + 1;
      best = {{candidate.opcode, words}};
    }
  }
  return best;
}

// Hashes a mnemonic given as a string or a view (heterogeneous lookup).
struct MnemonicTextHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

class Decoder {
 public:
  Decoder(std::string_view mnemonic, const std::string& file, SourcePosition position)
      : mnemonic_(mnemonic), file_(file), position_(position) {}

  Instruction decode() {
    const std::vector<Word> words = splitAtDots(mnemonic_);
    if (mnemonic_.starts_with("cp.async.bulk.prefetch")) {
      // PTX ISA 9.1 9.7.9.25.4.3: the prefetch "to the L2 cache" moves no
      // value into a location or register, yet "is treated as a weak memory
      // operation in the Memory Consistency Model": a read no outcome sees,
      // which only races would show. opcheck does not model it.
      fail(position_, "'" + std::string(mnemonic_) +
                          "' is not supported: opcheck does not model the prefetch (a weak memory operation "
                          "whose value no register receives, PTX ISA 9.1 9.7.9.25.4.3; leave it out)");
    }
    const auto found = findOpcode(mnemonic_);
    if (!found) {
      fail(position_, "unknown instruction '" + std::string(mnemonic_) + "'");
    }
    instruction_.opcode = found->first;
    instruction_.position = position_;
    for (std::size_t index = found->second; index < words.size(); ++index) {
      applyQualifier(words[index]);
    }
    applyDefaultsAndLegacyMeaning();
    return instruction_;
  }

 private:
  [[noreturn]] void fail(SourcePosition position, std::string message) const {
    litmus::fail(file_, position, std::move(message));
  }

  SourcePosition at(const Word& word) const { return {position_.line, position_.column + word.offset}; }

  std::string_view opcodeSpelling() const { return info(instruction_.opcode).spelling; }

  void applyQualifier(const Word& word) {
    if (word.text == "volatile") {
      applyVolatile(word);
      return;
    }
    if (word.text == "mmio") {
      applyMmio(word);
      return;
    }
    if (instruction_.opcode == Opcode::ProxyFence && applyUniDirectionalWord(word)) {
      return;
    }
    if (instruction_.opcode == Opcode::Fence &&
        (word.text.starts_with("sync_restrict::") || word.text == "mbarrier_init")) {
      // PTX ISA 9.1 9.7.13.4: the thread fences whose "effect ... only
      // applies to operations performed on objects in .shared::cta
      // [.shared::cluster] state space" (.sync_restrict) or to "the prior
      // mbarrier.init operations" (.op_restrict). In the axiomatic models
      // program order alone is causality order (8.9.5), so a release fence
      // that orders some of its prior accesses orders the others through
      // them: the restriction has no reading there (docs/dialects.md).
      fail(at(word), "'." + std::string(word.text) + "' in '" + std::string(mnemonic_) +
                         "' is not supported: opcheck reads the restricted thread fences in no model (write "
                         "fence.release.cluster or fence.acquire.cluster)");
    }
    const litmus::QualifierInfo* qualifier = litmus::findQualifier(word.text);
    if (qualifier == nullptr) {
      fail(at(word),
           "unknown qualifier '." + std::string(word.text) + "' in '" + std::string(mnemonic_) + "'");
    }
    // The uni-directional proxy fence takes .sem and .scope after
    // .async::generic (PTX ISA 9.1 9.7.13.4), which fence.proxy does not.
    const bool uniDirectionalOrder =
        uniDirectional_ && (qualifier->category == QualifierCategory::Semantics ||
                            qualifier->category == QualifierCategory::Scope);
    if (!uniDirectionalOrder &&
        (info(instruction_.opcode).acceptedCategories & bitOf(qualifier->category)) == 0) {
      fail(at(word), "qualifier '." + std::string(word.text) + "' does not apply to '" +
                         std::string(opcodeSpelling()) + "'");
    }
    const auto category = static_cast<std::size_t>(qualifier->category);
    if (qualifier->category == QualifierCategory::StateSpace) {
      checkStateSpace(word, static_cast<litmus::StateSpace>(qualifier->value));
      // An asynchronous copy names its destination's state space, then its
      // source's (PTX ISA 9.1 9.7.9.25.4.1: cp.async.bulk.dst.src).
      if (seen_[category] && !sourceSeen_ &&
          litmus::kindOf(instruction_.opcode) == InstructionKind::AsyncCopy) {
        sourceSeen_ = true;
        instruction_.sourceStateSpace = static_cast<litmus::StateSpace>(qualifier->value);
        return;
      }
    }
    if (seen_[category]) {
      fail(at(word), "'" + std::string(mnemonic_) + "' has two " +
                         std::string(describe(qualifier->category)) + " qualifiers");
    }
    seen_[category] = true;
    store(*qualifier);
  }

  // PTX ISA 9.1 9.7.13.4: the uni-directional proxy fences
  //   fence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster
  //   fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster
  // read as fence.proxy.async with the semantics, the scope and the state
  // space of .sync_restrict (litmus/AsyncOperations.h). Whether WORD was
  // one of their words.
  bool applyUniDirectionalWord(const Word& word) {
    const auto proxy = static_cast<std::size_t>(QualifierCategory::Proxy);
    const auto space = static_cast<std::size_t>(QualifierCategory::StateSpace);
    if (word.text == "async::generic") {
      if (seen_[proxy]) {
        fail(at(word), "'" + std::string(mnemonic_) + "' has two proxy kind qualifiers");
      }
      seen_[proxy] = true;
      uniDirectional_ = true;
      instruction_.proxy = litmus::Proxy::Async;
      return true;
    }
    if (!word.text.starts_with("sync_restrict::")) {
      return false;
    }
    const std::string_view restricted = word.text.substr(std::string_view("sync_restrict::").size());
    if (restricted != "shared::cta" && restricted != "shared::cluster") {
      fail(at(word),
           "'." + std::string(word.text) +
               "' is not a restriction: .sync_restrict::shared::cta or .sync_restrict::shared::cluster");
    }
    if (!uniDirectional_) {
      fail(at(word), "'." + std::string(word.text) + "' restricts the uni-directional proxy fence only (" +
                         "fence.proxy.async::generic...)");
    }
    if (seen_[space]) {
      fail(at(word), "'" + std::string(mnemonic_) + "' has two state space qualifiers");
    }
    seen_[space] = true;
    instruction_.stateSpace =
        restricted == "shared::cta" ? litmus::StateSpace::SharedCta : litmus::StateSpace::SharedCluster;
    return true;
  }

  void store(const litmus::QualifierInfo& qualifier) {
    switch (qualifier.category) {
      case QualifierCategory::Semantics:
        instruction_.semantics = static_cast<Semantics>(qualifier.value);
        break;
      case QualifierCategory::Scope:
        instruction_.scope = static_cast<Scope>(qualifier.value);
        break;
      case QualifierCategory::StateSpace:
        instruction_.stateSpace = static_cast<litmus::StateSpace>(qualifier.value);
        break;
      case QualifierCategory::CacheOperator:
        instruction_.cacheOperator = static_cast<litmus::CacheOperator>(qualifier.value);
        break;
      case QualifierCategory::DataType:
        instruction_.type = static_cast<DataType>(qualifier.value);
        break;
      case QualifierCategory::Operation:
        instruction_.operation = static_cast<litmus::Operation>(qualifier.value);
        break;
      case QualifierCategory::Comparison:
        instruction_.comparison = static_cast<litmus::Comparison>(qualifier.value);
        break;
      case QualifierCategory::BarrierAction:
        instruction_.barrierAction = static_cast<litmus::BarrierAction>(qualifier.value);
        break;
      case QualifierCategory::Proxy:
        instruction_.proxy = static_cast<litmus::Proxy>(qualifier.value);
        break;
      case QualifierCategory::Completion:
        instruction_.completion = static_cast<litmus::Completion>(qualifier.value);
        break;
    }
  }

  // .shared::cta and .shared::cluster are read on the instructions of the
  // asynchronous operations only (PTX ISA 9.1 9.7.9.25.4.1, 9.7.13.4,
  // 9.7.13.15.11-13); elsewhere opcheck reads .shared.
  void checkStateSpace(const Word& word, litmus::StateSpace space) const {
    const InstructionKind kind = litmus::kindOf(instruction_.opcode);
    const bool qualified =
        space == litmus::StateSpace::SharedCta || space == litmus::StateSpace::SharedCluster;
    const bool asyncInstruction = kind == InstructionKind::AsyncCopy || kind == InstructionKind::AsyncStore ||
                                  kind == InstructionKind::ProxyFence ||
                                  kind == InstructionKind::MbarrierUpdate ||
                                  (litmus::isMbarrierInstruction(instruction_.opcode) &&
                                   info(instruction_.opcode).registerOperation != litmus::Operation::None);
    if (qualified && !asyncInstruction) {
      fail(at(word), "qualifier '." + std::string(word.text) + "' does not apply to '" +
                         std::string(opcodeSpelling()) +
                         "' (opcheck reads it on cp.async.bulk, fence.proxy.async and the mbarrier tx-count "
                         "instructions; write .shared)");
    }
  }

  // PTX ISA 9.1 8.4.2 and seed 001 Sec. 3.6: ld.volatile / st.volatile are
  // ld.relaxed.sys / st.relaxed.sys.
  void applyVolatile(const Word& word) {
    if (instruction_.opcode != Opcode::Load && instruction_.opcode != Opcode::Store) {
      fail(at(word), "qualifier '.volatile' does not apply to '" + std::string(opcodeSpelling()) + "'");
    }
    const auto semantics = static_cast<std::size_t>(QualifierCategory::Semantics);
    const auto scope = static_cast<std::size_t>(QualifierCategory::Scope);
    if (seen_[semantics] || seen_[scope]) {
      fail(at(word), "'.volatile' already means .relaxed.sys; '" + std::string(mnemonic_) +
                         "' gives semantics or a scope as well");
    }
    seen_[semantics] = seen_[scope] = true;
    instruction_.semantics = Semantics::Relaxed;
    instruction_.scope = Scope::System;
  }

  // PTX ISA 9.1 8.4.1: ld.mmio / st.mmio, checked for .relaxed.sys with
  // the other restrictions of an access (applyDefaultsAndLegacyMeaning).
  void applyMmio(const Word& word) {
    if (instruction_.opcode != Opcode::Load && instruction_.opcode != Opcode::Store) {
      fail(at(word), "qualifier '.mmio' does not apply to '" + std::string(opcodeSpelling()) + "'");
    }
    if (instruction_.mmio) {
      fail(at(word), "'" + std::string(mnemonic_) + "' has two '.mmio' qualifiers");
    }
    instruction_.mmio = true;
  }

  bool hasSemantics() const { return seen_[static_cast<std::size_t>(QualifierCategory::Semantics)]; }
  bool hasScope() const { return seen_[static_cast<std::size_t>(QualifierCategory::Scope)]; }

  void require(bool holds, const std::string& message) const {
    if (!holds) {
      fail(position_, "'" + std::string(mnemonic_) + "': " + message);
    }
  }

  void applyDefaultsAndLegacyMeaning() {
    Instruction& i = instruction_;
    // PTX ISA 9.1's defaults and restrictions differ by what an
    // instruction does, so this dispatches on Opcodes.def's kind column.
    switch (litmus::kindOf(i.opcode)) {
      case InstructionKind::Load:
      case InstructionKind::Store: {
        // No .sem is .weak (seed 004; PTX ISA 9.1 8.4 Operation types).
        const bool isLoad = litmus::readsMemory(i.opcode);
        require(i.semantics != Semantics::AcquireRelease && i.semantics != Semantics::SequentiallyConsistent,
                "a memory access is .weak, .relaxed, .acquire or .release");
        require(!(isLoad && i.semantics == Semantics::Release), "a load cannot be .release");
        require(!(!isLoad && i.semantics == Semantics::Acquire), "a store cannot be .acquire");
        // PTX ISA 9.1 8.4.1: an mmio operation is a strong operation on
        // memory mapped to a device, which is global memory at system scope.
        require(!i.mmio || (i.semantics == Semantics::Relaxed && i.scope == Scope::System),
                "an .mmio access is .relaxed.sys");
        require(!i.mmio || i.stateSpace != litmus::StateSpace::Shared,
                "an .mmio access is to global memory, not .shared");
        if (i.semantics == Semantics::Weak) {
          require(i.scope == Scope::None, "a .weak access takes no scope");
        } else {
          require(i.scope != Scope::None, "a strong access needs a scope (.cta, .cluster, .gpu or .sys)");
        }
        break;
      }
      case InstructionKind::ReadModifyWrite:
      case InstructionKind::Reduction:
        // atom/red without .sem are .relaxed, without scope .gpu (PTX ISA 9.1
        // 9.7.13.5 atom, 9.7.13.6 red; docs/architecture.md "Litmus dialects").
        if (!hasSemantics()) {
          i.semantics = Semantics::Relaxed;
        }
        if (!hasScope()) {
          i.scope = Scope::Gpu;
        }
        require(i.semantics != Semantics::Weak && i.semantics != Semantics::SequentiallyConsistent,
                "an atomic is .relaxed, .acquire, .release or .acq_rel");
        require(i.operation != litmus::Operation::None, "needs an operation (.add, .cas, .exch, ...)");
        require(litmus::kindOf(i.opcode) == InstructionKind::ReadModifyWrite ||
                    (i.operation != litmus::Operation::CompareAndSwap &&
                     i.operation != litmus::Operation::Exchange),
                "red has no .cas or .exch (use atom)");
        break;
      case InstructionKind::LegacyFence:
        // seed 001 Sec. 3.6: membar.{cta,gl,sys} is fence.sc.{cta,gpu,sys}.
        require(hasScope(), "needs a scope (.cta, .gl or .sys)");
        i.opcode = Opcode::Fence;
        i.semantics = Semantics::SequentiallyConsistent;
        i.writtenAsMembar = true;
        break;
      case InstructionKind::Fence:
        // PTX ISA 9.1 9.7.13.4: fence{.sem}.scope, .sem defaults to .acq_rel.
        if (!hasSemantics()) {
          i.semantics = Semantics::AcquireRelease;
        }
        // fence.acquire and fence.release since ISA version 8.6 (PTX ISA 9.1 9.7.13.4:
        // .sem = { .sc, .acq_rel, .acquire, .release }).
        require(i.semantics != Semantics::Weak && i.semantics != Semantics::Relaxed,
                "a fence is .sc, .acq_rel, .acquire or .release");
        require(hasScope(), "needs a scope (.cta, .cluster, .gpu or .sys)");
        break;
      case InstructionKind::ProxyFence:
        require(seen_[static_cast<std::size_t>(QualifierCategory::Proxy)],
                "needs a proxy kind (.alias, .async, .constant, .surface or .texture)");
        // PTX ISA 9.1 9.7.13.4: .proxykind = { .alias, .async, .async.global,
        // .async.shared::{cta, cluster} }.
        require(i.stateSpace == litmus::StateSpace::Generic ||
                    (i.proxy == litmus::Proxy::Async && i.stateSpace != litmus::StateSpace::Shared),
                "a proxy fence's state space is .global, .shared::cta or .shared::cluster, after .async");
        if (uniDirectional_) {
          decodeUniDirectionalProxyFence();
        }
        break;
      case InstructionKind::AsyncCopy:
        if (info(i.opcode).proxies == litmus::AccessProxy::Async) {
          decodeBulkCopy();
        } else {
          decodeCopy();
        }
        break;
      case InstructionKind::AsyncStore:
        if (litmus::isAsyncMbarrierArrive(i.opcode)) {
          // 9.7.13.15.15: cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64.
          require(i.stateSpace == litmus::StateSpace::Generic || i.stateSpace == litmus::StateSpace::Shared ||
                      i.stateSpace == litmus::StateSpace::SharedCta,
                  "the mbarrier is in .shared or .shared::cta");
          require(i.type == litmus::DataType::None || i.type == litmus::DataType::B64,
                  "an mbarrier object is .b64");
        } else {
          decodeAsyncWrite();
        }
        break;
      case InstructionKind::AsyncCommit:
        break;
      case InstructionKind::AsyncWait:
        // 9.7.9.25.6.2: cp.async.bulk.wait_group{.read} N.
        require(i.completion == litmus::Completion::None || i.completion == litmus::Completion::Read,
                "a bulk wait takes .read or nothing");
        break;
      case InstructionKind::MbarrierUpdate:
        // 9.7.13.15.11 and .12: {.sem.scope}, .sem = { .relaxed }, .scope =
        // { .cta, .cluster }.
        require(hasSemantics() == hasScope(), ".sem and .scope must be given together");
        if (!hasSemantics()) {
          i.semantics = Semantics::Relaxed;
          i.scope = Scope::Cta;
        }
        require(i.semantics == Semantics::Relaxed, "mbarrier.expect_tx and complete_tx are .relaxed");
        require(i.scope == Scope::Cta || i.scope == Scope::Cluster,
                "an mbarrier operation is .cta or .cluster");
        require(i.type == litmus::DataType::None || i.type == litmus::DataType::B64,
                "an mbarrier object is .b64");
        break;
      case InstructionKind::Barrier:
        // bar.sync is the legacy spelling of bar.cta.sync.
        require(i.scope == Scope::None || i.scope == Scope::Cta, "barriers have CTA scope only");
        require(i.barrierAction != litmus::BarrierAction::None, "needs .sync or .arrive");
        i.scope = Scope::Cta;
        break;
      case InstructionKind::ClusterArrive:
        // PTX ISA 9.1 9.7.13.3: .sem = { .release, .relaxed }, .release by
        // default.
        if (!hasSemantics()) {
          i.semantics = Semantics::Release;
        }
        require(i.semantics == Semantics::Release || i.semantics == Semantics::Relaxed,
                "barrier.cluster.arrive is .release or .relaxed");
        break;
      case InstructionKind::ClusterWait:
        // 9.7.13.3: wait{.acquire}, .acquire by default.
        if (!hasSemantics()) {
          i.semantics = Semantics::Acquire;
        }
        require(i.semantics == Semantics::Acquire, "barrier.cluster.wait is .acquire");
        break;
      case InstructionKind::MbarrierInit:
        require(i.type == litmus::DataType::None || i.type == litmus::DataType::B64,
                "an mbarrier object is .b64");
        break;
      case InstructionKind::MbarrierArrive:
      case InstructionKind::MbarrierWait: {
        // 9.7.13.15.13 and .16: .sem and .scope are given together or not at
        // all; arrive is .release by default (.sem = { .release, .relaxed }),
        // test_wait and try_wait .acquire (.sem = { .acquire, .relaxed });
        // the scope is .cta by default (.scope = { .cta, .cluster }).
        const bool arrive = litmus::kindOf(i.opcode) == InstructionKind::MbarrierArrive;
        require(hasSemantics() == hasScope(), ".sem and .scope must be given together");
        if (!hasSemantics()) {
          i.semantics = arrive ? Semantics::Release : Semantics::Acquire;
          i.scope = Scope::Cta;
        }
        require(
            i.semantics == Semantics::Relaxed ||
                i.semantics == (arrive ? Semantics::Release : Semantics::Acquire),
            arrive ? "mbarrier.arrive is .release or .relaxed" : "an mbarrier wait is .acquire or .relaxed");
        require(i.scope == Scope::Cta || i.scope == Scope::Cluster,
                "an mbarrier operation is .cta or .cluster");
        require(i.type == litmus::DataType::None || i.type == litmus::DataType::B64,
                "an mbarrier object is .b64");
        break;
      }
      case InstructionKind::SetPredicate:
        require(i.comparison != litmus::Comparison::None, "needs a comparison (.eq, .ne, .lt, ...)");
        break;
      case InstructionKind::RegisterOperation:
      case InstructionKind::Jump:
      case InstructionKind::ConditionalBranch:
        break;  // no defaults, no forbidden combinations
    }
  }

  // PTX ISA 9.1 9.7.13.4: "When .sync_restrict is .sync_restrict::shared::cta,
  // .sem must be .release ... when .sync_restrict is
  // .sync_restrict::shared::cluster, .sem must be .acquire ... the .scope
  // must be specified as .cluster"; the syntax gives async::generic no form
  // without .sync_restrict.
  void decodeUniDirectionalProxyFence() const {
    const Instruction& i = instruction_;
    require(i.stateSpace != litmus::StateSpace::Generic,
            "the uni-directional proxy fence .async::generic needs .sync_restrict::shared::cta or "
            ".sync_restrict::shared::cluster");
    require(i.semantics == Semantics::Release || i.semantics == Semantics::Acquire,
            "the uni-directional proxy fence is .release or .acquire");
    require(i.semantics != Semantics::Release || i.stateSpace == litmus::StateSpace::SharedCta,
            ".sync_restrict::shared::cluster needs .acquire (.release takes .sync_restrict::shared::cta)");
    require(i.semantics != Semantics::Acquire || i.stateSpace == litmus::StateSpace::SharedCluster,
            ".sync_restrict::shared::cta needs .release (.acquire takes .sync_restrict::shared::cluster)");
    require(i.scope == Scope::Cluster, "a fence with .sync_restrict has .cluster scope");
  }

  // PTX ISA 9.1 9.7.9.25.4.1, the forms opcheck reads:
  //   cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes
  //   cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
  //   cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
  //   cp.async.bulk.global.shared::cta.bulk_group
  // and 9.7.9.25.4.2's cp.reduce.async.bulk:
  //   cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.redOp.type
  //   cp.reduce.async.bulk.global.shared::cta.bulk_group.redOp.type
  // "For a bulk asynchronous operation, the mbarrier object must be specified
  // in the asynchronous operation" (9.7.9.25.1.2).
  void decodeBulkCopy() const {
    using litmus::Completion;
    using litmus::StateSpace;
    const Instruction& i = instruction_;
    const bool reduce = i.opcode == Opcode::BulkReduce;
    require(sourceSeen_,
            reduce ? "needs a destination and a source state space (.shared::cluster.shared::cta "
                     "or .global.shared::cta)"
                   : "needs a destination and a source state space (.shared::cta.global, "
                     ".shared::cluster.global, .shared::cluster.shared::cta or .global.shared::cta)");
    const bool fromGlobal =
        (i.stateSpace == StateSpace::SharedCta || i.stateSpace == StateSpace::SharedCluster) &&
        i.sourceStateSpace == StateSpace::Global;
    const bool toPeer =
        i.stateSpace == StateSpace::SharedCluster && i.sourceStateSpace == StateSpace::SharedCta;
    const bool toGlobal = i.stateSpace == StateSpace::Global && i.sourceStateSpace == StateSpace::SharedCta;
    if (reduce) {
      require(toPeer || toGlobal,
              "reduces .shared::cta into .shared::cluster or .global (PTX ISA 9.1 9.7.9.25.4.2)");
    } else {
      require(fromGlobal || toPeer || toGlobal,
              "copies global memory to .shared::cta or .shared::cluster, .shared::cta to .shared::cluster, "
              "or .shared::cta to .global (PTX ISA 9.1 9.7.9.25.4.1)");
    }
    require(i.completion != Completion::None && i.completion != Completion::Read,
            "needs a completion mechanism (.mbarrier::complete_tx::bytes or .bulk_group)");
    require(toGlobal || i.completion == Completion::MbarrierCompleteTx,
            "a copy to shared memory completes through .mbarrier::complete_tx::bytes");
    require(!toGlobal || i.completion == Completion::BulkGroup,
            "a copy to global memory completes through .bulk_group");
    if (reduce) {
      requireReduction(toGlobal ? ReductionTable::BulkToGlobal : ReductionTable::ToSharedCluster);
    }
  }

  // The .redOp and .type pairs of cp.reduce.async.bulk (PTX ISA 9.1
  // 9.7.9.25.4.2's table, its integer rows: opcheck's values are integers)
  // and red.async (9.7.13.7, the same as the table's .shared::cluster rows).
  enum class ReductionTable : std::uint8_t { ToSharedCluster, BulkToGlobal };
  void requireReduction(ReductionTable table) const {
    using litmus::Operation;
    const Instruction& i = instruction_;
    const bool global = table == ReductionTable::BulkToGlobal;
    const auto typeIn = [&](std::initializer_list<DataType> types) {
      return std::find(types.begin(), types.end(), i.type) != types.end();
    };
    require(i.operation != Operation::None,
            "needs a reduction (.add, .min, .max, .inc, .dec, .and, .or, .xor)");
    require(i.type != DataType::None, "needs an element type");
    switch (i.operation) {
      case Operation::Add:
        require(typeIn({DataType::U32, DataType::S32, DataType::U64}),
                ".add reduces .u32, .s32 or .u64 (the integer types PTX ISA 9.1 allows)");
        break;
      case Operation::Min:
      case Operation::Max:
        require(global ? typeIn({DataType::U32, DataType::S32, DataType::U64, DataType::S64})
                       : typeIn({DataType::U32, DataType::S32}),
                global
                    ? ".min and .max reduce .u32, .s32, .u64 or .s64 (the integer types PTX ISA 9.1 allows)"
                    : ".min and .max reduce .u32 or .s32 here (PTX ISA 9.1)");
        break;
      case Operation::Increment:
      case Operation::Decrement:
        require(i.type == DataType::U32, ".inc and .dec reduce .u32 (PTX ISA 9.1)");
        break;
      case Operation::And:
      case Operation::Or:
      case Operation::Xor:
        require(global ? typeIn({DataType::B32, DataType::B64}) : i.type == DataType::B32,
                global ? ".and, .or and .xor reduce .b32 or .b64 (PTX ISA 9.1)"
                       : ".and, .or and .xor reduce .b32 here (PTX ISA 9.1)");
        break;
      default:
        require(false, "the reduction is .add, .min, .max, .inc, .dec, .and, .or or .xor");
    }
  }

  // PTX ISA 9.1 9.7.9.25.3.1: cp.async.ca|cg.shared{::cta}.global.
  void decodeCopy() const {
    using litmus::StateSpace;
    const Instruction& i = instruction_;
    require(sourceSeen_ && (i.stateSpace == StateSpace::Shared || i.stateSpace == StateSpace::SharedCta) &&
                i.sourceStateSpace == StateSpace::Global,
            "copies .global to .shared or .shared::cta (PTX ISA 9.1 9.7.9.25.3.1)");
    require(i.cacheOperator == litmus::CacheOperator::CacheAll ||
                i.cacheOperator == litmus::CacheOperator::CacheGlobal,
            "needs .ca or .cg");
  }

  // PTX ISA 9.1 9.7.9.12 st.async and 9.7.13.7 red.async, two forms each:
  // the release one to global memory, at .gpu or .sys (st.async) or .gpu or
  // .cluster (red.async, .add of .u32, .s32, .u64 or .s64), whose
  // ".completion_mechanism must not be specified"; and the weak st.async or
  // .relaxed.cluster red.async to .shared::cluster, where "If
  // .completion_mechanism is not specified, it defaults to
  // .mbarrier::complete_tx::bytes".
  void decodeAsyncWrite() {
    using litmus::StateSpace;
    Instruction& i = instruction_;
    const bool reduction = i.opcode == Opcode::AsyncReduction;
    const std::string name(opcodeSpelling());
    if (i.semantics == Semantics::Release) {
      const Scope wider = reduction ? Scope::Cluster : Scope::System;
      require(i.scope == Scope::Gpu || i.scope == wider,
              name + ".release's scope is .gpu or ." + std::string(litmus::spelling(wider)));
      require(i.stateSpace == StateSpace::Generic || i.stateSpace == StateSpace::Global,
              name + ".release writes .global");
      require(i.completion == litmus::Completion::None, name + ".release has no completion mechanism");
      require(reduction ? i.operation == litmus::Operation::Add &&
                              (i.type == DataType::U32 || i.type == DataType::S32 ||
                               i.type == DataType::U64 || i.type == DataType::S64)
                        : i.type != DataType::None && i.type != DataType::Predicate,
              reduction ? "red.async.release is .add of .u32, .s32, .u64 or .s64"
                        : "st.async.release needs a type");
      return;
    }
    if (reduction) {
      require(i.semantics == Semantics::Relaxed && i.scope == Scope::Cluster,
              "red.async is .relaxed.cluster or .release");
    } else {
      require(i.semantics == Semantics::Weak, "st.async is .weak or .release");
      require(i.scope == Scope::None || i.scope == Scope::Cluster, "st.async's scope is .cluster");
    }
    require(i.stateSpace == StateSpace::Generic || i.stateSpace == StateSpace::SharedCluster,
            reduction ? "red.async reduces .shared::cluster" : "st.async stores to .shared::cluster");
    require(
        i.completion == litmus::Completion::None || i.completion == litmus::Completion::MbarrierCompleteTx,
        name + " completes through .mbarrier::complete_tx::bytes");
    i.completion = litmus::Completion::MbarrierCompleteTx;
    if (reduction) {
      requireReduction(ReductionTable::ToSharedCluster);
    } else {
      require(i.type != DataType::None && i.type != DataType::Predicate && litmus::bitsOf(i.type) >= 32,
              "st.async stores .b32, .b64, .u32, .u64, .s32 or .s64");
    }
  }

  std::string_view mnemonic_;
  const std::string& file_;
  SourcePosition position_;
  Instruction instruction_;
  bool seen_[10] = {};
  bool sourceSeen_ = false;
  bool uniDirectional_ = false;  // .async::generic on fence.proxy
};

}  // namespace

Instruction decodeMnemonic(std::string_view mnemonic, const std::string& file, SourcePosition position) {
  // A corpus spells its instructions a few dozen ways: each thread keeps
  // what the mnemonics it decoded mean (a test's decoding was a twentieth of
  // an axiomatic run over t3). What a mnemonic means does not depend on
  // where it stands; a mnemonic refused is decoded anew, for its message.
  thread_local std::unordered_map<std::string, Instruction, MnemonicTextHash, std::equal_to<>> decoded;
  constexpr std::size_t kMaxRemembered = 4096;
  if (const auto known = decoded.find(mnemonic); known != decoded.end()) {
    Instruction instruction = known->second;
    instruction.position = position;
    return instruction;
  }
  Instruction instruction = Decoder(mnemonic, file, position).decode();
  if (decoded.size() >= kMaxRemembered) {
    decoded.clear();
  }
  decoded.emplace(std::string(mnemonic), instruction);
  return instruction;
}

}  // namespace opcheck::parser

#include "parser/TestBuilder.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

#include "litmus/AsyncOperations.h"
#include "litmus/Diagnostic.h"
#include "litmus/InstructionSemantics.h"
#include "litmus/Limits.h"
#include "parser/CommonParts.h"
#include "parser/MnemonicDecoder.h"
#include "parser/ScopeTreeReader.h"

namespace opcheck::parser {

using namespace opcheck::litmus;

namespace {

// An operand before it is resolved against the thread's names.
struct RawOperand {
  enum class Form { Integer, Name, Bracketed };
  Form form;
  std::string text;
  std::int64_t value = 0;
  SourcePosition position;
};

// One instruction as written, kept until every label of its thread is known.
struct PendingInstruction {
  std::string mnemonic;
  SourcePosition position;
  std::vector<RawOperand> operands;
  std::optional<std::pair<std::string, bool>> guard;  // predicate, negated
  SourcePosition guardPosition;
  bool lisa = false;
  std::string lisaAnnotation;
};

class TestBuilder {
 public:
  TestBuilder(const std::string& file, bool registersMustBeDeclared)
      : file_(file), registersMustBeDeclared_(registersMustBeDeclared), common_(file, test_) {}

  Test build(const LitmusSyntax& syntax) {
    test_.herdSource.gpuPtx = syntax.dialect == LitmusSyntax::Dialect::GpuPtx;
    header(syntax);
    threads(syntax.threads, /*placementsAllowed=*/syntax.dialect == LitmusSyntax::Dialect::Ptx);
    initialState(syntax.initialState);
    for (const RowSyntax& row : syntax.rows) {
      programRow(row);
    }
    scopeTree(syntax.scopeKeyword, syntax.scopeTrees);
    decodeInstructions();
    memoryMap(syntax.memoryMap);
    common_.finalCondition(syntax.locations, syntax.condition);
    return std::move(test_);
  }

 private:
  [[noreturn]] void fail(SourcePosition position, std::string message) const {
    litmus::fail(file_, position, std::move(message));
  }

  // --- header and threads ---------------------------------------------------

  void header(const LitmusSyntax& syntax) {
    test_.name = syntax.name;
    if (syntax.preamble) {
      const std::string& text = *syntax.preamble;
      const std::size_t first = text.find_first_not_of(" \t\r\n\f");
      if (first != std::string::npos) {
        test_.documentation = text.substr(first, text.find_last_not_of(" \t\r\n\f") + 1 - first);
      }
    }
  }

  void threads(const std::vector<ThreadNameSyntax>& names, bool placementsAllowed) {
    if (names.size() > kMaxThreads) {
      fail(names[kMaxThreads].name.position, "test too large: " + std::to_string(names.size()) +
                                                 " threads, opcheck's limit is " +
                                                 std::to_string(kMaxThreads));
    }
    test_.threads.resize(names.size());
    pending_.resize(names.size());
    placedBy_.assign(names.size(), std::nullopt);
    for (std::size_t thread = 0; thread < names.size(); ++thread) {
      const SyntaxWord& name = names[thread].name;
      threadNamePositions_.push_back(name.position);
      if (name.text != threadName(thread)) {
        fail(name.position, "column " + std::to_string(thread + 1) + " must be thread " + threadName(thread) +
                                ", found '" + name.text + "'");
      }
      if (const std::optional<PlacementSyntax>& placement = names[thread].placement) {
        if (!placementsAllowed) {
          fail(placement->position, "this dialect places threads in its scope tree, not with '@'");
        }
        placeByCoordinates(thread, *placement);
      }
    }
  }

  // "P0@cta 0,gpu 0": the modern dialect's placement.
  void placeByCoordinates(std::size_t thread, const PlacementSyntax& placement) {
    const RawPlacement raw = common_.placement(thread, placement);
    placedBy_[thread] = placement.position;
    rawPlacements_.resize(test_.threads.size());
    rawPlacements_[thread] = raw;
  }

  void scopeTree(std::optional<SourcePosition> keyword, const std::vector<ScopeTreeSyntax>& trees) {
    rawPlacements_.resize(test_.threads.size());
    if (keyword) {
      ScopeTreeReader reader(file_, test_.threads.size());
      for (const ScopeTreeSyntax& tree : trees) {
        reader.read(tree);
      }
      for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
        const std::optional<RawPlacement>& placed = reader.placement(thread);
        if (!placed) {
          if (placedBy_[thread]) {
            continue;
          }
          fail(*keyword, "thread " + threadName(thread) + " is missing from the scope tree");
        }
        if (placedBy_[thread]) {
          fail(reader.position(thread),
               "thread " + threadName(thread) + " is placed twice: with '@' and in the scope tree");
        }
        rawPlacements_[thread] = *placed;
        placedBy_[thread] = reader.position(thread);
      }
    }
    for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
      if (!placedBy_[thread]) {
        fail(threadNamePositions_[thread],
             "thread " + threadName(thread) + " has no placement (give 'P0@cta 0,gpu 0' or a scopeTree)");
      }
    }
    checkClusters(file_, rawPlacements_, placedBy_);
    normalizePlacements(rawPlacements_, test_.threads);
  }

  // --- initial state ---------------------------------------------------------

  std::size_t threadOf(const SyntaxWord& prefix) { return common_.threadOf(prefix); }

  std::int64_t integer(const SyntaxWord& word) { return common_.integer(word); }

  InitialValue initialValue(const ValueSyntax& value) {
    if (value.integer) {
      return InitialValue{false, integer(value.word), 0, value.word.position};
    }
    return InitialValue{true, 0, location(value.word.text, value.word.position), value.word.position};
  }

  LocationId location(const std::string& name, SourcePosition position) {
    return common_.location(name, position);
  }

  RegisterId newRegister(std::size_t thread, const std::string& name, SourcePosition position) {
    std::vector<Register>& registers = test_.threads[thread].registers;
    if (registers.size() >= kMaxRegistersPerThread) {
      fail(position, "test too large: more than " + std::to_string(kMaxRegistersPerThread) +
                         " registers in " + threadName(thread) + ", opcheck's limit");
    }
    registers.push_back(Register{name, DataType::None, std::nullopt});
    return static_cast<RegisterId>(registers.size() - 1);
  }

  // A register named in the program: declared ones only in GPU_PTX, any in
  // the dialects whose registers come into being where they are used.
  RegisterId useRegister(std::size_t thread, const std::string& name, SourcePosition position) {
    if (std::optional<RegisterId> existing = test_.findRegister(thread, name)) {
      return *existing;
    }
    if (registersMustBeDeclared_) {
      fail(position, "register '" + name + "' of " + threadName(thread) + " is not declared (add '" +
                         std::to_string(thread) + ":.reg .s32 " + name + ";' to the initial state)");
    }
    return newRegister(thread, name, position);
  }

  void initialState(const std::vector<InitialEntrySyntax>& entries) {
    using Kind = InitialEntrySyntax::Kind;
    for (const InitialEntrySyntax& entry : entries) {
      if (entry.kind == Kind::RegisterDeclaration) {
        registerDeclaration(entry);
      } else if (entry.kind == Kind::RegisterInitialValue) {
        const std::size_t thread = threadOf(entry.thread.value());
        const std::string& name = entry.name.text;
        const std::optional<RegisterId> existing = test_.findRegister(thread, name);
        const RegisterId id = existing ? *existing : newRegister(thread, name, entry.position);
        Register& reg = test_.threads[thread].registers[id];
        if (reg.initialValue) {
          fail(entry.position,
               "register " + name + " of " + threadName(thread) + " is given two initial values");
        }
        reg.initialValue = initialValue(entry.value.value());
      } else if (entry.kind == Kind::LocationInitialValue) {
        const std::string& name = entry.name.text;
        if (!initialised_.insert(name).second) {
          fail(entry.position, "location " + name + " is given two initial values");
        }
        const LocationId id = location(name, entry.position);
        test_.locations[id].initialValue = initialValue(entry.value.value());
        test_.herdSource.initialisedLocations.push_back(name);
      } else {
        locationAlias(entry);
      }
    }
  }

  void registerDeclaration(const InitialEntrySyntax& declaration) {
    if (!declaration.thread) {
      fail(declaration.position, "a register declaration names its thread ('0:.reg .s32 r0')");
    }
    const std::size_t thread = threadOf(*declaration.thread);
    const SyntaxWord& keyword = declaration.keyword;
    const SyntaxWord& typeWord = declaration.type;
    if (keyword.text != ".reg") {
      fail(keyword.position, "expected '.reg', found '" + keyword.text + "'");
    }
    const QualifierInfo* type = findQualifier(std::string_view(typeWord.text).substr(1));
    if (type == nullptr || type->category != QualifierCategory::DataType) {
      fail(typeWord.position, "unknown register type '" + typeWord.text + "'");
    }
    const std::string& name = declaration.name.text;
    if (test_.findRegister(thread, name)) {
      fail(declaration.name.position,
           "register " + name + " of " + threadName(thread) + " is declared twice");
    }
    const RegisterId id = newRegister(thread, name, declaration.position);
    Register& reg = test_.threads[thread].registers[id];
    reg.declaredType = static_cast<DataType>(type->value);
    if (declaration.value) {
      reg.initialValue = initialValue(*declaration.value);
    }
  }

  // "rd2 @ constant aliases rd1" (PTX ISA 9.1 8.6 Proxies; Dat3M's syntax).
  void locationAlias(const InitialEntrySyntax& alias) {
    const std::string& name = alias.name.text;
    const std::string& proxyWord = alias.proxy.text;
    const QualifierInfo* proxy = findQualifier(proxyWord);
    if (proxy == nullptr || proxy->category != QualifierCategory::Proxy) {
      fail(alias.proxy.position,
           "unknown proxy '" + proxyWord + "' (expected generic, alias, constant, surface or texture)");
    }
    if (!initialised_.insert(name).second) {
      fail(alias.position, "location " + name + " is given two initial values");
    }
    const LocationId id = location(name, alias.position);
    const LocationId target = location(alias.target.text, alias.target.position);
    if (target == id) {
      fail(alias.position, "location " + name + " cannot alias itself");
    }
    test_.locations[id].proxy = static_cast<Proxy>(proxy->value);
    test_.locations[id].aliasOf = target;
    test_.locations[id].aliasPosition = alias.position;
  }

  // --- program ---------------------------------------------------------------

  void checkColumns(std::size_t cells, SourcePosition position) {
    if (cells != test_.threads.size()) {
      fail(position, "row has " + std::to_string(cells) + " columns, but the test has " +
                         std::to_string(test_.threads.size()) + " threads");
    }
  }

  void addLabel(std::size_t thread, const SyntaxWord& label) {
    const std::string& name = label.text;
    Thread& owner = test_.threads[thread];
    for (const Label& existing : owner.labels) {
      if (existing.name == name) {
        fail(label.position, "label " + name + " appears twice in " + threadName(thread));
      }
    }
    owner.labels.push_back(Label{name, static_cast<std::uint32_t>(pending_[thread].size())});
  }

  void addPending(std::size_t thread, PendingInstruction instruction) {
    if (pending_[thread].size() >= kMaxInstructionsPerThread) {
      fail(instruction.position, "test too large: more than " + std::to_string(kMaxInstructionsPerThread) +
                                     " instructions in " + threadName(thread) + ", opcheck's limit");
    }
    pending_[thread].push_back(std::move(instruction));
  }

  void programRow(const RowSyntax& row) {
    checkColumns(row.cells.size(), row.position);
    for (std::size_t thread = 0; thread < row.cells.size(); ++thread) {
      const CellSyntax& cell = row.cells[thread];
      if (cell.label) {
        addLabel(thread, *cell.label);
      }
      if (!cell.instruction) {
        continue;
      }
      const InstructionSyntax& instruction = *cell.instruction;
      PendingInstruction pending;
      pending.lisa = instruction.lisa;
      pending.lisaAnnotation = instruction.annotation;
      pending.mnemonic = instruction.mnemonic.text;
      pending.position = instruction.mnemonic.position;
      if (instruction.guard) {
        pending.guard = {{instruction.guard->predicate.text, instruction.guard->negated}};
        pending.guardPosition = instruction.guard->position;
      }
      for (const OperandSyntax& operand : instruction.operands) {
        pending.operands.push_back(rawOperand(operand));
      }
      addPending(thread, std::move(pending));
    }
  }

  RawOperand rawOperand(const OperandSyntax& operand) {
    switch (operand.form) {
      case OperandSyntax::Form::Integer:
        return {RawOperand::Form::Integer, operand.word.text, integer(operand.word), operand.word.position};
      case OperandSyntax::Form::Bracketed:
        return {RawOperand::Form::Bracketed, operand.word.text, 0, operand.word.position};
      case OperandSyntax::Form::Name:
        break;
    }
    return {RawOperand::Form::Name, operand.word.text, 0, operand.word.position};
  }

  // herd's LISA: w[] x v is a weak store, r[] r x a weak load, f[scope] a
  // fence.sc at that scope (the reading herd's GPU models give them).
  Instruction lisaInstruction(const PendingInstruction& pending, std::string_view& signature) {
    Instruction instruction;
    instruction.position = pending.position;
    if (pending.mnemonic == "w" || pending.mnemonic == "r") {
      if (!pending.lisaAnnotation.empty()) {
        fail(pending.position, "unsupported LISA annotation '" + pending.lisaAnnotation + "' on " +
                                   pending.mnemonic + "[] (opcheck reads plain r[] and w[])");
      }
      instruction.opcode = pending.mnemonic == "w" ? Opcode::Store : Opcode::Load;
      signature = pending.mnemonic == "w" ? "av" : "da";
    } else if (pending.mnemonic == "f") {
      const std::optional<Scope> scope = scopeFromWord(pending.lisaAnnotation);
      if (!scope) {
        fail(pending.position, "unsupported LISA fence 'f[" + pending.lisaAnnotation +
                                   "]' (expected f[cta], f[gpu] or f[sys])");
      }
      instruction.opcode = Opcode::Fence;
      instruction.semantics = Semantics::SequentiallyConsistent;
      instruction.scope = *scope;
      signature = "";
    } else {
      fail(pending.position, "unsupported LISA instruction '" + pending.mnemonic + "' (expected r, w or f)");
    }
    return instruction;
  }

  Operand resolveOperand(std::size_t thread, char kind, const RawOperand& raw, const std::string& mnemonic) {
    using Kind = Operand::Kind;
    switch (kind) {
      case 'd':
        if (raw.form != RawOperand::Form::Name) {
          fail(raw.position, "'" + mnemonic + "' needs a register here, found '" + raw.text + "'");
        }
        return Operand{Kind::Register, useRegister(thread, raw.text, raw.position), 0};
      case 'v':
        if (raw.form == RawOperand::Form::Integer) {
          return Operand{Kind::Immediate, 0, raw.value};
        }
        if (raw.form == RawOperand::Form::Bracketed) {
          fail(raw.position, "'" + mnemonic + "' needs a value here, not an address");
        }
        return Operand{Kind::Register, useRegister(thread, raw.text, raw.position), 0};
      case 'a':
        if (raw.form == RawOperand::Form::Integer) {
          fail(raw.position, "'" + mnemonic + "' needs an address here, found '" + raw.text + "'");
        }
        if (raw.form == RawOperand::Form::Bracketed) {
          // GPU_PTX's [r1] goes through a pointer register; seed 004 writes
          // [x] for a location.
          if (test_.findRegister(thread, raw.text) || registersMustBeDeclared_) {
            return Operand{Kind::RegisterAddress, useRegister(thread, raw.text, raw.position), 0};
          }
        }
        return Operand{Kind::Location, location(raw.text, raw.position), 0};
      case 'l': {
        const std::vector<Label>& labels = test_.threads[thread].labels;
        for (std::size_t id = 0; id < labels.size(); ++id) {
          if (raw.form == RawOperand::Form::Name && labels[id].name == raw.text) {
            return Operand{Kind::Label, static_cast<std::uint32_t>(id), 0};
          }
        }
        fail(raw.position, "label '" + raw.text + "' does not exist in " + threadName(thread));
      }
      default:
        break;
    }
    fail(raw.position, "internal error: bad operand signature");
  }

  // Checks the operand count against the signature of Opcodes.def.
  void resolveOperands(std::size_t thread, Instruction& instruction, std::string_view signature,
                       const PendingInstruction& pending) {
    const std::string& mnemonic = pending.mnemonic;
    const std::size_t given = pending.operands.size();
    std::size_t required = signature.find('?');
    required = required == std::string_view::npos ? signature.size() : required;
    std::size_t allowed = signature.size() - (signature.find('?') == std::string_view::npos ? 0 : 1);
    if (signature == "*") {
      required = 1;
      allowed = 3;
    } else if (instruction.opcode == Opcode::Atomic) {
      required = allowed = instruction.operation == Operation::CompareAndSwap ? 4 : 3;
    }
    if (given < required || given > allowed) {
      const std::string expected = required == allowed
                                       ? std::to_string(required)
                                       : std::to_string(required) + " to " + std::to_string(allowed);
      fail(pending.position, "'" + mnemonic + "' takes " + expected + " operand" + (allowed == 1 ? "" : "s") +
                                 ", found " + std::to_string(given));
    }
    std::size_t letter = 0;
    for (const RawOperand& raw : pending.operands) {
      while (signature[letter] == '?') {
        ++letter;
      }
      const char kind = signature == "*" ? 'v' : signature[letter++];
      instruction.operands.push_back(resolveOperand(thread, kind, raw, mnemonic));
    }
  }

  void decodeInstructions() {
    for (std::size_t thread = 0; thread < pending_.size(); ++thread) {
      for (const PendingInstruction& pending : pending_[thread]) {
        std::string_view signature;
        Instruction instruction;
        if (pending.lisa) {
          instruction = lisaInstruction(pending, signature);
        } else {
          instruction = decodeMnemonic(pending.mnemonic, file_, pending.position);
          signature = info(instruction.opcode).operandSignature;
          // Dat3M's "ld r0, 1" loads an immediate into a register: a move.
          if (instruction.opcode == Opcode::Load && pending.mnemonic == "ld" &&
              pending.operands.size() == 2 && pending.operands[1].form == RawOperand::Form::Integer) {
            instruction.opcode = Opcode::Move;
            signature = info(Opcode::Move).operandSignature;
          }
        }
        if (pending.guard) {
          instruction.guarded = true;
          instruction.guard =
              Guard{useRegister(thread, pending.guard->first, pending.guardPosition), pending.guard->second};
        }
        resolveOperands(thread, instruction, signature, pending);
        checkMbarrierCount(instruction);
        checkAsyncOperands(instruction, pending);
        test_.threads[thread].instructions.push_back(std::move(instruction));
      }
    }
  }

  // PTX ISA 9.1 9.7.13.15.9: "The valid range of values for the operand
  // count is [1, ..., 2^20 - 1]"; opcheck's encoding of an object holds up
  // to litmus::kMaxMbarrierCount (litmus/InstructionSemantics.h).
  void checkMbarrierCount(const Instruction& instruction) const {
    if (litmus::kindOf(instruction.opcode) != litmus::InstructionKind::MbarrierInit ||
        instruction.operands.size() < 2 || instruction.operands[1].kind != litmus::Operand::Kind::Immediate) {
      return;
    }
    const std::int64_t count = instruction.operands[1].immediate;
    if (count < 1 || count > litmus::kMaxMbarrierCount) {
      fail(instruction.position, "mbarrier.init's count " + std::to_string(count) + " is outside [1, " +
                                     std::to_string(litmus::kMaxMbarrierCount) +
                                     "], the counts opcheck's mbarrier objects hold (PTX ISA 9.1 "
                                     "9.7.13.15.9 allows [1, 2^20 - 1])");
    }
  }

  // The operands of the asynchronous operations (litmus/AsyncOperations.h):
  // a bulk copy moves one named location, kBulkCopyBytes bytes, and names its
  // mbarrier exactly when it completes through one (PTX ISA 9.1
  // 9.7.9.25.1.2); a bulk wait's N is an immediate (9.7.9.25.6.2: "N is an
  // integer constant"); a tx count fits opcheck's mbarrier objects.
  void checkAsyncOperands(const Instruction& instruction, const PendingInstruction& pending) const {
    const litmus::InstructionKind kind = litmus::kindOf(instruction.opcode);
    const auto& operands = instruction.operands;
    const bool bulk = litmus::info(instruction.opcode).proxies == litmus::AccessProxy::Async;
    if (kind == litmus::InstructionKind::AsyncCopy && !bulk) {
      // PTX ISA 9.1 9.7.9.25.3.1: "cp-size can only be 4, 8 and 16"; a
      // location holds one value, so any of them copies it.
      const Operand& size = operands[2];
      if (size.kind != Operand::Kind::Immediate ||
          (size.immediate != 4 && size.immediate != 8 && size.immediate != 16)) {
        fail(pending.operands[2].position, "cp.async's cp-size is 4, 8 or 16");
      }
    } else if (kind == litmus::InstructionKind::AsyncCopy) {
      const Operand& size = operands[2];
      if (size.kind != Operand::Kind::Immediate || size.immediate != litmus::kBulkCopyBytes) {
        fail(pending.operands[2].position,
             "a bulk copy moves one named location of " + std::to_string(litmus::kBulkCopyBytes) +
                 " bytes, so its size is " + std::to_string(litmus::kBulkCopyBytes) +
                 " (a copy of several locations is several copies; docs/dialects.md)");
      }
      const bool mbarrier = instruction.completion == litmus::Completion::MbarrierCompleteTx;
      if (mbarrier != (operands.size() == 4)) {
        fail(instruction.position, mbarrier
                                       ? "'" + pending.mnemonic + "' needs the mbarrier it completes: [mbar]"
                                       : "'" + pending.mnemonic +
                                             "' completes through its bulk group and "
                                             "names no mbarrier");
      }
    } else if (kind == litmus::InstructionKind::AsyncStore &&
               !litmus::isAsyncMbarrierArrive(instruction.opcode)) {
      // st.async and red.async name the mbarrier they complete through, and
      // their release forms none (PTX ISA 9.1 9.7.9.12, 9.7.13.7:
      // ".completion_mechanism must not be specified").
      const bool mbarrier = instruction.completion == litmus::Completion::MbarrierCompleteTx;
      if (mbarrier != (operands.size() == 3)) {
        fail(instruction.position,
             mbarrier ? "'" + pending.mnemonic + "' needs the mbarrier it completes: [mbar]"
                      : "'" + pending.mnemonic + "' is a release operation and names no mbarrier");
      }
    } else if (kind == litmus::InstructionKind::AsyncWait && !operands.empty()) {
      if (operands[0].kind != Operand::Kind::Immediate || operands[0].immediate < 0) {
        fail(pending.operands[0].position, "a bulk wait's N is an integer constant, 0 or more");
      }
    } else if (litmus::isMbarrierInstruction(instruction.opcode) &&
               litmus::info(instruction.opcode).registerOperation != Operation::None) {
      const Operand& count = operands.back();
      if (count.kind == Operand::Kind::Immediate &&
          (count.immediate < 1 || count.immediate > litmus::kMaxMbarrierCount)) {
        fail(pending.operands.back().position, "txCount " + std::to_string(count.immediate) +
                                                   " is outside [1, " +
                                                   std::to_string(litmus::kMaxMbarrierCount) +
                                                   "], the tx-counts opcheck's mbarrier objects hold (PTX "
                                                   "ISA 9.1 9.7.13.15.2 allows up to 2^20 - 1)");
      }
    }
  }

  // --- memory map, condition, limits -----------------------------------------

  void memoryMap(const std::vector<MemoryMapEntrySyntax>& map) {
    std::set<std::string> mapped;
    for (const MemoryMapEntrySyntax& entry : map) {
      const std::string& name = entry.location.text;
      const std::string& space = entry.space.text;
      if (!mapped.insert(name).second) {
        fail(entry.position, "location " + name + " appears twice in the memory map");
      }
      const LocationId id = location(name, entry.position);
      if (space == "global") {
        test_.locations[id].stateSpace = StateSpace::Global;
      } else if (space == "shared") {
        test_.locations[id].stateSpace = StateSpace::Shared;
      } else {
        fail(entry.space.position, "unknown state space '" + space + "' (expected global or shared)");
      }
    }
  }

  const std::string& file_;
  bool registersMustBeDeclared_;
  Test test_;
  std::vector<std::vector<PendingInstruction>> pending_;
  std::vector<SourcePosition> threadNamePositions_;
  std::vector<std::optional<SourcePosition>> placedBy_;
  std::vector<RawPlacement> rawPlacements_;
  std::set<std::string> initialised_;
  CommonPartsReader common_;
};

}  // namespace

Test buildLitmusTest(const LitmusSyntax& syntax, const std::string& file) {
  return TestBuilder(file, /*registersMustBeDeclared=*/syntax.dialect == LitmusSyntax::Dialect::GpuPtx)
      .build(syntax);
}

}  // namespace opcheck::parser

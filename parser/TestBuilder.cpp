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
#include "parser/TokenPosition.h"

namespace opcheck::parser {

using namespace opcheck::litmus;
using antlr4::Token;
using antlr4::tree::TerminalNode;
using P = ::LitmusParser;

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

  Test gpuPtx(P::GpuPtxTestContext& tree) {
    test_.herdSource.gpuPtx = true;
    header(tree.testName(), tree.preamble());
    threads(*tree.threadHeader(), /*placementsAllowed=*/false);
    initialState(*tree.initialState());
    for (P::ProgramRowContext* row : tree.programRow()) {
      programRow(row->programCell(), positionOf(row));
    }
    scopeTree(tree.SCOPE_TREE(), tree.scopeTree());
    return finish(tree.memoryMap(), tree.locationsClause(), *tree.finalCondition());
  }

  Test ptx(P::PtxTestContext& tree) {
    header(tree.testName(), tree.preamble());
    threads(*tree.threadHeader(), /*placementsAllowed=*/true);
    initialState(*tree.initialState());
    for (P::ProgramRowContext* row : tree.programRow()) {
      programRow(row->programCell(), positionOf(row));
    }
    scopeTree(tree.SCOPE_TREE(), tree.scopeTree());
    return finish(tree.memoryMap(), tree.locationsClause(), *tree.finalCondition());
  }

  Test lisa(P::LisaTestContext& tree) {
    header(tree.testName(), tree.preamble());
    threads(*tree.threadHeader(), /*placementsAllowed=*/false);
    initialState(*tree.initialState());
    for (P::LisaRowContext* row : tree.lisaRow()) {
      lisaRow(*row);
    }
    scopeTree(tree.SCOPES(), tree.scopeTree());
    return finish(nullptr, tree.locationsClause(), *tree.finalCondition());
  }

 private:
  [[noreturn]] void fail(SourcePosition position, std::string message) const {
    litmus::fail(file_, position, std::move(message));
  }

  // --- header and threads ---------------------------------------------------

  void header(P::TestNameContext* name, P::PreambleContext* preamble) {
    // A rule of one token: its text is the token's (RuleContext::getText
    // would build it through a stringstream, a cost on every test).
    test_.name = name->TEST_NAME()->getText();
    if (preamble != nullptr) {
      const std::string text = preamble->PREAMBLE()->getText();
      const std::size_t first = text.find_first_not_of(" \t\r\n\f");
      if (first != std::string::npos) {
        test_.documentation = text.substr(first, text.find_last_not_of(" \t\r\n\f") + 1 - first);
      }
    }
  }

  void threads(P::ThreadHeaderContext& header, bool placementsAllowed) {
    const std::vector<P::ThreadNameContext*> names = header.threadName();
    if (names.size() > kMaxThreads) {
      fail(positionOf(names[kMaxThreads]), "test too large: " + std::to_string(names.size()) +
                                               " threads, opcheck's limit is " + std::to_string(kMaxThreads));
    }
    test_.threads.resize(names.size());
    pending_.resize(names.size());
    placedBy_.assign(names.size(), std::nullopt);
    for (std::size_t thread = 0; thread < names.size(); ++thread) {
      TerminalNode* name = names[thread]->IDENTIFIER();
      threadNamePositions_.push_back(positionOf(name));
      if (name->getText() != threadName(thread)) {
        fail(positionOf(name), "column " + std::to_string(thread + 1) + " must be thread " +
                                   threadName(thread) + ", found '" + name->getText() + "'");
      }
      if (P::PlacementContext* placement = names[thread]->placement()) {
        if (!placementsAllowed) {
          fail(positionOf(placement), "this dialect places threads in its scope tree, not with '@'");
        }
        placeByCoordinates(thread, *placement);
      }
    }
  }

  // "P0@cta 0,gpu 0": the modern dialect's placement.
  void placeByCoordinates(std::size_t thread, P::PlacementContext& placement) {
    const RawPlacement raw = common_.placement(thread, placement);
    placedBy_[thread] = positionOf(&placement);
    rawPlacements_.resize(test_.threads.size());
    rawPlacements_[thread] = raw;
  }

  void scopeTree(TerminalNode* keyword, const std::vector<P::ScopeTreeContext*>& trees) {
    rawPlacements_.resize(test_.threads.size());
    if (keyword != nullptr) {
      ScopeTreeReader reader(file_, test_.threads.size());
      for (P::ScopeTreeContext* tree : trees) {
        reader.read(*tree);
      }
      for (std::size_t thread = 0; thread < test_.threads.size(); ++thread) {
        const std::optional<RawPlacement>& placed = reader.placement(thread);
        if (!placed) {
          if (placedBy_[thread]) {
            continue;
          }
          fail(positionOf(keyword), "thread " + threadName(thread) + " is missing from the scope tree");
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

  std::size_t threadOf(P::ThreadPrefixContext& prefix) { return common_.threadOf(prefix); }

  std::int64_t integer(TerminalNode* node) { return common_.integer(node); }

  InitialValue initialValue(P::InitialValueContext& value) {
    if (value.INTEGER() != nullptr) {
      return InitialValue{false, integer(value.INTEGER()), 0, positionOf(&value)};
    }
    return InitialValue{true, 0, location(value.IDENTIFIER()->getText(), positionOf(&value)),
                        positionOf(&value)};
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

  void initialState(P::InitialStateContext& state) {
    for (P::InitialEntryContext* entry : state.initialEntry()) {
      if (auto* declaration = dynamic_cast<P::RegisterDeclarationContext*>(entry)) {
        registerDeclaration(*declaration);
      } else if (auto* registerValue = dynamic_cast<P::RegisterInitialValueContext*>(entry)) {
        const std::size_t thread = threadOf(*registerValue->threadPrefix());
        const std::string name = registerValue->IDENTIFIER()->getText();
        const std::optional<RegisterId> existing = test_.findRegister(thread, name);
        const RegisterId id = existing ? *existing : newRegister(thread, name, positionOf(entry));
        Register& reg = test_.threads[thread].registers[id];
        if (reg.initialValue) {
          fail(positionOf(entry),
               "register " + name + " of " + threadName(thread) + " is given two initial values");
        }
        reg.initialValue = initialValue(*registerValue->initialValue());
      } else if (auto* locationValue = dynamic_cast<P::LocationInitialValueContext*>(entry)) {
        const std::string name = locationValue->IDENTIFIER()->getText();
        if (!initialised_.insert(name).second) {
          fail(positionOf(entry), "location " + name + " is given two initial values");
        }
        const LocationId id = location(name, positionOf(entry));
        test_.locations[id].initialValue = initialValue(*locationValue->initialValue());
        test_.herdSource.initialisedLocations.push_back(name);
      } else if (auto* alias = dynamic_cast<P::LocationAliasContext*>(entry)) {
        locationAlias(*alias);
      }
    }
  }

  void registerDeclaration(P::RegisterDeclarationContext& declaration) {
    if (declaration.threadPrefix() == nullptr) {
      fail(positionOf(&declaration), "a register declaration names its thread ('0:.reg .s32 r0')");
    }
    const std::size_t thread = threadOf(*declaration.threadPrefix());
    TerminalNode* keyword = declaration.DOT_NAME(0);
    TerminalNode* typeWord = declaration.DOT_NAME(1);
    if (keyword->getText() != ".reg") {
      fail(positionOf(keyword), "expected '.reg', found '" + keyword->getText() + "'");
    }
    const QualifierInfo* type = findQualifier(typeWord->getText().substr(1));
    if (type == nullptr || type->category != QualifierCategory::DataType) {
      fail(positionOf(typeWord), "unknown register type '" + typeWord->getText() + "'");
    }
    const std::string name = declaration.IDENTIFIER()->getText();
    if (test_.findRegister(thread, name)) {
      fail(positionOf(declaration.IDENTIFIER()),
           "register " + name + " of " + threadName(thread) + " is declared twice");
    }
    const RegisterId id = newRegister(thread, name, positionOf(&declaration));
    Register& reg = test_.threads[thread].registers[id];
    reg.declaredType = static_cast<DataType>(type->value);
    // Each accessor of a parse tree searches the node's children.
    if (P::InitialValueContext* value = declaration.initialValue()) {
      reg.initialValue = initialValue(*value);
    }
  }

  // "rd2 @ constant aliases rd1" (PTX ISA 9.1 8.6 Proxies; Dat3M's syntax).
  void locationAlias(P::LocationAliasContext& alias) {
    const std::string name = alias.IDENTIFIER(0)->getText();
    const std::string proxyWord = alias.IDENTIFIER(1)->getText();
    const QualifierInfo* proxy = findQualifier(proxyWord);
    if (proxy == nullptr || proxy->category != QualifierCategory::Proxy) {
      fail(positionOf(alias.IDENTIFIER(1)),
           "unknown proxy '" + proxyWord + "' (expected generic, alias, constant, surface or texture)");
    }
    if (!initialised_.insert(name).second) {
      fail(positionOf(&alias), "location " + name + " is given two initial values");
    }
    const LocationId id = location(name, positionOf(&alias));
    const LocationId target = location(alias.IDENTIFIER(2)->getText(), positionOf(alias.IDENTIFIER(2)));
    if (target == id) {
      fail(positionOf(&alias), "location " + name + " cannot alias itself");
    }
    test_.locations[id].proxy = static_cast<Proxy>(proxy->value);
    test_.locations[id].aliasOf = target;
    test_.locations[id].aliasPosition = positionOf(&alias);
  }

  // --- program ---------------------------------------------------------------

  void checkColumns(std::size_t cells, SourcePosition position) {
    if (cells != test_.threads.size()) {
      fail(position, "row has " + std::to_string(cells) + " columns, but the test has " +
                         std::to_string(test_.threads.size()) + " threads");
    }
  }

  void addLabel(std::size_t thread, P::LabelContext& label) {
    const std::string name = label.IDENTIFIER()->getText();
    Thread& owner = test_.threads[thread];
    for (const Label& existing : owner.labels) {
      if (existing.name == name) {
        fail(positionOf(&label), "label " + name + " appears twice in " + threadName(thread));
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

  void programRow(const std::vector<P::ProgramCellContext*>& cells, SourcePosition position) {
    checkColumns(cells.size(), position);
    for (std::size_t thread = 0; thread < cells.size(); ++thread) {
      if (P::LabelContext* label = cells[thread]->label()) {
        addLabel(thread, *label);
      }
      P::InstructionContext* instruction = cells[thread]->instruction();
      if (instruction == nullptr) {
        continue;
      }
      PendingInstruction pending;
      pending.mnemonic = instruction->mnemonic()->getStart()->getText();  // one token
      pending.position = positionOf(instruction->mnemonic());
      if (P::GuardContext* guard = instruction->guard()) {
        pending.guard = {{guard->IDENTIFIER()->getText(), guard->BANG() != nullptr}};
        pending.guardPosition = positionOf(guard);
      }
      for (P::OperandContext* operand : instruction->operand()) {
        pending.operands.push_back(rawOperand(*operand));
      }
      addPending(thread, std::move(pending));
    }
  }

  // The operand's alternative is told by its first token (LitmusCommon.g4's
  // operand), which is cheaper than a dynamic_cast per alternative.
  RawOperand rawOperand(P::OperandContext& operand) {
    Token* first = operand.getStart();
    if (first->getType() == P::INTEGER) {
      auto& immediate = static_cast<P::ImmediateOperandContext&>(operand);
      return {RawOperand::Form::Integer, first->getText(), integer(immediate.INTEGER()),
              positionOf(&operand)};
    }
    if (first->getType() == P::LBRACKET) {
      TerminalNode* name = static_cast<P::IndirectOperandContext&>(operand).IDENTIFIER();
      return {RawOperand::Form::Bracketed, name->getText(), 0, positionOf(name)};
    }
    return {RawOperand::Form::Name, first->getText(), 0, positionOf(&operand)};
  }

  void lisaRow(P::LisaRowContext& row) {
    const std::vector<P::LisaCellContext*> cells = row.lisaCell();
    checkColumns(cells.size(), positionOf(&row));
    for (std::size_t thread = 0; thread < cells.size(); ++thread) {
      if (P::LabelContext* label = cells[thread]->label()) {
        addLabel(thread, *label);
      }
      P::LisaInstructionContext* instruction = cells[thread]->lisaInstruction();
      if (instruction == nullptr) {
        continue;
      }
      PendingInstruction pending;
      pending.lisa = true;
      pending.mnemonic = instruction->IDENTIFIER(0)->getText();
      pending.position = positionOf(instruction);
      if (instruction->IDENTIFIER().size() > 1) {
        pending.lisaAnnotation = instruction->IDENTIFIER(1)->getText();
      }
      for (P::LisaOperandContext* operand : instruction->lisaOperand()) {
        const std::string text = operand->getStart()->getText();  // one token
        if (operand->INTEGER() != nullptr) {
          pending.operands.push_back(
              {RawOperand::Form::Integer, text, integer(operand->INTEGER()), positionOf(operand)});
        } else {
          pending.operands.push_back({RawOperand::Form::Name, text, 0, positionOf(operand)});
        }
      }
      addPending(thread, std::move(pending));
    }
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

  void memoryMap(P::MemoryMapContext& map) {
    std::set<std::string> mapped;
    for (P::MemoryMapEntryContext* entry : map.memoryMapEntry()) {
      const std::string name = entry->IDENTIFIER(0)->getText();
      const std::string space = entry->IDENTIFIER(1)->getText();
      if (!mapped.insert(name).second) {
        fail(positionOf(entry), "location " + name + " appears twice in the memory map");
      }
      const LocationId id = location(name, positionOf(entry));
      if (space == "global") {
        test_.locations[id].stateSpace = StateSpace::Global;
      } else if (space == "shared") {
        test_.locations[id].stateSpace = StateSpace::Shared;
      } else {
        fail(positionOf(entry->IDENTIFIER(1)),
             "unknown state space '" + space + "' (expected global or shared)");
      }
    }
  }

  Test finish(P::MemoryMapContext* map, P::LocationsClauseContext* locations,
              P::FinalConditionContext& condition) {
    decodeInstructions();
    if (map != nullptr) {
      memoryMap(*map);
    }
    common_.finalCondition(locations, condition);
    return std::move(test_);
  }

  const std::string& file_;
  bool registersMustBeDeclared_;
  Test test_;
  std::vector<std::vector<PendingInstruction>> pending_;
  std::vector<SourcePosition> threadNamePositions_;
  std::vector<std::optional<SourcePosition>> placedBy_;
  std::vector<RawPlacement> rawPlacements_;
  std::set<std::string> initialised_;
  CommonPartsReader<P> common_;
};

}  // namespace

Test buildGpuPtxTest(P::GpuPtxTestContext& tree, const std::string& file) {
  return TestBuilder(file, /*registersMustBeDeclared=*/true).gpuPtx(tree);
}

Test buildPtxTest(P::PtxTestContext& tree, const std::string& file) {
  return TestBuilder(file, /*registersMustBeDeclared=*/false).ptx(tree);
}

Test buildLisaTest(P::LisaTestContext& tree, const std::string& file) {
  return TestBuilder(file, /*registersMustBeDeclared=*/false).lisa(tree);
}

}  // namespace opcheck::parser

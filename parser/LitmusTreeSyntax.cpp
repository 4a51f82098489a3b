#include "parser/LitmusTreeSyntax.h"

#include "parser/TreeSyntax.h"

namespace opcheck::parser {

namespace {

using P = ::LitmusParser;

ValueSyntax valueSyntax(P::InitialValueContext& value) {
  return ValueSyntax{value.INTEGER() != nullptr, wordOf(value.getStart())};
}

std::optional<ValueSyntax> optionalValue(P::InitialValueContext* value) {
  return value == nullptr ? std::nullopt : std::optional<ValueSyntax>(valueSyntax(*value));
}

InitialEntrySyntax entrySyntax(P::InitialEntryContext& entry) {
  using Kind = InitialEntrySyntax::Kind;
  InitialEntrySyntax syntax;
  syntax.position = positionOf(&entry);
  if (auto* declaration = dynamic_cast<P::RegisterDeclarationContext*>(&entry)) {
    syntax.kind = Kind::RegisterDeclaration;
    if (declaration->threadPrefix() != nullptr) {
      syntax.thread = wordOf(declaration->threadPrefix()->getStart());
    }
    syntax.keyword = wordOf(declaration->DOT_NAME(0));
    syntax.type = wordOf(declaration->DOT_NAME(1));
    syntax.name = wordOf(declaration->IDENTIFIER());
    syntax.value = optionalValue(declaration->initialValue());
  } else if (auto* registerValue = dynamic_cast<P::RegisterInitialValueContext*>(&entry)) {
    syntax.kind = Kind::RegisterInitialValue;
    syntax.thread = wordOf(registerValue->threadPrefix()->getStart());
    syntax.name = wordOf(registerValue->IDENTIFIER());
    syntax.value = optionalValue(registerValue->initialValue());
  } else if (auto* locationValue = dynamic_cast<P::LocationInitialValueContext*>(&entry)) {
    syntax.kind = Kind::LocationInitialValue;
    syntax.name = wordOf(locationValue->IDENTIFIER());
    syntax.value = optionalValue(locationValue->initialValue());
  } else {
    auto& alias = dynamic_cast<P::LocationAliasContext&>(entry);
    syntax.kind = Kind::LocationAlias;
    syntax.name = wordOf(alias.IDENTIFIER(0));
    syntax.proxy = wordOf(alias.IDENTIFIER(1));
    syntax.target = wordOf(alias.IDENTIFIER(2));
  }
  return syntax;
}

// The parts before the program, which every dialect has.
LitmusSyntax headSyntax(LitmusSyntax::Dialect dialect, P::TestNameContext& name, P::PreambleContext* preamble,
                        P::InitialStateContext& state, P::ThreadHeaderContext& header) {
  LitmusSyntax syntax;
  syntax.dialect = dialect;
  syntax.name = name.TEST_NAME()->getText();
  if (preamble != nullptr) {
    syntax.preamble = preamble->PREAMBLE()->getText();
  }
  for (P::InitialEntryContext* entry : state.initialEntry()) {
    syntax.initialState.push_back(entrySyntax(*entry));
  }
  for (P::ThreadNameContext* thread : header.threadName()) {
    ThreadNameSyntax threadSyntax{wordOf(thread->IDENTIFIER()), std::nullopt};
    if (P::PlacementContext* placement = thread->placement()) {
      threadSyntax.placement = placementSyntax<P>(*placement);
    }
    syntax.threads.push_back(std::move(threadSyntax));
  }
  return syntax;
}

// An operand's alternative is told by its first token (LitmusCommon.g4's
// operand).
OperandSyntax operandSyntax(P::OperandContext& operand) {
  antlr4::Token* first = operand.getStart();
  if (first->getType() == P::INTEGER) {
    return {OperandSyntax::Form::Integer, wordOf(first)};
  }
  if (first->getType() == P::LBRACKET) {
    return {OperandSyntax::Form::Bracketed,
            wordOf(static_cast<P::IndirectOperandContext&>(operand).IDENTIFIER())};
  }
  return {OperandSyntax::Form::Name, wordOf(first)};
}

RowSyntax rowSyntax(P::ProgramRowContext& row) {
  RowSyntax syntax{positionOf(&row), {}};
  for (P::ProgramCellContext* cell : row.programCell()) {
    CellSyntax cellSyntax;
    if (P::LabelContext* label = cell->label()) {
      cellSyntax.label = wordOf(label->IDENTIFIER());
    }
    if (P::InstructionContext* instruction = cell->instruction()) {
      InstructionSyntax& syntaxOf = cellSyntax.instruction.emplace();
      syntaxOf.mnemonic = wordOf(instruction->mnemonic()->getStart());  // one token
      if (P::GuardContext* guard = instruction->guard()) {
        syntaxOf.guard =
            GuardSyntax{wordOf(guard->IDENTIFIER()), guard->BANG() != nullptr, positionOf(guard)};
      }
      for (P::OperandContext* operand : instruction->operand()) {
        syntaxOf.operands.push_back(operandSyntax(*operand));
      }
    }
    syntax.cells.push_back(std::move(cellSyntax));
  }
  return syntax;
}

RowSyntax lisaRowSyntax(P::LisaRowContext& row) {
  RowSyntax syntax{positionOf(&row), {}};
  for (P::LisaCellContext* cell : row.lisaCell()) {
    CellSyntax cellSyntax;
    if (P::LabelContext* label = cell->label()) {
      cellSyntax.label = wordOf(label->IDENTIFIER());
    }
    if (P::LisaInstructionContext* instruction = cell->lisaInstruction()) {
      InstructionSyntax& syntaxOf = cellSyntax.instruction.emplace();
      syntaxOf.lisa = true;
      syntaxOf.mnemonic = wordOf(instruction->IDENTIFIER(0));
      if (instruction->IDENTIFIER().size() > 1) {
        syntaxOf.annotation = instruction->IDENTIFIER(1)->getText();
      }
      for (P::LisaOperandContext* operand : instruction->lisaOperand()) {
        syntaxOf.operands.push_back(
            {operand->INTEGER() != nullptr ? OperandSyntax::Form::Integer : OperandSyntax::Form::Name,
             wordOf(operand->getStart())});
      }
    }
    syntax.cells.push_back(std::move(cellSyntax));
  }
  return syntax;
}

ScopeTreeSyntax scopeTreeSyntax(P::ScopeTreeContext& tree) {
  ScopeTreeSyntax syntax{wordOf(tree.IDENTIFIER()), {}};
  for (P::ScopeTreeItemContext* item : tree.scopeTreeItem()) {
    ScopeItemSyntax itemSyntax;
    if (P::ScopeTreeContext* child = item->scopeTree()) {
      itemSyntax.subtree = std::make_unique<ScopeTreeSyntax>(scopeTreeSyntax(*child));
    } else {
      itemSyntax.thread = wordOf(item->IDENTIFIER());
    }
    syntax.items.push_back(std::move(itemSyntax));
  }
  return syntax;
}

// The parts after the program: scope trees, memory map, locations, condition.
void tailSyntax(LitmusSyntax& syntax, antlr4::tree::TerminalNode* scopeKeyword,
                const std::vector<P::ScopeTreeContext*>& trees, P::MemoryMapContext* map,
                P::LocationsClauseContext* locations, P::FinalConditionContext& condition) {
  if (scopeKeyword != nullptr) {
    syntax.scopeKeyword = positionOf(scopeKeyword);
  }
  for (P::ScopeTreeContext* tree : trees) {
    syntax.scopeTrees.push_back(scopeTreeSyntax(*tree));
  }
  if (map != nullptr) {
    for (P::MemoryMapEntryContext* entry : map->memoryMapEntry()) {
      syntax.memoryMap.push_back(
          {positionOf(entry), wordOf(entry->IDENTIFIER(0)), wordOf(entry->IDENTIFIER(1))});
    }
  }
  syntax.locations = locationsSyntax<P>(locations);
  syntax.condition = conditionSyntax<P>(condition);
}

}  // namespace

namespace {

// gpuPtxTest and ptxTest: the same parts (Ptx.g4's scopeTree optional), so
// their contexts have the same accessors.
template <typename Context>
LitmusSyntax programTableSyntax(LitmusSyntax::Dialect dialect, Context& tree) {
  LitmusSyntax syntax =
      headSyntax(dialect, *tree.testName(), tree.preamble(), *tree.initialState(), *tree.threadHeader());
  for (P::ProgramRowContext* row : tree.programRow()) {
    syntax.rows.push_back(rowSyntax(*row));
  }
  tailSyntax(syntax, tree.SCOPE_TREE(), tree.scopeTree(), tree.memoryMap(), tree.locationsClause(),
             *tree.finalCondition());
  return syntax;
}

}  // namespace

LitmusSyntax gpuPtxSyntax(P::GpuPtxTestContext& tree) {
  return programTableSyntax(LitmusSyntax::Dialect::GpuPtx, tree);
}

LitmusSyntax ptxSyntax(P::PtxTestContext& tree) {
  return programTableSyntax(LitmusSyntax::Dialect::Ptx, tree);
}

LitmusSyntax lisaSyntax(P::LisaTestContext& tree) {
  LitmusSyntax syntax = headSyntax(LitmusSyntax::Dialect::Lisa, *tree.testName(), tree.preamble(),
                                   *tree.initialState(), *tree.threadHeader());
  for (P::LisaRowContext* row : tree.lisaRow()) {
    syntax.rows.push_back(lisaRowSyntax(*row));
  }
  tailSyntax(syntax, tree.SCOPES(), tree.scopeTree(), nullptr, tree.locationsClause(),
             *tree.finalCondition());
  return syntax;
}

}  // namespace opcheck::parser

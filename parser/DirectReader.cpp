#include "parser/DirectReader.h"

#include "LitmusLexer.h"

namespace opcheck::parser {

namespace {

using T = ::LitmusLexer;

// Thrown where the tokens leave the grammar (or the part of it read here):
// the text goes to ANTLR.
struct NotTaken {};

class DirectReader {
 public:
  explicit DirectReader(const AsciiLexer& lexer) : tokens_(lexer.tokens()), text_(lexer.text()) {}

  // gpuPtxTest (GpuPtx.g4) and ptxTest (Ptx.g4).
  LitmusSyntax test() {
    LitmusSyntax syntax;
    if (at(T::GPU_PTX)) {
      syntax.dialect = LitmusSyntax::Dialect::GpuPtx;
    } else if (at(T::PTX)) {
      syntax.dialect = LitmusSyntax::Dialect::Ptx;
    } else {
      throw NotTaken{};
    }
    ++next_;
    syntax.name = take(T::TEST_NAME).text;
    if (at(T::PREAMBLE)) {
      syntax.preamble = take(T::PREAMBLE).text;
    }
    initialState(syntax);
    threadHeader(syntax);
    const bool gpuPtx = syntax.dialect == LitmusSyntax::Dialect::GpuPtx;
    while (!at(T::SCOPE_TREE) && (gpuPtx || !atTail())) {
      syntax.rows.push_back(programRow());
    }
    if (gpuPtx || at(T::SCOPE_TREE)) {
      syntax.scopeKeyword = take(T::SCOPE_TREE).position;
      do {
        syntax.scopeTrees.push_back(scopeTree());
      } while (at(T::LPAREN));
    }
    if (at(T::IDENTIFIER)) {
      do {
        const litmus::SourcePosition position = here();
        SyntaxWord location = take(T::IDENTIFIER);
        take(T::COLON);
        syntax.memoryMap.push_back({position, std::move(location), take(T::IDENTIFIER)});
      } while (skip(T::COMMA));
    }
    if (skip(T::LOCATIONS)) {
      take(T::LBRACKET);
      while (!skip(T::RBRACKET)) {
        if (!skip(T::SEMI)) {
          syntax.locations.push_back(conditionTerm());
        }
      }
    }
    finalCondition(syntax.condition);
    take(antlr4::Token::EOF);
    return syntax;
  }

 private:
  std::size_t type(std::size_t ahead = 0) const {
    const std::size_t index = next_ + ahead;
    return index < tokens_.size() ? tokens_[index].type : antlr4::Token::EOF;
  }
  bool at(std::size_t tokenType) const { return type() == tokenType; }
  litmus::SourcePosition here() const { return positionOf(tokens_.at(next_)); }

  // As parser/TokenPosition.h counts: columns from 1.
  static litmus::SourcePosition positionOf(const LexedToken& token) {
    return {static_cast<std::uint32_t>(token.line), static_cast<std::uint32_t>(token.column + 1)};
  }

  SyntaxWord take(std::size_t tokenType) {
    if (!at(tokenType)) {
      throw NotTaken{};
    }
    const LexedToken& token = tokens_[next_++];
    if (token.type == antlr4::Token::EOF) {
      return SyntaxWord{"", positionOf(token)};
    }
    return SyntaxWord{std::string(text_.substr(token.start, token.stop + 1 - token.start)),
                      positionOf(token)};
  }
  bool skip(std::size_t tokenType) {
    if (!at(tokenType)) {
      return false;
    }
    ++next_;
    return true;
  }

  // threadPrefix: (IDENTIFIER | INTEGER) COLON.
  bool atThreadPrefix() const { return (at(T::IDENTIFIER) || at(T::INTEGER)) && type(1) == T::COLON; }
  SyntaxWord threadPrefix() {
    SyntaxWord word = take(at(T::INTEGER) ? T::INTEGER : T::IDENTIFIER);
    take(T::COLON);
    return word;
  }

  // What may follow the program rows of a PTX test without a scopeTree: a
  // memory map (its "x: global" followed by ',' or the next part, where a
  // row's "L: ld" label is followed by an operand, '|' or ';'), the
  // locations or the condition.
  bool atTail() const {
    switch (type()) {
      case T::LOCATIONS:
      case T::FILTER:
      case T::TILDE:
      case T::EXISTS:
      case T::FORALL:
        return true;
      case T::IDENTIFIER:
        if (type(1) == T::COLON && type(2) == T::IDENTIFIER) {
          const std::size_t after = type(3);
          return after == T::COMMA || after == T::LOCATIONS || after == T::FILTER || after == T::TILDE ||
                 after == T::EXISTS || after == T::FORALL;
        }
        return false;
      default:
        return false;
    }
  }

  ValueSyntax initialValue() {
    if (at(T::INTEGER)) {
      return {true, take(T::INTEGER)};
    }
    return {false, take(T::IDENTIFIER)};
  }

  // initialState: LBRACE (initialEntry | SEMI | COMMA)* RBRACE.
  void initialState(LitmusSyntax& syntax) {
    using Kind = InitialEntrySyntax::Kind;
    take(T::LBRACE);
    while (!skip(T::RBRACE)) {
      if (skip(T::SEMI) || skip(T::COMMA)) {
        continue;
      }
      InitialEntrySyntax entry;
      entry.position = here();
      if (atThreadPrefix()) {
        entry.thread = threadPrefix();
      }
      if (at(T::DOT_NAME)) {
        entry.kind = Kind::RegisterDeclaration;
        entry.keyword = take(T::DOT_NAME);
        entry.type = take(T::DOT_NAME);
        entry.name = take(T::IDENTIFIER);
        if (skip(T::ASSIGN)) {
          entry.value = initialValue();
        }
      } else if (entry.thread) {
        entry.kind = Kind::RegisterInitialValue;
        entry.name = take(T::IDENTIFIER);
        take(T::ASSIGN);
        entry.value = initialValue();
      } else if (type(1) == T::AT) {
        entry.kind = Kind::LocationAlias;
        entry.name = take(T::IDENTIFIER);
        take(T::AT);
        entry.proxy = take(T::IDENTIFIER);
        take(T::ALIASES);
        entry.target = take(T::IDENTIFIER);
      } else {
        entry.kind = Kind::LocationInitialValue;
        entry.name = take(T::IDENTIFIER);
        take(T::ASSIGN);
        entry.value = initialValue();
      }
      syntax.initialState.push_back(std::move(entry));
    }
  }

  // threadHeader: threadName (PIPE threadName)* SEMI.
  void threadHeader(LitmusSyntax& syntax) {
    do {
      ThreadNameSyntax thread{take(T::IDENTIFIER), std::nullopt};
      if (at(T::AT)) {
        PlacementSyntax& placement = thread.placement.emplace();
        placement.position = take(T::AT).position;
        do {
          SyntaxWord level = take(T::IDENTIFIER);
          placement.coordinates.emplace_back(std::move(level), take(T::INTEGER));
        } while (skip(T::COMMA));
      }
      syntax.threads.push_back(std::move(thread));
    } while (skip(T::PIPE));
    take(T::SEMI);
  }

  // programRow: programCell (PIPE programCell)* SEMI.
  RowSyntax programRow() {
    RowSyntax row{here(), {}};
    do {
      row.cells.push_back(programCell());
    } while (skip(T::PIPE));
    take(T::SEMI);
    return row;
  }

  // programCell: label? instruction?
  CellSyntax programCell() {
    CellSyntax cell;
    if (at(T::IDENTIFIER) && type(1) == T::COLON) {
      cell.label = take(T::IDENTIFIER);
      take(T::COLON);
    }
    if (!at(T::AT) && !at(T::QUALIFIED_NAME) && !at(T::IDENTIFIER)) {
      return cell;
    }
    InstructionSyntax& instruction = cell.instruction.emplace();
    if (at(T::AT)) {
      GuardSyntax& guard = instruction.guard.emplace();
      guard.position = take(T::AT).position;
      guard.negated = skip(T::BANG);
      guard.predicate = take(T::IDENTIFIER);
    }
    instruction.mnemonic = take(at(T::QUALIFIED_NAME) ? T::QUALIFIED_NAME : T::IDENTIFIER);
    if (at(T::INTEGER) || at(T::IDENTIFIER) || at(T::LBRACKET)) {
      do {
        instruction.operands.push_back(operand());
      } while (skip(T::COMMA));
    }
    return cell;
  }

  OperandSyntax operand() {
    if (at(T::INTEGER)) {
      return {OperandSyntax::Form::Integer, take(T::INTEGER)};
    }
    if (skip(T::LBRACKET)) {
      OperandSyntax bracketed{OperandSyntax::Form::Bracketed, take(T::IDENTIFIER)};
      take(T::RBRACKET);
      return bracketed;
    }
    return {OperandSyntax::Form::Name, take(T::IDENTIFIER)};
  }

  // scopeTree: LPAREN IDENTIFIER scopeTreeItem* RPAREN.
  ScopeTreeSyntax scopeTree() {
    take(T::LPAREN);
    ScopeTreeSyntax tree{take(T::IDENTIFIER), {}};
    while (!skip(T::RPAREN)) {
      ScopeItemSyntax item;
      if (at(T::LPAREN)) {
        item.subtree = std::make_unique<ScopeTreeSyntax>(scopeTree());
      } else {
        item.thread = take(T::IDENTIFIER);
      }
      tree.items.push_back(std::move(item));
    }
    return tree;
  }

  // finalCondition: filterClause? quantifier proposition.
  void finalCondition(ConditionSyntax& condition) {
    condition.position = here();
    if (skip(T::FILTER)) {
      condition.filter = proposition();
    }
    if (skip(T::EXISTS)) {
      condition.quantifier = litmus::Quantifier::Exists;
    } else if (skip(T::FORALL)) {
      condition.quantifier = litmus::Quantifier::Forall;
    } else {
      take(T::TILDE);
      take(T::EXISTS);
      condition.quantifier = litmus::Quantifier::NotExists;
    }
    condition.proposition = proposition();
  }

  // proposition: conjunction (OR conjunction)*; conjunction: negation (AND negation)*.
  PropositionSyntax proposition() {
    PropositionSyntax disjunction;
    disjunction.kind = PropositionSyntax::Kind::Or;
    do {
      PropositionSyntax conjunction;
      conjunction.kind = PropositionSyntax::Kind::And;
      do {
        conjunction.operands.push_back(negation());
      } while (skip(T::AND));
      disjunction.operands.push_back(std::move(conjunction));
    } while (skip(T::OR));
    return disjunction;
  }

  PropositionSyntax negation() {
    using Kind = PropositionSyntax::Kind;
    PropositionSyntax result;
    if (skip(T::TILDE)) {
      result.kind = Kind::Not;
      result.operands.push_back(negation());
    } else if (skip(T::LPAREN)) {
      result = proposition();
      take(T::RPAREN);
    } else if (skip(T::TRUE)) {
      result.kind = Kind::True;
    } else if (skip(T::FALSE)) {
      result.kind = Kind::False;
    } else {
      result.kind = Kind::Comparison;
      result.left = conditionTerm();
      if (skip(T::NOT_EQUAL)) {
        result.equal = false;
      } else if (!skip(T::EQUAL)) {
        take(T::ASSIGN);
      }
      result.right = conditionTerm();
    }
    return result;
  }

  // conditionTerm: threadPrefix IDENTIFIER | IDENTIFIER | INTEGER.
  TermSyntax conditionTerm() {
    TermSyntax term;
    term.position = here();
    if (atThreadPrefix()) {
      term.kind = TermSyntax::Kind::Register;
      term.thread = threadPrefix();
      term.word = take(T::IDENTIFIER);
    } else if (at(T::INTEGER)) {
      term.kind = TermSyntax::Kind::Integer;
      term.word = take(T::INTEGER);
    } else {
      term.kind = TermSyntax::Kind::Location;
      term.word = take(T::IDENTIFIER);
    }
    return term;
  }

  const std::vector<LexedToken>& tokens_;
  std::string_view text_;
  std::size_t next_ = 0;
};

}  // namespace

std::optional<LitmusSyntax> readDirectly(const AsciiLexer& lexer) {
  try {
    return DirectReader(lexer).test();
  } catch (const NotTaken&) {
    return std::nullopt;
  }
}

}  // namespace opcheck::parser

// The parts of an ANTLR parse tree that LitmusCommon.g4 gives both parsers
// (LitmusParser, CLitmusParser), made parser/LitmusSyntax.h's values: the
// trees have the same shape under two generated classes, so these are
// templates over the parser class.
#pragma once

#include "antlr4-runtime.h"
#include "parser/LitmusSyntax.h"
#include "parser/TokenPosition.h"

namespace opcheck::parser {

inline litmus::SourcePosition positionOf(antlr4::tree::TerminalNode* node) {
  return positionOf(node->getSymbol());
}
inline litmus::SourcePosition positionOf(antlr4::ParserRuleContext* context) {
  return positionOf(context->getStart());
}

inline SyntaxWord wordOf(antlr4::Token* token) { return SyntaxWord{token->getText(), positionOf(token)}; }
inline SyntaxWord wordOf(antlr4::tree::TerminalNode* node) { return wordOf(node->getSymbol()); }

template <typename Parser>
PlacementSyntax placementSyntax(typename Parser::PlacementContext& placement) {
  PlacementSyntax syntax{positionOf(&placement), {}};
  for (auto* coordinate : placement.placementCoordinate()) {
    syntax.coordinates.emplace_back(wordOf(coordinate->IDENTIFIER()), wordOf(coordinate->INTEGER()));
  }
  return syntax;
}

template <typename Parser>
TermSyntax termSyntax(typename Parser::ConditionTermContext& context) {
  TermSyntax term;
  term.position = positionOf(&context);
  term.word = wordOf(context.getStop());  // the IDENTIFIER or INTEGER, after any thread prefix
  if (auto* reg = dynamic_cast<typename Parser::RegisterTermContext*>(&context)) {
    term.kind = TermSyntax::Kind::Register;
    term.thread = wordOf(reg->threadPrefix()->getStart());
  } else if (dynamic_cast<typename Parser::LocationTermContext*>(&context) != nullptr) {
    term.kind = TermSyntax::Kind::Location;
  } else {
    term.kind = TermSyntax::Kind::Integer;
  }
  return term;
}

template <typename Parser>
PropositionSyntax propositionSyntax(typename Parser::PropositionContext& context);

template <typename Parser>
PropositionSyntax negationSyntax(typename Parser::NegationContext& context) {
  using Kind = PropositionSyntax::Kind;
  PropositionSyntax result;
  if (auto* inner = dynamic_cast<typename Parser::NotPropositionContext*>(&context)) {
    result.kind = Kind::Not;
    result.operands.push_back(negationSyntax<Parser>(*inner->negation()));
  } else if (auto* parenthesized =
                 dynamic_cast<typename Parser::ParenthesizedPropositionContext*>(&context)) {
    return propositionSyntax<Parser>(*parenthesized->proposition());
  } else if (auto* comparison = dynamic_cast<typename Parser::ComparisonPropositionContext*>(&context)) {
    result.kind = Kind::Comparison;
    result.equal = comparison->comparison()->NOT_EQUAL() == nullptr;
    result.left = termSyntax<Parser>(*comparison->conditionTerm(0));
    result.right = termSyntax<Parser>(*comparison->conditionTerm(1));
  } else if (dynamic_cast<typename Parser::TruePropositionContext*>(&context) != nullptr) {
    result.kind = Kind::True;
  } else {
    result.kind = Kind::False;
  }
  return result;
}

template <typename Parser>
PropositionSyntax propositionSyntax(typename Parser::PropositionContext& context) {
  PropositionSyntax result;
  result.kind = PropositionSyntax::Kind::Or;
  for (auto* conjunct : context.conjunction()) {
    PropositionSyntax conjunction;
    conjunction.kind = PropositionSyntax::Kind::And;
    for (auto* negation : conjunct->negation()) {
      conjunction.operands.push_back(negationSyntax<Parser>(*negation));
    }
    result.operands.push_back(std::move(conjunction));
  }
  return result;
}

template <typename Parser>
std::vector<TermSyntax> locationsSyntax(typename Parser::LocationsClauseContext* locations) {
  std::vector<TermSyntax> terms;
  if (locations != nullptr) {
    for (auto* shown : locations->conditionTerm()) {
      terms.push_back(termSyntax<Parser>(*shown));
    }
  }
  return terms;
}

template <typename Parser>
ConditionSyntax conditionSyntax(typename Parser::FinalConditionContext& condition) {
  ConditionSyntax syntax;
  syntax.position = positionOf(&condition);
  if (condition.filterClause() != nullptr) {
    syntax.filter = propositionSyntax<Parser>(*condition.filterClause()->proposition());
  }
  auto* quantifier = condition.quantifier();
  if (dynamic_cast<typename Parser::NotExistsQuantifierContext*>(quantifier) != nullptr) {
    syntax.quantifier = litmus::Quantifier::NotExists;
  } else if (dynamic_cast<typename Parser::ForallQuantifierContext*>(quantifier) != nullptr) {
    syntax.quantifier = litmus::Quantifier::Forall;
  } else {
    syntax.quantifier = litmus::Quantifier::Exists;
  }
  syntax.proposition = propositionSyntax<Parser>(*condition.proposition());
  return syntax;
}

}  // namespace opcheck::parser

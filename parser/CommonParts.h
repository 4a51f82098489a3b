// Reads the rules of LitmusCommon.g4 that every dialect's test ends with
// (the thread prefix "P1:", placements "P0@cta 0,gpu 0", "locations [...]",
// the final condition) into the IR. Both parsers import those rules, so
// their trees have the same shape under two generated classes: the reader
// is a template over the parser class (LitmusParser, CLitmusParser).
#pragma once

#include <charconv>
#include <map>
#include <string>

#include "antlr4-runtime.h"
#include "litmus/Diagnostic.h"
#include "litmus/Limits.h"
#include "litmus/Test.h"
#include "parser/ScopeTreeReader.h"
#include "parser/TokenPosition.h"

namespace opcheck::parser {

inline std::string threadName(std::size_t thread) { return "P" + std::to_string(thread); }

inline litmus::SourcePosition positionOf(antlr4::tree::TerminalNode* node) {
  return positionOf(node->getSymbol());
}
inline litmus::SourcePosition positionOf(antlr4::ParserRuleContext* context) {
  return positionOf(context->getStart());
}

// Throws litmus::InputError where the test holds more memory events than
// opcheck's relations have room for (litmus::kMaxMemoryEvents).
void checkMemoryEvents(const litmus::Test& test, const std::string& file, litmus::SourcePosition position);

template <typename Parser>
class CommonPartsReader {
 public:
  // Reads into TEST, whose threads and registers are already known.
  CommonPartsReader(const std::string& file, litmus::Test& test) : file_(file), test_(test) {}

  [[noreturn]] void fail(litmus::SourcePosition position, std::string message) const {
    litmus::fail(file_, position, std::move(message));
  }

  std::int64_t integer(antlr4::tree::TerminalNode* node) const {
    const std::string text = node->getText();
    std::int64_t value = 0;
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const char* first = text.data() + (hex ? 2 : 0);
    const auto [end, error] = std::from_chars(first, text.data() + text.size(), value, hex ? 16 : 10);
    if (error != std::errc() || end != text.data() + text.size()) {
      fail(positionOf(node), "number '" + text + "' is out of range");
    }
    return value;
  }

  // The location NAME, added where the test has none of that name yet.
  litmus::LocationId location(const std::string& name, litmus::SourcePosition position) {
    if (std::optional<litmus::LocationId> existing = test_.findLocation(name)) {
      return *existing;
    }
    if (test_.locations.size() >= litmus::kMaxLocations) {
      fail(position, "test too large: more than " + std::to_string(litmus::kMaxLocations) +
                         " locations, opcheck's limit");
    }
    test_.locations.push_back(
        litmus::Location{name, {}, litmus::StateSpace::Global, litmus::Proxy::Generic, std::nullopt, {}});
    return static_cast<litmus::LocationId>(test_.locations.size() - 1);
  }

  // "P1:" or "1:": a thread of the test.
  std::size_t threadOf(typename Parser::ThreadPrefixContext& prefix) const {
    std::string text = prefix.getStart()->getText();
    if (!text.empty() && text.front() == 'P') {
      text.erase(0, 1);
    }
    std::size_t thread = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), thread);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
      fail(positionOf(&prefix), "'" + prefix.getStart()->getText() + "' is not a thread (P0, P1, ...)");
    }
    if (thread >= test_.threads.size()) {
      fail(positionOf(&prefix), "unknown thread " + threadName(thread) + " (the test has " +
                                    std::to_string(test_.threads.size()) + " threads)");
    }
    return thread;
  }

  // "P0@cta 0,gpu 0": the modern dialect's placement.
  RawPlacement placement(std::size_t thread, typename Parser::PlacementContext& placement) const {
    std::map<std::string, std::int64_t> coordinates;
    for (auto* coordinate : placement.placementCoordinate()) {
      std::string level = coordinate->IDENTIFIER()->getText();
      if (level == "device") {
        level = "gpu";
      }
      if (level != "cta" && level != "cluster" && level != "gpu" && level != "kernel" && level != "warp") {
        fail(positionOf(coordinate),
             "unknown placement level '" + level + "' (expected cta, cluster, gpu, kernel or warp)");
      }
      const std::int64_t value = integer(coordinate->INTEGER());
      if (value < 0 || value > 1000) {
        fail(positionOf(coordinate->INTEGER()), "placement number out of range (0 to 1000)");
      }
      if (!coordinates.emplace(level, value).second) {
        fail(positionOf(coordinate), "placement gives '" + level + "' twice");
      }
    }
    if (!coordinates.count("cta")) {
      fail(positionOf(&placement), "placement of " + threadName(thread) + " names no cta");
    }
    RawPlacement raw;
    raw.device = coordinates.count("gpu") ? coordinates["gpu"] : 0;
    raw.kernel = coordinates.count("kernel") ? coordinates["kernel"] : -1;
    raw.cluster = coordinates.count("cluster") ? coordinates["cluster"] : -1;
    raw.cta = coordinates["cta"];
    raw.warp = coordinates.count("warp") ? coordinates["warp"] : -1;
    return raw;
  }

  litmus::ConditionTerm term(typename Parser::ConditionTermContext& context) const {
    using litmus::ConditionTerm;
    ConditionTerm result;
    if (auto* reg = dynamic_cast<typename Parser::RegisterTermContext*>(&context)) {
      const std::size_t thread = threadOf(*reg->threadPrefix());
      const std::string name = reg->IDENTIFIER()->getText();
      const std::optional<litmus::RegisterId> id = test_.findRegister(thread, name);
      if (!id) {
        fail(positionOf(reg->IDENTIFIER()),
             "condition names register " + name + ", which " + threadName(thread) + " does not have");
      }
      result.kind = ConditionTerm::Kind::Register;
      result.thread = static_cast<std::uint16_t>(thread);
      result.index = *id;
    } else if (auto* location = dynamic_cast<typename Parser::LocationTermContext*>(&context)) {
      const std::string name = location->IDENTIFIER()->getText();
      const std::optional<litmus::LocationId> id = test_.findLocation(name);
      if (!id) {
        fail(positionOf(location), "condition names unknown location '" + name + "'");
      }
      result.kind = ConditionTerm::Kind::Location;
      result.index = *id;
    } else {
      auto* integerTerm = dynamic_cast<typename Parser::IntegerTermContext*>(&context);
      result.kind = ConditionTerm::Kind::Integer;
      result.value = integer(integerTerm->INTEGER());
    }
    return result;
  }

  litmus::Proposition proposition(typename Parser::PropositionContext& context) const {
    using litmus::Proposition;
    std::vector<typename Parser::ConjunctionContext*> disjuncts = context.conjunction();
    if (disjuncts.size() == 1) {
      return conjunction(*disjuncts.front());
    }
    Proposition result{Proposition::Kind::Or, {}, {}, {}};
    for (auto* disjunct : disjuncts) {
      result.operands.push_back(conjunction(*disjunct));
    }
    return result;
  }

  // "locations [...]" and the condition, with its filter.
  void finalCondition(typename Parser::LocationsClauseContext* locations,
                      typename Parser::FinalConditionContext& condition) const {
    using litmus::Quantifier;
    shownLocations(locations);
    if (condition.filterClause() != nullptr) {
      test_.condition.filter = proposition(*condition.filterClause()->proposition());
    }
    auto* quantifier = condition.quantifier();
    if (dynamic_cast<typename Parser::NotExistsQuantifierContext*>(quantifier) != nullptr) {
      test_.condition.quantifier = Quantifier::NotExists;
    } else if (dynamic_cast<typename Parser::ForallQuantifierContext*>(quantifier) != nullptr) {
      test_.condition.quantifier = Quantifier::Forall;
    } else {
      test_.condition.quantifier = Quantifier::Exists;
    }
    test_.condition.proposition = proposition(*condition.proposition());
    checkMemoryEvents(test_, file_, positionOf(&condition));
  }

  // "locations [...]": the registers and locations an outcome shows besides
  // those the condition names.
  void shownLocations(typename Parser::LocationsClauseContext* locations) const {
    if (locations != nullptr) {
      for (auto* shown : locations->conditionTerm()) {
        if (dynamic_cast<typename Parser::IntegerTermContext*>(shown) != nullptr) {
          fail(positionOf(shown), "'locations' lists registers and locations, not numbers");
        }
        test_.shownLocations.push_back(term(*shown));
      }
    }
  }

 private:
  litmus::Proposition conjunction(typename Parser::ConjunctionContext& context) const {
    using litmus::Proposition;
    std::vector<typename Parser::NegationContext*> conjuncts = context.negation();
    if (conjuncts.size() == 1) {
      return negation(*conjuncts.front());
    }
    Proposition result{Proposition::Kind::And, {}, {}, {}};
    for (auto* conjunct : conjuncts) {
      result.operands.push_back(negation(*conjunct));
    }
    return result;
  }

  litmus::Proposition negation(typename Parser::NegationContext& context) const {
    using litmus::Proposition;
    if (auto* inner = dynamic_cast<typename Parser::NotPropositionContext*>(&context)) {
      return Proposition{Proposition::Kind::Not, {}, {}, {negation(*inner->negation())}};
    }
    if (auto* parenthesized = dynamic_cast<typename Parser::ParenthesizedPropositionContext*>(&context)) {
      return proposition(*parenthesized->proposition());
    }
    if (auto* comparison = dynamic_cast<typename Parser::ComparisonPropositionContext*>(&context)) {
      const bool equal = comparison->comparison()->NOT_EQUAL() == nullptr;
      return Proposition{equal ? Proposition::Kind::Equal : Proposition::Kind::NotEqual,
                         term(*comparison->conditionTerm(0)),
                         term(*comparison->conditionTerm(1)),
                         {}};
    }
    if (dynamic_cast<typename Parser::TruePropositionContext*>(&context) != nullptr) {
      return Proposition{Proposition::Kind::True, {}, {}, {}};
    }
    return Proposition{Proposition::Kind::False, {}, {}, {}};
  }

  const std::string& file_;
  litmus::Test& test_;
};

}  // namespace opcheck::parser

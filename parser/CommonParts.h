// Reads the rules of LitmusCommon.g4 that every dialect's test ends with
// (the thread prefix "P1:", placements "P0@cta 0,gpu 0", "locations [...]",
// the final condition) into the IR, from their syntax
// (parser/LitmusSyntax.h; parser/TreeSyntax.h makes it from either
// parser's tree).
#pragma once

#include <charconv>
#include <map>
#include <string>
#include <string_view>

#include "litmus/Diagnostic.h"
#include "litmus/Limits.h"
#include "litmus/Test.h"
#include "parser/LitmusSyntax.h"
#include "parser/ScopeTreeReader.h"

namespace opcheck::parser {

inline std::string threadName(std::size_t thread) { return "P" + std::to_string(thread); }

// Throws litmus::InputError where the test holds more memory events than
// opcheck's relations have room for (litmus::kMaxMemoryEvents).
void checkMemoryEvents(const litmus::Test& test, const std::string& file, litmus::SourcePosition position);

class CommonPartsReader {
 public:
  // Reads into TEST, whose threads and registers are already known.
  CommonPartsReader(const std::string& file, litmus::Test& test) : file_(file), test_(test) {}

  [[noreturn]] void fail(litmus::SourcePosition position, std::string message) const {
    litmus::fail(file_, position, std::move(message));
  }

  std::int64_t integer(const SyntaxWord& word) const {
    const std::string& text = word.text;
    std::int64_t value = 0;
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const char* first = text.data() + (hex ? 2 : 0);
    const auto [end, error] = std::from_chars(first, text.data() + text.size(), value, hex ? 16 : 10);
    if (error != std::errc() || end != text.data() + text.size()) {
      fail(word.position, "number '" + text + "' is out of range");
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

  // "P1:" or "1:" (PREFIX is its first token): a thread of the test.
  std::size_t threadOf(const SyntaxWord& prefix) const {
    std::string_view text = prefix.text;
    if (!text.empty() && text.front() == 'P') {
      text.remove_prefix(1);
    }
    std::size_t thread = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), thread);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
      fail(prefix.position, "'" + prefix.text + "' is not a thread (P0, P1, ...)");
    }
    if (thread >= test_.threads.size()) {
      fail(prefix.position, "unknown thread " + threadName(thread) + " (the test has " +
                                std::to_string(test_.threads.size()) + " threads)");
    }
    return thread;
  }

  // "P0@cta 0,gpu 0": the modern dialect's placement.
  RawPlacement placement(std::size_t thread, const PlacementSyntax& placement) const {
    std::map<std::string, std::int64_t> coordinates;
    for (const auto& [levelWord, number] : placement.coordinates) {
      std::string level = levelWord.text;
      if (level == "device") {
        level = "gpu";
      }
      if (level != "cta" && level != "cluster" && level != "gpu" && level != "kernel" && level != "warp") {
        fail(levelWord.position,
             "unknown placement level '" + level + "' (expected cta, cluster, gpu, kernel or warp)");
      }
      const std::int64_t value = integer(number);
      if (value < 0 || value > 1000) {
        fail(number.position, "placement number out of range (0 to 1000)");
      }
      if (!coordinates.emplace(level, value).second) {
        fail(levelWord.position, "placement gives '" + level + "' twice");
      }
    }
    if (!coordinates.count("cta")) {
      fail(placement.position, "placement of " + threadName(thread) + " names no cta");
    }
    RawPlacement raw;
    raw.device = coordinates.count("gpu") ? coordinates["gpu"] : 0;
    raw.kernel = coordinates.count("kernel") ? coordinates["kernel"] : -1;
    raw.cluster = coordinates.count("cluster") ? coordinates["cluster"] : -1;
    raw.cta = coordinates["cta"];
    raw.warp = coordinates.count("warp") ? coordinates["warp"] : -1;
    return raw;
  }

  litmus::ConditionTerm term(const TermSyntax& syntax) const {
    using litmus::ConditionTerm;
    ConditionTerm result;
    if (syntax.kind == TermSyntax::Kind::Register) {
      const std::size_t thread = threadOf(syntax.thread);
      const std::string& name = syntax.word.text;
      const std::optional<litmus::RegisterId> id = test_.findRegister(thread, name);
      if (!id) {
        fail(syntax.word.position,
             "condition names register " + name + ", which " + threadName(thread) + " does not have");
      }
      result.kind = ConditionTerm::Kind::Register;
      result.thread = static_cast<std::uint16_t>(thread);
      result.index = *id;
    } else if (syntax.kind == TermSyntax::Kind::Location) {
      const std::string& name = syntax.word.text;
      const std::optional<litmus::LocationId> id = test_.findLocation(name);
      if (!id) {
        fail(syntax.position, "condition names unknown location '" + name + "'");
      }
      result.kind = ConditionTerm::Kind::Location;
      result.index = *id;
    } else {
      result.kind = ConditionTerm::Kind::Integer;
      result.value = integer(syntax.word);
    }
    return result;
  }

  // An Or of conjunctions; one alone is that conjunction.
  litmus::Proposition proposition(const PropositionSyntax& syntax) const {
    using litmus::Proposition;
    if (syntax.operands.size() == 1) {
      return conjunction(syntax.operands.front());
    }
    Proposition result{Proposition::Kind::Or, {}, {}, {}};
    for (const PropositionSyntax& disjunct : syntax.operands) {
      result.operands.push_back(conjunction(disjunct));
    }
    return result;
  }

  // "locations [...]" and the condition, with its filter.
  void finalCondition(const std::vector<TermSyntax>& locations, const ConditionSyntax& condition) const {
    shownLocations(locations);
    if (condition.filter) {
      test_.condition.filter = proposition(*condition.filter);
    }
    test_.condition.quantifier = condition.quantifier;
    test_.condition.proposition = proposition(condition.proposition);
    checkMemoryEvents(test_, file_, condition.position);
  }

  // "locations [...]": the registers and locations an outcome shows besides
  // those the condition names.
  void shownLocations(const std::vector<TermSyntax>& locations) const {
    for (const TermSyntax& shown : locations) {
      if (shown.kind == TermSyntax::Kind::Integer) {
        fail(shown.position, "'locations' lists registers and locations, not numbers");
      }
      test_.shownLocations.push_back(term(shown));
    }
  }

 private:
  // An And of negations; one alone is that negation.
  litmus::Proposition conjunction(const PropositionSyntax& syntax) const {
    using litmus::Proposition;
    if (syntax.operands.size() == 1) {
      return negation(syntax.operands.front());
    }
    Proposition result{Proposition::Kind::And, {}, {}, {}};
    for (const PropositionSyntax& conjunct : syntax.operands) {
      result.operands.push_back(negation(conjunct));
    }
    return result;
  }

  litmus::Proposition negation(const PropositionSyntax& syntax) const {
    using litmus::Proposition;
    using Kind = PropositionSyntax::Kind;
    switch (syntax.kind) {
      case Kind::Not:
        return Proposition{Proposition::Kind::Not, {}, {}, {negation(syntax.operands.front())}};
      case Kind::Or:  // parenthesized
        return proposition(syntax);
      case Kind::Comparison:
        return Proposition{syntax.equal ? Proposition::Kind::Equal : Proposition::Kind::NotEqual,
                           term(syntax.left),
                           term(syntax.right),
                           {}};
      case Kind::True:
        return Proposition{Proposition::Kind::True, {}, {}, {}};
      case Kind::And:
      case Kind::False:
        break;
    }
    return Proposition{Proposition::Kind::False, {}, {}, {}};
  }

  const std::string& file_;
  litmus::Test& test_;
};

}  // namespace opcheck::parser

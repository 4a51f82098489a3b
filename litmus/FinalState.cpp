#include "litmus/FinalState.h"

#include <algorithm>
#include <cctype>
#include <tuple>

#include "litmus/CanonicalPrinter.h"

namespace opcheck::litmus {

namespace {

void collectTerms(const Proposition& proposition, std::vector<ConditionTerm>& out) {
  if (proposition.kind == Proposition::Kind::Equal || proposition.kind == Proposition::Kind::NotEqual) {
    for (const ConditionTerm* term : {&proposition.left, &proposition.right}) {
      if (term->kind != ConditionTerm::Kind::Integer) {
        out.push_back(*term);
      }
    }
  }
  for (const Proposition& operand : proposition.operands) {
    collectTerms(operand, out);
  }
}

// herd's GPU_PTX register order (GPU_PTXBase: GPR0..GPR9 then PR0..PR9):
// general registers before predicates, each by number; other names after,
// alphabetically.
std::tuple<int, long, std::string> registerKey(const std::string& name) {
  const bool numbered = name.size() > 1 && std::all_of(name.begin() + 1, name.end(), [](char c) {
                          return std::isdigit(static_cast<unsigned char>(c)) != 0;
                        });
  if (numbered && name.size() < 12 && (name[0] == 'r' || name[0] == 'p')) {
    return {name[0] == 'r' ? 0 : 1, std::stol(name.substr(1)), name};
  }
  return {2, 0, name};
}

bool displayLess(const Test& test, const ConditionTerm& left, const ConditionTerm& right) {
  const bool leftRegister = left.kind == ConditionTerm::Kind::Register;
  const bool rightRegister = right.kind == ConditionTerm::Kind::Register;
  if (leftRegister != rightRegister) {
    return leftRegister;
  }
  if (leftRegister) {
    if (left.thread != right.thread) {
      return left.thread < right.thread;
    }
    return registerKey(test.threads[left.thread].registers[left.index].name) <
           registerKey(test.threads[right.thread].registers[right.index].name);
  }
  return test.locations[left.index].name < test.locations[right.index].name;
}

void sortAndDeduplicate(const Test& test, std::vector<ConditionTerm>& terms) {
  std::sort(terms.begin(), terms.end(),
            [&](const ConditionTerm& a, const ConditionTerm& b) { return displayLess(test, a, b); });
  terms.erase(std::unique(terms.begin(), terms.end()), terms.end());
}

Value termValue(const ConditionTerm& term, const ObservedTerms& terms, const FinalState& state) {
  if (term.kind == ConditionTerm::Kind::Integer) {
    return Value::ofInteger(term.value);
  }
  return state[*terms.indexOf(term)];
}

// herd's ConstrGen.is_paren: inside a conjunction a disjunction needs
// parentheses; nothing else does.
enum class Context { Top, And, Or };

std::string formatProposition(const Test& test, const Proposition& proposition, Context context) {
  switch (proposition.kind) {
    case Proposition::Kind::True:
      return "true";
    case Proposition::Kind::False:
      return "false";
    case Proposition::Kind::Equal:
      return formatHerdTerm(test, proposition.left) + "=" + formatHerdTerm(test, proposition.right);
    case Proposition::Kind::NotEqual:
      // herd reads "a != b" as Not (a=b) and prints that.
      return "not (" + formatHerdTerm(test, proposition.left) + "=" +
             formatHerdTerm(test, proposition.right) + ")";
    case Proposition::Kind::Not:
      return "not (" + formatProposition(test, proposition.operands.front(), Context::Top) + ")";
    case Proposition::Kind::And:
    case Proposition::Kind::Or: {
      const bool isAnd = proposition.kind == Proposition::Kind::And;
      std::string text;
      for (std::size_t index = 0; index < proposition.operands.size(); ++index) {
        text += index == 0 ? "" : (isAnd ? " /\\ " : " \\/ ");
        text += formatProposition(test, proposition.operands[index], isAnd ? Context::And : Context::Or);
      }
      return !isAnd && context == Context::And ? "(" + text + ")" : text;
    }
  }
  return {};
}

}  // namespace

ObservedTerms ObservedTerms::of(const Test& test) {
  std::vector<ConditionTerm> displayed;
  collectTerms(test.condition.proposition, displayed);
  for (const ConditionTerm& shown : test.shownLocations) {
    if (shown.kind != ConditionTerm::Kind::Integer) {
      displayed.push_back(shown);
    }
  }
  sortAndDeduplicate(test, displayed);

  std::vector<ConditionTerm> filterOnly;
  if (test.condition.filter) {
    collectTerms(*test.condition.filter, filterOnly);
    sortAndDeduplicate(test, filterOnly);
    std::erase_if(filterOnly, [&](const ConditionTerm& term) {
      return std::find(displayed.begin(), displayed.end(), term) != displayed.end();
    });
  }

  ObservedTerms result;
  result.displayedCount_ = displayed.size();
  result.terms_ = std::move(displayed);
  result.terms_.insert(result.terms_.end(), filterOnly.begin(), filterOnly.end());
  return result;
}

std::optional<std::size_t> ObservedTerms::indexOf(const ConditionTerm& term) const {
  const auto found = std::find(terms_.begin(), terms_.end(), term);
  if (found == terms_.end()) {
    return std::nullopt;
  }
  return static_cast<std::size_t>(found - terms_.begin());
}

bool holds(const Proposition& proposition, const ObservedTerms& terms, const FinalState& state) {
  switch (proposition.kind) {
    case Proposition::Kind::True:
      return true;
    case Proposition::Kind::False:
      return false;
    case Proposition::Kind::Equal:
      return termValue(proposition.left, terms, state) == termValue(proposition.right, terms, state);
    case Proposition::Kind::NotEqual:
      return termValue(proposition.left, terms, state) != termValue(proposition.right, terms, state);
    case Proposition::Kind::Not:
      return !holds(proposition.operands.front(), terms, state);
    case Proposition::Kind::And:
      return std::all_of(proposition.operands.begin(), proposition.operands.end(),
                         [&](const Proposition& operand) { return holds(operand, terms, state); });
    case Proposition::Kind::Or:
      return std::any_of(proposition.operands.begin(), proposition.operands.end(),
                         [&](const Proposition& operand) { return holds(operand, terms, state); });
  }
  return false;
}

FinalState displayedPart(const ObservedTerms& terms, const FinalState& state) {
  return FinalState(state.begin(), state.begin() + static_cast<std::ptrdiff_t>(terms.displayedCount()));
}

// herd and the canonical form write terms alike.
std::string formatHerdTerm(const Test& test, const ConditionTerm& term) { return printTerm(test, term); }

std::string formatHerdValue(const Test& test, const Value& value) {
  if (value.isAddress()) {
    return test.locations[static_cast<std::size_t>(value.location)].name;
  }
  return std::to_string(value.integer);
}

std::string formatHerdState(const Test& test, const ObservedTerms& terms, const FinalState& displayed) {
  std::string text;
  for (std::size_t index = 0; index < displayed.size(); ++index) {
    text += formatHerdTerm(test, terms.terms()[index]) + "=" + formatHerdValue(test, displayed[index]) + ";";
    if (index + 1 < displayed.size()) {
      text += ' ';
    }
  }
  return text;
}

std::string formatHerdProposition(const Test& test, const Proposition& proposition) {
  return formatProposition(test, proposition, Context::Top);
}

}  // namespace opcheck::litmus

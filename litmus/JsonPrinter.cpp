#include "litmus/JsonPrinter.h"

#include <charconv>

#include "litmus/CanonicalPrinter.h"
#include "litmus/HerdHash.h"
#include "litmus/HerdPrinter.h"

namespace opcheck::litmus {

namespace {

// herd's number for VALUE, or its text (an address) when it is not one.
Json valueJson(std::string_view text) {
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error == std::errc() && end == text.data() + text.size()) {
    return number;
  }
  return std::string(text);
}

}  // namespace

std::string_view verdictWord(const Test& test, const Outcome& outcome) {
  if (!outcome.stopped.empty()) {
    return "??";
  }
  return outcome.conditionHolds(test.condition.quantifier) ? "Ok" : "No";
}

std::string_view observationWord(const Outcome& outcome) {
  return outcome.stopped.empty() ? outcome.observation() : std::string_view("??");
}

Json stateJson(const Test& test, const ObservedTerms& terms, const FinalState& state) {
  Json object = Json::object();
  for (std::size_t index = 0; index < state.size(); ++index) {
    const Value& value = state[index];
    const std::string term = formatHerdTerm(test, terms.terms()[index]);
    if (value.isAddress()) {
      object[term] = formatHerdValue(test, value);
    } else {
      object[term] = value.integer;
    }
  }
  return object;
}

Json outcomeTextJson(std::string_view text) {
  Json object = Json::object();
  constexpr std::string_view kAnd = " /\\ ";
  while (!text.empty()) {
    const std::size_t end = text.find(kAnd);
    const std::string_view term = text.substr(0, end);
    const std::size_t equals = term.rfind('=');
    if (equals != std::string_view::npos) {
      object[std::string(term.substr(0, equals))] = valueJson(term.substr(equals + 1));
    }
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + kAnd.size());
  }
  return object;
}

Json outcomeJson(const Test& test, const Outcome& outcome, const std::string& file) {
  const Quantifier quantifier = test.condition.quantifier;
  Json object;
  object["test"] = test.name;
  object["file"] = file;
  object["model"] = outcome.model;
  object["condition"] = formatHerdCondition(test);
  object["quantifier"] = quantifierKeyword(quantifier);
  object["kind"] = herdKind(quantifier);
  object["verdict"] = verdictWord(test, outcome);
  object["observation"] = observationWord(outcome);
  Json states = Json::array();
  for (const FinalState& state : outcome.states) {
    states.push_back(stateJson(test, outcome.terms, state));
  }
  object["outcomes"] = std::move(states);
  // As herd's Positive/Negative line (HerdPrinter.cpp): for ~exists the
  // witnesses are the executions that do not satisfy the proposition.
  const bool swapped = quantifier == Quantifier::NotExists;
  object["positive"] = swapped ? outcome.negative : outcome.positive;
  object["negative"] = swapped ? outcome.positive : outcome.negative;
  object["counts"] = outcome.unit == CountUnit::Executions ? "executions" : "states";
  object["loop"] = outcome.boundCut;
  object["partial"] = !outcome.stopped.empty();
  object["stopped"] = outcome.stopped.empty() ? Json(nullptr) : Json(outcome.stopped);
  object["candidates"] = outcome.candidates;
  Json rejected = Json::object();
  for (const auto& [axiom, count] : outcome.rejections) {
    rejected[axiom] = count;
  }
  object["rejected"] = std::move(rejected);
  object["flags"] = outcome.flags;
  object["ignored"] = outcome.ignored;
  object["notes"] = outcome.notes;
  object["time"] = outcome.seconds;
  const std::optional<std::string> hash = herdHash(test);
  object["hash"] = hash ? Json(*hash) : Json(nullptr);
  return object;
}

std::string dumpJson(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace opcheck::litmus

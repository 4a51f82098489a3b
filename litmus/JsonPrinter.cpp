#include "litmus/JsonPrinter.h"

#include <cstdio>

#include "litmus/CanonicalPrinter.h"
#include "litmus/HerdPrinter.h"

namespace opcheck::litmus {

std::string jsonString(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string printJson(const Test& test, const Outcome& outcome, const std::string& file,
                      std::string_view extraMembers) {
  const Quantifier quantifier = test.condition.quantifier;
  std::string out = "{\"test\": " + jsonString(test.name) + ", \"file\": " + jsonString(file) +
                    ", \"model\": " + jsonString(outcome.model) +
                    ", \"condition\": " + jsonString(formatHerdCondition(test)) +
                    ", \"quantifier\": " + jsonString(quantifierKeyword(quantifier)) +
                    ", \"kind\": " + jsonString(herdKind(quantifier)) +
                    ", \"verdict\": " + jsonString(outcome.conditionHolds(quantifier) ? "Ok" : "No") +
                    ", \"observation\": " + jsonString(outcome.observation()) + ", \"outcomes\": [";
  bool firstState = true;
  for (const FinalState& state : outcome.states) {
    out += firstState ? "{" : ", {";
    firstState = false;
    for (std::size_t index = 0; index < state.size(); ++index) {
      const Value& value = state[index];
      out += (index == 0 ? "" : ", ") + jsonString(formatHerdTerm(test, outcome.terms.terms()[index])) +
             ": " +
             (value.isAddress() ? jsonString(formatHerdValue(test, value)) : std::to_string(value.integer));
    }
    out += "}";
  }
  out += "], \"positive\": " + std::to_string(outcome.positive) +
         ", \"negative\": " + std::to_string(outcome.negative) +
         ", \"counts\": " + jsonString(outcome.unit == CountUnit::Executions ? "executions" : "states") +
         ", \"loop\": " + (outcome.boundCut ? "true" : "false") +
         ", \"candidates\": " + std::to_string(outcome.candidates) + ", \"rejected\": {";
  for (std::size_t index = 0; index < outcome.rejections.size(); ++index) {
    out += (index == 0 ? "" : ", ") + jsonString(outcome.rejections[index].first) + ": " +
           std::to_string(outcome.rejections[index].second);
  }
  out += "}";
  if (!outcome.notes.empty()) {
    out += ", \"notes\": [";
    for (std::size_t index = 0; index < outcome.notes.size(); ++index) {
      out += (index == 0 ? "" : ", ") + jsonString(outcome.notes[index]);
    }
    out += "]";
  }
  if (!outcome.stopped.empty()) {
    // A limit cut the model's run: the outcomes are partial.
    out += ", \"stopped\": " + jsonString(outcome.stopped);
  }
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.6f", outcome.seconds);
  out += ", \"time\": " + std::string(seconds);
  if (!extraMembers.empty()) {
    out += ", " + std::string(extraMembers);
  }
  return out + "}";
}

}  // namespace opcheck::litmus

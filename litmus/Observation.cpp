#include "litmus/Observation.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "litmus/Diagnostic.h"
#include "litmus/TextScreening.h"

namespace opcheck::litmus {

namespace {

constexpr const char* kTermForm = "THREAD:REGISTER=VALUE or LOCATION=VALUE";

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }

bool isNameCharacter(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.';
}

bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::uint32_t columnOf(std::string_view line, std::size_t offset) {
  std::uint32_t column = 1;
  for (std::size_t index = 0; index < offset && index < line.size(); ++index) {
    // UTF-8 continuation bytes do not start a character.
    if ((static_cast<unsigned char>(line[index]) & 0xC0) != 0x80) {
      ++column;
    }
  }
  return column;
}

ObservedValue readObservedValue(std::string_view text, const std::string& file, SourcePosition position) {
  auto at = [&](std::size_t offset) {
    return SourcePosition{position.line, position.column + columnOf(text, offset) - 1};
  };
  std::size_t index = 0;
  auto skipBlanks = [&] {
    while (index < text.size() && isBlankInLine(text[index])) {
      ++index;
    }
  };
  skipBlanks();
  const std::size_t start = index;
  std::size_t end = text.size();
  while (end > start && isBlankInLine(text[end - 1])) {
    --end;
  }
  const std::string shown(text.substr(start, end - start));
  if (start == end) {
    fail(file, at(start), std::string("empty outcome term: expected ") + kTermForm);
  }

  ObservedValue result;
  result.position = at(start);
  // A thread prefix: "1:" or "P1:".
  const std::size_t colon = text.find(':', start);
  if (colon != std::string_view::npos && colon < end) {
    std::size_t digits = start + (text[start] == 'P' ? 1 : 0);
    unsigned thread = 0;
    const auto [stop, error] = std::from_chars(text.data() + digits, text.data() + colon, thread);
    if (digits == colon || error != std::errc() || stop != text.data() + colon || thread > 0xFFFF) {
      fail(file, at(start),
           "'" + std::string(text.substr(start, colon - start)) + "' in outcome term '" + shown +
               "' is not a thread (0, 1, ... or P0, P1, ...)");
    }
    result.thread = static_cast<std::uint16_t>(thread);
    index = colon + 1;
  }
  const std::size_t nameStart = index;
  if (index < end && isNameStart(text[index])) {
    while (index < end && isNameCharacter(text[index])) {
      ++index;
    }
  }
  if (index == nameStart) {
    fail(file, at(nameStart),
         "outcome term '" + shown + "' names no " + (result.thread ? "register" : "register or location") +
             " (expected " + kTermForm + ")");
  }
  result.name = std::string(text.substr(nameStart, index - nameStart));
  skipBlanks();
  if (index >= end || text[index] != '=') {
    fail(file, at(index),
         "outcome term '" + shown + "' gives no value: expected '=' after " + formatObservedTerm(result) +
             " (" + kTermForm + ")");
  }
  ++index;
  if (index < end && text[index] == '=') {
    ++index;  // "==", as the PTX dialect writes it
  }
  skipBlanks();
  const std::size_t valueStart = index;
  const std::size_t digits = valueStart + (valueStart < end && text[valueStart] == '-' ? 1 : 0);
  const auto [stop, error] = std::from_chars(text.data() + valueStart, text.data() + end, result.value);
  if (digits >= end || !isDigit(text[digits]) || stop != text.data() + end) {
    fail(file, at(valueStart),
         "value '" + std::string(text.substr(valueStart, end - valueStart)) + "' of " +
             formatObservedTerm(result) + " is not an integer (expected " + kTermForm + ")");
  }
  if (error == std::errc::result_out_of_range) {
    fail(file, at(valueStart), "value of " + formatObservedTerm(result) + " is out of range");
  }
  return result;
}

std::string formatObservedTerm(const ObservedValue& value) {
  return value.thread ? std::to_string(*value.thread) + ":" + value.name : value.name;
}

std::vector<std::string> sortedTermNames(const Observation& observation) {
  std::vector<std::string> terms;
  terms.reserve(observation.outcome.size());
  for (const ObservedValue& value : observation.outcome) {
    terms.push_back(formatObservedTerm(value));
  }
  std::sort(terms.begin(), terms.end());
  return terms;
}

std::string formatOutcome(const std::vector<ObservedValue>& outcome) {
  std::string text;
  for (const ObservedValue& value : outcome) {
    text += (text.empty() ? "" : " /\\ ") + formatObservedTerm(value) + "=" + std::to_string(value.value);
  }
  return text;
}

}  // namespace opcheck::litmus

#include "litmus/LogLines.h"

#include <algorithm>

#include "litmus/Diagnostic.h"
#include "litmus/TextScreening.h"

namespace opcheck::litmus {

namespace {

bool isLogBlank(char c) { return isBlankInLine(c) || c == '\f'; }

}  // namespace

SourcePosition LogLine::at(std::size_t offset) const { return {number, columnOf(text, offset)}; }

std::vector<LogLine> splitLogLines(std::string_view text) {
  std::vector<LogLine> lines;
  std::uint32_t number = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t newline = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, newline - start);
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
    }
    lines.push_back({line, ++number});
    start = newline + 1;
  }
  return lines;
}

void readStateTerms(const LogLine& line, std::size_t from, const std::string& file,
                    std::vector<ObservedValue>& outcome) {
  for (std::size_t start = from; start < line.text.size();) {
    const std::size_t semicolon = std::min(line.text.find(';', start), line.text.size());
    const std::string_view term = line.text.substr(start, semicolon - start);
    if (!trimmedBlanks(term).empty()) {
      ObservedValue value = readObservedValue(term, file, line.at(start));
      for (const ObservedValue& earlier : outcome) {
        if (earlier.thread == value.thread && earlier.name == value.name) {
          fail(file, value.position, "state names " + formatObservedTerm(value) + " twice");
        }
      }
      outcome.push_back(std::move(value));
    }
    start = semicolon + 1;
  }
}

std::string_view trimmedBlanks(std::string_view text) {
  while (!text.empty() && isLogBlank(text.front())) {
    text.remove_prefix(1);
  }
  while (!text.empty() && isLogBlank(text.back())) {
    text.remove_suffix(1);
  }
  return text;
}

}  // namespace opcheck::litmus

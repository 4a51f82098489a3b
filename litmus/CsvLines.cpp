#include "litmus/CsvLines.h"

#include <algorithm>

#include "litmus/Diagnostic.h"
#include "litmus/Observation.h"
#include "litmus/TextScreening.h"

namespace opcheck::litmus {

namespace {

std::vector<CsvField> split(const CsvLine& line, const std::string& file) {
  const std::string_view text = line.text;
  std::vector<CsvField> fields;
  std::size_t index = 0;
  while (true) {
    while (index < text.size() && isBlankInLine(text[index])) {
      ++index;
    }
    CsvField field;
    field.start = index;
    if (index < text.size() && text[index] == '"') {
      ++index;
      while (true) {
        if (index >= text.size()) {
          fail(file, line.at(field.start), "quoted field is not closed on its line");
        }
        if (text[index] == '"') {
          if (index + 1 < text.size() && text[index + 1] == '"') {
            field.text += '"';
            index += 2;
            continue;
          }
          ++index;
          break;
        }
        field.text += text[index++];
      }
      while (index < text.size() && isBlankInLine(text[index])) {
        ++index;
      }
      if (index < text.size() && text[index] != ',') {
        fail(file, line.at(index), "text after a quoted field: expected ',' or the line's end");
      }
    } else {
      const std::size_t comma = std::min(text.find(',', index), text.size());
      std::size_t end = comma;
      while (end > index && isBlankInLine(text[end - 1])) {
        --end;
      }
      field.text = std::string(text.substr(index, end - index));
      index = comma;
    }
    fields.push_back(std::move(field));
    if (index >= text.size()) {
      return fields;
    }
    ++index;  // the comma
  }
}

}  // namespace

SourcePosition CsvLine::at(std::size_t offset) const { return {number, columnOf(text, offset)}; }

std::vector<CsvLine> readCsvLines(std::string_view text, const std::string& file) {
  std::vector<CsvLine> lines;
  std::uint32_t number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t newline = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, newline - start);
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
    }
    ++number;
    start = newline + 1;
    if (line.find_first_not_of(" \t\f") == std::string_view::npos) {
      continue;
    }
    CsvLine& read = lines.emplace_back();
    read.text = line;
    read.number = number;
    read.fields = split(read, file);
  }
  return lines;
}

}  // namespace opcheck::litmus

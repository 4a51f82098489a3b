#include "parser/CodeColumns.h"

#include <cctype>

namespace opcheck::parser {

namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())) != 0) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())) != 0) {
    text.remove_suffix(1);
  }
  return text;
}

// The cells of a row "a | b | c ;", or nothing when LINE is not a row.
std::optional<std::vector<std::string_view>> cellsOf(std::string_view line) {
  line = trimmed(line);
  if (!line.ends_with(';')) {
    return std::nullopt;
  }
  line.remove_suffix(1);
  std::vector<std::string_view> cells;
  for (std::size_t start = 0; start <= line.size();) {
    const std::size_t bar = std::min(line.find('|', start), line.size());
    cells.push_back(trimmed(line.substr(start, bar - start)));
    start = bar + 1;
  }
  return cells;
}

// "P0", "P1@cta 0,gpu 0": the header cell of thread INDEX.
bool isThreadHeader(std::string_view cell, std::size_t index) {
  const std::string name = "P" + std::to_string(index);
  return cell.starts_with(name) &&
         (cell.size() == name.size() || std::isalnum(static_cast<unsigned char>(cell[name.size()])) == 0);
}

}  // namespace

std::optional<std::vector<std::string>> codeColumns(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t newline = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, newline - start));
    start = newline + 1;
  }
  for (std::size_t header = 0; header < lines.size(); ++header) {
    const auto cells = cellsOf(lines[header]);
    if (!cells || cells->empty()) {
      continue;
    }
    bool isHeader = true;
    for (std::size_t index = 0; isHeader && index < cells->size(); ++index) {
      isHeader = isThreadHeader((*cells)[index], index);
    }
    if (!isHeader) {
      continue;
    }
    std::vector<std::string> columns(cells->size());
    for (std::size_t row = header + 1; row < lines.size(); ++row) {
      const auto rowCells = cellsOf(lines[row]);
      if (!rowCells || trimmed(lines[row]).empty()) {
        break;
      }
      if (rowCells->size() > columns.size()) {
        columns.resize(rowCells->size());  // a malformed row: the programs will differ
      }
      for (std::size_t index = 0; index < rowCells->size(); ++index) {
        std::string instruction;
        for (const char c : (*rowCells)[index]) {
          if (std::isspace(static_cast<unsigned char>(c)) == 0) {
            instruction += c;
          }
        }
        if (!instruction.empty()) {
          columns[index] += instruction + "\n";
        }
      }
    }
    return columns;
  }
  return std::nullopt;
}

}  // namespace opcheck::parser

#include "litmus/SeenTableReader.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "litmus/CsvLines.h"
#include "litmus/Diagnostic.h"
#include "litmus/TextScreening.h"

namespace opcheck::litmus {

namespace {

constexpr std::string_view kVerdictColumns[] = {"base", "strengthened"};

// "QUOTED in column NAME: expected EXPECTED", for a cell that holds neither
// of a column's two words.
std::string badCellMessage(std::string quoted, std::string_view name, std::string_view expected) {
  quoted.append(" in column ").append(name).append(": expected ").append(expected);
  return quoted;
}

bool isVerdictColumn(std::string_view name) {
  return std::find(std::begin(kVerdictColumns), std::end(kVerdictColumns), name) != std::end(kVerdictColumns);
}

std::string upperCase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return text;
}

}  // namespace

bool isSeenTableHeader(std::string_view text) {
  // The first line that is not blank.
  std::size_t start = 0;
  std::string_view first;
  while (start < text.size()) {
    const std::size_t newline = std::min(text.find('\n', start), text.size());
    first = text.substr(start, newline - start);
    if (first.find_first_not_of(" \t\r\f") != std::string_view::npos) {
      break;
    }
    start = newline + 1;
  }
  std::vector<CsvLine> lines;
  try {
    lines = readCsvLines(first, "");
  } catch (const InputError&) {
    return false;
  }
  if (lines.empty()) {
    return false;
  }
  auto named = [&](std::string_view name) {
    return std::any_of(lines.front().fields.begin(), lines.front().fields.end(),
                       [&](const CsvField& field) { return field.text == name; });
  };
  return named("test") && !named("outcome");
}

std::vector<SeenTableRow> readSeenTable(std::string_view text, const std::string& fileName) {
  requireText(text, fileName, "an observation file");
  const std::vector<CsvLine> lines = readCsvLines(text, fileName);
  if (lines.empty()) {
    fail(fileName, {1, 1}, "empty file: expected a CSV header such as 'test,base,a100,h100'");
  }
  const CsvLine& header = lines.front();
  std::size_t testColumn = header.fields.size();
  std::set<std::string> names;
  std::size_t gpus = 0;
  for (std::size_t index = 0; index < header.fields.size(); ++index) {
    const std::string& name = header.fields[index].text;
    if (name.empty()) {
      fail(fileName, header.atField(index), "empty column name in the header");
    }
    if (!names.insert(name).second) {
      fail(fileName, header.atField(index), "column '" + name + "' appears twice in the header");
    }
    if (name == "test") {
      testColumn = index;
    } else if (!isVerdictColumn(name)) {
      ++gpus;
    }
  }
  if (testColumn == header.fields.size()) {
    fail(fileName, {header.number, 1}, "the header has no column 'test'");
  }
  if (gpus == 0) {
    fail(fileName, header.end(), "the header names no GPU (a column other than test, base and strengthened)");
  }
  std::vector<SeenTableRow> rows;
  std::set<std::string> tests;
  for (std::size_t index = 1; index < lines.size(); ++index) {
    const CsvLine& line = lines[index];
    if (line.fields.size() != header.fields.size()) {
      fail(fileName,
           line.fields.size() > header.fields.size() ? line.atField(header.fields.size()) : line.end(),
           "row has " + std::to_string(line.fields.size()) + " fields, but the header has " +
               std::to_string(header.fields.size()));
    }
    SeenTableRow row;
    row.test = line.fields[testColumn].text;
    row.position = {line.number, 1};
    if (row.test.empty()) {
      fail(fileName, line.atField(testColumn), "empty test field");
    }
    if (!tests.insert(row.test).second) {
      fail(fileName, line.atField(testColumn), "test '" + row.test + "' has a row already");
    }
    for (std::size_t column = 0; column < line.fields.size(); ++column) {
      const std::string& name = header.fields[column].text;
      const std::string& value = line.fields[column].text;
      if (column == testColumn) {
        continue;
      }
      if (isVerdictColumn(name)) {
        if (value != "INSTANCE" && value != "UNSAT") {
          fail(fileName, line.atField(column),
               badCellMessage("verdict '" + value + "'", name, "INSTANCE or UNSAT"));
        }
        row.allowed.emplace_back(name, value == "INSTANCE");
      } else {
        if (value != "seen" && value != "not seen") {
          fail(fileName, line.atField(column), badCellMessage("'" + value + "'", name, "seen or not seen"));
        }
        row.seen.emplace_back(upperCase(name), value == "seen");
        row.seenPositions.push_back(line.atField(column));
      }
    }
    rows.push_back(std::move(row));
  }
  if (rows.empty()) {
    fail(fileName, {header.number + 1, 1}, "no observations: the file has a header but no rows");
  }
  return rows;
}

}  // namespace opcheck::litmus

#include "litmus/ObservationCsvReader.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

#include "litmus/Diagnostic.h"
#include "litmus/TextScreening.h"

namespace opcheck::litmus {

namespace {

enum Column : std::size_t { kTest, kChip, kOutcome, kObserved, kRuns, kSource, kColumnCount };

constexpr std::array<std::string_view, kColumnCount> kColumnNames = {"test",     "chip", "outcome",
                                                                     "observed", "runs", "source"};
constexpr const char* kHeader = "test,chip,outcome,observed,runs,source";

struct Cell {
  std::string text;       // unquoted, without surrounding white space
  std::size_t start = 0;  // byte offset of the text (or its opening quote) in the line
};

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

class CsvReader {
 public:
  CsvReader(std::string_view text, const std::string& fileName) : text_(text), file_(fileName) {}

  std::vector<Observation> read() {
    requireText(text_, file_, "an observation file");
    if (text_.find_first_not_of(" \t\r\n\f") == std::string_view::npos) {
      fail(file_, {1, 1}, std::string("empty file: expected the CSV header '") + kHeader + "'");
    }
    std::vector<Observation> rows;
    bool headerRead = false;
    std::uint32_t headerLine = 0;
    std::uint32_t lineNumber = 0;
    for (std::size_t start = 0; start <= text_.size();) {
      const std::size_t newline = std::min(text_.find('\n', start), text_.size());
      std::string_view line = text_.substr(start, newline - start);
      if (!line.empty() && line.back() == '\r') {
        line.remove_suffix(1);
      }
      ++lineNumber;
      start = newline + 1;
      if (line.find_first_not_of(" \t\f") == std::string_view::npos) {
        continue;
      }
      const std::vector<Cell> cells = split(line, lineNumber);
      if (!headerRead) {
        header(cells, line, lineNumber);
        headerRead = true;
        headerLine = lineNumber;
      } else {
        rows.push_back(row(cells, line, lineNumber));
      }
    }
    if (rows.empty()) {
      fail(file_, {headerLine + 1, 1}, "no observations: the file has a header but no rows");
    }
    return rows;
  }

 private:
  SourcePosition at(std::string_view line, std::uint32_t lineNumber, std::size_t offset) const {
    return {lineNumber, columnOf(line, offset)};
  }

  // RFC 4180 fields, one line each.
  std::vector<Cell> split(std::string_view line, std::uint32_t lineNumber) const {
    std::vector<Cell> cells;
    std::size_t index = 0;
    while (true) {
      while (index < line.size() && isBlank(line[index])) {
        ++index;
      }
      Cell cell;
      cell.start = index;
      if (index < line.size() && line[index] == '"') {
        ++index;
        while (true) {
          if (index >= line.size()) {
            fail(file_, at(line, lineNumber, cell.start), "quoted field is not closed on its line");
          }
          if (line[index] == '"') {
            if (index + 1 < line.size() && line[index + 1] == '"') {
              cell.text += '"';
              index += 2;
              continue;
            }
            ++index;
            break;
          }
          cell.text += line[index++];
        }
        while (index < line.size() && isBlank(line[index])) {
          ++index;
        }
        if (index < line.size() && line[index] != ',') {
          fail(file_, at(line, lineNumber, index),
               "text after a quoted field: expected ',' or the line's end");
        }
      } else {
        const std::size_t comma = std::min(line.find(',', index), line.size());
        std::size_t end = comma;
        while (end > index && isBlank(line[end - 1])) {
          --end;
        }
        cell.text = std::string(line.substr(index, end - index));
        index = comma;
      }
      cells.push_back(std::move(cell));
      if (index >= line.size()) {
        return cells;
      }
      ++index;  // the comma
    }
  }

  void header(const std::vector<Cell>& cells, std::string_view line, std::uint32_t lineNumber) {
    columns_.fill(kColumnCount);
    for (std::size_t index = 0; index < cells.size(); ++index) {
      const auto found = std::find(kColumnNames.begin(), kColumnNames.end(), cells[index].text);
      const SourcePosition position = at(line, lineNumber, cells[index].start);
      if (found == kColumnNames.end()) {
        fail(file_, position,
             "unknown column '" + cells[index].text + "' in the header (expected " + kHeader + ")");
      }
      const std::size_t column = static_cast<std::size_t>(found - kColumnNames.begin());
      if (columns_[column] != kColumnCount) {
        fail(file_, position, "column '" + cells[index].text + "' appears twice in the header");
      }
      columns_[column] = index;
    }
    for (std::size_t column = 0; column < kColumnCount; ++column) {
      if (columns_[column] == kColumnCount) {
        fail(file_, {lineNumber, 1},
             "the header has no column '" + std::string(kColumnNames[column]) + "' (expected " + kHeader +
                 ")");
      }
    }
    headerCells_ = cells.size();
  }

  std::uint64_t wholeNumber(const Cell& cell, std::string_view what, std::string_view line,
                            std::uint32_t lineNumber) const {
    std::uint64_t number = 0;
    const char* end = cell.text.data() + cell.text.size();
    const auto [stop, error] = std::from_chars(cell.text.data(), end, number);
    if (cell.text.empty() || stop != end || error != std::errc()) {
      fail(file_, at(line, lineNumber, cell.start),
           std::string(what) + " '" + cell.text + "' is not a whole number");
    }
    return number;
  }

  Observation row(const std::vector<Cell>& cells, std::string_view line, std::uint32_t lineNumber) const {
    if (cells.size() != headerCells_) {
      const SourcePosition position = cells.size() > headerCells_
                                          ? at(line, lineNumber, cells[headerCells_].start)
                                          : SourcePosition{lineNumber, columnOf(line, line.size())};
      fail(file_, position,
           "row has " + std::to_string(cells.size()) + " columns, but the header has " +
               std::to_string(headerCells_) + " (" + kHeader + ")");
    }
    auto cell = [&](Column column) -> const Cell& { return cells[columns_[column]]; };
    Observation observation;
    observation.file = file_;
    observation.position = {lineNumber, 1};
    observation.test = cell(kTest).text;
    observation.chip = cell(kChip).text;
    for (const Column column : {kTest, kChip, kOutcome}) {
      if (cell(column).text.empty()) {
        fail(file_, at(line, lineNumber, cell(column).start),
             "empty " + std::string(kColumnNames[column]) + " field");
      }
    }
    observation.outcome = outcome(cell(kOutcome), line, lineNumber);
    observation.count = wholeNumber(cell(kObserved), "observed count", line, lineNumber);
    observation.runs = wholeNumber(cell(kRuns), "run count", line, lineNumber);
    if (observation.runs == 0) {
      fail(file_, at(line, lineNumber, cell(kRuns).start), "runs must be 1 or more");
    }
    if (observation.count > observation.runs) {
      fail(file_, at(line, lineNumber, cell(kObserved).start),
           "observed " + std::to_string(observation.count) + " times in only " +
               std::to_string(observation.runs) + " runs");
    }
    observation.source = cell(kSource).text;
    return observation;
  }

  // "1:r2=1 /\ 1:r3=0": terms joined by "/\".
  std::vector<ObservedValue> outcome(const Cell& cell, std::string_view line,
                                     std::uint32_t lineNumber) const {
    // Positions within a quoted field are those of the unquoted text, one
    // column on: right unless the field holds "" escapes.
    const std::size_t base = cell.start + (cell.start < line.size() && line[cell.start] == '"' ? 1 : 0);
    std::vector<ObservedValue> terms;
    const std::string& text = cell.text;
    for (std::size_t start = 0; start <= text.size();) {
      const std::size_t separator = std::min(text.find("/\\", start), text.size());
      const std::string_view term = std::string_view(text).substr(start, separator - start);
      const SourcePosition position = at(line, lineNumber, base + start);
      ObservedValue value = readObservedValue(term, file_, {position.line, position.column});
      for (const ObservedValue& earlier : terms) {
        if (earlier.thread == value.thread && earlier.name == value.name) {
          fail(file_, value.position, "outcome names " + formatObservedTerm(value) + " twice");
        }
      }
      terms.push_back(std::move(value));
      start = separator + 2;
    }
    return terms;
  }

  std::string_view text_;
  std::string file_;
  std::array<std::size_t, kColumnCount> columns_{};
  std::size_t headerCells_ = 0;
};

}  // namespace

std::vector<Observation> readObservationCsv(std::string_view text, const std::string& fileName) {
  return CsvReader(text, fileName).read();
}

}  // namespace opcheck::litmus

#include "litmus/ObservationCsvReader.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

#include "litmus/CsvLines.h"
#include "litmus/Diagnostic.h"
#include "litmus/TextScreening.h"

namespace opcheck::litmus {

namespace {

enum Column : std::size_t { kTest, kChip, kOutcome, kObserved, kRuns, kSource, kColumnCount };

constexpr std::array<std::string_view, kColumnCount> kColumnNames = {"test",     "chip", "outcome",
                                                                     "observed", "runs", "source"};
constexpr const char* kHeader = "test,chip,outcome,observed,runs,source";

class CsvReader {
 public:
  CsvReader(std::string_view text, const std::string& fileName) : text_(text), file_(fileName) {}

  std::vector<Observation> read() {
    requireText(text_, file_, "an observation file");
    if (text_.find_first_not_of(" \t\r\n\f") == std::string_view::npos) {
      fail(file_, {1, 1}, std::string("empty file: expected the CSV header '") + kHeader + "'");
    }
    const std::vector<CsvLine> lines = readCsvLines(text_, file_);
    header(lines.front());
    std::vector<Observation> rows;
    for (std::size_t index = 1; index < lines.size(); ++index) {
      rows.push_back(row(lines[index]));
    }
    if (rows.empty()) {
      fail(file_, {lines.front().number + 1, 1}, "no observations: the file has a header but no rows");
    }
    return rows;
  }

 private:
  void header(const CsvLine& line) {
    columns_.fill(kColumnCount);
    for (std::size_t index = 0; index < line.fields.size(); ++index) {
      const std::string& name = line.fields[index].text;
      const auto found = std::find(kColumnNames.begin(), kColumnNames.end(), name);
      if (found == kColumnNames.end()) {
        fail(file_, line.atField(index),
             "unknown column '" + name + "' in the header (expected " + kHeader + ")");
      }
      const std::size_t column = static_cast<std::size_t>(found - kColumnNames.begin());
      if (columns_[column] != kColumnCount) {
        fail(file_, line.atField(index), "column '" + name + "' appears twice in the header");
      }
      columns_[column] = index;
    }
    for (std::size_t column = 0; column < kColumnCount; ++column) {
      if (columns_[column] == kColumnCount) {
        fail(file_, {line.number, 1},
             "the header has no column '" + std::string(kColumnNames[column]) + "' (expected " + kHeader +
                 ")");
      }
    }
    headerCells_ = line.fields.size();
  }

  std::uint64_t wholeNumber(const CsvLine& line, Column column, std::string_view what) const {
    const CsvField& field = line.fields[columns_[column]];
    std::uint64_t number = 0;
    const char* end = field.text.data() + field.text.size();
    const auto [stop, error] = std::from_chars(field.text.data(), end, number);
    if (field.text.empty() || stop != end || error != std::errc()) {
      fail(file_, line.at(field.start), std::string(what) + " '" + field.text + "' is not a whole number");
    }
    return number;
  }

  Observation row(const CsvLine& line) const {
    if (line.fields.size() != headerCells_) {
      const SourcePosition position =
          line.fields.size() > headerCells_ ? line.atField(headerCells_) : line.end();
      fail(file_, position,
           "row has " + std::to_string(line.fields.size()) + " columns, but the header has " +
               std::to_string(headerCells_) + " (" + kHeader + ")");
    }
    auto field = [&](Column column) -> const CsvField& { return line.fields[columns_[column]]; };
    Observation observation;
    observation.file = file_;
    observation.position = {line.number, 1};
    observation.test = field(kTest).text;
    observation.chip = field(kChip).text;
    for (const Column column : {kTest, kChip, kOutcome}) {
      if (field(column).text.empty()) {
        fail(file_, line.at(field(column).start), "empty " + std::string(kColumnNames[column]) + " field");
      }
    }
    observation.outcome = outcome(line, field(kOutcome));
    observation.count = wholeNumber(line, kObserved, "observed count");
    observation.runs = wholeNumber(line, kRuns, "run count");
    if (observation.runs == 0) {
      fail(file_, line.at(field(kRuns).start), "runs must be 1 or more");
    }
    if (observation.count > observation.runs) {
      fail(file_, line.at(field(kObserved).start),
           "observed " + std::to_string(observation.count) + " times in only " +
               std::to_string(observation.runs) + " runs");
    }
    observation.source = field(kSource).text;
    return observation;
  }

  // "1:r2=1 /\ 1:r3=0": terms joined by "/\".
  std::vector<ObservedValue> outcome(const CsvLine& line, const CsvField& field) const {
    // Positions within a quoted field are those of the unquoted text, one
    // column on: right unless the field holds "" escapes.
    const std::size_t base =
        field.start + (field.start < line.text.size() && line.text[field.start] == '"' ? 1 : 0);
    std::vector<ObservedValue> terms;
    const std::string& text = field.text;
    for (std::size_t start = 0; start <= text.size();) {
      const std::size_t separator = std::min(text.find("/\\", start), text.size());
      const std::string_view term = std::string_view(text).substr(start, separator - start);
      ObservedValue value = readObservedValue(term, file_, line.at(base + start));
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

#include "litmus/Litmus7LogReader.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <optional>

#include "litmus/Diagnostic.h"
#include "litmus/LogLines.h"
#include "litmus/TextScreening.h"

namespace opcheck::litmus {

namespace {

using Line = LogLine;

bool isEmpty(std::string_view text) { return trimmedBlanks(text).empty(); }

// Where a histogram line's marker (":>", or "*>" for a state satisfying the
// condition) is, if it is one.
std::optional<std::size_t> markerOf(std::string_view text) {
  const std::size_t colon = text.find(":>");
  const std::size_t star = text.find("*>");
  const std::size_t marker = std::min(colon, star);
  if (marker == std::string_view::npos) {
    return std::nullopt;
  }
  return marker;
}

class LogReader {
 public:
  LogReader(std::string_view text, const std::string& fileName) : text_(text), file_(fileName) {}

  std::vector<Litmus7Run> read() {
    requireText(text_, file_, "a litmus7 log");
    if (text_.find_first_not_of(" \t\r\n\f") == std::string_view::npos) {
      fail(file_, {1, 1}, "empty file: expected a litmus7 log");
    }
    lines_ = splitLogLines(text_);
    std::vector<Litmus7Run> runs;
    std::vector<std::size_t> runLines;   // index in lines_ of each run's "Test" line
    std::vector<std::size_t> chipLines;  // index of each device "Name:" line
    std::vector<std::string> chips;
    std::optional<std::size_t> programStart;
    std::string program;
    std::uint32_t programLine = 0;
    std::size_t programEnd = 0;  // index after the last program's last line
    // The run whose Positive line comes next, if any (runs.size() if none).
    std::size_t awaitingTotals = 0;
    bool deviceInfo = false;
    for (std::size_t index = 0; index < lines_.size(); ++index) {
      const Line& line = lines_[index];
      const std::string_view text = trimmedBlanks(line.text);
      if (programStart) {
        if (text.starts_with("Generated assembler") || line.text.starts_with("Test ")) {
          closeProgram(*programStart, index, program, programLine);
          programStart.reset();
          programEnd = index;
        } else {
          continue;
        }
      }
      if (line.text.starts_with("GPU_PTX ") || line.text.starts_with("PTX ")) {
        programStart = index;
      } else if (line.text.starts_with("Test ")) {
        Litmus7Run run = readRun(index);
        // The program shown since the previous run is this run's.
        if (programEnd > 0 && (runLines.empty() || programEnd > runLines.back())) {
          run.program = program;
          run.programLine = programLine;
        }
        runLines.push_back(index);
        runs.push_back(std::move(run));
        awaitingTotals = runs.size() - 1;
      } else if (text.starts_with("Histogram")) {
        fail(file_, {line.number, 1}, "histogram without a 'Test NAME' line before it");
      } else if (text.starts_with("Positive:") && awaitingTotals < runs.size()) {
        readTotals(line, runs[awaitingTotals]);
        awaitingTotals = runs.size();
      } else if (text == "-- device info --") {
        deviceInfo = true;
      } else if (deviceInfo && text.starts_with("Name:")) {
        chipLines.push_back(index);
        chips.emplace_back(trimmedBlanks(text.substr(5)));
        deviceInfo = false;
      } else if (text.empty()) {
        deviceInfo = false;
      }
    }
    if (programStart) {
      closeProgram(*programStart, lines_.size(), program, programLine);
    }
    if (runs.empty()) {
      fail(file_, {1, 1},
           "no litmus7 result in this file: expected a 'Test NAME Allowed' line and a 'Histogram (N "
           "states)' block");
    }
    assignChips(runs, runLines, chipLines, chips);
    return runs;
  }

 private:
  SourcePosition at(const Line& line, std::size_t offset) const { return line.at(offset); }

  std::size_t offsetOf(const Line& line, std::string_view part) const {
    return static_cast<std::size_t>(part.data() - line.text.data());
  }

  void closeProgram(std::size_t start, std::size_t end, std::string& program,
                    std::uint32_t& firstLine) const {
    program.clear();
    for (std::size_t index = start; index < end; ++index) {
      program += std::string(lines_[index].text) + "\n";
    }
    firstLine = lines_[start].number;
  }

  std::uint64_t wholeNumber(std::string_view text, const Line& line, std::string_view what) const {
    std::uint64_t number = 0;
    const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (text.empty() || stop != text.data() + text.size() || error != std::errc()) {
      fail(file_, at(line, offsetOf(line, text)),
           std::string(what) + " '" + std::string(text) + "' is not a whole number");
    }
    return number;
  }

  // "Test NAME Allowed", then "Histogram (N states)" and N state lines.
  Litmus7Run readRun(std::size_t& index) {
    const Line& testLine = lines_[index];
    Litmus7Run run;
    run.position = {testLine.number, 1};
    const std::string_view rest = trimmedBlanks(testLine.text.substr(5));
    run.test = std::string(rest.substr(0, std::min(rest.find_first_of(" \t"), rest.size())));
    if (run.test.empty()) {
      fail(file_, at(testLine, 5), "'Test' line names no test");
    }
    std::size_t next = index + 1;
    while (next < lines_.size() && isEmpty(lines_[next].text)) {
      ++next;
    }
    const std::string expected =
        "expected 'Histogram (N states)' after '" + std::string(trimmedBlanks(testLine.text)) + "'";
    if (next == lines_.size()) {
      fail(file_, at(testLine, testLine.text.size()), expected + ", found the end of the file");
    }
    const Line& histogramLine = lines_[next];
    const std::string_view header = trimmedBlanks(histogramLine.text);
    if (!header.starts_with("Histogram")) {
      fail(file_, at(histogramLine, offsetOf(histogramLine, header)),
           expected + ", found '" + std::string(header) + "'");
    }
    // "Histogram (10 states)"
    std::string_view count = trimmedBlanks(header.substr(9));
    if (!count.starts_with("(") || !count.ends_with("states)")) {
      fail(file_, at(histogramLine, offsetOf(histogramLine, header)),
           "expected 'Histogram (N states)', found '" + std::string(header) + "'");
    }
    count = trimmedBlanks(count.substr(1, count.size() - 8));
    const std::uint64_t declared = wholeNumber(count, histogramLine, "number of states");

    // Where each state's terms start, for checkStates's messages.
    std::vector<SourcePosition> termPositions;
    for (next = next + 1; next < lines_.size(); ++next) {
      const std::optional<std::size_t> marker = markerOf(lines_[next].text);
      if (!marker) {
        break;
      }
      run.states.push_back(readState(lines_[next], *marker, run));
      termPositions.push_back(at(lines_[next], *marker + 2));
    }
    if (run.states.size() != declared) {
      fail(file_, at(histogramLine, offsetOf(histogramLine, count)),
           "'" + std::string(header) + "' is followed by " + std::to_string(run.states.size()) +
               " state line" + (run.states.size() == 1 ? "" : "s"));
    }
    checkStates(run, termPositions);
    std::uint64_t total = 0;
    for (const Observation& state : run.states) {
      if (total + state.count < total) {
        fail(file_, at(histogramLine, offsetOf(histogramLine, count)),
             "the histogram's counts add up to more than 2^64");
      }
      total += state.count;
    }
    run.runs = total;
    index = next - 1;
    return run;
  }

  // "20817 :>1:r0=0; 1:r2=1;"
  // MARKER is the offset of the line's ":>".
  Observation readState(const Line& line, std::size_t marker, const Litmus7Run& run) const {
    Observation state;
    state.test = run.test;
    state.file = file_;
    state.source = std::filesystem::path(file_).filename().string();
    state.position = {line.number, 1};
    const std::string_view count = trimmedBlanks(line.text.substr(0, marker));
    if (count.empty()) {
      fail(file_, at(line, marker),
           "histogram line has no count before '" + std::string(line.text.substr(marker, 2)) + "'");
    }
    state.count = wholeNumber(count, line, "count");
    readStateTerms(line, marker + 2, file_, state.outcome);
    return state;
  }

  // Every state of a histogram names the same terms, and no state twice.
  // TERM_POSITIONS: where each state's terms start.
  void checkStates(const Litmus7Run& run, const std::vector<SourcePosition>& termPositions) const {
    for (std::size_t index = 1; index < run.states.size(); ++index) {
      const Observation& state = run.states[index];
      if (sortedTermNames(state) != sortedTermNames(run.states.front())) {
        fail(file_, termPositions[index],
             "this state names other registers or locations than the histogram's first state (line " +
                 std::to_string(run.states.front().position.line) + ")");
      }
      for (std::size_t earlier = 0; earlier < index; ++earlier) {
        if (std::is_permutation(state.outcome.begin(), state.outcome.end(),
                                run.states[earlier].outcome.begin(), run.states[earlier].outcome.end())) {
          fail(file_, termPositions[index],
               "state listed twice in the histogram (first at line " +
                   std::to_string(run.states[earlier].position.line) + ")");
        }
      }
    }
  }

  // "Positive: 0, Negative: 100002": the runs, which the counts must add up to.
  void readTotals(const Line& line, Litmus7Run& run) const {
    const std::string_view text = trimmedBlanks(line.text);
    const std::size_t negative = text.find("Negative:");
    if (negative == std::string_view::npos) {
      fail(file_, at(line, offsetOf(line, text)), "expected 'Positive: P, Negative: N'");
    }
    std::string_view positiveText = trimmedBlanks(text.substr(9, negative - 9));
    if (positiveText.ends_with(",")) {
      positiveText = trimmedBlanks(positiveText.substr(0, positiveText.size() - 1));
    }
    const std::uint64_t positive = wholeNumber(positiveText, line, "positive count");
    const std::uint64_t negativeCount =
        wholeNumber(trimmedBlanks(text.substr(negative + 9)), line, "negative count");
    if (positive + negativeCount != run.runs) {
      fail(file_, at(line, offsetOf(line, text)),
           "the histogram of " + run.test + " counts " + std::to_string(run.runs) +
               " runs, but Positive + Negative is " + std::to_string(positive + negativeCount));
    }
  }

  // Each run's chip: the device named after it (before the next run), else
  // the first device the log names, else the log's file name.
  void assignChips(std::vector<Litmus7Run>& runs, const std::vector<std::size_t>& runLines,
                   const std::vector<std::size_t>& chipLines, const std::vector<std::string>& chips) const {
    for (std::size_t run = 0; run < runs.size(); ++run) {
      const std::size_t end = run + 1 < runLines.size() ? runLines[run + 1] : lines_.size();
      std::string chip = std::filesystem::path(file_).filename().string();
      if (!chips.empty()) {
        chip = chips.front();
      }
      for (std::size_t index = 0; index < chipLines.size(); ++index) {
        if (chipLines[index] > runLines[run] && chipLines[index] < end) {
          chip = chips[index];
          break;
        }
      }
      runs[run].chip = chip;
      for (Observation& state : runs[run].states) {
        state.chip = chip;
        state.runs = runs[run].runs;
      }
    }
  }

  std::string_view text_;
  std::string file_;
  std::vector<Line> lines_;
};

}  // namespace

std::vector<Litmus7Run> readLitmus7Log(std::string_view text, const std::string& fileName) {
  return LogReader(text, fileName).read();
}

}  // namespace opcheck::litmus

#include "litmus/HerdLogReader.h"

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "litmus/Diagnostic.h"
#include "litmus/LogLines.h"
#include "litmus/TextScreening.h"

namespace opcheck::litmus {

namespace {

using Line = LogLine;

SourcePosition at(const Line& line, std::size_t offset) { return line.at(offset); }

class HerdReader {
 public:
  HerdReader(std::string_view text, const std::string& fileName)
      : text_(text), file_(fileName), lines_(splitLogLines(text)) {}

  std::vector<HerdRun> read() {
    requireText(text_, file_, "a herd7 log");
    if (text_.find_first_not_of(" \t\r\n\f") == std::string_view::npos) {
      fail(file_, {1, 1}, "empty file: expected herd7's output");
    }
    std::vector<HerdRun> runs;
    for (std::size_t index = 0; index < lines_.size(); ++index) {
      if (lines_[index].text.starts_with("Test ")) {
        runs.push_back(readRun(index));
      } else if (lines_[index].text.starts_with("Hash=") && !runs.empty() && runs.back().hash.empty()) {
        runs.back().hash = std::string(trimmedBlanks(lines_[index].text.substr(5)));
      }
    }
    if (runs.empty()) {
      fail(file_, {1, 1}, "no herd7 result in this file: expected a 'Test NAME Allowed' line and 'States N'");
    }
    return runs;
  }

 private:
  // "Test NAME KIND", "States N" and N state lines; INDEX ends on the last.
  HerdRun readRun(std::size_t& index) {
    const Line& testLine = lines_[index];
    HerdRun run;
    run.position = {testLine.number, 1};
    const std::string_view rest = trimmedBlanks(testLine.text.substr(5));
    run.test = std::string(rest.substr(0, std::min(rest.find_first_of(" \t"), rest.size())));
    if (run.test.empty()) {
      fail(file_, at(testLine, 5), "'Test' line names no test");
    }
    const std::string expected =
        "expected 'States N' after '" + std::string(trimmedBlanks(testLine.text)) + "'";
    if (index + 1 == lines_.size()) {
      fail(file_, at(testLine, testLine.text.size()), expected + ", found the end of the file");
    }
    const Line& statesLine = lines_[++index];
    const std::string_view header = trimmedBlanks(statesLine.text);
    if (!header.starts_with("States ")) {
      fail(file_, at(statesLine, 0), expected + ", found '" + std::string(header) + "'");
    }
    const std::string_view count = trimmedBlanks(header.substr(7));
    std::size_t declared = 0;
    const auto [stop, error] = std::from_chars(count.data(), count.data() + count.size(), declared);
    if (count.empty() || stop != count.data() + count.size() || error != std::errc()) {
      fail(file_, at(statesLine, static_cast<std::size_t>(count.data() - statesLine.text.data())),
           "number of states '" + std::string(count) + "' is not a whole number");
    }
    for (std::size_t state = 0; state < declared; ++state) {
      if (index + 1 == lines_.size() || lines_[index + 1].text.find('=') == std::string_view::npos) {
        fail(file_, at(statesLine, 0),
             "'" + std::string(header) + "' is followed by " + std::to_string(state) + " state line" +
                 (state == 1 ? "" : "s"));
      }
      run.states.push_back(readState(lines_[++index], run));
    }
    return run;
  }

  // "1:r0=0; 1:r2=1;"
  Observation readState(const Line& line, const HerdRun& run) const {
    Observation state;
    state.test = run.test;
    state.chip = "herd7";
    state.count = 1;
    state.runs = 1;
    state.file = file_;
    state.source = std::filesystem::path(file_).filename().string();
    state.position = {line.number, 1};
    readStateTerms(line, 0, file_, state.outcome);
    checkAgainstEarlier(state, run);
    return state;
  }

  // Every state of a test names the same terms, and no state comes twice.
  void checkAgainstEarlier(const Observation& state, const HerdRun& run) const {
    if (run.states.empty()) {
      return;
    }
    if (sortedTermNames(state) != sortedTermNames(run.states.front())) {
      fail(file_, state.position,
           "this state names other registers or locations than the first state of " + run.test + " (line " +
               std::to_string(run.states.front().position.line) + ")");
    }
    for (const Observation& earlier : run.states) {
      if (std::is_permutation(state.outcome.begin(), state.outcome.end(), earlier.outcome.begin(),
                              earlier.outcome.end())) {
        fail(file_, state.position,
             "state listed twice (first at line " + std::to_string(earlier.position.line) + ")");
      }
    }
  }

  std::string_view text_;
  std::string file_;
  std::vector<Line> lines_;
};

}  // namespace

bool isHerdLog(std::string_view text) {
  const std::vector<Line> lines = splitLogLines(text);
  for (std::size_t index = 0; index < lines.size(); ++index) {
    if (lines[index].text.starts_with("Test ")) {
      return index + 1 < lines.size() && trimmedBlanks(lines[index + 1].text).starts_with("States ");
    }
  }
  return false;
}

std::vector<HerdRun> readHerdLog(std::string_view text, const std::string& fileName) {
  return HerdReader(text, fileName).read();
}

}  // namespace opcheck::litmus

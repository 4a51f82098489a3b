// The lines of a tool's log (herd7's, litmus7's) with their numbers, for
// readers that point at the line and column where a log is wrong.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "litmus/Observation.h"
#include "litmus/SourcePosition.h"

namespace opcheck::litmus {

struct LogLine {
  std::string_view text;  // without its end of line ("\n" or "\r\n")
  std::uint32_t number = 0;

  // The position of byte OFFSET of the line (columns count characters).
  SourcePosition at(std::size_t offset) const;
};

// TEXT's lines, numbered from 1 (views into TEXT).
std::vector<LogLine> splitLogLines(std::string_view text);

// The terms "1:r0=1; x=2; ..." of LINE from byte FROM on, appended to
// OUTCOME; a term named twice is an error (FILE:LINE:COL).
void readStateTerms(const LogLine& line, std::size_t from, const std::string& file,
                    std::vector<ObservedValue>& outcome);

// TEXT without the blanks (space, tab, carriage return, form feed) around it.
std::string_view trimmedBlanks(std::string_view text);

}  // namespace opcheck::litmus

// The CSV that observation files are written in (RFC 4180, one record a
// line): fields split with their positions, so that readers can point at
// the field that is wrong (ObservationCsvReader.h, SeenTableReader.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "litmus/SourcePosition.h"

namespace opcheck::litmus {

struct CsvField {
  std::string text;       // unquoted, without surrounding white space
  std::size_t start = 0;  // byte offset of the text (or its opening quote) in the line
};

// One non-blank line of a CSV text.
struct CsvLine {
  std::string_view text;
  std::uint32_t number = 0;
  std::vector<CsvField> fields;

  SourcePosition at(std::size_t offset) const;  // of byte OFFSET of the line
  SourcePosition atField(std::size_t field) const { return at(fields[field].start); }
  SourcePosition end() const { return at(text.size()); }
};

// The non-blank lines of TEXT (a file called FILE), split into fields. A
// field may be double-quoted ("Fig. 3, left"), with "" for a quote inside.
// Throws InputError for a quoted field left open or followed by text.
std::vector<CsvLine> readCsvLines(std::string_view text, const std::string& file);

}  // namespace opcheck::litmus

// The code of a litmus text as written, read without parsing the test: for
// each thread, its instructions with white space removed, taken from the
// table of columns ("P0 | P1 ;" and the rows below it). It tells whether
// two texts hold the same program when one of them cannot be parsed: a
// litmus7 log prints the program it ran without its initial state, and the
// .litmus file kept beside a log is not always that program
// (corpora/hardware/titan-memalloy).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opcheck::parser {

// One string per thread (its instructions, one a line, white space
// removed); nothing when TEXT has no "P0 | P1 ... ;" header row.
std::optional<std::vector<std::string>> codeColumns(std::string_view text);

}  // namespace opcheck::parser

// Checks made on the raw bytes of a file before the grammar sees them, so
// that no input can crash or exhaust the parser: size, emptiness, binary
// data, nesting depth.
#pragma once

#include <string>
#include <string_view>

namespace opcheck::parser {

// Throws litmus::InputError for an empty, oversized, binary or too deeply
// nested file.
void screenInput(std::string_view text, const std::string& fileName);

}  // namespace opcheck::parser

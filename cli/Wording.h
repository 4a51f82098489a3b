// Small pieces of the English the reports are written in.
#pragma once

#include <cstddef>
#include <string>

namespace opcheck::cli {

// "1 test", "2 tests": COUNT and WORD, plural unless COUNT is one.
inline std::string plural(std::size_t count, const std::string& word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

}  // namespace opcheck::cli

// What `opcheck generate` reports for input it cannot turn into a test: an
// unknown relation, a cycle whose edges do not chain, a bad grouping of
// threads. The command prints the message as "opcheck: error: ..." and
// exits 2; the library never aborts on user input.
#pragma once

#include <stdexcept>
#include <string>

namespace opcheck::generate {

struct GenerationError : std::runtime_error {
  explicit GenerationError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace opcheck::generate

// Bad input, reported as "FILE:LINE:COL: error: what is wrong" (docs/architecture.md
// "Bad input"). Every reader in opcheck throws InputError for a malformed
// file; the command line prints it and exits with status 2.
#pragma once

#include <stdexcept>
#include <string>

#include "litmus/SourcePosition.h"

namespace opcheck::litmus {

struct Diagnostic {
  std::string file;
  SourcePosition position;
  std::string message;

  // "FILE:LINE:COL: error: MESSAGE"; a position of 0 is left out.
  std::string format() const;
};

class InputError : public std::runtime_error {
 public:
  explicit InputError(Diagnostic diagnostic);
  const Diagnostic& diagnostic() const { return diagnostic_; }

 private:
  Diagnostic diagnostic_;
};

// Throws InputError for FILE at POSITION.
[[noreturn]] void fail(const std::string& file, SourcePosition position, std::string message);

}  // namespace opcheck::litmus

#include "litmus/Diagnostic.h"

namespace opcheck::litmus {

std::string Diagnostic::format() const {
  std::string text = file;
  if (position.line > 0) {
    text += ":" + std::to_string(position.line) + ":" + std::to_string(position.column);
  }
  return text + ": error: " + message;
}

InputError::InputError(Diagnostic diagnostic)
    : std::runtime_error(diagnostic.format()), diagnostic_(std::move(diagnostic)) {}

void fail(const std::string& file, SourcePosition position, std::string message) {
  throw InputError(Diagnostic{file, position, std::move(message)});
}

}  // namespace opcheck::litmus

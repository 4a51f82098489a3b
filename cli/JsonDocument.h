// The envelope every JSON document opcheck writes starts with
// (docs/json.md): the command that wrote it and the version of the format.
#pragma once

#include <string_view>

#include "litmus/JsonPrinter.h"

namespace opcheck::cli {

// The JSON format's version (docs/json.md "Schema"): raised when a key is
// removed, renamed or changes meaning, so that a script can refuse a
// document it does not know; adding a key keeps it.
inline constexpr int kJsonSchemaVersion = 1;

// A document's first members: "command" and "schema_version".
inline litmus::Json jsonDocument(std::string_view command) {
  litmus::Json document;
  document["command"] = command;
  document["schema_version"] = kJsonSchemaVersion;
  return document;
}

}  // namespace opcheck::cli

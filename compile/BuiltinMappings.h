// The mapping files of mappings/, built into opcheck (compile/CMakeLists.txt
// writes their text into a generated source), so that `--mapping NAME`
// needs no file beside the binary.
#pragma once

#include <span>
#include <string_view>

namespace opcheck::compile {

struct BuiltinMapping {
  std::string_view name;  // the file's stem
  std::string_view text;
};

// In the order of their names.
std::span<const BuiltinMapping> builtinMappings();

}  // namespace opcheck::compile

// Reads a litmus file of any supported dialect (herd's GPU_PTX, the modern
// PTX dialect, herd's LISA, herd's C) into the IR. The entry point of parser/.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "litmus/Test.h"

namespace opcheck::parser {

// Throws litmus::InputError ("FILE:LINE:COL: error: ...") for anything that
// is not a well-formed test, including a file that cannot be read.
litmus::Test readLitmusFile(const std::filesystem::path& path);

// The same for text already in memory; FILE_NAME is used in messages.
litmus::Test readLitmusText(std::string_view text, const std::string& fileName);

}  // namespace opcheck::parser

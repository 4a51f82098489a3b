#include "litmus/FileReading.h"

#include <fstream>

#include "litmus/Diagnostic.h"

namespace opcheck::litmus {

std::string readFileUpTo(const std::filesystem::path& path, std::size_t limit, const std::string& what) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream) {
    fail(path.string(), {}, "cannot read file");
  }
  std::string text;
  constexpr std::size_t kChunk = 1u << 16;
  char chunk[kChunk];
  while (stream) {
    stream.read(chunk, kChunk);
    text.append(chunk, static_cast<std::size_t>(stream.gcount()));
    if (text.size() > limit) {
      fail(path.string(), {1, 1},
           "file too large (more than " + std::to_string(limit) + " bytes; opcheck reads " + what +
               " up to " + std::to_string(limit) + " bytes)");
    }
  }
  if (stream.bad()) {
    fail(path.string(), {}, "cannot read file");
  }
  return text;
}

}  // namespace opcheck::litmus

#include "litmus/TextScreening.h"

#include <cstdio>

#include "litmus/Diagnostic.h"

namespace opcheck::litmus {

std::size_t utf8SequenceLength(std::string_view text, std::size_t index) {
  const auto lead = static_cast<unsigned char>(text[index]);
  if (lead < 0x80) {
    return 1;
  }
  std::size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
  } else {
    return 0;
  }
  if (index + length > text.size()) {
    return 0;
  }
  for (std::size_t next = 1; next < length; ++next) {
    if ((static_cast<unsigned char>(text[index + next]) & 0xC0) != 0x80) {
      return 0;
    }
  }
  const auto second = static_cast<unsigned char>(text[index + 1]);
  if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) || (lead == 0xF0 && second < 0x90) ||
      (lead == 0xF4 && second > 0x8F)) {
    return 0;
  }
  return length;
}

void requireText(std::string_view text, const std::string& fileName, std::string_view what) {
  SourcePosition position{1, 1};
  for (std::size_t index = 0; index < text.size();) {
    const auto byte = static_cast<unsigned char>(text[index]);
    const std::size_t length = utf8SequenceLength(text, index);
    // The byte is formatted only for the message: every litmus file passes
    // here, byte by byte, before it is parsed.
    auto hex = [byte] {
      char digits[8];
      std::snprintf(digits, sizeof digits, "0x%02X", byte);
      return std::string(digits);
    };
    if (length == 0) {
      fail(fileName, position,
           std::string("binary data (byte ") + hex() + " is not UTF-8 text): not " + std::string(what));
    }
    if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r' && byte != '\f') {
      fail(fileName, position,
           std::string("binary data (control byte ") + hex() + "): not " + std::string(what));
    }
    advancePast(byte, position);
    index += length;
  }
}

}  // namespace opcheck::litmus

// MD5 (RFC 1321), for herd7's Hash= line, which is OCaml's Digest.string
// over the test's text (litmus/HerdHash.cpp). Not for security: a digest
// opcheck must reproduce, byte for byte, and nothing else.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace opcheck::support {

using Md5Digest = std::array<std::uint8_t, 16>;

namespace detail {

// RFC 1321 3.4: T[i] is the integer part of 2^32 * |sin(i + 1)|.
inline const std::array<std::uint32_t, 64>& md5SineTable() {
  static const std::array<std::uint32_t, 64> table = [] {
    std::array<std::uint32_t, 64> values{};
    for (std::size_t index = 0; index < values.size(); ++index) {
      values[index] = static_cast<std::uint32_t>(
          std::floor(std::fabs(std::sin(static_cast<double>(index + 1))) * 4294967296.0));
    }
    return values;
  }();
  return table;
}

inline std::uint32_t rotateLeft(std::uint32_t value, unsigned shift) {
  return (value << shift) | (value >> (32 - shift));
}

}  // namespace detail

// The 16 bytes of TEXT's MD5 digest, in RFC 1321's order (A's low byte
// first).
inline Md5Digest md5(std::string_view text) {
  // RFC 1321 3.4: the shift of each of the 64 steps, four per round.
  static constexpr std::array<unsigned, 16> kShifts = {7, 12, 17, 22, 5, 9,  14, 20,
                                                       4, 11, 16, 23, 6, 10, 15, 21};
  const std::array<std::uint32_t, 64>& sine = detail::md5SineTable();
  std::array<std::uint32_t, 4> state = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};  // RFC 1321 3.3

  // RFC 1321 3.1-3.2: a 1 bit, zeros to 56 bytes mod 64, the bit length.
  const std::uint64_t bits = static_cast<std::uint64_t>(text.size()) * 8;
  const std::size_t padded = (text.size() + 8) / 64 * 64 + 64;
  auto byteAt = [&](std::size_t index) -> std::uint8_t {
    if (index < text.size()) {
      return static_cast<std::uint8_t>(text[index]);
    }
    if (index == text.size()) {
      return 0x80;
    }
    if (index >= padded - 8) {
      return static_cast<std::uint8_t>(bits >> (8 * (index - (padded - 8))));
    }
    return 0;
  };

  for (std::size_t block = 0; block < padded; block += 64) {
    std::array<std::uint32_t, 16> words{};
    for (std::size_t word = 0; word < 16; ++word) {
      for (std::size_t byte = 0; byte < 4; ++byte) {
        words[word] |= static_cast<std::uint32_t>(byteAt(block + 4 * word + byte)) << (8 * byte);
      }
    }
    auto [a, b, c, d] = state;
    for (unsigned step = 0; step < 64; ++step) {
      // RFC 1321 3.4: the rounds' functions F, G, H, I and word orders.
      std::uint32_t mixed = 0;
      unsigned word = 0;
      switch (step / 16) {
        case 0:
          mixed = (b & c) | (~b & d);
          word = step;
          break;
        case 1:
          mixed = (b & d) | (c & ~d);
          word = (5 * step + 1) % 16;
          break;
        case 2:
          mixed = b ^ c ^ d;
          word = (3 * step + 5) % 16;
          break;
        default:
          mixed = c ^ (b | ~d);
          word = (7 * step) % 16;
          break;
      }
      const std::uint32_t rotated =
          detail::rotateLeft(a + mixed + sine[step] + words[word], kShifts[step / 16 * 4 + step % 4]);
      a = d;
      d = c;
      c = b;
      b += rotated;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
  }

  Md5Digest digest{};
  for (std::size_t index = 0; index < digest.size(); ++index) {
    digest[index] = static_cast<std::uint8_t>(state[index / 4] >> (8 * (index % 4)));
  }
  return digest;
}

}  // namespace opcheck::support

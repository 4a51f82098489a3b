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

namespace detail {

// RFC 1321 3.4: one 64-byte block into STATE. The four rounds, each with
// its function (F, G, H, I), word order and shifts, sixteen steps each.
inline void md5Block(std::array<std::uint32_t, 4>& state, const unsigned char* block) {
  static constexpr std::array<unsigned, 16> kShifts = {7, 12, 17, 22, 5, 9,  14, 20,
                                                       4, 11, 16, 23, 6, 10, 15, 21};
  const std::array<std::uint32_t, 64>& sine = md5SineTable();
  std::array<std::uint32_t, 16> words{};
  for (std::size_t word = 0; word < 16; ++word) {
    const unsigned char* bytes = block + 4 * word;
    words[word] = static_cast<std::uint32_t>(bytes[0]) | static_cast<std::uint32_t>(bytes[1]) << 8 |
                  static_cast<std::uint32_t>(bytes[2]) << 16 | static_cast<std::uint32_t>(bytes[3]) << 24;
  }
  // Plain variables, not a structured binding: clang before 16 cannot
  // capture a binding in a lambda.
  std::uint32_t a = state[0];
  std::uint32_t b = state[1];
  std::uint32_t c = state[2];
  std::uint32_t d = state[3];
  auto step = [&](unsigned index, std::uint32_t mixed, unsigned word) {
    const std::uint32_t rotated =
        rotateLeft(a + mixed + sine[index] + words[word], kShifts[index / 16 * 4 + index % 4]);
    a = d;
    d = c;
    c = b;
    b += rotated;
  };
  for (unsigned index = 0; index < 16; ++index) {
    step(index, (b & c) | (~b & d), index);
  }
  for (unsigned index = 16; index < 32; ++index) {
    step(index, (b & d) | (c & ~d), (5 * index + 1) % 16);
  }
  for (unsigned index = 32; index < 48; ++index) {
    step(index, b ^ c ^ d, (3 * index + 5) % 16);
  }
  for (unsigned index = 48; index < 64; ++index) {
    step(index, c ^ (b | ~d), (7 * index) % 16);
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
}

}  // namespace detail

// The 16 bytes of TEXT's MD5 digest, in RFC 1321's order (A's low byte
// first).
inline Md5Digest md5(std::string_view text) {
  std::array<std::uint32_t, 4> state = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};  // RFC 1321 3.3
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t whole = text.size() / 64 * 64;
  for (std::size_t block = 0; block < whole; block += 64) {
    detail::md5Block(state, bytes + block);
  }
  // RFC 1321 3.1-3.2: the rest, a 1 bit, zeros to 56 bytes mod 64, the bit
  // length: one block or two.
  std::array<unsigned char, 128> tail{};
  const std::size_t rest = text.size() - whole;
  for (std::size_t index = 0; index < rest; ++index) {
    tail[index] = bytes[whole + index];
  }
  tail[rest] = 0x80;
  const std::size_t tailSize = rest + 1 + 8 <= 64 ? 64 : 128;
  const std::uint64_t bits = static_cast<std::uint64_t>(text.size()) * 8;
  for (std::size_t index = 0; index < 8; ++index) {
    tail[tailSize - 8 + index] = static_cast<unsigned char>(bits >> (8 * index));
  }
  for (std::size_t block = 0; block < tailSize; block += 64) {
    detail::md5Block(state, tail.data() + block);
  }

  Md5Digest digest{};
  for (std::size_t index = 0; index < digest.size(); ++index) {
    digest[index] = static_cast<std::uint8_t>(state[index / 4] >> (8 * (index % 4)));
  }
  return digest;
}

}  // namespace opcheck::support

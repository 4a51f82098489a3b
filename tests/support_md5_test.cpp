// support/Md5.h: MD5 as RFC 1321 defines it, byte for byte, since herd7's
// Hash= line (litmus/HerdHash.cpp) rests on it.
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "support/Md5.h"

namespace {

std::string hexDigest(std::string_view text) {
  std::string hex;
  for (const std::uint8_t byte : opcheck::support::md5(text)) {
    char pair[3];
    std::snprintf(pair, sizeof pair, "%02x", byte);
    hex += pair;
  }
  return hex;
}

// 'a' to 'z' over and over, LENGTH bytes.
std::string alphabetRun(std::size_t length) {
  std::string text;
  for (std::size_t index = 0; index < length; ++index) {
    text += static_cast<char>('a' + index % 26);
  }
  return text;
}

}  // namespace

TEST_CASE("md5 gives RFC 1321's test suite digests", "[support]") {
  // RFC 1321 Appendix A.5.
  CHECK(hexDigest("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(hexDigest("a") == "0cc175b9c0f1b6a831c399e269772661");
  CHECK(hexDigest("abc") == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(hexDigest("message digest") == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(hexDigest("abcdefghijklmnopqrstuvwxyz") == "c3fcd3d76192e4007dfb496cca67e13b");
  CHECK(hexDigest("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") ==
        "d174ab98d277d9f5a5611c2c9f419d9f");
  CHECK(hexDigest("1234567890123456789012345678901234567890123456789012345678901234567890123456"
                  "7890") == "57edf4a22be3c955ac49da2e2107b67a");
}

TEST_CASE("md5 pads at the block boundaries and reads bytes above 127 as unsigned", "[support]") {
  // Python's hashlib.md5 over the same bytes. 55 bytes is the longest text
  // whose padding fits its block; 56 to 63 spill into a second one.
  CHECK(hexDigest(alphabetRun(55)) == "0d7ae056b2f015cd7dc67494efd658f1");
  CHECK(hexDigest(alphabetRun(56)) == "31fcfb5165169eb55898e7e4cf34d19a");
  CHECK(hexDigest(alphabetRun(63)) == "1b30c0670c15e7da3c2ba7bce77ebe99");
  CHECK(hexDigest(alphabetRun(64)) == "a2eaf6295c32adc403865fd96a2f182b");
  CHECK(hexDigest(alphabetRun(65)) == "eba2cce0ca8df47e62414a736b3105a2");
  CHECK(hexDigest(alphabetRun(119)) == "b05187e08da41fa3ef16bd56afaafd99");
  CHECK(hexDigest(alphabetRun(120)) == "62af9b597a9f55e16ab2b897387fc052");
  CHECK(hexDigest(alphabetRun(1000)) == "303fb697b589019cb3edba04b794e575");
  std::string everyByte;
  for (int byte = 0; byte < 256; ++byte) {
    everyByte += static_cast<char>(byte);
  }
  CHECK(hexDigest(everyByte) == "e2c865db4162bed963bfaa9ef6ac18f0");
}

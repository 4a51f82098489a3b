// Reading an input file whole, but never more than opcheck reads: a file
// that does not end (/dev/zero, a pipe that keeps writing) or a huge one is
// refused once it passes the limit, before it can exhaust memory
// (docs/architecture.md "Bad input").
#pragma once

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <string>

namespace opcheck::litmus {

// The path that stands for standard input ("-", as herd7 and most tools
// take it); messages name it <stdin>.
inline constexpr const char* kStandardInput = "-";

// PATH as messages name it: "<stdin>" for "-".
std::string inputName(const std::filesystem::path& path);

// The contents of PATH ("-": standard input). Throws InputError ("PATH: error: ...") when it
// cannot be read, and ("PATH:1:1: error: file too large ...") as soon as it
// holds more than LIMIT bytes, saying that WHAT (e.g. "litmus files") are
// read up to LIMIT bytes.
//
// A FIFO is read without blocking, waiting for its writer at most as long
// as setInputWaitLimit allows (a FIFO nobody writes to would otherwise
// hang the command).
std::string readFileUpTo(const std::filesystem::path& path, std::size_t limit, const std::string& what);

// How long readFileUpTo waits for a FIFO's data (0: for ever), and a flag
// that ends the wait (Ctrl-C). Process-wide: the command line sets it once,
// from --timeout, before reading anything.
void setInputWaitLimit(double seconds, const std::atomic<bool>* interrupted);

}  // namespace opcheck::litmus

#include "cli/Output.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "cli/ExitStatus.h"

namespace opcheck::cli {

namespace {

std::string reason(int error) { return error != 0 ? std::strerror(error) : "write failed"; }

}  // namespace

OutputCheck::Buffer::Buffer(int descriptor)
    : descriptor_(descriptor), lineBuffered_(isatty(descriptor) != 0), space_(1 << 16) {
  setp(space_.data(), space_.data() + space_.size());
}

bool OutputCheck::Buffer::drain() {
  const char* next = pbase();
  while (error_ == 0 && next < pptr()) {
    const ssize_t written = ::write(descriptor_, next, static_cast<std::size_t>(pptr() - next));
    if (written < 0 && errno == EINTR) {
      continue;
    }
    if (written <= 0) {
      error_ = written < 0 ? errno : EIO;
      break;
    }
    next += written;
  }
  // After a failure the rest is dropped: the command reports it at the end.
  setp(space_.data(), space_.data() + space_.size());
  return error_ == 0;
}

OutputCheck::Buffer::int_type OutputCheck::Buffer::overflow(int_type c) {
  if (!drain()) {
    return traits_type::eof();
  }
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

std::streamsize OutputCheck::Buffer::xsputn(const char* text, std::streamsize count) {
  const std::streamsize written = std::streambuf::xsputn(text, count);
  if (lineBuffered_ && std::memchr(text, '\n', static_cast<std::size_t>(count)) != nullptr) {
    drain();
  }
  return written;
}

int OutputCheck::Buffer::sync() { return drain() ? 0 : -1; }

OutputCheck::OutputCheck() : buffer_(STDOUT_FILENO), previous_(std::cout.rdbuf(&buffer_)) {}

OutputCheck::~OutputCheck() {
  std::cout.flush();
  std::cout.rdbuf(previous_);
}

int OutputCheck::finish(int status) {
  std::cout.flush();
  if (buffer_.error() == 0 && std::cout.good()) {
    return status;
  }
  std::cerr << "opcheck: error: cannot write the output: " << reason(buffer_.error()) << "\n";
  return kBadInput;
}

std::optional<std::string> writeTextFile(const std::filesystem::path& file, const std::string& text) {
  errno = 0;
  std::ofstream out(file, std::ios::binary);
  if (out) {
    out << text;
    out.flush();
  }
  if (out.good()) {
    out.close();
    if (out.good()) {
      return std::nullopt;
    }
  }
  return "cannot write " + file.string() + ": " + reason(errno);
}

}  // namespace opcheck::cli

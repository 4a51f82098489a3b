#include "litmus/FileReading.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "litmus/Diagnostic.h"

namespace opcheck::litmus {

namespace {

std::atomic<double> waitLimitSeconds{0};
std::atomic<const std::atomic<bool>*> waitInterrupted{nullptr};

// "cannot read file: Permission denied": the reason the system gave (errno).
[[noreturn]] void cannotRead(const std::string& name, int error) {
  fail(name, {},
       error == 0 ? std::string("cannot read file")
                  : "cannot read file: " + std::string(std::strerror(error)));
}

[[noreturn]] void tooLarge(const std::string& name, std::size_t limit, const std::string& what) {
  fail(name, {1, 1},
       "file too large (more than " + std::to_string(limit) + " bytes; opcheck reads " + what + " up to " +
           std::to_string(limit) + " bytes)");
}

// A FIFO, read with poll so that the wait has an end.
std::string readFifoUpTo(const std::filesystem::path& path, const std::string& name, std::size_t limit,
                         const std::string& what) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  const double seconds = waitLimitSeconds.load();
  const std::atomic<bool>* interrupted = waitInterrupted.load();
  // Non-blocking: open() does not wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    cannotRead(name, errno);
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  std::string text;
  char chunk[1u << 16];
  while (true) {
    if (interrupted != nullptr && interrupted->load()) {
      fail(name, {}, "interrupted while waiting for input");
    }
    const double waited = std::chrono::duration<double>(Clock::now() - start).count();
    if (seconds > 0 && waited > seconds) {
      char limitText[32];
      std::snprintf(limitText, sizeof limitText, "%g", seconds);
      fail(name, {},
           std::string("no end of input within the time limit (--timeout ") + limitText +
               "): a FIFO with no writer?");
    }
    // Linux reports no POLLHUP on a FIFO that never had a writer: poll
    // waits for one (in slices, to check the clock and the interrupt flag).
    pollfd waiting{fd, POLLIN, 0};
    const int ready = ::poll(&waiting, 1, 50);
    if (ready < 0 && errno != EINTR) {
      cannotRead(name, errno);
    }
    if (ready <= 0) {
      continue;
    }
    const ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got == 0) {
      return text;  // the writer closed its end
    }
    if (got < 0) {
      if (errno == EAGAIN || errno == EINTR) {
        continue;
      }
      cannotRead(name, errno);
    }
    text.append(chunk, static_cast<std::size_t>(got));
    if (text.size() > limit) {
      tooLarge(name, limit, what);
    }
  }
}

}  // namespace

void setInputWaitLimit(double seconds, const std::atomic<bool>* interrupted) {
  waitLimitSeconds.store(seconds);
  waitInterrupted.store(interrupted);
}

std::string inputName(const std::filesystem::path& path) {
  return path == kStandardInput ? "<stdin>" : path.string();
}

std::string readFileUpTo(const std::filesystem::path& given, std::size_t limit, const std::string& what) {
  // "-": standard input, read as the file it is (a pipe, a file, a terminal).
  const std::filesystem::path path = given == kStandardInput ? "/dev/stdin" : given;
  const std::string name = inputName(given);
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0 && S_ISFIFO(status.st_mode)) {
    return readFifoUpTo(path, name, limit, what);
  }
  // The stream opens the file with open(2), which leaves its reason in errno.
  errno = 0;
  std::ifstream stream(path, std::ios::binary);
  if (!stream) {
    cannotRead(name, errno);
  }
  std::string text;
  constexpr std::size_t kChunk = 1u << 16;
  char chunk[kChunk];
  while (stream) {
    stream.read(chunk, kChunk);
    text.append(chunk, static_cast<std::size_t>(stream.gcount()));
    if (text.size() > limit) {
      tooLarge(name, limit, what);
    }
  }
  if (stream.bad()) {
    cannotRead(name, errno);
  }
  return text;
}

}  // namespace opcheck::litmus

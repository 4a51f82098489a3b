// Runs a program (a compiler) with arguments, no shell, under a time limit,
// and gives its exit status and what it wrote. posix_spawn rather than
// Boost.Process: Debian's Boost.Process 1.74 needs Boost.Filesystem's
// library, which opcheck does not link, and its wait_for is unreliable in
// that release. The child writes into files of a fresh temporary directory,
// so that neither stream can fill a pipe while the other is waited on.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace opcheck::compile {

struct ProcessResult {
  bool started = false;   // false: the program was not found or could not run
  bool timedOut = false;  // killed at the limit
  int exitStatus = -1;    // when it exited
  int signal = 0;         // when a signal ended it
  std::string standardOutput;
  std::string standardError;
};

// Runs ARGUMENTS (the first the program, looked up in PATH) in DIRECTORY,
// killing it after LIMIT.
ProcessResult runProcess(const std::vector<std::string>& arguments, const std::filesystem::path& directory,
                         std::chrono::milliseconds limit);

// Whether PROGRAM is an executable in PATH (or a path to one).
bool programExists(const std::string& program);

// A fresh directory under the system's temporary directory, removed with
// what it holds when the object goes.
class TemporaryDirectory {
 public:
  TemporaryDirectory();
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace opcheck::compile

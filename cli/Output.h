// Output that cannot be lost without a word. Each command runs inside an
// OutputCheck: standard output goes through a buffer of its own that
// remembers why a write failed (a full disk, `> /dev/full`), and finish()
// turns a failure into "opcheck: error: cannot write the output: REASON"
// and exit status 2. Files (-o DIR, --report, generate's tests) are written
// through writeTextFile, which says the same of them.
#pragma once

#include <filesystem>
#include <optional>
#include <streambuf>
#include <string>
#include <vector>

namespace opcheck::cli {

class OutputCheck {
 public:
  OutputCheck();
  ~OutputCheck();
  OutputCheck(const OutputCheck&) = delete;
  OutputCheck& operator=(const OutputCheck&) = delete;

  // Flushes standard output; STATUS, or kBadInput after reporting a failed
  // write.
  int finish(int status);

 private:
  // Writes to a file descriptor and keeps the first error (errno).
  class Buffer : public std::streambuf {
   public:
    explicit Buffer(int descriptor);
    int error() const { return error_; }

   protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* text, std::streamsize count) override;
    int sync() override;

   private:
    bool drain();
    int descriptor_;
    // On a terminal, each line shows when it is complete, as stdio does.
    bool lineBuffered_;
    int error_ = 0;
    std::vector<char> space_;
  };

  Buffer buffer_;
  std::streambuf* previous_;
};

// Writes TEXT to FILE; on failure returns "cannot write FILE: REASON".
std::optional<std::string> writeTextFile(const std::filesystem::path& file, const std::string& text);

}  // namespace opcheck::cli

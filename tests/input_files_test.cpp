// Inputs that cannot be read (cli/InputFiles.h, litmus/FileReading.h): each
// is an error that gives the system's reason, and the run exits 2, rather
// than a test left out in silence.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;
using Catch::Matchers::Contains;

namespace {

using opcheck::testing::Scratch;

// A small test, written where a case needs a readable one beside the
// unreadable.
void writeReadableTest(const Scratch& scratch, const std::string& name) {
  scratch.write(name,
                "PTX SB\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.relaxed.gpu x, 1 | "
                "st.relaxed.gpu y, 1 ;\n ld.relaxed.gpu r0, y | ld.relaxed.gpu r0, x ;\nexists (P0:r0 == 0 "
                "/\\ P1:r0 == 0)\n");
}

// Permissions do not stop root from reading: those cases are skipped then.
bool permissionsApply() {
  if (geteuid() == 0) {
    WARN("running as root, which reads whatever the permissions: unreadable-path case skipped");
    return false;
  }
  return true;
}

// PATH made unreadable while the object lives, and readable again after
// (so that Scratch can remove it).
class Unreadable {
 public:
  explicit Unreadable(fs::path path) : path_(std::move(path)) { chmod(path_.c_str(), 0); }
  ~Unreadable() { chmod(path_.c_str(), 0700); }
  Unreadable(const Unreadable&) = delete;
  Unreadable& operator=(const Unreadable&) = delete;

 private:
  fs::path path_;
};

}  // namespace

TEST_CASE("a dangling link named *.litmus in a directory is an error with the reason",
          "[cli][bad-input][input-files]") {
  Scratch scratch;
  writeReadableTest(scratch, "tests/sb.litmus");
  fs::create_symlink(scratch.path("tests/gone.litmus.target"), scratch.path("tests/gone.litmus"));
  for (const bool strict : {false, true}) {
    std::vector<std::string> arguments{scratch.path("tests").string()};
    if (strict) {
      arguments.push_back("--strict");
    }
    const testing::CommandResult result = testing::runOpcheck(arguments);
    CHECK(result.exitStatus == 2);
    CHECK_THAT(result.standardError,
               Contains("gone.litmus: error: cannot read file: No such file or directory"));
    // The readable test still runs.
    CHECK_THAT(result.standardOutput, Contains("Test SB Allowed"));
  }
}

TEST_CASE("a link loop named *.litmus in a directory is an error with the reason",
          "[cli][bad-input][input-files]") {
  Scratch scratch;
  writeReadableTest(scratch, "tests/sb.litmus");
  fs::create_symlink(scratch.path("tests/b.litmus"), scratch.path("tests/a.litmus"));
  fs::create_symlink(scratch.path("tests/a.litmus"), scratch.path("tests/b.litmus"));
  const testing::CommandResult result = testing::runOpcheck({"compare", scratch.path("tests").string()});
  CHECK(result.exitStatus == 2);
  CHECK_THAT(result.standardError,
             Contains("a.litmus: error: cannot read file: Too many levels of symbolic links"));
  CHECK_THAT(result.standardError,
             Contains("b.litmus: error: cannot read file: Too many levels of symbolic links"));
}

TEST_CASE("an unreadable directory given or below one given is an error with the reason",
          "[cli][bad-input][input-files]") {
  if (!permissionsApply()) {
    return;
  }
  Scratch scratch;
  writeReadableTest(scratch, "tests/sb.litmus");
  writeReadableTest(scratch, "tests/locked/sb.litmus");
  {
    const Unreadable locked(scratch.path("tests/locked"));
    const testing::CommandResult below = testing::runOpcheck({scratch.path("tests").string(), "--strict"});
    CHECK(below.exitStatus == 2);
    CHECK_THAT(below.standardError, Contains("locked: error: cannot read directory: Permission denied"));
    CHECK_THAT(below.standardOutput, Contains("Test SB Allowed"));

    const testing::CommandResult given = testing::runOpcheck({scratch.path("tests/locked").string()});
    CHECK(given.exitStatus == 2);
    CHECK_THAT(given.standardError, Contains("locked: error: cannot read directory: Permission denied"));
  }
}

TEST_CASE("an unreadable file is an error with the reason", "[cli][bad-input][input-files]") {
  if (!permissionsApply()) {
    return;
  }
  Scratch scratch;
  writeReadableTest(scratch, "sb.litmus");
  const fs::path file = scratch.path("sb.litmus");
  const Unreadable locked(file);
  const testing::CommandResult result = testing::runOpcheck({file.string()});
  CHECK(result.exitStatus == 2);
  CHECK_THAT(result.standardError, Contains("sb.litmus: error: cannot read file: Permission denied"));
}

TEST_CASE("a directory that holds no *.litmus file is an error, in every command",
          "[cli][bad-input][input-files]") {
  Scratch scratch;
  scratch.write("tests/notes.txt", "not a test\n");
  fs::create_directories(scratch.path("tests/empty"));
  const std::string directory = scratch.path("tests").string();
  for (const std::vector<std::string>& arguments : {std::vector<std::string>{directory},
                                                    {directory, "--strict"},
                                                    {"compare", directory},
                                                    {"races", directory},
                                                    {"parse", directory}}) {
    const testing::CommandResult result = testing::runOpcheck(arguments);
    INFO(arguments.front() << ": " << result.standardError);
    CHECK(result.exitStatus == 2);
    CHECK_THAT(result.standardError,
               Contains(directory + ": error: no *.litmus file in this directory or below"));
  }
  // A directory with a test below it is not empty.
  writeReadableTest(scratch, "tests/empty/sb.litmus");
  CHECK(testing::runOpcheck({directory}).exitStatus == 0);
}

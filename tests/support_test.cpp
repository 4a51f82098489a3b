// support/: OPCHECK_ASSERT, the internal-error path (a bug in opcheck, not
// bad input): it names the file, the line and the message, and aborts.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <string>

#include "support/Assert.h"

namespace {

// Runs BODY in a child process with its stderr in a pipe; the child's
// stderr and how it ended.
struct ChildResult {
  std::string stderrText;
  int status = 0;
};

template <typename Body>
ChildResult inChild(Body body) {
  int pipeEnds[2];
  REQUIRE(pipe(pipeEnds) == 0);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // The child's abort is the expected end: Catch2's handler, inherited
    // from the parent, would report it as a failed test.
    std::signal(SIGABRT, SIG_DFL);
    close(pipeEnds[0]);
    dup2(pipeEnds[1], STDERR_FILENO);
    body();
    _exit(0);
  }
  close(pipeEnds[1]);
  ChildResult result;
  char buffer[256];
  for (ssize_t got; (got = read(pipeEnds[0], buffer, sizeof buffer)) > 0;) {
    result.stderrText.append(buffer, static_cast<std::size_t>(got));
  }
  close(pipeEnds[0]);
  waitpid(child, &result.status, 0);
  return result;
}

}  // namespace

TEST_CASE("OPCHECK_ASSERT aborts naming its file and line and message", "[support]") {
  const int line = __LINE__ + 1;
  const ChildResult result = inChild([] { OPCHECK_ASSERT(1 + 1 == 3, "arithmetic holds"); });
  CHECK(WIFSIGNALED(result.status));
  CHECK(WTERMSIG(result.status) == SIGABRT);
  CHECK(result.stderrText == std::string(__FILE__) + ":" + std::to_string(line) +
                                 ": internal error: arithmetic holds (1 + 1 == 3)\n");
}

TEST_CASE("OPCHECK_ASSERT lets a condition that holds pass", "[support]") {
  const ChildResult result = inChild([] { OPCHECK_ASSERT(1 + 1 == 2, "arithmetic holds"); });
  CHECK(WIFEXITED(result.status));
  CHECK(WEXITSTATUS(result.status) == 0);
  CHECK(result.stderrText.empty());
}

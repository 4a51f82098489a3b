#include "tests/TestSupport.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace opcheck::testing {

namespace fs = std::filesystem;

std::optional<fs::path> corporaDirectory() {
  if (const char* configured = std::getenv("OPCHECK_CORPORA")) {
    if (fs::is_directory(configured)) {
      return fs::path(configured);
    }
  }
  const fs::path beside = fs::path(OPCHECK_SOURCE_DIR).parent_path() / "shared" / "corpora";
  if (fs::is_directory(beside)) {
    return beside;
  }
  return std::nullopt;
}

std::vector<fs::path> litmusFilesUnder(const fs::path& directory) {
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(directory)) {
    if (entry.is_regular_file() && entry.path().extension() == ".litmus") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<fs::path> ptxCatalogueFiles() {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  std::vector<fs::path> files = litmusFilesUnder(catalogue);
  std::erase_if(files, [&](const fs::path& file) {
    const fs::path folder = *fs::relative(file, catalogue).begin();
    return folder == "c" || folder == "async";
  });
  return files;
}

std::vector<fs::path> corpusFilesExceptT3(const fs::path& corpora) {
  std::vector<fs::path> files;
  for (const char* folder :
       {"dat3m-ptx", "herd-gpu-ptx", "hardware", "diy-gpu-ptx/t1", "diy-gpu-ptx/t2", "cuda-litmus/tests"}) {
    const std::vector<fs::path> found = litmusFilesUnder(corpora / folder);
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

std::vector<fs::path> corpusAndCatalogueFilesExceptT3(const fs::path& corpora) {
  std::vector<fs::path> files = corpusFilesExceptT3(corpora);
  const std::vector<fs::path> catalogue = ptxCatalogueFiles();
  files.insert(files.end(), catalogue.begin(), catalogue.end());
  return files;
}

std::vector<fs::path> catalogueAndCorpusSample(const fs::path& corpora, std::size_t stride) {
  std::vector<fs::path> files = ptxCatalogueFiles();
  for (const char* folder : {"dat3m-ptx", "herd-gpu-ptx", "hardware", "diy-gpu-ptx/t1"}) {
    const std::vector<fs::path> found = litmusFilesUnder(corpora / folder);
    files.insert(files.end(), found.begin(), found.end());
  }
  for (const char* folder : {"diy-gpu-ptx/t2", "cuda-litmus/tests"}) {
    const std::vector<fs::path> found = litmusFilesUnder(corpora / folder);
    for (std::size_t at = 0; at < found.size(); at += stride) {
      files.push_back(found[at]);
    }
  }
  return files;
}

std::optional<fs::path> unpackedT3() {
  const std::optional<fs::path> corpora = corporaDirectory();
  if (!corpora) {
    return std::nullopt;
  }
  const fs::path target = fs::temp_directory_path() / "opcheck-t3";
  const fs::path done = target / ".unpacked";
  if (!fs::exists(done)) {
    fs::create_directories(target);
    const std::string command =
        "tar -xzf '" + (*corpora / "diy-gpu-ptx" / "t3.tar.gz").string() + "' -C '" + target.string() + "'";
    if (std::system(command.c_str()) != 0) {
      return std::nullopt;
    }
    std::ofstream(done) << "t3\n";
  }
  return target;
}

std::vector<fs::path> t3Sample(std::size_t stride) {
  std::vector<fs::path> sample;
  if (const std::optional<fs::path> t3 = unpackedT3()) {
    const std::vector<fs::path> files = litmusFilesUnder(*t3);
    for (std::size_t at = 0; at < files.size(); at += stride) {
      sample.push_back(files[at]);
    }
  }
  return sample;
}

std::vector<fs::path> everyLitmusFile(const fs::path& corpora) {
  std::vector<fs::path> files = corpusAndCatalogueFilesExceptT3(corpora);
  for (const fs::path& file : litmusFilesUnder(fs::path(OPCHECK_SOURCE_DIR) / "tests")) {
    files.push_back(file);
  }
  if (const std::optional<fs::path> t3 = unpackedT3()) {
    for (const fs::path& file : litmusFilesUnder(*t3)) {
      files.push_back(file);
    }
  }
  return files;
}

namespace {

std::string slurp(int descriptor) {
  std::string text;
  char buffer[65536];
  for (ssize_t count; (count = read(descriptor, buffer, sizeof buffer)) > 0;) {
    text.append(buffer, static_cast<std::size_t>(count));
  }
  return text;
}

}  // namespace

CommandResult runOpcheck(const std::vector<std::string>& arguments, const std::string& standardInput) {
  // Output goes to temporary files, so a large output cannot block the child.
  char outName[] = "/tmp/opcheck-test-out-XXXXXX";
  char errName[] = "/tmp/opcheck-test-err-XXXXXX";
  // Standard input through a pipe, as `cat FILE | opcheck -` gives it. The
  // parent writes it while the child runs, so it may exceed the pipe's
  // buffer (the 4 MiB limit's test feeds more than 4 MiB).
  int input[2];
  if (pipe(input) != 0) {
    return CommandResult{};
  }
  const int out = mkstemp(outName);
  const int err = mkstemp(errName);
  CommandResult result;
  const pid_t child = fork();
  if (child == 0) {
    close(input[1]);
    dup2(input[0], STDIN_FILENO);
    close(input[0]);
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    std::vector<char*> argv;
    std::string binary = OPCHECK_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copies = arguments;
    for (std::string& argument : copies) {
      argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(input[0]);
  // A child that stops reading (a file over the limit) closes the pipe: the
  // write then fails with EPIPE instead of killing the test with SIGPIPE.
  const auto previous = std::signal(SIGPIPE, SIG_IGN);
  std::size_t written = 0;
  while (written < standardInput.size()) {
    const ssize_t count = write(input[1], standardInput.data() + written, standardInput.size() - written);
    if (count <= 0) {
      break;
    }
    written += static_cast<std::size_t>(count);
  }
  close(input[1]);
  int status = 0;
  waitpid(child, &status, 0);
  std::signal(SIGPIPE, previous);
  result.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  lseek(out, 0, SEEK_SET);
  lseek(err, 0, SEEK_SET);
  result.standardOutput = slurp(out);
  result.standardError = slurp(err);
  close(out);
  close(err);
  unlink(outName);
  unlink(errName);
  return result;
}

std::string readFile(const fs::path& path) {
  std::ifstream stream(path, std::ios::binary);
  std::ostringstream contents;
  contents << stream.rdbuf();
  return contents.str();
}

std::string manyCandidatesTest() {
  std::string text =
      "PTX Many\n{\nx=0;\n}\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 | P3@cta 3,gpu 0 "
      ";\n";
  for (int step = 0; step < 3; ++step) {
    for (const bool load : {false, true}) {
      for (int thread = 0; thread < 4; ++thread) {
        text += std::string(thread == 0 ? " " : " | ") +
                (load ? "ld.relaxed.gpu r" + std::to_string(step) + ", x"
                      : "st.relaxed.gpu x, " + std::to_string(thread * 3 + step + 1));
      }
      text += " ;\n";
    }
  }
  return text + "exists (P0:r0 == 1)\n";
}

Scratch::Scratch() {
  std::string pattern = (fs::temp_directory_path() / "opcheck-test-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("cannot make a directory like " + pattern);
  }
  directory_ = pattern;
}

Scratch::~Scratch() {
  std::error_code ignored;
  fs::remove_all(directory_, ignored);
}

fs::path Scratch::write(const std::string& name, const std::string& text) const {
  const fs::path file = directory_ / name;
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

}  // namespace opcheck::testing

// Helpers shared by the tests: where the corpora are, running the opcheck
// binary, reading files.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "litmus/Test.h"

namespace opcheck::testing {

// A test with a loop: P1 spins until it reads P0's store.
inline constexpr const char* kSpinUntilStored = R"(PTX spin
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0  ;
 st.weak x, 1   | LC00:           ;
                | ld.weak r0, x   ;
                | bne r0, 1, LC00 ;
exists (P1:r0 == 1)
)";

// ../shared/corpora beside the checkout, or OPCHECK_CORPORA when set; empty
// when neither exists (corpus tests then skip with a message).
std::optional<std::filesystem::path> corporaDirectory();

// Every *.litmus file below DIRECTORY, sorted.
std::vector<std::filesystem::path> litmusFilesUnder(const std::filesystem::path& directory);

// The catalogue's PTX tests every PTX model reads (catalogue/ but
// catalogue/c, whose C tests the models of PTX tests refuse, and
// catalogue/async, whose asynchronous operations only ptx reads), sorted.
std::vector<std::filesystem::path> ptxCatalogueFiles();

// Every *.litmus file of the corpora but t3 (which runs in bench/): Dat3M,
// herd, hardware, diy t1 and t2, cuda-litmus, sorted by folder then name.
std::vector<std::filesystem::path> corpusFilesExceptT3(const std::filesystem::path& corpora);

// The same, then every *.litmus file of the project's catalogue/.
std::vector<std::filesystem::path> corpusAndCatalogueFilesExceptT3(const std::filesystem::path& corpora);

// The project's catalogue and the small corpora (Dat3M, herd, hardware, diy
// t1) in full, then every STRIDE-th file of the two large ones (diy t2,
// cuda-litmus): for the checks too slow to run on every corpus test.
std::vector<std::filesystem::path> catalogueAndCorpusSample(const std::filesystem::path& corpora,
                                                            std::size_t stride);

// diy-gpu-ptx/t3.tar.gz unpacked once into the build tree; empty when the
// corpora are absent.
std::optional<std::filesystem::path> unpackedT3();

// Every STRIDE-th t3 test (sorted, from the first), with t3 unpacked
// (unpackedT3); empty when the corpora are absent.
std::vector<std::filesystem::path> t3Sample(std::size_t stride);

// Every litmus file the parser's checks read: the corpora but t3 and the
// catalogue (corpusAndCatalogueFilesExceptT3), the files below tests/ (the
// bad inputs among them), then t3's where it could be unpacked.
std::vector<std::filesystem::path> everyLitmusFile(const std::filesystem::path& corpora);

struct CommandResult {
  int exitStatus = -1;
  std::string standardOutput;
  std::string standardError;
};

// Runs the built opcheck with ARGUMENTS (no shell involved); its standard
// input is STANDARD_INPUT (through a pipe, written while it runs; any
// size), or empty.
CommandResult runOpcheck(const std::vector<std::string>& arguments, const std::string& standardInput = "");

std::string readFile(const std::filesystem::path& path);

// A fresh directory under the system's temporary one, removed with all it
// holds when the Scratch goes.
class Scratch {
 public:
  Scratch();
  ~Scratch();
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;

  // The directory itself.
  const std::filesystem::path& path() const { return directory_; }
  // NAME inside it (not created).
  std::filesystem::path path(const std::string& name) const { return directory_ / name; }
  // Writes TEXT, byte for byte, to NAME inside it (making NAME's folders)
  // and returns the file's path.
  std::filesystem::path write(const std::string& name, const std::string& text) const;

 private:
  std::filesystem::path directory_;
};

// A test that is slow for every model: four threads each writing x three
// times and reading it after each write (millions of candidates for the
// axiomatic models, hundreds of MiB of states for ptx-op). For the tests
// of the limits.
std::string manyCandidatesTest();

}  // namespace opcheck::testing

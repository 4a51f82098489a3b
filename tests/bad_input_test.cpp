// Bad input (docs/architecture.md "Bad input"): every malformed file gets exactly one
// "FILE:LINE:COL: error: what is wrong" line on stderr and exit status 2,
// never a crash, a hang or a silent skip, and a directory run reports the
// bad file and goes on with the rest.
//
// The committed cases live in tests/bad-input/, one malformed file each;
// tests/bad-input/expected.tsv says where each error must point and what
// its message must say. Cases that are binary or large are made here at run
// time instead of being committed.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "litmus/Limits.h"
#include "parser/LitmusReader.h"
#include "tests/ReferenceData.h"
#include "tests/TestSupport.h"

namespace {

namespace fs = std::filesystem;
using opcheck::testing::CommandResult;
using opcheck::testing::ExpectedError;
using opcheck::testing::readExpectedErrors;
using opcheck::testing::readFile;
using opcheck::testing::runOpcheck;

const fs::path kBadInputDirectory = fs::path(OPCHECK_SOURCE_DIR) / "tests" / "bad-input";

// Small valid tests, one per dialect, written for these tests.
const std::string kValidPtx =
    "PTX MP-release-acquire\n"
    "\"Message passing with a release store and an acquire load.\"\n"
    "{\n"
    "x = 0; flag = 0;\n"
    "P1:r0 = 0; P1:r1 = 0;\n"
    "}\n"
    " P0@cta 0,gpu 0         | P1@cta 1,gpu 0          ;\n"
    " st.weak x, 1           | ld.acquire.gpu r0, flag ;\n"
    " st.release.gpu flag, 1 | ld.weak r1, x           ;\n"
    "~exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

const std::string kValidGpuPtx =
    "GPU_PTX MP-membar\n"
    "\"PodWW Rfe PodRR Fre\"\n"
    "{\n"
    "0:.reg .s32 r1;\n"
    "0:.reg .b64 r2 = x;\n"
    "0:.reg .b64 r4 = y;\n"
    "1:.reg .s32 r1;\n"
    "1:.reg .s32 r3;\n"
    "1:.reg .b64 r2 = y;\n"
    "1:.reg .b64 r4 = x;\n"
    "}\n"
    " P0                | P1                ;\n"
    " mov.s32 r1,1      | ld.cg.s32 r1,[r2] ;\n"
    " st.wt.s32 [r2],r1 | membar.gl         ;\n"
    " membar.gl         | ld.cg.s32 r3,[r4] ;\n"
    " st.wt.s32 [r4],r1 |                   ;\n"
    "\n"
    "scopeTree\n"
    "(device (cta P0) (cta P1))\n"
    "\n"
    "x:global, y:global\n"
    "\n"
    "exists\n"
    "(1:r1=1 /\\ 1:r3=0)\n";

const std::string kValidLisa =
    "LISA SB-fence\n"
    "{\n"
    "x = 0; y = 0;\n"
    "}\n"
    " P0       | P1       ;\n"
    " w[] x 1  | w[] y 1  ;\n"
    " f[gpu]   | f[gpu]   ;\n"
    " r[] r0 y | r[] r0 x ;\n"
    "scopes: (system (gpu (cta P0) (cta P1)))\n"
    "exists (0:r0 == 0 /\\ 1:r0 == 0)\n";

// herd's C dialect with a scope, a placement, an if/else and a comment.
const std::string kValidC =
    "C MP+scoped\n"
    "\"message passing\"\n"
    "{ x = 0; [y] = 0; }\n"
    "P0@cta 0,gpu 0 (int* x, atomic_int* y) {\n"
    "  *x = 1; // data\n"
    "  atomic_store_explicit(y, 1, memory_order_release, thread_scope_device);\n"
    "}\n"
    "P1@cta 1,gpu 0 (int* x, atomic_int* y) {\n"
    "  int r1 = 0; /* flag */ int r0 = atomic_load_explicit(y, memory_order_acquire, thread_scope_device);\n"
    "  if (r0 == 1) { r1 = *x; } else { r1 = r0 - 1; }\n"
    "}\n"
    "exists (1:r0=1 /\\ 1:r1=0)\n";

// A directory under the system's temporary directory, removed at the end.
class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    std::string pattern = (fs::temp_directory_path() / "opcheck-bad-input-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error("cannot make a temporary directory");
    }
    path_ = pattern;
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;

  const fs::path& path() const { return path_; }

  fs::path write(const std::string& name, const std::string& bytes) const {
    const fs::path file = path_ / name;
    std::ofstream stream(file, std::ios::binary);
    stream.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return file;
  }

 private:
  fs::path path_;
};

std::vector<ExpectedError> readExpectations() {
  return readExpectedErrors(kBadInputDirectory / "expected.tsv");
}

// Lines of TEXT, each without its '\n'.
std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    lines.push_back(line);
  }
  return lines;
}

// Runs "opcheck parse FILE" and requires the bad-input contract: status 2,
// nothing on stdout, exactly one line on stderr, naming FILE and starting
// "FILE:" (then LINE:COL when given). Returns the diagnostic line.
std::string requireRejected(const fs::path& file) {
  const CommandResult result = runOpcheck({"parse", file.string()});
  INFO("stderr: " << result.standardError);
  REQUIRE(result.exitStatus == 2);
  CHECK(result.standardOutput.empty());
  REQUIRE(!result.standardError.empty());
  REQUIRE(result.standardError.back() == '\n');
  REQUIRE(std::count(result.standardError.begin(), result.standardError.end(), '\n') == 1);
  const std::string line = result.standardError.substr(0, result.standardError.size() - 1);
  REQUIRE_THAT(line, Catch::Matchers::StartsWith(file.string() + ":"));
  CHECK(line.find(": error: ") != std::string::npos);
  return line;
}

std::string requireRejectedAt(const fs::path& file, unsigned line, unsigned column,
                              const std::string& message) {
  const std::string diagnostic = requireRejected(file);
  const std::string prefix =
      file.string() + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: ";
  CHECK_THAT(diagnostic, Catch::Matchers::StartsWith(prefix));
  CHECK_THAT(diagnostic, Catch::Matchers::Contains(message));
  return diagnostic;
}

// A PTX test with one thread running BODY (one instruction a row).
std::string ptxTestWith(const std::vector<std::string>& body, const std::string& condition) {
  std::string text = "PTX generated\n{\nx = 0;\nP0:r0 = 0;\n}\n P0@cta 0,gpu 0 ;\n";
  for (const std::string& instruction : body) {
    text += " " + instruction + " ;\n";
  }
  return text + condition + "\n";
}

}  // namespace

TEST_CASE("every committed bad file is rejected at the position and with the message expected.tsv gives",
          "[bad-input]") {
  const std::vector<ExpectedError> rows = readExpectations();
  REQUIRE(!rows.empty());
  for (const ExpectedError& row : rows) {
    DYNAMIC_SECTION(row.file) {
      const fs::path file = kBadInputDirectory / row.file;
      REQUIRE(fs::is_regular_file(file));
      requireRejectedAt(file, row.line, row.column, row.message);
    }
  }
}

TEST_CASE("expected.tsv has one row for each committed bad file and no other", "[bad-input]") {
  std::multiset<std::string> listed;
  for (const ExpectedError& row : readExpectations()) {
    listed.insert(row.file);
  }
  std::multiset<std::string> committed;
  for (const fs::directory_entry& entry : fs::directory_iterator(kBadInputDirectory)) {
    if (entry.path().extension() == ".litmus") {
      committed.insert(entry.path().filename().string());
    }
  }
  CHECK(listed == committed);
}

TEST_CASE("the valid tests these cases start from parse", "[bad-input]") {
  for (const std::string* text : {&kValidPtx, &kValidGpuPtx, &kValidLisa, &kValidC}) {
    CHECK_NOTHROW(opcheck::parser::readLitmusText(*text, "valid.litmus"));
  }
}

TEST_CASE("binary garbage is rejected as binary data, not parsed", "[bad-input]") {
  TemporaryDirectory directory;

  SECTION("random bytes") {
    std::mt19937 generator(20240601);
    std::uniform_int_distribution<int> byte(0, 255);
    std::string bytes(4096, '\0');
    for (char& value : bytes) {
      value = static_cast<char>(byte(generator));
    }
    const fs::path file = directory.write("random.litmus", bytes);
    CHECK_THAT(requireRejected(file), Catch::Matchers::Contains("binary data"));
  }

  SECTION("an executable's header") {
    const std::string elf(
        "\x7f"
        "ELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x3e\x00",
        20);
    const fs::path file = directory.write("elf.litmus", elf);
    requireRejectedAt(file, 1, 5, "binary data (control byte 0x02)");
  }

  SECTION("a NUL byte inside an otherwise valid test, at its line and column") {
    std::string text = kValidPtx;
    const std::size_t at = text.find("st.weak x, 1");
    text.insert(at + 3, 1, '\0');  // line 8: " st.\0weak"
    const fs::path file = directory.write("nul.litmus", text);
    requireRejectedAt(file, 8, 5, "binary data (control byte 0x00)");
  }

  SECTION("a byte that is not UTF-8, at its line and column") {
    std::string text = kValidPtx;
    text.insert(text.find("flag = 0"), "\xff");  // line 4: "x = 0; \xff"
    const fs::path file = directory.write("latin1.litmus", text);
    requireRejectedAt(file, 4, 8, "byte 0xFF is not UTF-8");
  }

  SECTION("a UTF-8 sequence cut short") {
    const fs::path file = directory.write("cut.litmus", "PTX cut \xe2\x88");
    requireRejectedAt(file, 1, 9, "byte 0xE2 is not UTF-8");
  }

  // Sequences that look like UTF-8 but are not well-formed: ANTLR's input
  // stream throws std::range_error on the overlong ones and those above
  // U+10FFFF (found by the fuzzer), so the screening must refuse them first.
  SECTION("an overlong three-byte sequence") {
    const fs::path file = directory.write("overlong3.litmus", "PTX a \xe0\x9f\xbf\n{}\n");
    requireRejectedAt(file, 1, 7, "byte 0xE0 is not UTF-8");
  }

  SECTION("an overlong four-byte sequence") {
    const fs::path file = directory.write("overlong4.litmus", "PTX a\n\"\xf0\x8f\xbf\xbf\"\n{}\n");
    requireRejectedAt(file, 2, 2, "byte 0xF0 is not UTF-8");
  }

  SECTION("a code point above U+10FFFF") {
    const fs::path file = directory.write("above.litmus", "PTX a\n{}\n(* \xf4\x90\x80\x80 *)\n");
    requireRejectedAt(file, 3, 4, "byte 0xF4 is not UTF-8");
  }

  SECTION("an encoded surrogate") {
    const fs::path file = directory.write("surrogate.litmus", "PTX a\n{}\n(* \xed\xa0\x80 *)\n");
    requireRejectedAt(file, 3, 4, "byte 0xED is not UTF-8");
  }

  SECTION("a byte-order mark") {
    std::string text = "\xef\xbb\xbf" + kValidPtx;
    const fs::path file = directory.write("bom.litmus", text);
    requireRejectedAt(file, 1, 1, "byte-order mark");
  }
}

TEST_CASE("UTF-8 text in a test's notes is not mistaken for binary data", "[bad-input]") {
  // "été → ", then the edges of each range of well-formed UTF-8: U+0080,
  // U+0800, U+D7FF, U+E000, U+10000, U+10FFFF.
  const std::string notes =
      "\xc3\xa9t\xc3\xa9 \xe2\x86\x92 \xc2\x80 \xe0\xa0\x80 \xed\x9f\xbf \xee\x80\x80 \xf0\x90\x80\x80 "
      "\xf4\x8f\xbf\xbf ";
  std::string text = kValidPtx;
  text.insert(text.find("Message passing"), notes);
  CHECK_NOTHROW(opcheck::parser::readLitmusText(text, "utf8.litmus"));
}

TEST_CASE("a test with more memory events than the bit matrices hold is rejected, naming the limit",
          "[bad-input]") {
  static_assert(opcheck::litmus::kMaxMemoryEvents == 64, "the messages below name the limit");
  TemporaryDirectory directory;

  SECTION("65 stores") {
    const std::vector<std::string> stores(65, "st.relaxed.gpu x, 1");
    const fs::path file = directory.write("stores.litmus", ptxTestWith(stores, "exists (x == 1)"));
    CHECK_THAT(requireRejected(file), Catch::Matchers::Contains("test too large: 65 memory events") &&
                                          Catch::Matchers::Contains("limit is 64"));
  }

  SECTION("atomics count two events each") {
    std::vector<std::string> body(32, "atom.relaxed.gpu.add r0, x, 1");
    body.push_back("fence.sc.gpu");
    const fs::path file = directory.write("atomics.litmus", ptxTestWith(body, "exists (x == 1)"));
    CHECK_THAT(requireRejected(file), Catch::Matchers::Contains("test too large: 65 memory events") &&
                                          Catch::Matchers::Contains("limit is 64"));
  }

  SECTION("exactly 64 events are accepted") {
    const std::vector<std::string> stores(64, "st.relaxed.gpu x, 1");
    CHECK_NOTHROW(opcheck::parser::readLitmusText(ptxTestWith(stores, "exists (x == 1)"), "64.litmus"));
  }
}

TEST_CASE("nesting beyond the limit is refused before parsing, at the first level too deep", "[bad-input]") {
  static_assert(opcheck::litmus::kMaxNesting == 64, "the positions below assume the limit");
  TemporaryDirectory directory;
  const std::vector<std::string> body{"st.relaxed.gpu x, 1"};
  // The condition is on line 8; "exists " takes columns 1 to 7.
  const auto nested = [](std::size_t depth, const std::string& open, const std::string& close) {
    std::string text;
    for (std::size_t level = 0; level < depth; ++level) {
      text += open;
    }
    text += "x == 1";
    for (std::size_t level = 0; close.size() > 0 && level < depth; ++level) {
      text += close;
    }
    return "exists " + text;
  };

  SECTION("100000 parentheses") {
    const fs::path file = directory.write("parentheses.litmus", ptxTestWith(body, nested(100000, "(", ")")));
    requireRejectedAt(file, 8, 8 + 64, "nesting deeper than 64 levels");
  }

  SECTION("100000 negations") {
    const fs::path file = directory.write("negations.litmus", ptxTestWith(body, nested(100000, "~", "")));
    requireRejectedAt(file, 8, 8 + 64, "nesting deeper than 64 levels");
  }

  SECTION("100000 open parentheses that never close") {
    const fs::path file = directory.write("unclosed.litmus", ptxTestWith(body, nested(100000, "(", "")));
    requireRejectedAt(file, 8, 8 + 64, "nesting deeper than 64 levels");
  }

  SECTION("64 levels are accepted") {
    CHECK_NOTHROW(opcheck::parser::readLitmusText(ptxTestWith(body, nested(64, "(", ")")), "64.litmus"));
  }
}

TEST_CASE("a file larger than the reader takes is refused, naming the limit", "[bad-input]") {
  TemporaryDirectory directory;
  std::string text = kValidPtx;
  text += "(*" + std::string(opcheck::litmus::kMaxFileBytes, ' ') + "*)\n";
  const fs::path file = directory.write("huge.litmus", text);
  const std::string diagnostic = requireRejectedAt(file, 1, 1, "file too large");
  CHECK_THAT(diagnostic,
             Catch::Matchers::Contains(std::to_string(opcheck::litmus::kMaxFileBytes) + " bytes"));
}

TEST_CASE("a file that never ends is refused once it passes the limit, by every command", "[bad-input]") {
  // /dev/zero: read whole, it would exhaust memory (std::bad_alloc).
  const fs::path endless = "/dev/zero";
  if (!fs::exists(endless)) {
    WARN("skipped: no /dev/zero here");
    return;
  }
  requireRejectedAt(endless, 1, 1, "file too large");
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"compare", endless.string()}, std::vector<std::string>{endless.string()},
        std::vector<std::string>{"harness", "--observations", endless.string(),
                                 (fs::path(OPCHECK_SOURCE_DIR) / "tests" / "hardware").string()}}) {
    const CommandResult result = runOpcheck(command);
    INFO(command.front() << ": " << result.standardError);
    CHECK(result.exitStatus == 2);
    CHECK_THAT(result.standardError, Catch::Matchers::StartsWith("/dev/zero:1:1: error: file too large"));
  }
}

TEST_CASE("a directory run reports the bad file and still prints the good one", "[bad-input]") {
  TemporaryDirectory directory;
  // Sorted, the bad file comes first: the run must go on past it.
  const fs::path bad = directory.write("a-bad.litmus",
                                       "PTX a-bad\n{\nx = 0;\n}\n P0@cta 0,gpu 0 ;\n st.bogus x, 1 ;\n"
                                       "exists (x == 1)\n");
  directory.write("b-good.litmus", kValidPtx);
  directory.write("c-ignored.txt", "not a litmus file, not read\n");

  const CommandResult result = runOpcheck({"parse", directory.path().string()});
  INFO("stderr: " << result.standardError);
  CHECK(result.exitStatus == 2);
  CHECK(result.standardOutput ==
        opcheck::litmus::printCanonical(opcheck::parser::readLitmusText(kValidPtx, "b-good.litmus")));
  const std::vector<std::string> errors = linesOf(result.standardError);
  REQUIRE(errors.size() == 1);
  CHECK_THAT(errors[0], Catch::Matchers::StartsWith(bad.string() + ":6:5: error: "));
  CHECK_THAT(errors[0], Catch::Matchers::Contains("unknown qualifier '.bogus'"));
}

TEST_CASE("several bad files on one command line each get their own error line", "[bad-input]") {
  const std::vector<std::string> names{"empty.litmus", "unknown-qualifier.litmus",
                                       "wrong-column-count.litmus"};
  std::vector<std::string> arguments{"parse"};
  for (const std::string& name : names) {
    arguments.push_back((kBadInputDirectory / name).string());
  }
  const CommandResult result = runOpcheck(arguments);
  CHECK(result.exitStatus == 2);
  CHECK(result.standardOutput.empty());
  const std::vector<std::string> errors = linesOf(result.standardError);
  REQUIRE(errors.size() == names.size());
  for (std::size_t index = 0; index < names.size(); ++index) {
    CHECK_THAT(errors[index], Catch::Matchers::StartsWith(arguments[index + 1] + ":"));
  }
}

TEST_CASE("every prefix of a valid test either parses or is refused with InputError", "[bad-input]") {
  const std::vector<std::pair<std::string, const std::string*>> tests{
      {"PTX", &kValidPtx}, {"GPU_PTX", &kValidGpuPtx}, {"LISA", &kValidLisa}, {"C", &kValidC}};
  for (const auto& [dialect, text] : tests) {
    DYNAMIC_SECTION(dialect) {
      std::size_t parsed = 0;
      std::size_t refused = 0;
      std::vector<std::string> failures;
      for (std::size_t length = 0; length <= text->size(); ++length) {
        const std::string prefix = text->substr(0, length);
        try {
          opcheck::parser::readLitmusText(prefix, "prefix.litmus");
          ++parsed;
        } catch (const opcheck::litmus::InputError& error) {
          ++refused;
          if (std::string(error.what()).rfind("prefix.litmus:", 0) != 0) {
            failures.push_back("length " + std::to_string(length) +
                               ": diagnostic without the file: " + error.what());
          }
        } catch (const std::exception& error) {
          failures.push_back("length " + std::to_string(length) + ": " + typeid(error).name() + ": " +
                             error.what());
        } catch (...) {
          failures.push_back("length " + std::to_string(length) +
                             ": an exception that is not std::exception");
        }
      }
      INFO("first failure: " << (failures.empty() ? std::string("none") : failures.front()));
      CHECK(failures.empty());
      CHECK(parsed + refused == text->size() + 1);
      // The whole text parses, and the empty prefix does not.
      CHECK(parsed >= 1);
      CHECK(refused >= 1);
    }
  }
}

// Output to trust: the JSON of every command parses with a real
// parser (nlohmann-json) and matches the schema of docs/json.md, read from
// the document itself so that the two cannot drift; counts match the herd
// text; cut runs say "??" and "partial": true; --strict; write errors exit 2;
// the compare report lists every unsound test in its table.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/ComparisonReport.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using nlohmann::json;
namespace testing = opcheck::testing;
namespace cli = opcheck::cli;
namespace crosscheck = opcheck::crosscheck;

namespace {

const fs::path kSource = OPCHECK_SOURCE_DIR;
const std::string kCatalogue = (kSource / "catalogue").string();
// A ~exists test: its herd counts are swapped against the proposition's.
const std::string kNotExists = kCatalogue + "/seed001/Fig6-SB-fence.sc.gpu.litmus";
const std::string kRacy = kCatalogue + "/seed002/Fig3b-atomicAdd-block-cross-cta.litmus";
const std::string kRelaxedRace = kCatalogue + "/seed003/Fig2a-non-ordering-race.litmus";

struct Row {
  std::string type;
  bool always = false;
};

// docs/json.md's tables: schema name -> key -> row.
using Schemas = std::map<std::string, std::map<std::string, Row>>;

// Table -> the table it includes.
std::map<std::string, std::string>& includes() {
  static std::map<std::string, std::string> read;
  return read;
}

Schemas readSchemas() {
  std::ifstream in(kSource / "docs" / "json.md");
  REQUIRE(in);
  const std::regex heading(R"(^<!-- schema: (\w+)(?: includes (\w+))? -->)");
  const std::regex row(R"(^\| `(\w+)` \| `([^`]+)` \| ([^|]+) \|)");
  Schemas schemas;
  std::string current;
  std::string line;
  while (std::getline(in, line)) {
    std::smatch match;
    if (std::regex_search(line, match, heading)) {
      current = match[1];
      schemas[current];
      if (match[2].matched) {
        REQUIRE(schemas.count(match[2]) == 1);
        schemas[current] = schemas[match[2]];
        includes()[current] = match[2];
      }
    } else if (line.empty() || line.rfind("|", 0) != 0) {
      current.clear();
    } else if (!current.empty() && std::regex_search(line, match, row)) {
      std::string presence = match[3];
      presence.erase(presence.find_last_not_of(' ') + 1);
      schemas[current][match[1]] = Row{match[2], presence == "always"};
    }
  }
  return schemas;
}

const Schemas& schemas() {
  static const Schemas read = readSchemas();
  return read;
}

// Schemas met in some command's output: every table must be.
std::set<std::string>& schemasSeen() {
  static std::set<std::string> seen;
  return seen;
}

// Checks VALUE against TYPE (docs/json.md's grammar); adds what is wrong
// to PROBLEMS.
void check(const json& value, const std::string& type, const std::string& where,
           std::vector<std::string>& problems) {
  const std::string orNull = " or null";
  if (type.size() > orNull.size() && type.ends_with(orNull)) {
    if (!value.is_null()) {
      check(value, type.substr(0, type.size() - orNull.size()), where, problems);
    }
    return;
  }
  auto fail = [&] { problems.push_back(where + ": not " + type + ": " + value.dump()); };
  if (type.rfind("array of ", 0) == 0) {
    if (!value.is_array()) {
      return fail();
    }
    for (std::size_t index = 0; index < value.size(); ++index) {
      check(value[index], type.substr(9), where + "[" + std::to_string(index) + "]", problems);
    }
  } else if (type.rfind("map of ", 0) == 0) {
    if (!value.is_object()) {
      return fail();
    }
    for (const auto& [key, item] : value.items()) {
      check(item, type.substr(7), where + "." + key, problems);
    }
  } else if (type == "string") {
    if (!value.is_string()) {
      fail();
    }
  } else if (type == "integer") {
    if (!value.is_number_integer()) {
      fail();
    }
  } else if (type == "number") {
    if (!value.is_number()) {
      fail();
    }
  } else if (type == "boolean") {
    if (!value.is_boolean()) {
      fail();
    }
  } else if (type == "state") {
    if (!value.is_object()) {
      return fail();
    }
    for (const auto& [key, item] : value.items()) {
      if (!item.is_number_integer() && !item.is_string()) {
        problems.push_back(where + "." + key + ": a value is a number or a location's name");
      }
    }
  } else {
    const auto schema = schemas().find(type);
    if (schema == schemas().end()) {
      problems.push_back(where + ": docs/json.md has no table '" + type + "'");
      return;
    }
    if (!value.is_object()) {
      return fail();
    }
    for (std::string seen = type; !seen.empty();
         seen = includes().count(seen) != 0 ? includes().at(seen) : std::string()) {
      schemasSeen().insert(seen);
    }
    for (const auto& [key, row] : schema->second) {
      if (value.contains(key)) {
        check(value[key], row.type, where + "." + key, problems);
      } else if (row.always) {
        problems.push_back(where + ": lacks '" + key + "' (" + type + ")");
      }
    }
    for (const auto& [key, item] : value.items()) {
      if (schema->second.count(key) == 0) {
        problems.push_back(where + ": '" + key + "' is not in docs/json.md's table " + type);
      }
    }
  }
}

// TEXT parsed, and checked against the table ROOT.
json parsedAs(const std::string& text, const std::string& root) {
  json document;
  try {
    document = json::parse(text);
  } catch (const json::parse_error& error) {
    FAIL("not JSON (" << error.what() << "):\n" << text);
  }
  std::vector<std::string> problems;
  check(document, root, root, problems);
  std::string all;
  for (const std::string& problem : problems) {
    all += problem + "\n";
  }
  INFO(all);
  CHECK(problems.empty());
  return document;
}

json runJson(const std::vector<std::string>& arguments, const std::string& root, int status = 0) {
  const testing::CommandResult result = testing::runOpcheck(arguments);
  INFO(result.standardError);
  CHECK(result.exitStatus == status);
  return parsedAs(result.standardOutput, root);
}

using opcheck::testing::Scratch;

// A spin loop on a flag no one sets: ptx-op finds hang states.
const std::string kHang =
    "PTX hang\n{\nx=0;\nP0:r0=0;\n}\n P0@cta 0,gpu 0       ;\n LC00:                ;\n"
    " ld.relaxed.gpu r0, x ;\n bne r0, 1, LC00      ;\nexists (P0:r0 == 1)\n";

// The exit status of COMMAND run by the shell, its standard error in ERROR.
int shell(const std::string& command, std::string& error, const Scratch& scratch) {
  const fs::path errors = scratch.path("stderr");
  const int status = std::system((command + " 2>" + errors.string()).c_str());
  error = testing::readFile(errors);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE("every command's JSON parses and has the keys and types docs/json.md lists", "[cli]") {
  Scratch scratch;
  const std::string hang = scratch.write("hang.litmus", kHang);

  for (const std::string model : {"ptx", "ptx60", "ptx75", "rmo", "sc"}) {
    const json run = runJson({kNotExists, "--model", model, "--format", "json"}, "run");
    CHECK(run["tests"].size() == 1);
  }
  runJson({kNotExists, "--model", "ptx-op", "--witness", "--format", "json"}, "run");
  // A cut run and a hang.
  const json cut = runJson({kNotExists, "--model", "ptx-op", "--max-states", "5", "--format", "json"}, "run");
  CHECK(cut["partial"] == true);
  const json hung = runJson({hang, "--model", "ptx-op", "--format", "json"}, "run");
  CHECK(hung["tests"][0]["hang_states"].get<int>() > 0);
  // A bad file: the error is in the document.
  const std::string bad = scratch.write("bad.litmus", "PTX bad\n{\n");
  const json withError = runJson({bad, kNotExists, "--format", "json"}, "run", 2);
  CHECK(withError["errors"].size() == 1);

  const json races = runJson({"races", kRacy, "--format", "json"}, "races");
  CHECK(!races["tests"][0]["races"].empty());
  runJson({"races", kRelaxedRace, "--model", "sc", "--format", "json"}, "races");
  runJson({"races", kRacy, "--model", "ptx-op", "--format", "json"}, "races");
  runJson({kRacy, "--races", "--format", "json"}, "races");
  runJson({"races", kRacy, kRelaxedRace, "--guarantee", "--format", "json"}, "races_guarantee");

  // compare: a broken preset, at the execution level, gives unsound tests
  // with their broken graphs.
  const fs::path report = scratch.path("report.json");
  const testing::CommandResult compared =
      testing::runOpcheck({"compare", kNotExists, bad, "--op", "ptx-op,broken-fence-sc", "--executions",
                           "--report", report.string()});
  CHECK(compared.exitStatus == 1);
  const json comparison = parsedAs(testing::readFile(report), "compare");
  CHECK(comparison["tests"][0]["models"][0]["unsound"] == true);
  // The same document on standard output with --format json, and nothing
  // else there.
  const json printed = runJson(
      {"compare", kNotExists, bad, "--op", "ptx-op,broken-fence-sc", "--executions", "--format", "json"},
      "compare", 1);
  CHECK(printed["tests"][0]["models"][0]["unsound"] == true);
  CHECK(printed["schema_version"] == 1);

  const std::string csv = scratch.write("obs.csv",
                                        "test,chip,outcome,observed,runs,source\n"
                                        "Fig6-SB-fence.sc.gpu,Chip A,0:r1=0 /\\ 1:r2=0,5,100,Fig. X\n"
                                        "Fig6-SB-fence.sc.gpu,Chip A,0:r1=1 /\\ 1:r2=1,0,100,Fig. X\n"
                                        "NoSuchTest,Chip A,0:r1=0,1,100,Fig. X\n");
  const json harness = runJson(
      {"harness", "--observations", csv, "--model", "ptx", "--format", "json", kNotExists}, "harness", 1);
  CHECK(harness["models"][0]["forbidden_seen"][0]["outcome"] == json{{"0:r1", 0}, {"1:r2", 0}});

  // compare --against: a herd7 log that differs from sc, with a test it
  // has and none given.
  const std::string log =
      scratch.write("herd.log", "Test " + fs::path(kNotExists).stem().string() + " Allowed\nStates 1\n" +
                                    "0:r1=7;\nOk\n\nTest Elsewhere Allowed\nStates 1\nx=1;\nOk\n");
  const json against = runJson({"compare", kNotExists, "--against", log, "--model", "sc", "--format", "json"},
                               "compare_against");
  CHECK(against["only_in_log"].size() == 1);

  // Every table of docs/json.md describes something some command prints.
  std::set<std::string> tables;
  for (const auto& [name, rows] : schemas()) {
    tables.insert(name);
  }
  CHECK(schemasSeen() == tables);
}

TEST_CASE("JSON counts are herd's Positive/Negative, swapped for ~exists", "[cli]") {
  for (const std::string model : {"ptx", "ptx-op"}) {
    const testing::CommandResult herd = testing::runOpcheck({kNotExists, "--model", model});
    const json run = runJson({kNotExists, "--model", model, "--format", "json"}, "run");
    const json& test = run["tests"][0];
    INFO(herd.standardOutput);
    CHECK_THAT(herd.standardOutput, Contains("Positive: " + std::to_string(test["positive"].get<int>()) +
                                             " Negative: " + std::to_string(test["negative"].get<int>())));
    CHECK(test["quantifier"] == "~exists");
  }
}

TEST_CASE("a file name that is not UTF-8 still gives JSON that parses", "[cli]") {
  Scratch scratch;
  const std::string name = "caf\xe9.litmus";
  fs::copy_file(kNotExists, scratch.path(name));
  const json run = runJson({scratch.path(name).string(), "--format", "json"}, "run");
  CHECK_THAT(run["tests"][0]["file"].get<std::string>(), Contains("caf\xef\xbf\xbd.litmus"));
}

TEST_CASE("a cut run says ?? in herd's text and partial in JSON; --strict makes cuts, hangs and races fail",
          "[cli]") {
  Scratch scratch;
  const testing::CommandResult herd =
      testing::runOpcheck({kNotExists, "--model", "ptx-op", "--max-states", "5"});
  CHECK(herd.exitStatus == 0);
  CHECK_THAT(herd.standardOutput, Contains("\n??\nWitnesses\n"));
  CHECK_THAT(herd.standardOutput, Contains("Observation Fig6-SB-fence.sc.gpu ?? "));
  const json cut = runJson({kNotExists, "--model", "ptx-op", "--max-states", "5", "--format", "json"}, "run");
  CHECK(cut["tests"][0]["partial"] == true);
  CHECK(cut["tests"][0]["verdict"] == "??");
  CHECK(cut["tests"][0]["stopped"] == "max-states");
  const json rmo = runJson({scratch.write("many.litmus", testing::manyCandidatesTest()), "--model", "rmo",
                            "--max-candidates=50", "--format", "json"},
                           "run");
  CHECK(rmo["tests"][0]["stopped"] == "max-candidates");
  CHECK(rmo["tests"][0]["observation"] == "??");
  const json whole = runJson({kNotExists, "--format", "json"}, "run");
  CHECK(whole["partial"] == false);
  CHECK(whole["tests"][0]["stopped"].is_null());

  // --strict: 1 for a cut run, a hang, a race; 0 when nothing is wrong.
  CHECK(testing::runOpcheck({kNotExists, "--model", "ptx-op", "--max-states", "5", "--strict"}).exitStatus ==
        1);
  CHECK(testing::runOpcheck({kNotExists, "--model", "ptx-op", "--strict"}).exitStatus == 0);
  const std::string hang = scratch.write("hang.litmus", kHang);
  CHECK(testing::runOpcheck({hang, "--model", "ptx-op"}).exitStatus == 0);
  CHECK(testing::runOpcheck({hang, "--model", "ptx-op", "--strict"}).exitStatus == 1);
  CHECK(testing::runOpcheck({"races", kRacy}).exitStatus == 0);
  CHECK(testing::runOpcheck({"races", kRacy, "--strict"}).exitStatus == 1);
  CHECK(testing::runOpcheck({"compare", kNotExists, "--max-states", "5"}).exitStatus == 0);
  CHECK(testing::runOpcheck({"compare", kNotExists, "--max-states", "5", "--strict"}).exitStatus == 1);
}

TEST_CASE("output that cannot be written is an error, exit status 2, in every command", "[cli]") {
  if (!fs::exists("/dev/full")) {
    WARN("no /dev/full: skipped");
    return;
  }
  Scratch scratch;
  const std::string opcheck = OPCHECK_BINARY;
  const std::string csv = scratch.write("obs.csv",
                                        "test,chip,outcome,observed,runs,source\n"
                                        "Fig6-SB-fence.sc.gpu,Chip A,0:r1=1 /\\ 1:r2=1,5,100,Fig. X\n");
  for (const std::string& arguments : std::vector<std::string>{
           kNotExists, kNotExists + " --format json", kNotExists + " --model ptx-op", "parse " + kNotExists,
           "races " + kRacy, "races " + kRacy + " --format json", "compare " + kNotExists,
           "harness --observations " + csv + " --model ptx " + kNotExists, "models", "generate --list",
           "generate --shape MP"}) {
    std::string error;
    const int status = shell(opcheck + " " + arguments + " >/dev/full", error, scratch);
    INFO(arguments << "\n" << error);
    CHECK(status == 2);
    CHECK_THAT(error, Contains("opcheck: error: cannot write the output: No space left on device"));
  }
  // A report file that cannot be written.
  fs::create_symlink("/dev/full", scratch.path("full.json"));
  const testing::CommandResult report =
      testing::runOpcheck({"compare", kNotExists, "--report", scratch.path("full.json").string()});
  CHECK(report.exitStatus == 2);
  CHECK_THAT(report.standardError, Contains("cannot write " + scratch.path("full.json").string()));
  // Pictures (-o DIR) that cannot be written.
  const testing::CommandResult pictures = testing::runOpcheck(
      {kCatalogue + "/seed001/Fig6-SB-no-fence.litmus", "--show", "all", "-o", "/dev/full/pictures"});
  CHECK(pictures.exitStatus == 2);
  CHECK_THAT(pictures.standardError, Contains("opcheck: error: cannot write /dev/full/pictures/"));
}

TEST_CASE("the compare report's table of unsound tests lists a test unsound only at the execution level",
          "[cli][compare]") {
  // Unsound by a graph that breaks an axiom, no operational-only outcome:
  // the section below the table always listed it; the table did not.
  cli::ComparisonSuite suite;
  suite.operationalModel = "ptx-op,volta";
  suite.axiomaticModels = {"ptx"};
  crosscheck::TestComparison test;
  test.file = "t.litmus";
  test.name = "GraphOnly";
  crosscheck::ModelComparison model;
  model.model = "ptx";
  model.executions.emplace();
  model.executions->broken.push_back(crosscheck::BrokenGraph{{}, {"Causality"}, {}, {}, {}, {}});
  test.models.push_back(model);
  REQUIRE(test.unsound());
  suite.tests.push_back(test);
  const std::string markdown = cli::markdownReport(suite);
  const std::string table = markdown.substr(markdown.find("## Unsound tests"));
  CHECK_THAT(table, Contains("| [GraphOnly](#unsound-ptx-graphonly) |"));
  CHECK_THAT(table, Contains("| ptx | Causality | - |"));
}

// Execution graphs as pictures (docs/graphs.md): the DOT writer's events
// and edges, the explanations that draw a broken axiom bold, herd's --show
// selections, and the command line's files (rendered by Graphviz's dot when
// it is installed; those checks skip with a message otherwise).
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "axiomcheck/AxiomExplanation.h"
#include "axiomcheck/CandidateEnumerator.h"
#include "axiomcheck/ExecutionDot.h"
#include "axiomcheck/Models.h"
#include "axiomcheck/ShownExecutions.h"
#include "cli/GraphOutput.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

namespace fs = std::filesystem;
using namespace opcheck;

namespace {

// MP without fences: under sc the outcome r0=1, r1=0 needs the cycle
// a -po-> b -rf-> c -po-> d -fr-> a.
const char* kMessagePassingWeak = R"(PTX MP
{
x=0;
y=0;
P1:r0=0;
P1:r1=0;
}
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";

using opcheck::testing::Scratch;

std::vector<fs::path> filesWithExtension(const fs::path& directory, const std::string& extension) {
  std::vector<fs::path> files;
  if (!fs::exists(directory)) {
    return files;
  }
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(directory)) {
    if (entry.path().extension() == extension) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// `dot -Tsvg FILE` succeeds (the file is a graph Graphviz draws).
bool graphvizAccepts(const fs::path& file) {
  const std::string command = "dot -Tsvg '" + file.string() + "' -o /dev/null 2>/dev/null";
  return std::system(command.c_str()) == 0;
}

std::size_t count(const std::string& text, const std::string& pattern) {
  const std::regex expression(pattern);
  return static_cast<std::size_t>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), expression), std::sregex_iterator()));
}

}  // namespace

TEST_CASE("an sc-rejected MP candidate is drawn with its cycle in bold", "[graphs]") {
  const litmus::Test test = parser::readLitmusText(kMessagePassingWeak, "MP.litmus");
  axiomcheck::ShowOptions options;
  options.show = axiomcheck::ShowSelection::Rejected;
  const axiomcheck::ShownOutcome shown =
      axiomcheck::checkAndShow(test, axiomcheck::scModel(), axiomcheck::CheckOptions{}, "MP.litmus", options);
  // The outcome is checkTest's: pictures never change a verdict.
  const litmus::Outcome plain = axiomcheck::checkTest(test, axiomcheck::scModel(), {}, "MP.litmus");
  CHECK(shown.outcome.states == plain.states);
  CHECK(shown.outcome.positive == plain.positive);
  CHECK(shown.outcome.negative == plain.negative);

  // sc rejects exactly one reads-from choice of MP: r0=1 (rf from b), r1=0.
  REQUIRE(shown.pictures.size() == 1);
  const axiomcheck::ShownExecution& picture = shown.pictures.front();
  CHECK_FALSE(picture.allowed);
  CHECK(picture.brokenAxioms == std::vector<std::string>{"SC"});
  const std::string& dot = picture.dot;
  INFO(dot);
  CHECK(dot.find("digraph \"MP\"") == 0);
  CHECK(dot.find("candidate 1, rejected by sc") != std::string::npos);
  CHECK(dot.find("breaks SC: acyclic (po | rf | co | fr | bar)") != std::string::npos);
  // Events named and labelled as herd does, in thread, CTA and GPU boxes.
  CHECK(dot.find("[label=\"a: W x=1\"") != std::string::npos);
  CHECK(dot.find("[label=\"b: W y=1\"") != std::string::npos);
  CHECK(dot.find("[label=\"c: R y=1\"") != std::string::npos);
  CHECK(dot.find("[label=\"d: R x=0\"") != std::string::npos);
  CHECK(dot.find("subgraph cluster_gpu0") != std::string::npos);
  CHECK(dot.find("subgraph cluster_cta0") != std::string::npos);
  CHECK(dot.find("subgraph cluster_cta1") != std::string::npos);
  CHECK(dot.find("subgraph cluster_p1") != std::string::npos);
  // Each relation in its colour: po twice, rf from b and from x's initial
  // write, fr from d to a; the four edges of the cycle bold.
  CHECK(count(dot, "label=\"po\", color=\"black\"") == 2);
  CHECK(count(dot, "label=\"rf\", color=\"red\"") == 2);
  CHECK(count(dot, "label=\"fr\", color=\"#ffa040\"") == 1);
  CHECK(count(dot, "penwidth=3") == 4);
  CHECK(count(dot, "e\\d+ -> e\\d+ \\[x?label=\"fr\"[^\\]]*penwidth=3") == 1);
}

TEST_CASE("explanations name each edge of the cycle or pair that breaks an axiom", "[graphs]") {
  const litmus::Test test = parser::readLitmusText(kMessagePassingWeak, "MP.litmus");
  axiomcheck::ShowOptions options;
  options.show = axiomcheck::ShowSelection::Rejected;
  // The SB of the catalogue with fence.sc.gpu: ptx names Causality, whose
  // pair is fr and cause (Fence-SC follows from it in the Alloy reading).
  const fs::path sb = fs::path(OPCHECK_SOURCE_DIR) / "catalogue/seed001/Fig6-SB-fence.sc.gpu.litmus";
  const litmus::Test sbTest = parser::readLitmusFile(sb);
  const axiomcheck::ShownOutcome shown =
      axiomcheck::checkAndShow(sbTest, axiomcheck::ptxModel(), {}, sb.string(), options);
  REQUIRE_FALSE(shown.pictures.empty());
  bool sawZeroZero = false;
  for (const axiomcheck::ShownExecution& picture : shown.pictures) {
    CHECK_FALSE(picture.brokenAxioms.empty());
    if (picture.dot.find("final state: 0:r1=0; 1:r2=0;") != std::string::npos) {
      sawZeroZero = true;
      CHECK(picture.dot.find("breaks Causality") != std::string::npos);
      CHECK(count(picture.dot, "label=\"cause\", color=\"crimson\"[^\\]]*penwidth=3") == 1);
      CHECK(count(picture.dot, "label=\"sc\", color=\"purple\"") == 1);
    }
  }
  CHECK(sawZeroZero);

  // The generic cycle search: the shortest cycle, each edge named.
  axiomcheck::Relation po(4);
  po.add(0, 1);
  po.add(2, 3);
  axiomcheck::Relation rf(4);
  rf.add(1, 2);
  axiomcheck::Relation fr(4);
  fr.add(3, 0);
  const std::vector<axiomcheck::NamedRelation> parts = {{"po", po}, {"rf", rf}, {"fr", fr}};
  const std::vector<axiomcheck::ExplainedEdge> cycle = axiomcheck::shortestCycle(parts);
  REQUIRE(cycle.size() == 4);
  std::map<std::string, int> names;
  for (std::size_t at = 0; at < cycle.size(); ++at) {
    CHECK(cycle[at].to == cycle[(at + 1) % cycle.size()].from);
    ++names[cycle[at].relation];
  }
  CHECK(names == std::map<std::string, int>{{"fr", 1}, {"po", 2}, {"rf", 1}});
  fr = axiomcheck::Relation(4);
  CHECK(axiomcheck::shortestCycle(std::vector<axiomcheck::NamedRelation>{{"po", po}, {"rf", rf}, {"fr", fr}})
            .empty());
}

TEST_CASE("the execution pictures (--show) select allowed executions as herd's -show does", "[graphs]") {
  const fs::path file = fs::path(OPCHECK_SOURCE_DIR) / "catalogue/seed001/Fig6-SB-no-fence.litmus";
  const litmus::Test test = parser::readLitmusFile(file);
  auto pictures = [&](axiomcheck::ShowSelection selection, bool through = false, std::size_t limit = 0) {
    axiomcheck::ShowOptions options;
    options.show = selection;
    options.through = through;
    options.limit = limit;
    return axiomcheck::checkAndShow(test, axiomcheck::ptxModel(), {}, file.string(), options);
  };
  // ptx allows all four SB executions; the condition (exists r1=0, r2=0)
  // holds in one.
  CHECK(pictures(axiomcheck::ShowSelection::All).pictures.size() == 4);
  CHECK(pictures(axiomcheck::ShowSelection::Prop).pictures.size() == 1);
  CHECK(pictures(axiomcheck::ShowSelection::Neg).pictures.size() == 3);
  CHECK(pictures(axiomcheck::ShowSelection::Cond).pictures.size() == 1);
  CHECK(pictures(axiomcheck::ShowSelection::Wit).pictures.size() == 1);
  CHECK(pictures(axiomcheck::ShowSelection::None).pictures.empty());
  const axiomcheck::ShownOutcome limited = pictures(axiomcheck::ShowSelection::All, false, 2);
  CHECK(limited.pictures.size() == 2);
  CHECK(limited.limitReached);
  for (const axiomcheck::ShownExecution& picture : pictures(axiomcheck::ShowSelection::All).pictures) {
    CHECK(picture.allowed);
    CHECK(picture.dot.find("allowed by ptx") != std::string::npos);
  }
  // sc forbids (0, 0): with --through it comes through --show prop, rejected.
  const axiomcheck::ShownOutcome sc = [&] {
    axiomcheck::ShowOptions options;
    options.show = axiomcheck::ShowSelection::Prop;
    options.through = true;
    return axiomcheck::checkAndShow(test, axiomcheck::scModel(), {}, file.string(), options);
  }();
  REQUIRE(sc.pictures.size() == 1);
  CHECK_FALSE(sc.pictures.front().allowed);
  CHECK(sc.pictures.front().brokenAxioms == std::vector<std::string>{"SC"});
}

TEST_CASE("opcheck --show, --witness and compare --report write DOT that Graphviz draws", "[graphs][cli]") {
  Scratch scratch;
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue/seed001";
  const fs::path mp = catalogue / "Fig5-MP-release-acquire.litmus";

  // Axiomatic: every execution and every rejected candidate of the seed 001
  // tests.
  const fs::path all = scratch.path() / "all";
  testing::CommandResult result = testing::runOpcheck(
      {catalogue.string(), "--model", "ptx", "--show", "all", "--through", "invalid", "-o", all.string()});
  CHECK(result.exitStatus == 0);
  CHECK(result.standardOutput.find("Test Fig5-MP-release-acquire Forbidden") != std::string::npos);
  const std::vector<fs::path> allDots = filesWithExtension(all, ".dot");
  CHECK(allDots.size() >= 30);
  // MP: three allowed executions and the rejected (1, 0), in the order the
  // enumerator meets them.
  int allowed = 0;
  int rejected = 0;
  for (int number = 1; number <= 4; ++number) {
    const std::string dot =
        testing::readFile(all / ("Fig5-MP-release-acquire-" + std::to_string(number) + ".dot"));
    allowed += dot.find("allowed by ptx") != std::string::npos ? 1 : 0;
    if (dot.find("rejected by ptx") != std::string::npos) {
      ++rejected;
      CHECK(dot.find("final state: 1:r1=1; 1:r2=0;") != std::string::npos);
    }
  }
  CHECK(allowed == 3);
  CHECK(rejected == 1);

  // ptx-op: the witness run's graph.
  const fs::path witness = scratch.path() / "witness";
  result = testing::runOpcheck({(catalogue / "Fig6-SB-no-fence.litmus").string(), "--model", "ptx-op",
                                "--witness", "-o", witness.string()});
  CHECK(result.exitStatus == 0);
  REQUIRE(fs::exists(witness / "Fig6-SB-no-fence-witness.dot"));
  const std::string witnessDot = testing::readFile(witness / "Fig6-SB-no-fence-witness.dot");
  CHECK(witnessDot.find("the witness run of ptx-op (volta)") != std::string::npos);
  CHECK(witnessDot.find("final state: 0:r1=0; 1:r2=0;") != std::string::npos);

  // compare: a broken preset's graph, linked from the report.
  const fs::path report = scratch.path() / "compare" / "report.md";
  fs::create_directories(report.parent_path());
  result = testing::runOpcheck(
      {"compare", mp.string(), "--op", "ptx-op,broken-acquire", "--executions", "--report", report.string()});
  CHECK(result.exitStatus == 1);  // unsound, as the preset must be
  const std::vector<fs::path> brokenDots = filesWithExtension(report.parent_path() / "report-graphs", ".dot");
  REQUIRE(brokenDots.size() == 1);
  CHECK(testing::readFile(brokenDots.front()).find("breaks Causality") != std::string::npos);
  const std::string markdown = testing::readFile(report);
  CHECK(markdown.find("([graph](report-graphs/Fig5-MP-release-acquire-ptx-1.") != std::string::npos);

  if (!cli::graphvizFound()) {
    WARN("Graphviz's dot is not on PATH: the DOT files are not rendered here (install graphviz)");
    return;
  }
  std::vector<fs::path> every = allDots;
  every.push_back(witness / "Fig6-SB-no-fence-witness.dot");
  every.insert(every.end(), brokenDots.begin(), brokenDots.end());
  for (const fs::path& dot : every) {
    INFO(dot.string());
    CHECK(graphvizAccepts(dot));
    fs::path svg = dot;
    CHECK(fs::exists(svg.replace_extension(".svg")));
  }
}

// The node ids of the DOT's events whose label contains LABEL.
std::vector<std::string> nodesLabelled(const std::string& dot, const std::string& label) {
  std::vector<std::string> ids;
  std::istringstream lines(dot);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t start = line.find_first_not_of(' ');
    if (start != std::string::npos && line.find(" [label=\"") != std::string::npos &&
        line.find(" -> ") == std::string::npos && line.find(label) != std::string::npos) {
      ids.push_back(line.substr(start, line.find(' ', start) - start));
    }
  }
  return ids;
}

TEST_CASE("opcheck races -o draws the first racy execution, each race a dashed double arrow",
          "[graphs][races][cli]") {
  Scratch scratch;
  const fs::path seed002 = fs::path(OPCHECK_SOURCE_DIR) / "catalogue/seed002";
  // Seed 002 Fig. 4: a fence.sc.cta between CTAs orders nothing; the race is
  // the weak store and the weak load of g.
  const fs::path racy = seed002 / "Fig4-threadfence-block-cross-cta.litmus";
  const fs::path raceFree = seed002 / "Fig4-threadfence-device-cross-cta.litmus";
  for (const char* model : {"ptx", "ptx-op"}) {
    INFO(model);
    const fs::path pictures = scratch.path() / model;
    const testing::CommandResult result = testing::runOpcheck(
        {"races", racy.string(), raceFree.string(), "--model", model, "-o", pictures.string()});
    CHECK(result.exitStatus == 0);
    CHECK(result.standardOutput.find("RacePicture Fig4-threadfence-block-cross-cta " + pictures.string()) !=
          std::string::npos);
    CHECK(result.standardOutput.find("RacePicture Fig4-threadfence-device-cross-cta") == std::string::npos);
    CHECK(filesWithExtension(pictures, ".dot") ==
          std::vector<fs::path>{pictures / "Fig4-threadfence-block-cross-cta-race.dot"});
    const std::string dot = testing::readFile(pictures / "Fig4-threadfence-block-cross-cta-race.dot");
    // The caption names the race (DOT escapes its quotes).
    CHECK(dot.find("scoped-fence: g P0:L13 \\\"st.weak g, 1\\\" | P1:L16 \\\"ld.weak r1, g\\\"") !=
          std::string::npos);
    const std::vector<std::string> store = nodesLabelled(dot, ": W g=1");
    const std::vector<std::string> load = nodesLabelled(dot, ": R g=");
    REQUIRE(store.size() == 1);
    REQUIRE(load.size() == 1);
    CHECK(count(dot, store.front() + " -> " + load.front() +
                         " \\[(x?)label=\"race: scoped-fence\"[^\\]]*dir=both") == 1);
    CHECK(count(dot, "race: ") == 1);
    if (cli::graphvizFound()) {
      CHECK(graphvizAccepts(pictures / "Fig4-threadfence-block-cross-cta-race.dot"));
    }
  }
  const testing::CommandResult json = testing::runOpcheck(
      {"races", racy.string(), "--format", "json", "-o", (scratch.path() / "json").string()});
  CHECK(json.standardOutput.find("\"race_picture\":\"" + (scratch.path() / "json").string()) !=
        std::string::npos);
  CHECK(testing::runOpcheck({"races", "--guarantee", racy.string(), "-o", scratch.path().string()})
            .exitStatus == 2);
}

TEST_CASE("graph options that do not apply are usage errors", "[graphs][cli]") {
  const std::string file =
      (fs::path(OPCHECK_SOURCE_DIR) / "catalogue/seed001/Fig6-SB-no-fence.litmus").string();
  for (const std::vector<std::string>& arguments : std::vector<std::vector<std::string>>{
           {file, "--model", "ptx", "--show", "all"},                         // no -o
           {file, "--model", "ptx", "--show", "bogus", "-o", "/tmp/x"},       // unknown selection
           {file, "--model", "ptx-op", "--show", "all", "-o", "/tmp/x"},      // --show is axiomatic
           {file, "--model", "ptx-op", "-o", "/tmp/x"},                       // -o without --witness
           {file, "--model", "ptx", "-o", "/tmp/x"},                          // -o without --show
           {file, "--model", "ptx", "--through", "invalid", "-o", "/tmp/x"},  // --through alone
           {file, "--model", "ptx", "--through", "maybe", "--show", "all", "-o", "/tmp/x"},
       }) {
    INFO(arguments[2] + " " + arguments[3] + " " + arguments[4]);
    const testing::CommandResult result = testing::runOpcheck(arguments);
    CHECK(result.exitStatus == 2);
    CHECK(result.standardError.find("opcheck: error:") != std::string::npos);
  }
}

TEST_CASE("without Graphviz the DOT files are written and standard error says so once", "[graphs][cli]") {
  Scratch scratch;
  const fs::path file = fs::path(OPCHECK_SOURCE_DIR) / "catalogue/seed001/Fig6-SB-no-fence.litmus";
  // A PATH with no dot on it, for the child only.
  const std::string saved = std::getenv("PATH") != nullptr ? std::getenv("PATH") : "";
  setenv("PATH", scratch.path().c_str(), 1);
  const testing::CommandResult result =
      testing::runOpcheck({file.string(), "--model", "ptx", "--show", "all", "-o", scratch.path().string()});
  setenv("PATH", saved.c_str(), 1);
  CHECK(result.exitStatus == 0);
  CHECK(filesWithExtension(scratch.path(), ".dot").size() == 4);
  CHECK(filesWithExtension(scratch.path(), ".svg").empty());
  CHECK(count(result.standardError, "Graphviz's dot is not on PATH") == 1);
}

namespace {

// Instructions as written: a cache operator, a membar, a cluster barrier's
// .release; CTAs 0 and 1 in one cluster, so a cluster box; P1 reads its
// own write (po and rf join the same two events, merged into one edge).
const char* kWrittenAsIs = R"(PTX written-as-is
{
x=0;
y=0;
P1:r0=0;
P1:r1=0;
}
 P0@cta 0,cluster 0,gpu 0        | P1@cta 1,cluster 0,gpu 0 ;
 st.weak.cg x, 1                 | st.weak y, 2             ;
 membar.gl                       | ld.weak r1, y            ;
 barrier.cluster.arrive.release  | ld.weak.ca r0, x         ;
exists (P1:r0 == 0)
)";

// The line of TEXT that holds PATTERN.
std::string lineWith(const std::string& text, const std::string& pattern) {
  const std::size_t at = text.find(pattern);
  if (at == std::string::npos) {
    return "";
  }
  const std::size_t start = text.rfind('\n', at) + 1;
  return text.substr(start, text.find('\n', at) - start);
}

// The first picture ptx draws of TEXT with STYLE (every execution).
std::string firstPicture(const char* text, const axiomcheck::DotStyle& style) {
  const litmus::Test test = parser::readLitmusText(text, "T.litmus");
  axiomcheck::ShowOptions options;
  options.show = axiomcheck::ShowSelection::All;
  options.style = style;
  const axiomcheck::ShownOutcome shown =
      axiomcheck::checkAndShow(test, axiomcheck::ptxModel(), axiomcheck::CheckOptions{}, "T.litmus", options);
  REQUIRE_FALSE(shown.pictures.empty());
  return shown.pictures.front().dot;
}

}  // namespace

TEST_CASE("pictures label instructions as written and box the clusters a test names", "[graphs]") {
  const std::string dot = firstPicture(kWrittenAsIs, {});
  INFO(dot);
  // herd's labels (Pretty.ml, GPU_PTXAction.ml): "R.ca x=0", "membar.gl".
  CHECK(dot.find("[label=\"a: W.cg x=1\"") != std::string::npos);
  CHECK(dot.find("[label=\"b: membar.gl\"") != std::string::npos);
  CHECK(dot.find("[label=\"c: B.arrive.rel.cluster\"") != std::string::npos);
  CHECK(dot.find("[label=\"f: R.ca x=") != std::string::npos);
  CHECK(dot.find("subgraph cluster_cluster0") != std::string::npos);
  // The threads in order: the ordering point's edges go to P0's first
  // event (e2: x's initial write is e0, y's e1), then to P1's (e5).
  CHECK(dot.find("order [shape=point, style=invis, ordering=out]") != std::string::npos);
  CHECK(dot.find("order -> e2 ") < dot.find("order -> e5 "));
  // d -po-> e and d -rf-> e merged into one edge, each label in its colour.
  CHECK(count(dot, "e5 -> e6 ") == 1);
  CHECK(dot.find("e5 -> e6 [label=<<font color=\"black\">po</font>,<font color=\"red\">rf</font>>, "
                 "color=\"black:red\"") != std::string::npos);
  // Merged with po, it still shapes the layout as po does.
  CHECK(lineWith(dot, "e5 -> e6 [").find("constraint=false") == std::string::npos);

  // Without clusters of several CTAs or .cluster scopes, no cluster box.
  const std::string plain = firstPicture(kMessagePassingWeak, {});
  CHECK(plain.find("cluster_cluster") == std::string::npos);
}

TEST_CASE("co is drawn in herd's brown", "[graphs]") {
  // 2+2W: two writes to each location; every execution orders them.
  const char* twoPlusTwoW = R"(PTX 2+2W
{
x=0;
y=0;
}
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.relaxed.gpu x, 1 | st.relaxed.gpu y, 1 ;
 st.relaxed.gpu y, 2 | st.relaxed.gpu x, 2 ;
exists (x == 1 /\ y == 1)
)";
  const std::string dot = firstPicture(twoPlusTwoW, {});
  INFO(dot);
  CHECK(count(dot, "label=\"co\", color=\"brown\"") == 2);
  CHECK(dot.find("blue") == std::string::npos);
}

TEST_CASE("picture styles: memory events alone, columns, free placement, black and white", "[graphs]") {
  axiomcheck::DotStyle memory;
  memory.events = axiomcheck::ShownEvents::Memory;
  const std::string memoryOnly = firstPicture(kWrittenAsIs, memory);
  INFO(memoryOnly);
  CHECK(memoryOnly.find("membar.gl") == std::string::npos);
  CHECK(memoryOnly.find("B.arrive") == std::string::npos);
  CHECK(memoryOnly.find("a: W.cg x=1") != std::string::npos);

  axiomcheck::DotStyle columns;
  columns.layout = axiomcheck::GraphLayout::Columns;
  const std::string columned = firstPicture(kWrittenAsIs, columns);
  CHECK(columned.find("cluster_gpu") == std::string::npos);
  CHECK(columned.find("cluster_cta") == std::string::npos);
  CHECK(columned.find("subgraph cluster_p0") != std::string::npos);
  CHECK(columned.find("order ->") != std::string::npos);

  axiomcheck::DotStyle free;
  free.layout = axiomcheck::GraphLayout::Free;
  const std::string placedFreely = firstPicture(kWrittenAsIs, free);
  CHECK(placedFreely.find("subgraph cluster_p") == std::string::npos);
  CHECK(placedFreely.find("order ->") == std::string::npos);

  axiomcheck::DotStyle mono;
  mono.mono = true;
  const std::string blackAndWhite = firstPicture(kWrittenAsIs, mono);
  CHECK(blackAndWhite.find("color=\"red\"") == std::string::npos);
  CHECK(blackAndWhite.find("<font") == std::string::npos);
  CHECK(blackAndWhite.find("label=\"po,rf\", color=\"black\"") != std::string::npos);
}

TEST_CASE("herd's -showevents, -graph and -mono draw what opcheck's spellings draw", "[graphs][cli]") {
  const std::string file =
      (fs::path(OPCHECK_SOURCE_DIR) / "catalogue/cache-operators/LB+membar.gl+cg+cross-cta.litmus").string();
  Scratch scratch;
  const testing::CommandResult herd =
      testing::runOpcheck({file, "-model", "ptx", "-show", "all", "-showevents", "mem", "-graph", "columns",
                           "-mono", "true", "-o", scratch.path("herd").string()});
  const testing::CommandResult own =
      testing::runOpcheck({file, "--model", "ptx", "--show", "all", "--show-events", "mem", "--graph",
                           "columns", "--mono", "-o", scratch.path("own").string()});
  INFO(herd.standardError);
  REQUIRE(herd.exitStatus == 0);
  REQUIRE(own.exitStatus == 0);
  const std::vector<fs::path> herdFiles = filesWithExtension(scratch.path("herd"), ".dot");
  const std::vector<fs::path> ownFiles = filesWithExtension(scratch.path("own"), ".dot");
  REQUIRE(herdFiles.size() == ownFiles.size());
  REQUIRE_FALSE(herdFiles.empty());
  for (std::size_t index = 0; index < herdFiles.size(); ++index) {
    std::ifstream herdStream(herdFiles[index]);
    std::ifstream ownStream(ownFiles[index]);
    std::stringstream herdText;
    std::stringstream ownText;
    herdText << herdStream.rdbuf();
    ownText << ownStream.rdbuf();
    CHECK(herdText.str() == ownText.str());
    CHECK(herdText.str().find(": membar.gl\"") == std::string::npos);
  }
}

TEST_CASE("the picture styles reach --witness's, compare's and races' pictures, and need a picture",
          "[graphs][cli]") {
  const fs::path catalogue = fs::path(OPCHECK_SOURCE_DIR) / "catalogue";
  const std::string racy = (catalogue / "shapes/2+2W+weak+cross-cta.litmus").string();
  const std::string sb = (catalogue / "seed001/Fig6-SB-fence.sc.gpu.litmus").string();
  const std::string sbAllowed = (catalogue / "seed001/Fig6-SB-no-fence.litmus").string();
  // Each kind of picture drawn in black and white in columns: no colour and
  // no scope boxes, as the same style gives --show's pictures (above).
  const auto drawnInStyle = [](const fs::path& folder) {
    const std::vector<fs::path> files = filesWithExtension(folder, ".dot");
    REQUIRE_FALSE(files.empty());
    for (const fs::path& file : files) {
      const std::string dot = testing::readFile(file);
      INFO(file.string() << "\n" << dot);
      CHECK(dot.find("color=\"red\"") == std::string::npos);
      CHECK(dot.find("<font") == std::string::npos);
      CHECK(dot.find("cluster_cta") == std::string::npos);
    }
  };
  Scratch scratch;
  const std::vector<std::string> style = {"--mono", "--graph", "columns"};
  const auto with = [&style](std::vector<std::string> arguments) {
    arguments.insert(arguments.end(), style.begin(), style.end());
    return testing::runOpcheck(arguments);
  };
  const testing::CommandResult witness =
      with({sbAllowed, "--model", "ptx-op", "--witness", "-o", scratch.path("witness").string()});
  INFO(witness.standardError);
  REQUIRE(witness.exitStatus == 0);
  drawnInStyle(scratch.path("witness"));
  const testing::CommandResult races = with({"races", racy, "-o", scratch.path("races").string()});
  INFO(races.standardError);
  REQUIRE(races.exitStatus == 0);
  drawnInStyle(scratch.path("races"));
  const testing::CommandResult compared =
      with({"compare", sb, "--op", "ptx-op,broken-fence-sc", "--ax", "ptx", "--executions", "--report",
            scratch.path("compare/report.md").string()});
  INFO(compared.standardError);
  REQUIRE(compared.exitStatus == 1);  // the broken preset is caught
  drawnInStyle(scratch.path("compare/report-graphs"));

  // A style with no picture to style is a usage error, as herd's would be
  // silently ignored.
  for (const std::vector<std::string>& arguments : std::vector<std::vector<std::string>>{
           {sb, "--model", "ptx-op", "--mono"},
           {sb, "--model", "ptx-op", "--witness", "--mono"},
           {"races", racy, "--mono"},
           {"compare", sb, "--ax", "ptx", "--executions", "--mono"},
           {"compare", sb, "--ax", "ptx", "--report", scratch.path("r.md").string(), "--graph", "free"}}) {
    const testing::CommandResult result = testing::runOpcheck(arguments);
    INFO(arguments.back() << ": " << result.standardError);
    CHECK(result.exitStatus == 2);
    CHECK_THAT(result.standardError, Catch::Contains("style the pictures"));
  }
}

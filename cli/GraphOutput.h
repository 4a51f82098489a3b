// Execution graphs as files (docs/graphs.md): the options that ask for them
// (herd7's -show, -through, -nshow and -o), DOT files written to a folder
// and rendered to SVG by Graphviz's `dot` when it is on PATH. A missing
// Graphviz is never an error: the DOT files are written and standard error
// says once that no SVG was made.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "axiomcheck/ShownExecutions.h"
#include "cli/ComparisonReport.h"
#include "litmus/Test.h"
#include "opsem/OperationalModel.h"

namespace opcheck::cli {

struct GraphOptions {
  axiomcheck::ShowOptions show;
  bool showGiven = false;   // --show, --through or --nshow appeared
  bool limitGiven = false;  // --nshow appeared
  bool styleGiven = false;  // --show-events, --graph or --mono appeared
  std::string directory;    // -o DIR; empty: no pictures
};

// --show prop|neg|all|cond|wit|rejected|none, --through invalid|all|none,
// --nshow N, -o,--output DIR, --show-events all|mem|noregs, --graph
// cluster|columns|free, --mono (herd7's -show, -through, -nshow, -o,
// -showevents, -graph, -mono) on APP.
void addGraphOptions(CLI::App& app, GraphOptions& options);

// --show-events all|mem|noregs, --graph cluster|columns|free, --mono
// (herd7's -showevents, -graph, -mono) on APP, into STYLE; GIVEN is set
// when one appears. PICTURES names the pictures they style, for the help.
void addPictureStyleOptions(CLI::App& app, axiomcheck::DotStyle& style, bool& given,
                            const std::string& pictures);

// The message for a combination of graph options that does not apply
// (--show with ptx-op, -o without --show or --witness, ...), or nothing.
std::optional<std::string> graphOptionsProblem(const GraphOptions& options, bool axiomatic, bool witness);

// Whether Graphviz's `dot` is on PATH (looked up once).
bool graphvizFound();

// NAME made a file name: letters, digits and ".+-_" kept, the rest "_".
std::string pictureStem(const std::string& name);

// Writes DIRECTORY/STEM.dot and, with Graphviz, DIRECTORY/STEM.svg (saying
// once on standard error when Graphviz is missing). Returns the file to
// open (the SVG, or the DOT without Graphviz), or nothing after printing
// what went wrong.
std::optional<std::filesystem::path> writePicture(const std::filesystem::path& directory,
                                                  const std::string& stem, const std::string& dot);

// The execution graph of ptx-op's witness run of TEST (WITNESS_TRACE, as
// runPtxOp gave it) as a candidate execution of ptx, drawn in STYLE, any
// axiom it breaks in bold; nothing when no recorded run reaches the
// witness's outcome.
std::optional<std::string> witnessGraphDot(const litmus::Test& test, const std::string& file,
                                           const opsem::OperationalOptions& options,
                                           const std::vector<std::string>& witnessTrace, unsigned unroll,
                                           const axiomcheck::DotStyle& style);

// compare --executions --report FILE: writes every graph that breaks an
// axiom into FILE's folder, under FILE's name with "-graphs" in place of
// its extension, and records each one's path (relative to the report) in
// its BrokenGraph so the report links it. False after printing what went
// wrong.
bool writeComparisonPictures(ComparisonSuite& suite, const std::filesystem::path& report);

}  // namespace opcheck::cli

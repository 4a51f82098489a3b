// opcheck's command line on CLI11: each subcommand declares its
// options once, on a CLI::App, so that its --help is generated from the
// options it reads. This file holds the option groups several subcommands
// share (inputs, jobs, unroll, format, quiet, models) and the one way a
// command line is read: --help prints the usage and exits 0, a usage error
// prints "opcheck: error: ..." and exits 2 (docs/architecture.md "Command line").
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/ModelChoice.h"

namespace opcheck::cli {

// An app for one subcommand: NAME as usage shows it ("opcheck compare"),
// and what it does. Options given twice keep the last value, as they did.
void setUpApp(CLI::App& app);

// FILE|DIR|@INDEX|- ...: the tests to read (cli/InputFiles.h).
void addInputs(CLI::App& app, std::vector<std::string>& inputs);

// NAMES (e.g. "--max-states"), a whole number from MIN to MAX handed to
// STORE, shown as TYPE ("N") in the usage. The text is read with its range
// checked: a sign, a fraction or a number out of range is a usage error
// that states the range (CLI11 alone reads "-1" into an unsigned variable
// as its largest value, and a number past 2^64 as no error).
CLI::Option* addWholeNumberOption(CLI::App& app, const std::string& names, const std::string& type,
                                  std::uint64_t min, std::uint64_t max,
                                  std::function<void(std::uint64_t)> store, const std::string& description);

// The same, read into TARGET.
template <typename Unsigned>
CLI::Option* addWholeNumberOption(CLI::App& app, const std::string& names, const std::string& type,
                                  Unsigned& target, Unsigned min, Unsigned max,
                                  const std::string& description) {
  return addWholeNumberOption(
      app, names, type, min, max, [&target](std::uint64_t value) { target = static_cast<Unsigned>(value); },
      description);
}

// -j,--jobs N: tests in parallel (one test: N exploration threads).
void addJobsOption(CLI::App& app, unsigned& jobs);

// --unroll K: loop iterations the axiomatic models unroll (default 2).
void addUnrollOption(CLI::App& app, unsigned& unroll);

// --format herd|json.
void addFormatOption(CLI::App& app, bool& json);

// -q,--quiet: no progress line.
void addQuietOption(CLI::App& app, bool& quiet);

// --strict: exit 1 also when a limit cut a run, and for what WHAT names
// (ptx-op's hangs, races); docs/json.md "Exit status".
void addStrictOption(CLI::App& app, bool& strict, const std::string& what);

// --skip-axiom NAME, repeatable: axioms the axiomatic models leave out
// (herd's -skipcheck); NAME as `opcheck models` lists it.
void addSkipAxiomOption(CLI::App& app, std::vector<std::string>& names);

// Replaces each of MODELS (axiomatic) by itself without those of NAMES that
// are its axioms. A usage error's message when a name is an axiom of none
// of them (it lists theirs).
std::optional<std::string> skipAxioms(std::vector<const axiomcheck::AxiomaticModel*>& models,
                                      const std::vector<std::string>& names);

// Reads ARGUMENTS (those after the subcommand's name) into APP's options.
// Nothing when the command goes on; otherwise its exit status: 0 after
// printing the usage (--help), 2 after printing a usage error.
std::optional<int> parseCommandLine(CLI::App& app, const std::vector<std::string>& arguments);

// Prints "opcheck: error: MESSAGE" and returns the usage error's exit status.
int usageError(const std::string& message);

// "OPTION does not apply to --model MODEL": an option the chosen model
// would ignore is an error (docs/architecture.md "Command line"), never dropped.
std::string doesNotApply(std::string_view option, std::string_view model, std::string_view hint = "");

// "a,b,c" as its parts ("a", "b", "c"; an empty text is one empty part).
std::vector<std::string> splitCommas(const std::string& text);

// Whether OPTION (e.g. "--witness") was given on APP's command line.
bool given(const CLI::App& app, const std::string& option);

}  // namespace opcheck::cli

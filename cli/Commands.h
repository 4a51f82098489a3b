// opcheck's subcommands; each takes the arguments after its name and
// returns an ExitStatus. Each declares its options on a CLI::App
// (cli/CommandLine.h), so `opcheck SUBCOMMAND --help` is generated from them.
#pragma once

#include <string>
#include <vector>

namespace opcheck::cli {

// opcheck parse FILE|DIR...: print each test in canonical form.
int runParseCommand(const std::vector<std::string>& arguments);

// opcheck models: list the models and their options.
int runModelsCommand(const std::vector<std::string>& arguments);

// opcheck FILE|DIR|@INDEX|-... [--model M] [--jobs N] [--format herd|json]
// [--unroll K] [--quiet] ...: run a model on every test, print herd's verdicts.
int runModelCommand(const std::vector<std::string>& arguments);

// opcheck compare FILE|DIR... [--op ptx-op[,PRESET]] [--ax ptx,rmo] [--report F]:
// operational outcomes against axiomatic ones; 1 when some test is unsound.
// With --against LOG [--model M]: one model against a herd7 or litmus7 log.
int runCompareCommand(const std::vector<std::string>& arguments);

// opcheck compile FILE|DIR... --mapping NAME [-o DIR]: each C test compiled
// to PTX with a mapping (docs/mappings.md).
int runCompileCommand(const std::vector<std::string>& arguments);

// opcheck gpu FILE|DIR... [--emit-ptx DIR] [--iterations N] [--incantations
// LIST] [--ctas N] [--seed N] [-o DIR]: each PTX test run on an NVIDIA GPU
// through a PTX harness, its histogram printed as a litmus7 log
// (docs/gpu.md).
int runGpuCommand(const std::vector<std::string>& arguments);

// opcheck harness --observations FILE... [--model M]... [--format herd|json]
// [--jobs N] [--unroll K] FILE|DIR...: models against outcomes seen on real
// GPUs; 1 when some model forbids an outcome seen.
int runHarnessCommand(const std::vector<std::string>& arguments);

// opcheck generate CYCLE | --shape NAME | --family NAME|corpus|all | --list
// [--scope S] [--cta-groups G] [--gpu-groups G] [--name N] [-o DIR]:
// litmus tests from diy7 cycles (docs/generate.md).
int runGenerateCommand(const std::vector<std::string>& arguments);

// opcheck races FILE|DIR... [--model ptx|sc] [--format herd|json]
// [--fail-on-race]: the data races of every allowed execution, explained
// (docs/races.md); also `opcheck FILE... --races`.
int runRacesCommand(const std::vector<std::string>& arguments);

}  // namespace opcheck::cli

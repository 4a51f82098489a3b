// opcheck: a model checker for GPU (NVIDIA PTX) memory consistency.
//
//   opcheck FILE|DIR... [--model M]  run a model, print herd-style verdicts
//   opcheck compare FILE|DIR...      operational outcomes against axiomatic ones
//   opcheck harness --observations FILE... FILE|DIR...
//                                    models against outcomes seen on real GPUs
//   opcheck generate CYCLE | --shape NAME | --family NAME
//                                    litmus tests from diy7 cycles
//   opcheck races FILE|DIR...        the data races of every allowed execution
//   opcheck parse FILE|DIR...        print each test as opcheck understood it
//   opcheck models                   list the models
#include <iostream>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/Interrupt.h"
#include "litmus/FileReading.h"

namespace {

constexpr const char* kUsage =
    "usage: opcheck FILE|DIR... [--model ptx-op|ptx|rmo|sc] [--jobs N] [--format herd|json] [--unroll K]\n"
    "                           [--arch PRESET] [--witness] [--quiet] [--no-reduction[=RED-1,RED-2,RED-3]]\n"
    "                           [LIMITS]\n"
    "                           [--show prop|neg|all|cond|wit|rejected [--through invalid] [--nshow N]\n"
    "                            -o DIR]   (axiomatic models: execution graphs, docs/graphs.md)\n"
    "                           [--witness -o DIR]   (ptx-op: the witness run's execution graph)\n"
    "                                   run a model on each litmus test (herd7's output)\n"
    "       opcheck compare FILE|DIR... [--op ptx-op[,PRESET]] [--ax ptx,rmo] [--executions]\n"
    "                                   [--report FILE.md|FILE.json] [--jobs N] [--unroll K] [LIMITS]\n"
    "                                   check that ptx-op's outcomes (--executions: and each run's\n"
    "                                   execution graph) are ones the axiomatic models allow;\n"
    "                                   --executions --report writes the graphs that break an axiom\n"
    "                                   beside the report\n"
    "       opcheck harness --observations FILE... [--model M]... [--format herd|json] [--jobs N]\n"
    "                       [--unroll K] [LIMITS] FILE|DIR...\n"
    "                                   check models against outcomes seen on real GPUs: FILE... are\n"
    "                                   CSV files (test,chip,outcome,observed,runs,source), seen tables\n"
    "                                   (test,GPU...: seen / not seen, one row per test, its condition\n"
    "                                   the outcome) and litmus7 logs (up to the next option,\n"
    "                                   directory or .litmus file),\n"
    "                                   FILE|DIR the litmus tests they are of (matched by name).\n"
    "                                   Models: rmo, ptx, sc, ptx-op[,PRESET] (default: rmo, ptx and\n"
    "                                   every ptx-op preset but the broken-* ones). Exit status 1 when\n"
    "                                   any model checked forbids an outcome seen, even one that does\n"
    "                                   not claim PTX (ptx-op,fermi)\n"
    "       opcheck generate CYCLE | --shape NAME | --family NAME|corpus|all | --list\n"
    "                        [--scope cta|gpu|sys] [--cta-groups G] [--gpu-groups G] [--name N] [-o DIR]\n"
    "                                   litmus tests from diy7 cycles ('Rfe PodRR Fre PodWW'), classic\n"
    "                                   shapes and the cuda-litmus families (opcheck generate --help)\n"
    "       opcheck races FILE|DIR... [--model ptx|sc|ptx-op[,PRESET]] [--format herd|json]\n"
    "                     [--fail-on-race] [--guarantee]\n"
    "                                   the data races of every allowed execution, explained\n"
    "                                   (scoped races, DRFrlx classes; also opcheck FILE... --races)\n"
    "       opcheck parse FILE|DIR...   print each litmus test in canonical form\n"
    "       opcheck models              list the models and their options\n"
    "       opcheck --help | --version\n"
    "LIMITS, per test and model: --max-states N (ptx-op's states, and each trace search's),\n"
    "       --max-candidates N (the axiomatic models' candidate executions), --timeout SECONDS\n"
    "       (fractions allowed; also bounds waiting for input). A cut run's report is partial.\n"
    "Ctrl-C prints what had finished (compare and harness: a partial report) and exits 130.\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace opcheck::cli;
  installInterruptHandler();
  // Ctrl-C also ends a wait for input (a FIFO) in commands without --timeout.
  opcheck::litmus::setInputWaitLimit(0, &interruptFlag());
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  if (arguments.empty()) {
    std::cerr << kUsage;
    return kBadInput;
  }
  const std::string& command = arguments.front();
  const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
  if (command == "--help" || command == "-h") {
    std::cout << kUsage;
    return kSuccess;
  }
  if (command == "--version") {
    std::cout << "opcheck 0.1.0\n";
    return kSuccess;
  }
  if (command == "parse") {
    return runParseCommand(rest);
  }
  if (command == "compare") {
    return runCompareCommand(rest);
  }
  if (command == "harness") {
    return runHarnessCommand(rest);
  }
  if (command == "generate") {
    return runGenerateCommand(rest);
  }
  if (command == "races") {
    return runRacesCommand(rest);
  }
  if (command == "models") {
    return runModelsCommand(rest);
  }
  // Not a subcommand: files and directories to run a model on.
  return runModelCommand(arguments);
}

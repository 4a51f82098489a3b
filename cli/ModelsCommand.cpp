#include <algorithm>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "axiomcheck/Models.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "cli/ModelChoice.h"
#include "cli/Output.h"
#include "opsem/Architecture.h"
#include "opsem/Reductions.h"

namespace opcheck::cli {

namespace {

constexpr std::size_t kLineWidth = 100;

// WORDS, separated by spaces, in lines of at most WIDTH characters, every
// line but the first after INDENT. A word may hold spaces and is never broken.
std::string wrapped(const std::vector<std::string>& words, const std::string& indent, std::size_t width) {
  std::string result;
  std::size_t lineLength = 0;
  for (const std::string& word : words) {
    if (lineLength > 0 && lineLength + 1 + word.size() > width) {
      result += "\n" + indent;
      lineLength = 0;
    } else if (lineLength > 0) {
      result += ' ';
      ++lineLength;
    }
    result += word;
    lineLength += word.size();
  }
  return result;
}

// A preset's description in words, with "[does not claim PTX]" as one.
std::vector<std::string> descriptionWords(const opsem::Architecture& preset) {
  std::vector<std::string> words;
  std::istringstream text(preset.description);
  for (std::string word; text >> word;) {
    words.push_back(word);
  }
  if (!preset.claimsPtx) {
    words.push_back("[does not claim PTX]");
  }
  return words;
}

}  // namespace

// The command, before its output is checked (OutputCheck, cli/Output.h).
static int runModelsCommandUnchecked(const std::vector<std::string>& arguments) {
  CLI::App app{"Lists the models, their axioms, ptx-op's presets and the options each takes.",
               "opcheck models"};
  setUpApp(app);
  if (const std::optional<int> status = parseCommandLine(app, arguments)) {
    return *status;
  }
  std::cout << "Axiomatic models (opcheck FILE|DIR... --model NAME [--unroll K]; --model "
            << defaultModelName() << " is the default):\n";
  for (const axiomcheck::AxiomaticModel* model : axiomcheck::allModels()) {
    std::cout << "  " << model->name() << std::string(6 - std::min<std::size_t>(5, model->name().size()), ' ')
              << model->summary() << "\n        axioms (--skip-axiom NAME leaves one out):\n";
    std::size_t width = 0;
    for (const axiomcheck::Axiom& axiom : model->axioms()) {
      width = std::max(width, axiom.name.size() + 2);
    }
    for (const axiomcheck::Axiom& axiom : model->axioms()) {
      std::cout << "          " << axiom.name << std::string(width - axiom.name.size(), ' ')
                << axiom.reference << "\n";
    }
    if (!model->flags().empty()) {
      std::cout << "        flags (herd's Flag lines; they reject nothing):\n";
      for (const axiomcheck::Axiom& flag : model->flags()) {
        std::cout << "          " << flag.name
                  << std::string(std::max(width, flag.name.size() + 2) - flag.name.size(), ' ')
                  << flag.reference << "\n";
      }
    }
  }
  std::cout << "  " << axiomcheck::kPtxAlias << "   names the newest PTX model, "
            << axiomcheck::ptx75Model().name() << " (in every command; outputs say ptx)\n";
  std::cout << "Options: --unroll K (loops, default 2), --jobs N (tests in parallel), --format herd|json,\n"
               "         --skip-axiom NAME (herd's -skipcheck; in run, compare, harness and races)\n";
  std::cout
      << "\nOperational model (opcheck FILE|DIR... --model ptx-op[,PRESET]):\n"
         "  ptx-op  a GPU memory system: per-thread store buffers, an L1 per CTA written through an SM\n"
         "          queue to the L2 (one per device, or in slices and partitions), memory behind; "
         "scope-aware\n"
         "          fences, acquire, release, atomics at the L2, CTA barriers; spin loops explored as "
         "cycles\n"
         "        presets (--model ptx-op,PRESET; also --arch PRESET):\n";
  std::size_t width = 0;
  for (const opsem::Architecture& preset : opsem::architecturePresets()) {
    width = std::max(width, preset.name.size() + 2);
  }
  for (const opsem::Architecture& preset : opsem::architecturePresets()) {
    const std::string indent(10 + width, ' ');
    std::cout << "          " << preset.name << std::string(width - preset.name.size(), ' ')
              << wrapped(descriptionWords(preset), indent, kLineWidth - indent.size()) << "\n";
  }
  std::cout << "Options: --witness (a trace to the condition's outcome), --max-states N, --timeout S,\n"
               "         --no-reduction[=LIST] (turn the state-space reductions off: all, or those named\n"
               "         among "
            << opsem::reductionIdRange() << "; opsem/Reductions.h)\n";
  return kSuccess;
}

int runModelsCommand(const std::vector<std::string>& arguments) {
  OutputCheck output;
  return output.finish(runModelsCommandUnchecked(arguments));
}

}  // namespace opcheck::cli

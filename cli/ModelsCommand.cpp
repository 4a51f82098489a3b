#include <algorithm>
#include <iostream>

#include "axiomcheck/Models.h"
#include "cli/Commands.h"
#include "cli/ExitStatus.h"
#include "opsem/Architecture.h"

namespace opcheck::cli {

int runModelsCommand(const std::vector<std::string>& arguments) {
  if (!arguments.empty()) {
    std::cerr << "opcheck models: error: takes no arguments\n";
    return kBadInput;
  }
  std::cout << "Axiomatic models (opcheck FILE|DIR... --model NAME [--unroll K]):\n";
  for (const axiomcheck::AxiomaticModel* model : axiomcheck::allModels()) {
    std::cout << "  " << model->name() << std::string(6 - std::min<std::size_t>(5, model->name().size()), ' ')
              << model->summary() << "\n        axioms:";
    std::string separator = " ";
    for (const axiomcheck::Axiom& axiom : model->axioms()) {
      std::cout << separator << axiom.name;
      separator = ", ";
    }
    std::cout << "\n";
  }
  std::cout << "Options: --unroll K (loops, default 2), --jobs N (tests in parallel), --format herd|json\n";
  std::cout
      << "\nOperational model (opcheck FILE|DIR... --model ptx-op [--arch PRESET]):\n"
         "  ptx-op  a GPU memory system: per-thread store buffers, an L1 per CTA written through an SM\n"
         "          queue to one L2 per device (or a partitioned one), memory behind the L2s; scope-aware\n"
         "          fences, acquire, release, atomics at the L2, CTA barriers; spin loops explored as "
         "cycles\n"
         "        presets (--arch):\n";
  std::size_t width = 0;
  for (const opsem::Architecture& preset : opsem::architecturePresets()) {
    width = std::max(width, preset.name.size() + 2);
  }
  for (const opsem::Architecture& preset : opsem::architecturePresets()) {
    std::cout << "          " << preset.name << std::string(width - preset.name.size(), ' ')
              << preset.description << (preset.claimsPtx ? "" : " [does not claim PTX]") << "\n";
  }
  std::cout << "Options: --witness (a trace to the condition's outcome), --max-states N, --timeout S,\n"
               "         --no-reduction (explore every interleaving of local steps)\n";
  return kSuccess;
}

}  // namespace opcheck::cli

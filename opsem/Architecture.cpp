#include "opsem/Architecture.h"

namespace opcheck::opsem {

const std::vector<Architecture>& architecturePresets() {
  static const std::vector<Architecture> presets = {
      {"default",
       "per-address store buffers, write-through L1 per CTA invalidated by fences and acquires, "
       "one L2 per device, system memory behind the L2s",
       false, true, true, true},
      {"fifo-store-buffer", "as default, but each thread's stores leave in program order", true, true, true,
       true},
      {"no-l1-fills", "as default, but L1 lines are filled only by the loads that miss", false, true, false,
       true},
      {"fermi",
       "as default, but fences and acquires leave L1 lines in place (Fermi, seed 000 Sec. 3.2); "
       "does not claim to implement PTX",
       false, false, true, false},
      // Must-fail variants: each breaks one rule; compare must catch it.
      {"broken-fence-sc", "deliberately wrong: a .gpu or .sys fence.sc does not wait for the SM queue", false,
       true, true, false, true, false, false},
      {"broken-store-order", "deliberately wrong: two stores of a thread to one address may swap", false,
       true, true, false, false, true, false},
      {"broken-acquire", "deliberately wrong: an acquire load leaves the L1's lines in place", false, true,
       true, false, false, false, true},
  };
  return presets;
}

std::optional<Architecture> findArchitecture(std::string_view name) {
  for (const Architecture& preset : architecturePresets()) {
    if (preset.name == name) {
      return preset;
    }
  }
  return std::nullopt;
}

}  // namespace opcheck::opsem

// The base sets and relations a cat model reads, computed from opcheck's
// candidate execution (axiomcheck/Execution.h). docs/cat.md "Base names"
// says what each means and where it comes from (herd's manual and
// stdlib.cat, herd's GPU_PTX semantics, Dat3M's PTX models).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "axiomcheck/Execution.h"
#include "cat/Value.h"

namespace opcheck::cat {

enum class Base : std::size_t {
  // Sets.
  All,
  Memory,
  Reads,
  Writes,
  Fences,
  InitialWrites,
  Relaxed,
  Acquire,
  Release,
  AcquireRelease,
  SequentiallyConsistent,
  CtaScope,
  ClusterScope,
  GpuScope,
  SystemScope,
  Generic,
  Surface,
  Texture,
  Constant,
  Alias,
  // Relations fixed once rf is chosen.
  Identity,
  ProgramOrder,
  ProgramOrderLocation,
  Location,
  VirtualLocation,
  Internal,
  External,
  ReadsFrom,
  ReadsFromExternal,
  ReadsFromInternal,
  Rmw,
  Address,
  Data,
  Control,
  MembarCta,
  MembarGl,
  MembarSys,
  SameCta,
  SameGpu,
  SameSystem,
  SameScope,
  SameCtaDat3m,
  BarrierSync,
  // Relations of the later choices (co and the Fence-SC order).
  Coherence,
  CoherenceExternal,
  CoherenceInternal,
  FromRead,
  FromReadExternal,
  FromReadInternal,
  FenceScOrder,
  Count,
};

inline constexpr std::size_t kBaseCount = static_cast<std::size_t>(Base::Count);

// Each base name as a cat model spells it.
inline constexpr std::array<std::string_view, kBaseCount> kBaseNames = {
    "_",   "M",    "R",       "W",    "F",          "IW",        "RLX",        "ACQ", "REL", "ACQ_REL",
    "SC",  "CTA",  "CLUSTER", "GPU",  "SYS",        "GEN",       "SUR",        "TEX", "CON", "ALIAS",
    "id",  "po",   "po-loc",  "loc",  "vloc",       "int",       "ext",        "rf",  "rfe", "rfi",
    "rmw", "addr", "data",    "ctrl", "membar.cta", "membar.gl", "membar.sys", "cta", "gl",  "sys",
    "sr",  "scta", "syncbar", "co",   "coe",        "coi",       "fr",         "fre", "fri", "sync_fence",
};

std::optional<Base> findBase(std::string_view name);

// Whether BASE depends on co or the Fence-SC order, chosen after rf.
constexpr bool isDynamic(Base base) {
  return static_cast<std::size_t>(base) >= static_cast<std::size_t>(Base::Coherence);
}

// The value of BASE on EXECUTION (rf and barriers chosen; co and the
// Fence-SC order too for the dynamic ones).
Value baseValue(const axiomcheck::Execution& execution, Base base);

}  // namespace opcheck::cat

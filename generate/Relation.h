// One edge of a diy7 cycle, named as diy7 names relations (diy7 manual,
// "Relaxations": Rfe/Rfi, Fre/Fri, Wse/Wsi (Coe/Coi in later releases),
// Pos/Pod followed by the directions of its ends, DpAddr/DpData/DpCtrl
// followed by s|d and the target's direction, fences as "FENCE" d|s DIR DIR).
//
// PTX additions, in diy's spelling style:
//   Fence.SEM[.SCOPE][s|d DIR DIR]  a fence between the two accesses, SEM sc
//                                   or acq_rel; without SCOPE it takes the
//                                   accesses' scope; without directions they
//                                   are taken from the neighbouring edges
//                                   and the locations differ ("Fence.sc.gpu").
//   a two-letter suffix on po, fence and dependency edges (diy's AArch64
//   convention, "PodWWPL"): the semantics of the source and of the target
//   access: P relaxed, A acquire (reads), L release (writes), S "sc" (the
//   access is preceded by fence.sc at its scope and is acquire or release:
//   cuda-litmus's emulation of an SC access).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "litmus/Qualifiers.h"

namespace opcheck::generate {

enum class Direction : std::uint8_t { Read, Write };

enum class EdgeKind : std::uint8_t {
  ReadsFrom,     // Rf: a write to the read that takes its value
  FromReads,     // Fr: a read to a write coherence-after the one it read
  WriteSerial,   // Ws / Co: a write to a write coherence-after it
  ProgramOrder,  // Po: the next access of the same thread
  Fence,         // Po with a fence between the two accesses
  Dependency,    // Po where the target depends on the source read
};

enum class DependencyKind : std::uint8_t { None, Address, Data, Control };

// What an access is, beyond relaxed: the annotation letters P, A, L, S.
enum class AccessStrength : std::uint8_t { Relaxed, Acquire, Release, Sc };

struct Edge {
  EdgeKind kind = EdgeKind::ProgramOrder;
  // Rf, Fr and Ws: whether the two accesses are in different threads.
  bool external = false;
  bool sameLocation = false;
  Direction source = Direction::Write;
  Direction target = Direction::Write;
  // Fence.SEM.SCOPE: the fence; scope None means "the accesses' scope".
  litmus::Semantics fenceSemantics = litmus::Semantics::Relaxed;
  litmus::Scope fenceScope = litmus::Scope::None;
  // A fence written without directions: they come from its neighbours.
  bool directionsInferred = false;
  DependencyKind dependency = DependencyKind::None;
  AccessStrength sourceStrength = AccessStrength::Relaxed;
  AccessStrength targetStrength = AccessStrength::Relaxed;

  bool isCommunication() const {
    return kind == EdgeKind::ReadsFrom || kind == EdgeKind::FromReads || kind == EdgeKind::WriteSerial;
  }
  // Whether the edge starts a new thread.
  bool changesThread() const { return isCommunication() && external; }

  friend bool operator==(const Edge&, const Edge&) = default;
};

// Reads one relation name; throws GenerationError naming WORD when it is
// not one.
Edge parseRelation(std::string_view word);

// The edge's name as diy writes it (Wse, not Coe), with the fence spelled
// as written above and the strength suffix when not both relaxed.
std::string relationName(const Edge& edge);

}  // namespace opcheck::generate

#include "generate/Relation.h"

#include <optional>

#include "generate/GenerationError.h"

namespace opcheck::generate {

namespace {

std::optional<Direction> directionOf(char letter) {
  if (letter == 'R') {
    return Direction::Read;
  }
  if (letter == 'W') {
    return Direction::Write;
  }
  return std::nullopt;
}

char letterOf(Direction direction) { return direction == Direction::Read ? 'R' : 'W'; }

std::optional<AccessStrength> strengthOf(char letter) {
  switch (letter) {
    case 'P':
      return AccessStrength::Relaxed;
    case 'A':
      return AccessStrength::Acquire;
    case 'L':
      return AccessStrength::Release;
    case 'S':
      return AccessStrength::Sc;
    default:
      return std::nullopt;
  }
}

char letterOf(AccessStrength strength) {
  switch (strength) {
    case AccessStrength::Relaxed:
      return 'P';
    case AccessStrength::Acquire:
      return 'A';
    case AccessStrength::Release:
      return 'L';
    case AccessStrength::Sc:
      return 'S';
  }
  return 'P';
}

[[noreturn]] void unknown(std::string_view word, std::string_view why) {
  throw GenerationError("unknown relation '" + std::string(word) + "': " + std::string(why));
}

// The acquire letter belongs on reads and the release letter on writes, as
// PTX has ld.acquire and st.release only.
void checkStrength(std::string_view word, AccessStrength strength, Direction direction) {
  if (strength == AccessStrength::Acquire && direction == Direction::Write) {
    unknown(word, "A (acquire) annotates a read, not a write");
  }
  if (strength == AccessStrength::Release && direction == Direction::Read) {
    unknown(word, "L (release) annotates a write, not a read");
  }
}

// The direction letter REST[AT], which WHY says must be there; moves AT past it.
Direction directionAt(std::string_view word, std::string_view rest, std::size_t& at, std::string_view why) {
  const std::optional<Direction> direction = at < rest.size() ? directionOf(rest[at]) : std::nullopt;
  if (!direction) {
    unknown(word, why);
  }
  ++at;
  return *direction;
}

// "[s|d]DIR DIR[SS]" after a po-like prefix: fills the edge from REST.
void readTail(std::string_view word, std::string_view rest, Edge& edge, bool sourceIsRead) {
  std::size_t at = 0;
  if (at < rest.size() && (rest[at] == 's' || rest[at] == 'd')) {
    edge.sameLocation = rest[at] == 's';
    ++at;
  } else {
    unknown(word, "expected s (same location) or d (different locations) here");
  }
  edge.source =
      sourceIsRead ? Direction::Read : directionAt(word, rest, at, "expected the source's direction, R or W");
  edge.target = directionAt(word, rest, at, "expected the target's direction, R or W");
  if (at == rest.size()) {
    return;
  }
  if (rest.size() - at != 2 || !strengthOf(rest[at]) || !strengthOf(rest[at + 1])) {
    unknown(word, "a suffix is two letters among P, A, L, S (source then target)");
  }
  edge.sourceStrength = *strengthOf(rest[at]);
  edge.targetStrength = *strengthOf(rest[at + 1]);
  checkStrength(word, edge.sourceStrength, edge.source);
  checkStrength(word, edge.targetStrength, edge.target);
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

Edge parseFence(std::string_view word, std::string_view rest) {
  Edge edge;
  edge.kind = EdgeKind::Fence;
  if (startsWith(rest, "sc")) {
    edge.fenceSemantics = litmus::Semantics::SequentiallyConsistent;
    rest.remove_prefix(2);
  } else if (startsWith(rest, "acq_rel")) {
    edge.fenceSemantics = litmus::Semantics::AcquireRelease;
    rest.remove_prefix(7);
  } else {
    unknown(word, "a fence is Fence.sc or Fence.acq_rel");
  }
  if (startsWith(rest, ".")) {
    rest.remove_prefix(1);
    if (startsWith(rest, "cta")) {
      edge.fenceScope = litmus::Scope::Cta;
    } else if (startsWith(rest, "gpu")) {
      edge.fenceScope = litmus::Scope::Gpu;
    } else if (startsWith(rest, "sys")) {
      edge.fenceScope = litmus::Scope::System;
    } else {
      unknown(word, "a fence's scope is cta, gpu or sys");
    }
    rest.remove_prefix(3);
  }
  if (rest.empty()) {
    edge.directionsInferred = true;
    return edge;
  }
  readTail(word, rest, edge, /*sourceIsRead=*/false);
  return edge;
}

}  // namespace

Edge parseRelation(std::string_view word) {
  struct Communication {
    std::string_view name;
    EdgeKind kind;
    bool external;
    Direction source;
    Direction target;
  };
  // diy7's communication relations; Coe/Coi are the later names of Wse/Wsi.
  static constexpr Communication kCommunications[] = {
      {"Rfe", EdgeKind::ReadsFrom, true, Direction::Write, Direction::Read},
      {"Rfi", EdgeKind::ReadsFrom, false, Direction::Write, Direction::Read},
      {"Fre", EdgeKind::FromReads, true, Direction::Read, Direction::Write},
      {"Fri", EdgeKind::FromReads, false, Direction::Read, Direction::Write},
      {"Wse", EdgeKind::WriteSerial, true, Direction::Write, Direction::Write},
      {"Wsi", EdgeKind::WriteSerial, false, Direction::Write, Direction::Write},
      {"Coe", EdgeKind::WriteSerial, true, Direction::Write, Direction::Write},
      {"Coi", EdgeKind::WriteSerial, false, Direction::Write, Direction::Write},
  };
  for (const Communication& communication : kCommunications) {
    if (word == communication.name) {
      Edge edge;
      edge.kind = communication.kind;
      edge.external = communication.external;
      edge.sameLocation = true;
      edge.source = communication.source;
      edge.target = communication.target;
      return edge;
    }
  }
  if (startsWith(word, "Po")) {
    Edge edge;
    edge.kind = EdgeKind::ProgramOrder;
    readTail(word, word.substr(2), edge, /*sourceIsRead=*/false);
    return edge;
  }
  if (startsWith(word, "Fence.") || startsWith(word, "fence.")) {
    return parseFence(word, word.substr(6));
  }
  struct Dependency {
    std::string_view prefix;
    DependencyKind kind;
  };
  static constexpr Dependency kDependencies[] = {
      {"DpAddr", DependencyKind::Address},
      {"DpData", DependencyKind::Data},
      {"DpCtrl", DependencyKind::Control},
  };
  for (const Dependency& dependency : kDependencies) {
    if (startsWith(word, dependency.prefix)) {
      Edge edge;
      edge.kind = EdgeKind::Dependency;
      edge.dependency = dependency.kind;
      // diy writes a dependency's source direction nowhere: it is a read.
      readTail(word, word.substr(dependency.prefix.size()), edge, /*sourceIsRead=*/true);
      if (dependency.kind == DependencyKind::Data && edge.target != Direction::Write) {
        unknown(word, "a data dependency ends at a write (DpDatadW)");
      }
      return edge;
    }
  }
  unknown(word,
          "known relations are Rfe Rfi Fre Fri Wse Wsi Coe Coi, Pos/Pod DIR DIR, "
          "DpAddr/DpData/DpCtrl s|d DIR, Fence.sc|acq_rel[.cta|.gpu|.sys][s|d DIR DIR]");
}

std::string relationName(const Edge& edge) {
  std::string name;
  const auto tail = [&](bool withSource) {
    name += edge.sameLocation ? 's' : 'd';
    if (withSource) {
      name += letterOf(edge.source);
    }
    name += letterOf(edge.target);
    if (edge.sourceStrength != AccessStrength::Relaxed || edge.targetStrength != AccessStrength::Relaxed) {
      name += letterOf(edge.sourceStrength);
      name += letterOf(edge.targetStrength);
    }
  };
  switch (edge.kind) {
    case EdgeKind::ReadsFrom:
      return edge.external ? "Rfe" : "Rfi";
    case EdgeKind::FromReads:
      return edge.external ? "Fre" : "Fri";
    case EdgeKind::WriteSerial:
      return edge.external ? "Wse" : "Wsi";
    case EdgeKind::ProgramOrder:
      name = "Po";
      tail(true);
      return name;
    case EdgeKind::Fence:
      name = edge.fenceSemantics == litmus::Semantics::SequentiallyConsistent ? "Fence.sc" : "Fence.acq_rel";
      if (edge.fenceScope != litmus::Scope::None) {
        name += edge.fenceScope == litmus::Scope::Cta   ? ".cta"
                : edge.fenceScope == litmus::Scope::Gpu ? ".gpu"
                                                        : ".sys";
      }
      if (!edge.directionsInferred) {
        tail(true);
      }
      return name;
    case EdgeKind::Dependency:
      name = edge.dependency == DependencyKind::Address ? "DpAddr"
             : edge.dependency == DependencyKind::Data  ? "DpData"
                                                        : "DpCtrl";
      tail(false);
      return name;
  }
  return name;
}

}  // namespace opcheck::generate

#include "generate/CudaLitmusFamilies.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "generate/ClassicShapes.h"
#include "generate/CycleToTest.h"
#include "generate/ThreadGrouping.h"
#include "support/Assert.h"

namespace opcheck::generate {

namespace {

constexpr Family kFamilies[] = {
    {"iriw", "IRIW", true},  {"isa2", "ISA2", true},     {"rwc", "RWC", true},
    {"wrc", "WRC", true},    {"wrw_2w", "WRW+2W", true}, {"wwc", "WWC", true},
    {"2_2w", "2+2W", false}, {"3_2w", "3.2W", false},    {"z6_3", "Z6.3", false},
};

enum class Role { Writer, Reader, ReadWrite, WriteRead };

// How an unfenced R-W or W-R thread orders its accesses.
enum class Choice { Acquire, Release, LoadSc, StoreSc };

struct OrderedThread {
  unsigned thread = 0;
  std::size_t edge = 0;  // its po edge in the cycle
  Role role = Role::Writer;
};

bool chooses(Role role) { return role == Role::ReadWrite || role == Role::WriteRead; }

std::vector<Choice> choicesOf(Role role) {
  if (role == Role::ReadWrite) {
    return {Choice::Acquire, Choice::Release};
  }
  return {Choice::LoadSc, Choice::StoreSc};
}

std::string shortName(Choice choice) {
  switch (choice) {
    case Choice::Acquire:
      return "ACQ";
    case Choice::Release:
      return "REL";
    case Choice::LoadSc:
      return "LOAD_SC";
    case Choice::StoreSc:
      return "STORE_SC";
  }
  return "";
}

std::string longName(Choice choice) {
  switch (choice) {
    case Choice::Acquire:
      return "ACQUIRE";
    case Choice::Release:
      return "RELEASE";
    default:
      return shortName(choice);
  }
}

// The threads whose two accesses a variant orders, in thread order.
std::vector<OrderedThread> orderedThreads(const Cycle& cycle) {
  std::vector<OrderedThread> threads;
  unsigned thread = 0;
  for (std::size_t index = 0; index < cycle.edges.size(); ++index) {
    const Edge& edge = cycle.edges[index];
    if (edge.kind == EdgeKind::ProgramOrder) {
      const bool read = edge.source == Direction::Read;
      const bool readAfter = edge.target == Direction::Read;
      const Role role =
          read ? (readAfter ? Role::Reader : Role::ReadWrite) : (readAfter ? Role::WriteRead : Role::Writer);
      threads.push_back(OrderedThread{thread, index, role});
    }
    thread += edge.changesThread() ? 1 : 0;
  }
  return threads;
}

// Orders THREAD's accesses without a fence: by its role, or by CHOICE.
void orderWithoutFence(Edge& edge, Role role, std::optional<Choice> choice) {
  switch (role) {
    case Role::Writer:
      edge.targetStrength = AccessStrength::Release;
      return;
    case Role::Reader:
      edge.sourceStrength = AccessStrength::Acquire;
      return;
    default:
      break;
  }
  OPCHECK_ASSERT(choice.has_value(), "a thread that is neither writer nor reader orders by a choice");
  switch (*choice) {
    case Choice::Acquire:
      edge.sourceStrength = AccessStrength::Acquire;
      break;
    case Choice::Release:
      edge.targetStrength = AccessStrength::Release;
      break;
    case Choice::LoadSc:
      edge.targetStrength = AccessStrength::Sc;
      break;
    case Choice::StoreSc:
      edge.sourceStrength = AccessStrength::Sc;
      break;
  }
}

void orderWithFence(Edge& edge, Role role, litmus::Scope scope) {
  edge.kind = EdgeKind::Fence;
  // W then R needs fence.sc; the others fence.acq_rel (make_mca_tests.py).
  edge.fenceSemantics =
      role == Role::WriteRead ? litmus::Semantics::SequentiallyConsistent : litmus::Semantics::AcquireRelease;
  edge.fenceScope = scope;
}

// Every combination of choices for the threads of MASK that choose.
std::vector<std::vector<Choice>> combinations(const std::vector<OrderedThread>& threads,
                                              unsigned unfencedMask) {
  std::vector<std::vector<Choice>> result{{}};
  for (std::size_t index = 0; index < threads.size(); ++index) {
    if ((unfencedMask >> index & 1u) == 0 || !chooses(threads[index].role)) {
      continue;
    }
    std::vector<std::vector<Choice>> extended;
    for (const std::vector<Choice>& partial : result) {
      for (const Choice choice : choicesOf(threads[index].role)) {
        extended.push_back(partial);
        extended.back().push_back(choice);
      }
    }
    result = std::move(extended);
  }
  return result;
}

struct Variant {
  std::string name;
  Cycle cycle;
};

// Applies FENCED (a mask over THREADS) at FENCE_SCOPE and CHOICES to the others.
Cycle orderedCycle(const Cycle& plain, const std::vector<OrderedThread>& threads, unsigned fenced,
                   litmus::Scope fenceScope, const std::vector<Choice>& choices) {
  Cycle cycle = plain;
  std::size_t nextChoice = 0;
  for (std::size_t index = 0; index < threads.size(); ++index) {
    Edge& edge = cycle.edges[threads[index].edge];
    if ((fenced >> index & 1u) != 0) {
      orderWithFence(edge, threads[index].role, fenceScope);
    } else {
      std::optional<Choice> choice;
      if (chooses(threads[index].role)) {
        choice = choices[nextChoice++];
      }
      orderWithoutFence(edge, threads[index].role, choice);
    }
  }
  return cycle;
}

std::string joined(const std::vector<Choice>& choices, std::string (*name)(Choice)) {
  std::string text;
  for (const Choice choice : choices) {
    text += (text.empty() ? "" : "_") + name(choice);
  }
  return text;
}

std::string noFenceName(const std::vector<OrderedThread>& threads, const std::vector<Choice>& choices) {
  if (choices.size() == 1) {
    return longName(choices.front());
  }
  if (!choices.empty()) {
    return joined(choices, shortName);
  }
  const bool readers = std::all_of(threads.begin(), threads.end(),
                                   [](const OrderedThread& t) { return t.role == Role::Reader; });
  const bool writers = std::all_of(threads.begin(), threads.end(),
                                   [](const OrderedThread& t) { return t.role == Role::Writer; });
  return readers ? "ACQUIRE" : writers ? "RELEASE" : "ACQ_REL";
}

std::string fencedName(const std::vector<OrderedThread>& threads, unsigned fenced) {
  const unsigned all = (1u << threads.size()) - 1;
  if (fenced == all && threads.size() >= 3) {
    return "ALL_FENCE";
  }
  if (fenced == all && threads.size() == 2) {
    return "BOTH_FENCE";
  }
  std::string name = "THREAD";
  for (std::size_t index = 0; index < threads.size(); ++index) {
    if ((fenced >> index & 1u) != 0) {
      name += "_" + std::to_string(threads[index].thread);
    }
  }
  return name + "_FENCE";
}

struct ScopeName {
  litmus::Scope scope;
  std::string_view name;
};

// cuda-litmus's SCOPE_BLOCK is .cta and SCOPE_DEVICE .gpu (its README).
constexpr ScopeName kScopes[] = {{litmus::Scope::Cta, "BLOCK"}, {litmus::Scope::Gpu, "DEVICE"}};

std::vector<Variant> variants(const Cycle& plain) {
  const std::vector<OrderedThread> threads = orderedThreads(plain);
  const unsigned all = (1u << threads.size()) - 1;
  std::vector<Variant> result;
  result.push_back(Variant{"NO_FENCE_RELAXED", plain});
  for (const std::vector<Choice>& choices : combinations(threads, all)) {
    result.push_back(Variant{"NO_FENCE_" + noFenceName(threads, choices),
                             orderedCycle(plain, threads, 0, litmus::Scope::None, choices)});
  }
  for (const ScopeName& fenceScope : kScopes) {
    for (unsigned fenced = 1; fenced <= all; ++fenced) {
      for (const std::vector<Choice>& choices : combinations(threads, all & ~fenced)) {
        std::string name = "FENCE_SCOPE_" + std::string(fenceScope.name) + "_" + fencedName(threads, fenced);
        if (!choices.empty()) {
          name += "_" + joined(choices, shortName);
        }
        result.push_back(Variant{name, orderedCycle(plain, threads, fenced, fenceScope.scope, choices)});
      }
    }
  }
  return result;
}

bool equalIgnoringCase(std::string_view left, std::string_view right) {
  return left.size() == right.size() &&
         std::equal(left.begin(), left.end(), right.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         });
}

}  // namespace

std::span<const Family> cudaLitmusFamilies() { return kFamilies; }

const Family* findFamily(std::string_view name) {
  for (const Family& family : kFamilies) {
    if (equalIgnoringCase(name, family.prefix) || equalIgnoringCase(name, family.shape)) {
      return &family;
    }
  }
  return nullptr;
}

std::vector<litmus::Test> generateFamily(const Family& family) {
  const std::optional<ClassicShape> shape = findClassicShape(family.shape);
  OPCHECK_ASSERT(shape.has_value(), "every family is named after a classic shape");
  const Cycle plain = parseCycle(shape->cycle);
  const unsigned threads = countThreads(plain);
  std::vector<litmus::Test> tests;
  for (const ThreadGrouping& grouping : allThreadGroupings(threads)) {
    for (const ScopeName& scope : kScopes) {
      for (const Variant& variant : variants(plain)) {
        GenerationOptions options;
        options.scope = scope.scope;
        options.ctas = grouping;
        options.name = std::string(family.prefix) + "_TB_" + cudaLitmusGroupingName(grouping, threads) +
                       "_SCOPE_" + std::string(scope.name) + "_" + variant.name;
        tests.push_back(buildTest(variant.cycle, options));
      }
    }
  }
  std::sort(tests.begin(), tests.end(),
            [](const litmus::Test& left, const litmus::Test& right) { return left.name < right.name; });
  return tests;
}

}  // namespace opcheck::generate

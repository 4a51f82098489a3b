#include "generate/CycleToTest.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "generate/GenerationError.h"
#include "generate/TestName.h"
#include "litmus/Limits.h"
#include "support/Assert.h"

namespace opcheck::generate {

namespace {

using litmus::Instruction;
using litmus::Opcode;
using litmus::Operand;

// The cycle rotated to start right after its last external edge, so that
// the first thread's first access starts it and a cycle that already ends
// with an external edge (as diy7 prints them) keeps its order.
std::vector<Edge> rotatedEdges(const Cycle& cycle) {
  const std::vector<Edge>& edges = cycle.edges;
  for (std::size_t index = edges.size(); index-- > 0;) {
    if (edges[index].changesThread()) {
      std::vector<Edge> rotated(edges.begin() + static_cast<std::ptrdiff_t>(index) + 1, edges.end());
      rotated.insert(rotated.end(), edges.begin(), edges.begin() + static_cast<std::ptrdiff_t>(index) + 1);
      return rotated;
    }
  }
  return edges;
}

// One access of the cycle: the source of edge `index`.
struct Event {
  Direction direction = Direction::Read;
  unsigned thread = 0;
  unsigned location = 0;
  AccessStrength strength = AccessStrength::Relaxed;
  std::int64_t value = 0;  // written, or read in the cycle's outcome
};

std::string locationName(unsigned location) {
  // diy7 names locations x, y, z, then a, b, ...
  static constexpr std::string_view kNames = "xyzabcdefghijklmnopqrstuvw";
  if (location < kNames.size()) {
    return std::string(1, kNames[location]);
  }
  return "x" + std::to_string(location);
}

AccessStrength combine(AccessStrength from, AccessStrength to) {
  if (from == AccessStrength::Relaxed) {
    return to;
  }
  if (to == AccessStrength::Relaxed || to == from) {
    return from;
  }
  throw GenerationError("an access is given two different strengths by the relations on either side of it");
}

std::vector<Event> placeEvents(const std::vector<Edge>& edges, unsigned& locationCount) {
  const std::size_t count = edges.size();
  std::vector<Event> events(count);
  for (std::size_t index = 0; index < count; ++index) {
    events[index].direction = edges[index].source;
    if (index > 0) {
      events[index].thread = events[index - 1].thread + (edges[index - 1].changesThread() ? 1 : 0);
      events[index].location = events[index - 1].location + (edges[index - 1].sameLocation ? 0 : 1);
    }
    const Edge& before = edges[(index + count - 1) % count];
    events[index].strength = combine(edges[index].sourceStrength, before.targetStrength);
  }
  const unsigned last = events.back().location;
  if (edges.back().sameLocation && last != 0) {
    // The last segment is the first location again.
    for (Event& event : events) {
      if (event.location == last) {
        event.location = 0;
      }
    }
    locationCount = last;
  } else {
    locationCount = last + 1;
  }
  return events;
}

// Values as diy7 gives them (see CycleToTest.h). Returns, per location
// observed by a coherence edge, its final value, in the order of the
// cycle's first coherence edge to it.
std::vector<std::pair<unsigned, std::int64_t>> assignValues(const std::vector<Edge>& edges,
                                                            std::vector<Event>& events,
                                                            unsigned locationCount) {
  const std::size_t count = edges.size();
  const bool changesLocation =
      std::any_of(edges.begin(), edges.end(), [](const Edge& edge) { return !edge.sameLocation; });
  std::vector<std::vector<std::size_t>> segments(locationCount);
  for (unsigned location = 0; location < locationCount; ++location) {
    std::size_t start = 0;
    if (changesLocation) {
      for (std::size_t index = 0; index < count; ++index) {
        if (events[index].location == location && !edges[(index + count - 1) % count].sameLocation) {
          start = index;
          break;
        }
      }
    }
    for (std::size_t step = 0; step < count; ++step) {
      const std::size_t index = (start + step) % count;
      if (events[index].location != location) {
        break;
      }
      segments[location].push_back(index);
    }
  }
  std::vector<std::size_t> positionInSegment(count, 0);
  for (const std::vector<std::size_t>& segment : segments) {
    std::int64_t writes = 0;
    for (std::size_t position = 0; position < segment.size(); ++position) {
      positionInSegment[segment[position]] = position;
      Event& event = events[segment[position]];
      if (event.direction == Direction::Write) {
        event.value = ++writes;
      }
    }
  }
  for (const std::vector<std::size_t>& segment : segments) {
    std::int64_t latestWrite = 0;
    for (const std::size_t index : segment) {
      Event& event = events[index];
      if (event.direction == Direction::Write) {
        latestWrite = event.value;
        continue;
      }
      const std::size_t previous = (index + count - 1) % count;
      if (edges[previous].kind == EdgeKind::ReadsFrom) {
        event.value = events[previous].value;
      } else if (edges[index].kind == EdgeKind::FromReads) {
        event.value = events[(index + 1) % count].value - 1;
      } else {
        event.value = latestWrite;
      }
    }
  }
  std::vector<std::pair<unsigned, std::int64_t>> finals;
  std::map<unsigned, std::size_t> latestTarget;  // location -> position in segment
  for (std::size_t index = 0; index < count; ++index) {
    if (edges[index].kind != EdgeKind::WriteSerial) {
      continue;
    }
    const std::size_t target = (index + 1) % count;
    const unsigned location = events[target].location;
    const auto found = latestTarget.find(location);
    if (found == latestTarget.end()) {
      finals.emplace_back(location, events[target].value);
      latestTarget[location] = positionInSegment[target];
    } else if (positionInSegment[target] > found->second) {
      found->second = positionInSegment[target];
      for (auto& [finalLocation, value] : finals) {
        if (finalLocation == location) {
          value = events[target].value;
        }
      }
    }
  }
  return finals;
}

// Builds one thread's instructions, naming registers as the parser would
// number them: initialised ones first, then in order of first use.
class ThreadWriter {
 public:
  ThreadWriter(litmus::Thread& thread, litmus::Scope scope) : thread_(thread), scope_(scope) {}

  litmus::RegisterId use(const std::string& name) {
    for (std::size_t id = 0; id < thread_.registers.size(); ++id) {
      if (thread_.registers[id].name == name) {
        return static_cast<litmus::RegisterId>(id);
      }
    }
    thread_.registers.push_back(litmus::Register{name, litmus::DataType::None, std::nullopt});
    return static_cast<litmus::RegisterId>(thread_.registers.size() - 1);
  }

  void initialiseAddress(const std::string& name, unsigned location) {
    const litmus::RegisterId id = use(name);
    thread_.registers[id].initialValue =
        litmus::InitialValue{true, 0, static_cast<litmus::LocationId>(location), {}};
  }

  void fence(litmus::Semantics semantics, litmus::Scope scope) {
    Instruction instruction;
    instruction.opcode = Opcode::Fence;
    instruction.semantics = semantics;
    instruction.scope = scope == litmus::Scope::None ? scope_ : scope;
    thread_.instructions.push_back(instruction);
  }

  void arithmetic(Opcode opcode, const std::string& destination, Operand left, Operand right) {
    Instruction instruction;
    instruction.opcode = opcode;
    instruction.operands.push_back(Operand{Operand::Kind::Register, use(destination), 0});
    instruction.operands.push_back(left);
    instruction.operands.push_back(right);
    thread_.instructions.push_back(instruction);
  }

  Operand registerOperand(const std::string& name) { return Operand{Operand::Kind::Register, use(name), 0}; }

  // A branch to the next instruction: "beq r, r, LCn; LCn:", diy's way of
  // making a control dependency.
  void branchToNext(const std::string& on) {
    Instruction instruction;
    instruction.opcode = Opcode::BranchEqual;
    instruction.operands.push_back(registerOperand(on));
    instruction.operands.push_back(registerOperand(on));
    const std::uint32_t label = static_cast<std::uint32_t>(thread_.labels.size());
    instruction.operands.push_back(Operand{Operand::Kind::Label, label, 0});
    thread_.instructions.push_back(instruction);
    char name[8];
    std::snprintf(name, sizeof name, "LC%02u", label);
    thread_.labels.push_back(litmus::Label{name, static_cast<std::uint32_t>(thread_.instructions.size())});
  }

  // READ_INTO is the register a read loads into (empty for a write).
  void access(const Event& event, Operand address, const std::string& readInto,
              std::optional<Operand> storedValue) {
    Instruction instruction;
    instruction.scope = scope_;
    const bool read = event.direction == Direction::Read;
    instruction.opcode = read ? Opcode::Load : Opcode::Store;
    switch (event.strength) {
      case AccessStrength::Relaxed:
        instruction.semantics = litmus::Semantics::Relaxed;
        break;
      case AccessStrength::Acquire:
        instruction.semantics = litmus::Semantics::Acquire;
        break;
      case AccessStrength::Release:
        instruction.semantics = litmus::Semantics::Release;
        break;
      case AccessStrength::Sc:
        instruction.semantics = read ? litmus::Semantics::Acquire : litmus::Semantics::Release;
        break;
    }
    if (read) {
      instruction.operands.push_back(registerOperand(readInto));
      instruction.operands.push_back(address);
    } else {
      instruction.operands.push_back(address);
      instruction.operands.push_back(storedValue ? *storedValue
                                                 : Operand{Operand::Kind::Immediate, 0, event.value});
    }
    thread_.instructions.push_back(instruction);
  }

 private:
  litmus::Thread& thread_;
  litmus::Scope scope_;
};

Operand immediate(std::int64_t value) { return Operand{Operand::Kind::Immediate, 0, value}; }

void checkGroupingSize(const ThreadGrouping& grouping, unsigned threads, const char* what) {
  unsigned named = 0;
  for (const std::vector<unsigned>& group : grouping.groups) {
    for (const unsigned thread : group) {
      if (thread >= threads) {
        throw GenerationError(std::string("the ") + what + " grouping names thread " +
                              std::to_string(thread) + " but the test has " + std::to_string(threads) +
                              " threads");
      }
      ++named;
    }
  }
  if (named != threads) {
    throw GenerationError(std::string("the ") + what + " grouping must name each of the test's " +
                          std::to_string(threads) + " threads once");
  }
}

void placeThreads(litmus::Test& test, const GenerationOptions& options) {
  const unsigned threads = static_cast<unsigned>(test.threads.size());
  const ThreadGrouping ctas = options.ctas ? *options.ctas : separateThreads(threads);
  ThreadGrouping oneGpu;
  oneGpu.groups.emplace_back();
  for (unsigned thread = 0; thread < threads; ++thread) {
    oneGpu.groups.back().push_back(thread);
  }
  const ThreadGrouping gpus = options.gpus ? *options.gpus : oneGpu;
  checkGroupingSize(ctas, threads, "CTA");
  checkGroupingSize(gpus, threads, "GPU");
  // Ids in the order of the first thread of each group, as the IR numbers
  // them (Test.h).
  std::map<unsigned, std::int16_t> ctaIds;
  std::map<unsigned, std::int16_t> gpuIds;
  for (unsigned thread = 0; thread < threads; ++thread) {
    const unsigned cta = ctas.groupOf(thread);
    const unsigned gpu = gpus.groupOf(thread);
    ctaIds.emplace(cta, static_cast<std::int16_t>(ctaIds.size()));
    gpuIds.emplace(gpu, static_cast<std::int16_t>(gpuIds.size()));
    litmus::ThreadPlacement& placement = test.threads[thread].placement;
    placement.cta = ctaIds[cta];
    placement.cluster = placement.cta;  // no clusters: each CTA its own (litmus/Test.h)
    placement.device = gpuIds[gpu];
    for (unsigned other = 0; other < thread; ++other) {
      if (ctas.groupOf(other) == cta && gpus.groupOf(other) != gpu) {
        throw GenerationError("threads " + std::to_string(other) + " and " + std::to_string(thread) +
                              " share a CTA but not a GPU");
      }
    }
  }
}

}  // namespace

unsigned countThreads(const Cycle& cycle) {
  const auto external = std::count_if(cycle.edges.begin(), cycle.edges.end(),
                                      [](const Edge& edge) { return edge.changesThread(); });
  return external == 0 ? 1u : static_cast<unsigned>(external);
}

litmus::Test buildTest(const Cycle& cycle, const GenerationOptions& options) {
  if (cycle.edges.empty()) {
    throw GenerationError("the cycle is empty");
  }
  const std::vector<Edge> edges = rotatedEdges(cycle);
  const std::size_t count = edges.size();
  unsigned locationCount = 0;
  std::vector<Event> events = placeEvents(edges, locationCount);
  const std::vector<std::pair<unsigned, std::int64_t>> finals = assignValues(edges, events, locationCount);
  const unsigned threadCount = countThreads(cycle);
  if (threadCount > litmus::kMaxThreads) {
    throw GenerationError("the cycle has " + std::to_string(threadCount) +
                          " threads; opcheck takes at most " + std::to_string(litmus::kMaxThreads));
  }

  litmus::Test test;
  test.name = options.name.empty() ? diyTestName(cycle) : options.name;
  test.documentation = "\"" + cycleText(cycle) + "\"";
  for (unsigned location = 0; location < locationCount; ++location) {
    test.locations.push_back(litmus::Location{
        locationName(location), {}, litmus::StateSpace::Global, litmus::Proxy::Generic, std::nullopt, {}});
  }
  test.threads.resize(threadCount);
  for (litmus::Thread& thread : test.threads) {
    thread.placement.kernel = litmus::ThreadPlacement::kUnspecified;
    thread.placement.warp = litmus::ThreadPlacement::kUnspecified;
  }
  placeThreads(test, options);

  // Address registers are initialised, so they come first (Test.h).
  std::vector<unsigned> addressRegisters(threadCount, 0);
  for (std::size_t index = 1; index < count; ++index) {
    const Edge& before = edges[index - 1];
    if (before.kind == EdgeKind::Dependency && before.dependency == DependencyKind::Address) {
      ThreadWriter writer(test.threads[events[index].thread], options.scope);
      writer.initialiseAddress("a" + std::to_string(addressRegisters[events[index].thread]++),
                               events[index].location);
    }
  }

  std::vector<unsigned> reads(threadCount, 0);
  std::vector<unsigned> temporaries(threadCount, 0);
  std::vector<unsigned> addresses(threadCount, 0);
  std::vector<std::optional<std::string>> readRegister(count);
  std::vector<litmus::Proposition> equalities;
  for (std::size_t index = 0; index < count; ++index) {
    const Event& event = events[index];
    litmus::Thread& thread = test.threads[event.thread];
    ThreadWriter writer(thread, options.scope);
    const bool inThread = index > 0 && !edges[index - 1].changesThread();
    const Edge* before = inThread ? &edges[index - 1] : nullptr;
    if (before != nullptr && before->kind == EdgeKind::Fence) {
      writer.fence(before->fenceSemantics, before->fenceScope);
    }
    if (event.strength == AccessStrength::Sc) {
      // cuda-litmus's SC access: fence.sc at the access's scope, then an
      // acquire load or a release store (make_mca_tests.py, "_sc").
      writer.fence(litmus::Semantics::SequentiallyConsistent, litmus::Scope::None);
    }
    Operand address{Operand::Kind::Location, event.location, 0};
    std::optional<Operand> storedValue;
    if (before != nullptr && before->kind == EdgeKind::Dependency) {
      const std::optional<std::string>& dependedOn = readRegister[index - 1];
      OPCHECK_ASSERT(dependedOn.has_value(), "a dependency starts at a read");
      const std::string& source = *dependedOn;
      const std::string temporary = "t" + std::to_string(temporaries[event.thread]++);
      switch (before->dependency) {
        case DependencyKind::Data:
          // diy's data dependency: a value computed from the read, equal to
          // the one to write.
          writer.arithmetic(Opcode::Xor, temporary, writer.registerOperand(source),
                            writer.registerOperand(source));
          writer.arithmetic(Opcode::Add, temporary, writer.registerOperand(temporary),
                            immediate(event.value));
          storedValue = writer.registerOperand(temporary);
          break;
        case DependencyKind::Address: {
          // The address plus a zero computed from the read: adding 0 keeps
          // an address (InstructionSemantics.h).
          writer.arithmetic(Opcode::Xor, temporary, writer.registerOperand(source),
                            writer.registerOperand(source));
          const std::string base = "a" + std::to_string(addresses[event.thread]++);
          writer.arithmetic(Opcode::Add, temporary, writer.registerOperand(base),
                            writer.registerOperand(temporary));
          address = Operand{Operand::Kind::RegisterAddress, writer.use(temporary), 0};
          break;
        }
        case DependencyKind::Control:
          writer.branchToNext(source);
          break;
        case DependencyKind::None:
          break;
      }
    }
    if (event.direction == Direction::Write) {
      writer.access(event, address, "", storedValue);
    } else {
      const std::string& into = readRegister[index].emplace("r" + std::to_string(reads[event.thread]++));
      writer.access(event, address, into, storedValue);
      litmus::Proposition equal;
      equal.kind = litmus::Proposition::Kind::Equal;
      equal.left = litmus::ConditionTerm{litmus::ConditionTerm::Kind::Register,
                                         static_cast<std::uint16_t>(event.thread), writer.use(into), 0};
      equal.right = litmus::ConditionTerm{litmus::ConditionTerm::Kind::Integer, 0, 0, event.value};
      equalities.push_back(equal);
    }
  }
  // Registers first, by thread, then final values (herd's order).
  std::stable_sort(equalities.begin(), equalities.end(),
                   [](const litmus::Proposition& left, const litmus::Proposition& right) {
                     return left.left.thread < right.left.thread;
                   });
  for (const auto& [location, value] : finals) {
    litmus::Proposition equal;
    equal.kind = litmus::Proposition::Kind::Equal;
    equal.left = litmus::ConditionTerm{litmus::ConditionTerm::Kind::Location, 0, location, 0};
    equal.right = litmus::ConditionTerm{litmus::ConditionTerm::Kind::Integer, 0, 0, value};
    equalities.push_back(equal);
  }
  test.condition.quantifier = litmus::Quantifier::Exists;
  if (equalities.size() == 1) {
    test.condition.proposition = equalities.front();
  } else {
    test.condition.proposition.kind = litmus::Proposition::Kind::And;
    test.condition.proposition.operands = equalities;
  }
  return test;
}

}  // namespace opcheck::generate

#include "generate/CPrograms.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <span>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "litmus/CDialect.h"

namespace opcheck::generate {

namespace {

enum class CAccess : std::uint8_t { Load, Store, Exchange, Fence, CompareExchange, FetchAdd };
enum class COrder : std::uint8_t { NonAtomic, Relaxed, Acquire, Release, AcqRel, SeqCst };
enum class CScope : std::uint8_t { Block, Device, System };
static_assert(kCEventKindNames.size() == static_cast<std::size_t>(CAccess::FetchAdd) + 1);
static_assert(kCOrderNames.size() == static_cast<std::size_t>(COrder::SeqCst) + 1);

// The orders C gives each access (C11 7.17.7: a load has no release, a
// store no acquire; a read-modify-write, compare-exchange included, takes
// every order), and the fences that order anything (a relaxed fence is no
// fence).
constexpr std::array kLoadOrders = {COrder::NonAtomic, COrder::Relaxed, COrder::Acquire, COrder::SeqCst};
constexpr std::array kStoreOrders = {COrder::NonAtomic, COrder::Relaxed, COrder::Release, COrder::SeqCst};
constexpr std::array kExchangeOrders = {COrder::Relaxed, COrder::Acquire, COrder::Release, COrder::AcqRel,
                                        COrder::SeqCst};
constexpr std::array kFenceOrders = {COrder::Acquire, COrder::Release, COrder::AcqRel, COrder::SeqCst};

// A slot is an event's place in the program: its index counting every
// event of the threads before it, then the events before it in its thread.
using CSlot = std::uint8_t;
inline constexpr std::size_t kMaxCEvents = kMaxCProgramEvents;  // slots in a CSlotSet
using CSlotSet = std::uint16_t;

struct CEvent {
  CAccess access = CAccess::Load;
  COrder order = COrder::Relaxed;
  CScope scope = CScope::Device;  // Device for a non-atomic access
  std::uint8_t location = 0;      // 0 for a fence
  // A compare-exchange's expected value (CPrograms.h): the value of the
  // store, exchange or compare-exchange at slot expectedSource (the initial
  // 0 where there is none), plus the addends of the fetch-and-adds in
  // expectedAdds. By slots, so that renaming the threads keeps it.
  std::optional<CSlot> expectedSource;
  CSlotSet expectedAdds = 0;

  bool accessesMemory() const { return access != CAccess::Fence; }
  // A write whose value is a constant of the program, not what it read.
  bool writesConstant() const {
    return access == CAccess::Store || access == CAccess::Exchange || access == CAccess::CompareExchange;
  }
  bool writes() const { return writesConstant() || access == CAccess::FetchAdd; }
  bool returnsValue() const { return accessesMemory() && access != CAccess::Store; }
};

struct CPlacement {
  std::vector<std::uint8_t> cta;  // per thread, numbered by first appearance
  std::vector<std::uint8_t> gpu;  // per thread
  std::size_t ctas = 0;
  std::size_t gpus = 0;
};

// The scopes that differ under PLACEMENT (CPrograms.h).
std::vector<CScope> distinctScopes(const CPlacement& placement) {
  if (placement.ctas == 1) {
    return {CScope::Device};
  }
  if (placement.gpus == 1) {
    return {CScope::Block, CScope::Device};
  }
  return {CScope::Block, CScope::Device, CScope::System};
}

bool inMask(std::uint8_t mask, auto item) { return (mask >> static_cast<unsigned>(item) & 1U) != 0; }

// Every event a slot can hold under BOUND's alphabet, locations aside.
std::vector<CEvent> cEventAlphabet(std::span<const CScope> scopes, const CProgramBound& bound) {
  std::vector<CEvent> alphabet;
  const auto add = [&](CAccess access, std::span<const COrder> orders) {
    if (!inMask(bound.kinds, access)) {
      return;
    }
    for (const COrder order : orders) {
      if (!inMask(bound.orders, order)) {
        continue;
      }
      if (order == COrder::NonAtomic) {
        alphabet.push_back({access, order, CScope::Device, 0, std::nullopt, 0});
        continue;
      }
      for (const CScope scope : scopes) {
        alphabet.push_back({access, order, scope, 0, std::nullopt, 0});
      }
    }
  };
  add(CAccess::Load, kLoadOrders);
  add(CAccess::Store, kStoreOrders);
  add(CAccess::Exchange, kExchangeOrders);
  add(CAccess::Fence, kFenceOrders);
  add(CAccess::CompareExchange, kExchangeOrders);
  add(CAccess::FetchAdd, kExchangeOrders);
  return alphabet;
}

// Set partitions of N items as restricted growth strings: item i's block
// is at most one more than the largest block before it.
std::vector<std::vector<std::uint8_t>> restrictedGrowthStrings(std::size_t n) {
  std::vector<std::vector<std::uint8_t>> partitions;
  std::vector<std::uint8_t> blocks(n, 0);
  const auto extend = [&](auto& self, std::size_t item, std::uint8_t largest) -> void {
    if (item == n) {
      partitions.push_back(blocks);
      return;
    }
    for (std::uint8_t block = 0; block <= largest + 1; ++block) {
      blocks[item] = block;
      self(self, item + 1, std::max(largest, block));
    }
  };
  if (n > 0) {
    extend(extend, 1, 0);
  }
  return partitions;
}

// Every placement of THREADS threads: into CTAs, and the CTAs into GPUs.
std::vector<CPlacement> cPlacements(std::size_t threads) {
  std::vector<CPlacement> all;
  for (const std::vector<std::uint8_t>& ctaOf : restrictedGrowthStrings(threads)) {
    const std::size_t ctas = *std::max_element(ctaOf.begin(), ctaOf.end()) + 1U;
    for (const std::vector<std::uint8_t>& gpuOfCta : restrictedGrowthStrings(ctas)) {
      CPlacement placement;
      placement.cta = ctaOf;
      placement.ctas = ctas;
      placement.gpus = *std::max_element(gpuOfCta.begin(), gpuOfCta.end()) + 1U;
      for (const std::uint8_t cta : ctaOf) {
        placement.gpu.push_back(gpuOfCta[cta]);
      }
      all.push_back(std::move(placement));
    }
  }
  return all;
}

// Thread lengths summing to EVENTS, longest first (any order of the threads
// is the same program with its threads renamed).
std::vector<std::vector<std::size_t>> cThreadLengths(std::size_t events, std::size_t maxThreads) {
  std::vector<std::vector<std::size_t>> all;
  std::vector<std::size_t> lengths;
  const auto extend = [&](auto& self, std::size_t left, std::size_t largest) -> void {
    if (left == 0) {
      if (lengths.size() >= 2) {
        all.push_back(lengths);
      }
      return;
    }
    if (lengths.size() == maxThreads) {
      return;
    }
    for (std::size_t length = std::min(left, largest); length >= 1; --length) {
      lengths.push_back(length);
      self(self, left - length, length);
      lengths.pop_back();
    }
  };
  extend(extend, events, events);
  return all;
}

// A program: its placement and each thread's events.
struct CProgramShape {
  const CPlacement* placement = nullptr;
  std::vector<std::vector<CEvent>> threads;
};

// The slot of each thread's first event.
std::vector<std::size_t> firstSlots(const CProgramShape& program) {
  std::vector<std::size_t> first;
  std::size_t slot = 0;
  for (const std::vector<CEvent>& thread : program.threads) {
    first.push_back(slot);
    slot += thread.size();
  }
  return first;
}

// The program's text with its threads in ORDER, CTAs, GPUs, locations and
// the slots a compare-exchange's expected value names renamed by first
// appearance: equal for two programs exactly when one is the other
// renamed. Longer threads come first, so that the order the generator
// lists (longest first) is the least.
std::string cProgramKey(const CProgramShape& program, std::span<const std::size_t> order) {
  std::array<int, 8> ctaName{};
  std::array<int, 8> gpuName{};
  std::array<int, 8> locationName{};
  ctaName.fill(-1);
  gpuName.fill(-1);
  locationName.fill(-1);
  int ctas = 0;
  int gpus = 0;
  int locations = 0;
  const std::vector<std::size_t> first = firstSlots(program);
  std::array<char, kMaxCEvents> renamedSlot{};
  char slots = 0;
  for (const std::size_t thread : order) {
    for (std::size_t event = 0; event < program.threads[thread].size(); ++event) {
      renamedSlot[first[thread] + event] = slots++;
    }
  }
  std::string key;
  for (const std::size_t thread : order) {
    key.push_back(static_cast<char>(0x7f - program.threads[thread].size()));
  }
  for (const std::size_t thread : order) {
    int& cta = ctaName[program.placement->cta[thread]];
    int& gpu = gpuName[program.placement->gpu[thread]];
    cta = cta < 0 ? ctas++ : cta;
    gpu = gpu < 0 ? gpus++ : gpu;
    key.push_back(static_cast<char>('0' + cta));
    key.push_back(static_cast<char>('0' + gpu));
    for (const CEvent& event : program.threads[thread]) {
      int location = 0;
      if (event.accessesMemory()) {
        int& name = locationName[event.location];
        name = name < 0 ? locations++ : name;
        location = name;
      }
      key.push_back(static_cast<char>('A' + static_cast<int>(event.access)));
      key.push_back(static_cast<char>('a' + static_cast<int>(event.order)));
      key.push_back(static_cast<char>('a' + static_cast<int>(event.scope)));
      key.push_back(static_cast<char>('0' + location));
      if (event.access == CAccess::CompareExchange) {
        key.push_back(event.expectedSource ? static_cast<char>('0' + renamedSlot[*event.expectedSource])
                                           : '#');
        CSlotSet adds = 0;
        for (std::size_t slot = 0; slot < kMaxCEvents; ++slot) {
          if ((event.expectedAdds >> slot & 1U) != 0) {
            adds = static_cast<CSlotSet>(adds | 1U << static_cast<unsigned>(renamedSlot[slot]));
          }
        }
        key += std::to_string(adds) + ';';
      }
    }
    key.push_back('|');
  }
  return key;
}

// Whether PROGRAM is the first of the programs that rename into it.
bool isFirstOfItsRenamings(const CProgramShape& program) {
  std::vector<std::size_t> order(program.threads.size());
  std::iota(order.begin(), order.end(), 0);
  const std::string own = cProgramKey(program, order);
  while (std::next_permutation(order.begin(), order.end())) {
    if (cProgramKey(program, order) < own) {
      return false;
    }
  }
  return true;
}

// Every location is written and touched by two threads or more; every
// thread accesses memory.
bool ordersSomething(const CProgramShape& program, std::size_t locations) {
  std::vector<unsigned> threadsTouching(locations, 0);
  std::vector<bool> written(locations, false);
  for (const std::vector<CEvent>& thread : program.threads) {
    std::vector<bool> touched(locations, false);
    bool accesses = false;
    for (const CEvent& event : thread) {
      if (event.accessesMemory()) {
        accesses = true;
        touched[event.location] = true;
        written[event.location] = written[event.location] || event.writes();
      }
    }
    if (!accesses) {
      return false;
    }
    for (std::size_t location = 0; location < locations; ++location) {
      threadsTouching[location] += touched[location] ? 1 : 0;
    }
  }
  for (std::size_t location = 0; location < locations; ++location) {
    if (!written[location] || threadsTouching[location] < 2) {
      return false;
    }
  }
  return true;
}

// What each write of PROGRAM writes, by slot (CPrograms.h): the k-th
// store, exchange or compare-exchange of a location writes k; the j-th
// fetch-and-add of a location adds (W + 1) * 2^(j-1), W the location's
// constant writes. A value is then a constant (or 0) plus a sum of distinct
// addends, each a multiple of W + 1: the constant and the set of
// fetch-and-adds are read back from it, so it names the write it is.
std::vector<int> cWrittenValues(const CProgramShape& program, std::size_t locations) {
  std::vector<int> constants(locations, 0);
  for (const std::vector<CEvent>& thread : program.threads) {
    for (const CEvent& event : thread) {
      constants[event.location] += event.accessesMemory() && event.writesConstant() ? 1 : 0;
    }
  }
  std::vector<int> written;
  std::vector<int> constantsSoFar(locations, 0);
  std::vector<int> addendsSoFar(locations, 0);
  for (const std::vector<CEvent>& thread : program.threads) {
    for (const CEvent& event : thread) {
      int value = 0;
      if (event.accessesMemory() && event.writesConstant()) {
        value = ++constantsSoFar[event.location];
      } else if (event.access == CAccess::FetchAdd) {
        value = (constants[event.location] + 1) << addendsSoFar[event.location]++;
      }
      written.push_back(value);
    }
  }
  return written;
}

// The value a compare-exchange EVENT expects, given WRITTEN (cWrittenValues).
int cExpectedValue(const CEvent& event, std::span<const int> written) {
  int value = event.expectedSource ? written[*event.expectedSource] : 0;
  for (std::size_t slot = 0; slot < written.size(); ++slot) {
    value += (event.expectedAdds >> slot & 1U) != 0 ? written[slot] : 0;
  }
  return value;
}

// Whether every compare-exchange of PROGRAM can both succeed and fail
// under coherence alone: in some interleaving of the accesses to its
// location, each thread's in program order, it reads its expected value,
// and in another some other value. Any such interleaving extends to an
// interleaving of the whole program (the other locations' events fit
// around it in program order), a sequentially consistent execution, which
// every model allows.
class CasOutcomes {
 public:
  CasOutcomes(const CProgramShape& program, std::size_t locations)
      : program_(program), written_(cWrittenValues(program, locations)), first_(firstSlots(program)) {
    for (const std::vector<CEvent>& thread : program.threads) {
      for (const CEvent& event : thread) {
        seen_.push_back(event.access == CAccess::CompareExchange ? 0 : kSucceeded | kFailed);
      }
    }
    for (std::size_t location = 0; location < locations; ++location) {
      location_ = location;
      next_.assign(program.threads.size(), 0);
      interleave(0);
    }
  }

  bool bothPossible() const {
    return std::all_of(seen_.begin(), seen_.end(),
                       [](std::uint8_t seen) { return seen == (kSucceeded | kFailed); });
  }

 private:
  static constexpr std::uint8_t kSucceeded = 1;
  static constexpr std::uint8_t kFailed = 2;

  // Runs every continuation of the interleaving so far, MEMORY the value
  // the location holds.
  void interleave(int memory) {
    for (std::size_t thread = 0; thread < program_.threads.size(); ++thread) {
      const std::vector<CEvent>& events = program_.threads[thread];
      std::size_t& at = next_[thread];
      while (at < events.size() && (!events[at].accessesMemory() || events[at].location != location_)) {
        ++at;
      }
      if (at == events.size()) {
        continue;
      }
      const std::size_t slot = first_[thread] + at;
      const CEvent& event = events[at];
      int after = memory;
      if (event.access == CAccess::FetchAdd) {
        after = memory + written_[slot];
      } else if (event.access == CAccess::CompareExchange) {
        const bool succeeds = memory == cExpectedValue(event, written_);
        seen_[slot] |= succeeds ? kSucceeded : kFailed;
        after = succeeds ? written_[slot] : memory;
      } else if (event.writes()) {
        after = written_[slot];
      }
      const std::size_t saved = at;
      ++at;
      interleave(after);
      at = saved;
    }
  }

  const CProgramShape& program_;
  std::vector<int> written_;
  std::vector<std::size_t> first_;
  std::vector<std::uint8_t> seen_;  // per slot: kSucceeded, kFailed
  std::size_t location_ = 0;
  std::vector<std::size_t> next_;  // per thread: its next event
};

constexpr std::array<const char*, 6> kOrderNames = {"",
                                                    "memory_order_relaxed",
                                                    "memory_order_acquire",
                                                    "memory_order_release",
                                                    "memory_order_acq_rel",
                                                    "memory_order_seq_cst"};
constexpr std::array<const char*, 3> kScopeNames = {"thread_scope_block", "thread_scope_device",
                                                    "thread_scope_system"};

char cLocationName(std::size_t location) { return static_cast<char>('x' + location); }

litmus::Semantics cSemantics(COrder order) {
  switch (order) {
    case COrder::Acquire:
      return litmus::Semantics::Acquire;
    case COrder::Release:
      return litmus::Semantics::Release;
    case COrder::AcqRel:
      return litmus::Semantics::AcquireRelease;
    case COrder::SeqCst:
      return litmus::Semantics::SequentiallyConsistent;
    default:
      return litmus::Semantics::Relaxed;
  }
}

std::string cProgramText(const CProgramShape& program, std::size_t locations, const std::string& name) {
  std::ostringstream text;
  text << "C " << name << "\n{";
  for (std::size_t location = 0; location < locations; ++location) {
    text << ' ' << cLocationName(location) << " = 0;";
  }
  text << " }\n";
  std::vector<bool> atomic(locations, false);
  for (const std::vector<CEvent>& thread : program.threads) {
    for (const CEvent& event : thread) {
      if (event.accessesMemory()) {
        atomic[event.location] = event.order != COrder::NonAtomic;
      }
    }
  }
  const std::vector<int> written = cWrittenValues(program, locations);
  std::size_t slot = 0;
  std::string observed;
  for (std::size_t thread = 0; thread < program.threads.size(); ++thread) {
    text << "\nP" << thread << "@cta " << int{program.placement->cta[thread]} << ",gpu "
         << int{program.placement->gpu[thread]} << " (";
    for (std::size_t location = 0; location < locations; ++location) {
      text << (location == 0 ? "" : ", ") << (atomic[location] ? "atomic_int* " : "int* ")
           << cLocationName(location);
    }
    text << ") {\n";
    int registers = 0;
    for (const CEvent& event : program.threads[thread]) {
      const int value = written[slot++];
      const char x = cLocationName(event.location);
      const std::string order = kOrderNames[static_cast<std::size_t>(event.order)];
      const std::string scope = kScopeNames[static_cast<std::size_t>(event.scope)];
      std::string target;
      if (event.returnsValue()) {
        target = "r" + std::to_string(registers++);
        observed += std::to_string(thread) + ":" + target + "; ";
      }
      text << "  ";
      switch (event.access) {
        case CAccess::Load:
          if (event.order == COrder::NonAtomic) {
            text << "int " << target << " = *" << x << ";\n";
          } else {
            text << "int " << target << " = atomic_load_explicit(" << x << ", " << order << ", " << scope
                 << ");\n";
          }
          break;
        case CAccess::Store:
          if (event.order == COrder::NonAtomic) {
            text << '*' << x << " = " << value << ";\n";
          } else {
            text << "atomic_store_explicit(" << x << ", " << value << ", " << order << ", " << scope
                 << ");\n";
          }
          break;
        case CAccess::Exchange:
          text << "int " << target << " = atomic_exchange_explicit(" << x << ", " << value << ", " << order
               << ", " << scope << ");\n";
          break;
        case CAccess::CompareExchange:
          // The failure order: the strongest C allows (C11 7.17.7.4p2: not
          // release or acq_rel, no stronger than success), which is the
          // one the C dialect pairs with the success order.
          text << "int " << target << " = atomic_compare_exchange_strong_explicit(" << x << ", "
               << cExpectedValue(event, written) << ", " << value << ", " << order << ", "
               << litmus::cMemoryOrderName(litmus::pairedFailureOrder(cSemantics(event.order))) << ", "
               << scope << ");\n";
          break;
        case CAccess::FetchAdd:
          text << "int " << target << " = atomic_fetch_add_explicit(" << x << ", " << value << ", " << order
               << ", " << scope << ");\n";
          break;
        case CAccess::Fence:
          text << "atomic_thread_fence(" << order << ", " << scope << ");\n";
          break;
      }
    }
    text << "}\n";
  }
  text << "\nlocations [";
  for (std::size_t location = 0; location < locations; ++location) {
    text << cLocationName(location) << "; ";
  }
  text << observed << "]\n";
  return text.str();
}

// Fills the events of PROGRAM slot by slot (thread by thread, in program
// order), locations named by first use and each location's accesses all
// atomic or all not, and visits the complete ones that are canonical.
class CProgramFiller {
 public:
  CProgramFiller(const CProgramBound& bound, const std::function<void(const CProgram&)>& visit,
                 std::size_t& index)
      : bound_(bound), visit_(visit), index_(index) {}

  void fill(const CPlacement& placement, std::span<const std::size_t> lengths) {
    program_.placement = &placement;
    program_.threads.assign(lengths.size(), {});
    lengths_ = lengths;
    alphabet_ = cEventAlphabet(distinctScopes(placement), bound_);
    atomic_.assign(bound_.locations, -1);
    next(0, 0);
  }

 private:
  void next(std::size_t thread, std::size_t used) {
    if (thread == lengths_.size()) {
      finish(used);
      return;
    }
    std::vector<CEvent>& events = program_.threads[thread];
    if (events.size() == lengths_[thread]) {
      next(thread + 1, used);
      return;
    }
    for (CEvent event : alphabet_) {
      if (!event.accessesMemory()) {
        events.push_back(event);
        next(thread, used);
        events.pop_back();
        continue;
      }
      const int atomic = event.order == COrder::NonAtomic ? 0 : 1;
      for (std::size_t location = 0; location < std::min(used + 1, bound_.locations); ++location) {
        const int kind = atomic_[location];
        if (kind >= 0 && kind != atomic) {
          continue;
        }
        event.location = static_cast<std::uint8_t>(location);
        atomic_[location] = atomic;
        events.push_back(event);
        next(thread, std::max(used, location + 1));
        events.pop_back();
        atomic_[location] = kind;
      }
    }
  }

  void finish(std::size_t used) {
    if (!ordersSomething(program_, used)) {
      return;
    }
    compareExchanges_.clear();
    std::size_t slot = 0;
    for (std::vector<CEvent>& thread : program_.threads) {
      for (CEvent& event : thread) {
        if (event.access == CAccess::CompareExchange) {
          compareExchanges_.push_back({&event, slot});
        }
        ++slot;
      }
    }
    expect(0, used);
  }

  // Gives the compare-exchanges from the N-th on every expected value
  // (CPrograms.h) and visits the programs where each can both succeed and
  // fail and that are canonical.
  void expect(std::size_t n, std::size_t used) {
    if (n == compareExchanges_.size()) {
      if (!CasOutcomes(program_, used).bothPossible() || !isFirstOfItsRenamings(program_)) {
        return;
      }
      const std::string name = "bounded-" + std::to_string(bound_.events) + "-" + std::to_string(++index_);
      visit_({name, cProgramText(program_, used, name)});
      return;
    }
    auto [event, own] = compareExchanges_[n];
    // The writes of its location: the constant ones are sources, the
    // fetch-and-adds addends.
    std::vector<std::optional<CSlot>> sources = {std::nullopt};
    std::vector<CSlot> adds;
    std::size_t slot = 0;
    for (const std::vector<CEvent>& thread : program_.threads) {
      for (const CEvent& other : thread) {
        if (other.accessesMemory() && other.location == event->location && slot != own) {
          if (other.writesConstant()) {
            sources.emplace_back(static_cast<CSlot>(slot));
          } else if (other.access == CAccess::FetchAdd) {
            adds.push_back(static_cast<CSlot>(slot));
          }
        }
        ++slot;
      }
    }
    for (const std::optional<CSlot> source : sources) {
      for (std::size_t subset = 0; subset < std::size_t{1} << adds.size(); ++subset) {
        CSlotSet added = 0;
        for (std::size_t add = 0; add < adds.size(); ++add) {
          added = static_cast<CSlotSet>(added | ((subset >> add & 1U) != 0 ? 1U << adds[add] : 0U));
        }
        event->expectedSource = source;
        event->expectedAdds = added;
        expect(n + 1, used);
      }
    }
    event->expectedSource.reset();
    event->expectedAdds = 0;
  }

  const CProgramBound& bound_;
  const std::function<void(const CProgram&)>& visit_;
  std::size_t& index_;
  CProgramShape program_;
  std::span<const std::size_t> lengths_;
  std::vector<CEvent> alphabet_;
  std::vector<int> atomic_;  // per location: -1 unused, 0 non-atomic, 1 atomic
  std::vector<std::pair<CEvent*, std::size_t>> compareExchanges_;  // with their slots
};

}  // namespace

std::optional<std::uint8_t> namedMask(std::string_view names, std::span<const std::string_view> all) {
  if (names.ends_with(',')) {
    return std::nullopt;
  }
  std::uint8_t mask = 0;
  while (!names.empty()) {
    const std::size_t comma = names.find(',');
    const std::string_view name = names.substr(0, comma);
    const auto known = std::find(all.begin(), all.end(), name);
    if (known == all.end()) {
      return std::nullopt;
    }
    mask = static_cast<std::uint8_t>(mask | 1U << static_cast<unsigned>(known - all.begin()));
    names = comma == std::string_view::npos ? std::string_view{} : names.substr(comma + 1);
  }
  return mask == 0 ? std::nullopt : std::optional<std::uint8_t>(mask);
}

void forEachCProgram(const CProgramBound& bound, const std::function<void(const CProgram&)>& visit) {
  if (bound.events > kMaxCProgramEvents) {
    throw std::out_of_range("a generated C program has at most " + std::to_string(kMaxCProgramEvents) +
                            " events");
  }
  std::size_t index = 0;
  CProgramFiller filler(bound, visit, index);
  for (const std::vector<std::size_t>& lengths : cThreadLengths(bound.events, bound.maxThreads)) {
    for (const CPlacement& placement : cPlacements(lengths.size())) {
      if (placement.gpus > bound.maxGpus || placement.ctas > bound.maxCtas) {
        continue;
      }
      filler.fill(placement, lengths);
    }
  }
}

}  // namespace opcheck::generate

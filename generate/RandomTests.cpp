#include "generate/RandomTests.h"

#include <algorithm>
#include <array>
#include <optional>
#include <random>
#include <sstream>
#include <string_view>
#include <vector>

#include "litmus/CanonicalPrinter.h"

namespace opcheck::generate {

namespace {

// Joins the arguments' printed forms: the formatting this file needs.
template <typename... Parts>
std::string cat(const Parts&... parts) {
  std::ostringstream out;
  (out << ... << parts);
  return out.str();
}

// Draws from one seeded engine; see the header for why ranges are mapped
// here and not by std::uniform_int_distribution.
class Draw {
 public:
  Draw(std::uint64_t seed, std::uint64_t index) {
    std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                           static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)};
    engine_.seed(sequence);
  }

  // A number in [0, bound); bound > 0. The modulo bias is irrelevant at
  // these bounds.
  std::size_t below(std::size_t bound) { return static_cast<std::size_t>(engine_() % bound); }
  std::size_t between(std::size_t low, std::size_t high) { return low + below(high - low + 1); }
  bool chance(std::size_t percent) { return below(100) < percent; }

  template <typename T, std::size_t N>
  const T& pick(const std::array<T, N>& choices) {
    return choices[below(N)];
  }

 private:
  std::mt19937_64 engine_;
};

constexpr std::array<std::string_view, 3> kLocationNames{"x", "y", "z"};
constexpr std::array<std::string_view, 3> kScopeSpellings{"cta", "gpu", "sys"};

// One thread's lines; a label occupies a line of its own.
struct ThreadText {
  std::vector<std::string> lines;
  std::size_t nextRegister = 0;
  std::vector<std::size_t> writtenRegisters;  // in the order written
  std::vector<std::size_t> loadedRegisters;   // registers a memory read wrote
  bool hasBranch = false;

  std::string freshRegister() {
    writtenRegisters.push_back(nextRegister);
    return cat("r", nextRegister++);
  }
};

class RandomTestWriter {
 public:
  RandomTestWriter(std::uint64_t seed, std::uint64_t index, const RandomTestSize& size)
      : draw_(seed, index), seed_(seed), index_(index), size_(size) {}

  std::string write() {
    const std::size_t threadCount = draw_.between(2, std::max<std::size_t>(2, size_.maxThreads));
    // Two locations at least: with one, a dozen writes give the axiomatic
    // models a dozen factorial coherence orders to enumerate.
    locationCount_ = draw_.between(2, std::clamp<std::size_t>(size_.maxLocations, 2, kLocationNames.size()));
    placeThreads(threadCount);
    threads_.resize(threadCount);
    for (ThreadText& thread : threads_) {
      writeThread(thread);
    }
    maybeAddSpinLoop();
    maybeAddBarrier();
    return text();
  }

 private:
  // CTA numbers in order of first use (P0 is in CTA 0), so equal groupings
  // print equally; now and then the CTAs are spread over two GPUs, which
  // only .sys operations span.
  void placeThreads(std::size_t threadCount) {
    std::size_t ctaCount = 0;
    for (std::size_t thread = 0; thread < threadCount; ++thread) {
      const std::size_t cta = draw_.below(ctaCount + 1);
      ctaCount = std::max(ctaCount, cta + 1);
      ctaOfThread_.push_back(cta);
    }
    twoGpus_ = ctaCount > 1 && draw_.chance(10);
  }

  std::size_t gpuOf(std::size_t thread) const { return twoGpus_ ? ctaOfThread_[thread] % 2 : 0; }

  std::string_view location() { return kLocationNames[draw_.below(locationCount_)]; }
  std::string_view scope() { return draw_.pick(kScopeSpellings); }

  // Stored values are distinct small numbers, so an outcome tells which
  // write a read saw.
  std::string storedValue(ThreadText& thread) {
    if (!thread.loadedRegisters.empty() && draw_.chance(20)) {  // a data dependency
      return cat("r", thread.loadedRegisters[draw_.below(thread.loadedRegisters.size())]);
    }
    return cat(nextValue_++);
  }

  // weak, relaxed or ORDERED (acquire for a load, release for a store),
  // the last two at a random scope.
  std::string accessSemantics(std::string_view ordered) {
    switch (draw_.below(3)) {
      case 0:
        return "weak";
      case 1:
        return cat("relaxed.", scope());
      default:
        return cat(ordered, ".", scope());
    }
  }

  std::string loadSemantics() { return accessSemantics("acquire"); }
  std::string storeSemantics() { return accessSemantics("release"); }

  std::string load(ThreadText& thread) {
    const std::string semantics = loadSemantics();
    const std::string_view from = location();
    std::string target = thread.freshRegister();
    thread.loadedRegisters.push_back(thread.nextRegister - 1);
    return cat("ld.", semantics, " ", target, ", ", from);
  }

  std::string store(ThreadText& thread) {
    const std::string semantics = storeSemantics();
    const std::string_view to = location();
    return cat("st.", semantics, " ", to, ", ", storedValue(thread));
  }

  std::string atomic(ThreadText& thread) {
    static constexpr std::array<std::string_view, 4> kSemantics{"relaxed", "acquire", "release", "acq_rel"};
    const std::string_view semantics = draw_.pick(kSemantics);
    const std::string_view atomicScope = scope();
    const std::string_view at = location();
    std::string target = thread.freshRegister();
    thread.loadedRegisters.push_back(thread.nextRegister - 1);
    switch (draw_.below(3)) {
      case 0:
        return cat("atom.", semantics, ".", atomicScope, ".add ", target, ", ", at, ", ", nextValue_++);
      case 1:
        return cat("atom.", semantics, ".", atomicScope, ".exch ", target, ", ", at, ", ", nextValue_++);
      default: {
        const std::size_t expected = draw_.below(nextValue_);
        return cat("atom.", semantics, ".", atomicScope, ".cas ", target, ", ", at, ", ", expected, ", ",
                   nextValue_++);
      }
    }
  }

  std::string reduction() {
    static constexpr std::array<std::string_view, 2> kSemantics{"relaxed", "release"};
    const std::string_view semantics = draw_.pick(kSemantics);
    const std::string_view reductionScope = scope();
    return cat("red.", semantics, ".", reductionScope, ".add ", location(), ", ", nextValue_++);
  }

  std::string fence() {
    static constexpr std::array<std::string_view, 2> kSemantics{"sc", "acq_rel"};
    const std::string_view semantics = draw_.pick(kSemantics);
    return cat("fence.", semantics, ".", scope());
  }

  // Arithmetic on a loaded value, at 32 or 64 bits or untyped (64 bits,
  // docs/architecture.md "Values"), with operands that wrap at 32 bits now and then.
  std::string arithmetic(ThreadText& thread) {
    static constexpr std::array<std::string_view, 3> kOperations{"add", "xor", "and"};
    static constexpr std::array<std::string_view, 4> kTypes{"", ".s32", ".u32", ".u64"};
    static constexpr std::array<std::int64_t, 5> kOperands{1, 2, 255, 2147483647, -1};
    const std::size_t source = thread.loadedRegisters[draw_.below(thread.loadedRegisters.size())];
    const std::string_view operation = draw_.pick(kOperations);
    const std::string_view type = draw_.pick(kTypes);
    const std::int64_t operand = draw_.pick(kOperands);
    std::string target = thread.freshRegister();
    return cat(operation, type, " ", target, ", r", source, ", ", operand);
  }

  void writeThread(ThreadText& thread) {
    const std::size_t count = draw_.between(1, std::max<std::size_t>(1, size_.maxInstructionsPerThread));
    for (std::size_t instruction = 0; instruction < count; ++instruction) {
      const std::size_t kind = draw_.below(100);
      // Arithmetic reads a loaded register; before the first load, a load
      // takes its place.
      const bool computes = kind >= 90 && !thread.loadedRegisters.empty();
      if (computes) {
        thread.lines.push_back(arithmetic(thread));
      } else if (kind < 30 || kind >= 90) {
        thread.lines.push_back(load(thread));
      } else if (kind < 60) {
        thread.lines.push_back(store(thread));
      } else if (kind < 72) {
        thread.lines.push_back(atomic(thread));
      } else if (kind < 78) {
        thread.lines.push_back(reduction());
      } else {
        thread.lines.push_back(fence());
      }
    }
    maybeAddBranch(thread);
  }

  // A forward branch on a loaded value over one or more instructions: a
  // control dependency, and a path on which later registers stay 0.
  void maybeAddBranch(ThreadText& thread) {
    if (thread.loadedRegisters.empty() || !draw_.chance(15)) {
      return;
    }
    // The first line after the first load is the earliest the branch can go.
    std::size_t firstLoadLine = 0;
    while (thread.lines[firstLoadLine].rfind("ld.", 0) != 0 &&
           thread.lines[firstLoadLine].rfind("atom.", 0) != 0) {
      ++firstLoadLine;
    }
    const std::size_t branchLine = draw_.between(firstLoadLine + 1, thread.lines.size());
    const std::size_t labelLine = draw_.between(branchLine, thread.lines.size());
    const std::string label = cat("LC", labelCount_ < 10 ? "0" : "", labelCount_);
    ++labelCount_;
    const std::size_t tested = thread.loadedRegisters[draw_.below(thread.loadedRegisters.size())];
    const std::string_view condition = draw_.chance(50) ? "beq" : "bne";
    thread.lines.insert(thread.lines.begin() + static_cast<std::ptrdiff_t>(labelLine), label + ":");
    thread.lines.insert(thread.lines.begin() + static_cast<std::ptrdiff_t>(branchLine),
                        cat(condition, " r", tested, ", ", draw_.below(3), ", ", label));
    thread.hasBranch = true;
  }

  // Now and then, a thread first spins until it sees a value another thread
  // stores (the flag of message passing, and the loops of locks): a backward
  // branch, which the axiomatic models unroll and ptx-op explores, and a
  // run that hangs when the store is never seen.
  void maybeAddSpinLoop() {
    if (!draw_.chance(12)) {
      return;
    }
    const std::size_t spinner = draw_.below(threads_.size());
    std::vector<std::pair<std::string, std::string>> flags;  // location, value
    for (std::size_t thread = 0; thread < threads_.size(); ++thread) {
      for (const std::string& line : threads_[thread].lines) {
        const std::size_t comma = line.find(", ");
        const bool constantStore = line.rfind("st.", 0) == 0 && line.find(", r") == std::string::npos;
        if (thread != spinner && constantStore) {
          flags.emplace_back(line.substr(line.find(' ') + 1, comma - line.find(' ') - 1),
                             line.substr(comma + 2));
        }
      }
    }
    if (flags.empty()) {
      return;
    }
    const auto& [flag, value] = flags[draw_.below(flags.size())];
    ThreadText& thread = threads_[spinner];
    const std::string label = cat("LC", labelCount_ < 10 ? "0" : "", labelCount_);
    ++labelCount_;
    const std::string semantics = loadSemantics();
    const std::string target = thread.freshRegister();
    thread.lines.insert(thread.lines.begin(), {label + ":", cat("ld.", semantics, " ", target, ", ", flag),
                                               cat("bne ", target, ", ", value, ", ", label)});
    thread.hasBranch = true;
  }

  // Now and then, a CTA barrier that every thread of one CTA meets once.
  // Mostly not in a thread with a branch, which could jump past it and
  // leave the others waiting; sometimes there too, for the models to agree
  // on which runs hang.
  void maybeAddBarrier() {
    if (!draw_.chance(15)) {
      return;
    }
    const bool evenPastBranches = draw_.chance(30);
    const std::size_t cta = ctaOfThread_[draw_.below(ctaOfThread_.size())];
    std::vector<std::size_t> members;
    for (std::size_t thread = 0; thread < threads_.size(); ++thread) {
      if (ctaOfThread_[thread] == cta) {
        if (threads_[thread].hasBranch && !evenPastBranches) {
          return;
        }
        members.push_back(thread);
      }
    }
    for (const std::size_t member : members) {
      std::vector<std::string>& lines = threads_[member].lines;
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(draw_.between(0, lines.size())),
                   "bar.cta.sync 0");
    }
  }

  // The condition: a value for every register and every location, from the
  // values some store could have written (so the condition is often
  // reachable, and the outcome sets hold everything the test observes).
  std::string condition() {
    std::vector<std::string> terms;
    for (std::size_t thread = 0; thread < threads_.size(); ++thread) {
      for (const std::size_t reg : threads_[thread].writtenRegisters) {
        terms.push_back(cat("P", thread, ":r", reg, " == ", draw_.below(nextValue_)));
      }
    }
    for (std::size_t location = 0; location < locationCount_; ++location) {
      terms.push_back(cat(kLocationNames[location], " == ", draw_.below(nextValue_)));
    }
    std::string joined;
    for (const std::string& term : terms) {
      joined += (joined.empty() ? "" : " /\\ ") + term;
    }
    return cat("exists (", joined, ")");
  }

  std::string text() {
    std::string out = cat("PTX random-", seed_, "-", index_, "\n");
    out += cat("\"opcheck generate --random, seed ", seed_, ", test ", index_, "\"\n{\n");
    for (std::size_t location = 0; location < locationCount_; ++location) {
      out += cat(kLocationNames[location], "=0; ");
    }
    out += "\n}\n";
    std::vector<std::vector<std::string>> columns;
    for (std::size_t thread = 0; thread < threads_.size(); ++thread) {
      std::vector<std::string> column{
          cat("P", thread, "@cta ", ctaOfThread_[thread], ",gpu ", gpuOf(thread))};
      column.insert(column.end(), threads_[thread].lines.begin(), threads_[thread].lines.end());
      columns.push_back(std::move(column));
    }
    out += litmus::layOutThreadColumns(columns);
    out += condition() + "\n";
    return out;
  }

  Draw draw_;
  std::uint64_t seed_;
  std::uint64_t index_;
  RandomTestSize size_;
  std::size_t locationCount_ = 1;
  std::vector<std::size_t> ctaOfThread_;
  bool twoGpus_ = false;
  std::vector<ThreadText> threads_;
  std::size_t nextValue_ = 1;
  std::size_t labelCount_ = 0;
};

}  // namespace

std::string randomTest(std::uint64_t seed, std::uint64_t index, const RandomTestSize& size) {
  return RandomTestWriter(seed, index, size).write();
}

}  // namespace opcheck::generate

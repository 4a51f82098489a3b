// Every small C program, for checking a mapping from C to PTX on all of
// them rather than on chosen tests, as seed 001 Sec. 6.1 checks its mapping
// with Alloy up to a bound on the number of events (docs/mappings.md
// "Every program to a bound").
//
// A program of N events is N memory accesses and fences spread over two or
// more threads, each an atomic load, store, exchange, compare-exchange
// (atomic_compare_exchange_strong_explicit), fetch-and-add or fence at one
// of the memory orders C gives it and a scope, or a non-atomic load or
// store, over up to `locations` locations, with the threads placed in CTAs
// and GPUs in every way. Only what can tell two programs apart is
// enumerated:
// - a location is atomic or not, as C types it (atomic_int or int), so its
//   accesses are all atomic or all non-atomic;
// - every location is written, and read or written by two threads or more
//   (a location one thread owns, or that nobody writes, orders nothing);
// - a thread has an access (a thread of fences alone orders nothing);
// - scopes are those that differ under the placement: all threads in one
//   CTA: device scope only (block, device and system scope all include
//   every thread); one GPU: block and device; several GPUs: block, device
//   and system;
// - values make every read say which write it read: the k-th store,
//   exchange or compare-exchange of a location (in thread order, then
//   program order) writes k; the j-th fetch-and-add of a location adds
//   (W + 1) * 2^(j-1), W the location's stores, exchanges and
//   compare-exchanges. What a fetch-and-add writes is what it read plus its
//   addend, so every value is a constant write's k (or the initial 0) plus
//   a sum of distinct addends, all multiples of W + 1: the value names the
//   constant write and the fetch-and-adds after it, hence the write;
// - a compare-exchange's failure order is the strongest C allows with its
//   success order (C11 7.17.7.4p2: not release or acq_rel, no stronger than
//   success: acq_rel fails as acquire, release as relaxed, the others as
//   themselves); its expected value is, in one program each, every value
//   that it can read and that lets it also fail: the initial 0 or the value
//   of another store, exchange or compare-exchange of its location, plus
//   the addends of any of its location's fetch-and-adds, kept where, in
//   some interleaving of the location's accesses in program order, it
//   reads that value and, in another, some other value (every model allows
//   such an interleaving, a sequentially consistent execution; a
//   compare-exchange that cannot fail is an exchange, one that cannot
//   succeed a load);
// - a program is listed once up to renaming its threads (with their
//   placement), CTAs, GPUs and locations: the one whose text comes first.
// Each program observes every location and every register (`locations`),
// so a check compares whole outcome sets.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace opcheck::generate {

// The memory orders an event may take (C11 7.17.3), non-atomic accesses
// first, and the kinds of event, by the names the command line gives them;
// a set of either is a mask of bits in this order.
inline constexpr std::array<std::string_view, 6> kCOrderNames = {"non-atomic", "relaxed", "acquire",
                                                                 "release",    "acq_rel", "seq_cst"};
inline constexpr std::array<std::string_view, 6> kCEventKindNames = {"load",  "store", "exchange",
                                                                     "fence", "cas",   "fetch_add"};

// The most events a program may have (a compare-exchange names the writes
// its expected value comes from in a set of this many bits).
inline constexpr std::size_t kMaxCProgramEvents = 16;

// The mask of the comma-separated NAMES out of ALL ("relaxed,seq_cst");
// nothing when one is not in ALL or the list is empty.
std::optional<std::uint8_t> namedMask(std::string_view names, std::span<const std::string_view> all);

struct CProgramBound {
  std::size_t events = 3;      // per program, all threads together
  std::size_t maxThreads = 3;  // at least two
  std::size_t maxCtas = 4;     // 1: every thread in one CTA
  std::size_t maxGpus = 2;     // 1: every thread on one GPU
  std::size_t locations = 2;
  // The alphabet, narrowed to reach more events in the same time: an event
  // is listed when its kind and its order are in these masks (a fence or an
  // access whose orders are all left out is not).
  std::uint8_t orders = 0x3f;  // bits of kCOrderNames
  std::uint8_t kinds = 0x3f;   // bits of kCEventKindNames
};

// A generated program: its name (bounded-N-INDEX) and C litmus text.
struct CProgram {
  std::string name;
  std::string text;
};

// Calls VISIT with every program of exactly BOUND.events events, in a fixed
// order (the same on every run and platform). BOUND.events is at most
// kMaxCProgramEvents (std::out_of_range otherwise).
void forEachCProgram(const CProgramBound& bound, const std::function<void(const CProgram&)>& visit);

}  // namespace opcheck::generate

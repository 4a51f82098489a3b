// A litmus test as every part of opcheck sees it: the one IR that the
// parsers produce and the models, printers and comparisons read.
//
// Ids are dense and deterministic: registers are numbered per thread in the
// order they are declared, initialised or first used; locations in the order
// they are first named; CTAs, devices, kernels and warps in the order of the
// first thread (P0, P1, ...) that belongs to them. So two texts that say the
// same thing give equal Tests.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "litmus/Condition.h"
#include "litmus/Instruction.h"

namespace opcheck::litmus {

// A register's or location's initial value: an integer, or the address of a
// location (GPU_PTX "0:.reg .b64 r1 = x").
struct InitialValue {
  bool isAddress = false;
  std::int64_t integer = 0;
  LocationId location = 0;  // when isAddress
  // Where the value was written, for a model that refuses it; not part of
  // the value (two tests with the same values are equal).
  SourcePosition position;

  friend bool operator==(const InitialValue& left, const InitialValue& right) {
    return left.isAddress == right.isAddress && left.integer == right.integer &&
           left.location == right.location;
  }
};

struct Register {
  std::string name;
  DataType declaredType = DataType::None;  // GPU_PTX declares types; PTX does not
  std::optional<InitialValue> initialValue;

  friend bool operator==(const Register&, const Register&) = default;
};

struct Location {
  std::string name;
  InitialValue initialValue;
  StateSpace stateSpace = StateSpace::Global;  // from the memory map
  // "rd2 @ constant aliases rd1": rd2 names rd1's memory through a proxy.
  Proxy proxy = Proxy::Generic;
  std::optional<LocationId> aliasOf;
  SourcePosition aliasPosition;  // where "v @ P aliases x" was written

  // Where an alias was declared is not part of what it is (as for
  // Instruction): a test and its canonical reprint compare equal.
  friend bool operator==(const Location& left, const Location& right) {
    return std::tie(left.name, left.initialValue, left.stateSpace, left.proxy, left.aliasOf) ==
           std::tie(right.name, right.initialValue, right.stateSpace, right.proxy, right.aliasOf);
  }
};

// Where a thread runs in the scope tree. Kernel and warp are optional
// levels (herd's GPU_PTX trees have them; the modern dialect does not).
// Every CTA belongs to one cluster and every cluster to one device (PTX ISA
// 9.1 8.5; clusters since PTX ISA 7.8). A test that names no cluster puts
// each CTA in a cluster of its own, as a grid launched without clusters is
// (docs/dialects.md): .cluster then includes exactly the threads .cta does.
// Code that builds placements itself (generate/) sets cluster = cta then.
struct ThreadPlacement {
  static constexpr std::int16_t kUnspecified = -1;
  std::int16_t device = 0;
  std::int16_t kernel = kUnspecified;
  std::int16_t cluster = 0;  // unique across devices
  std::int16_t cta = 0;      // unique across devices
  std::int16_t warp = kUnspecified;

  friend bool operator==(const ThreadPlacement&, const ThreadPlacement&) = default;
};

struct Label {
  std::string name;
  std::uint32_t target = 0;  // index of the instruction it stands before

  friend bool operator==(const Label&, const Label&) = default;
};

struct Thread {
  std::vector<Register> registers;
  std::vector<Instruction> instructions;
  std::vector<Label> labels;  // in program order
  ThreadPlacement placement;

  friend bool operator==(const Thread&, const Thread&) = default;
};

// What herd7's Hash= line digests that the models do not read
// (litmus/HerdHash.h): whether the text was herd's GPU_PTX dialect, and which
// locations its initial state names (herd hashes an explicit "x=0;", not an
// implicit 0). Where a test was written is not what it says: two of these
// always compare equal, so a test and its canonical reprint stay equal.
struct HerdSource {
  bool gpuPtx = false;
  std::vector<std::string> initialisedLocations;

  friend bool operator==(const HerdSource&, const HerdSource&) { return true; }
};

// The language a test's threads are written in. A model reads one of them
// and refuses the other (AxiomaticModel::checkSupported).
enum class Dialect : std::uint8_t {
  Ptx,  // PTX and herd's GPU_PTX (docs/dialects.md)
  C,    // herd's C litmus tests with scopes: C11 atomics lowered onto the IR
};

struct Test {
  std::string name;
  Dialect dialect = Dialect::Ptx;
  // The text between the name line and the initial state (herd's quoted doc
  // lines), as written, without surrounding white space.
  std::string documentation;
  std::vector<Location> locations;
  std::vector<Thread> threads;
  std::vector<ConditionTerm> shownLocations;  // "locations [...]"
  Condition condition;
  HerdSource herdSource;

  friend bool operator==(const Test&, const Test&) = default;

  // Finds a location or a thread's register by name.
  std::optional<LocationId> findLocation(std::string_view name) const;
  std::optional<RegisterId> findRegister(std::size_t thread, std::string_view name) const;
};

// Throws InputError ("FILE:1:1: error: WHO reads PTX tests; FILE is a C
// test") where TEST is not written in DIALECT, the one WHO (a model, "model
// NAME") reads.
void requireDialect(const Test& test, const std::string& file, Dialect dialect, std::string_view who);

}  // namespace opcheck::litmus

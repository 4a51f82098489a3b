// generate/RandomTests: the random tests scripts/fuzz-models.sh runs. They
// must be the same for the same seed (a finding is only useful if it can be
// made again), valid input for every model, and varied enough that each
// kind of instruction the generator promises does occur.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>

#include "generate/RandomTests.h"
#include "litmus/CanonicalPrinter.h"
#include "parser/LitmusReader.h"

using namespace opcheck;

namespace {

constexpr std::uint64_t kSeriesLength = 300;

litmus::Test parsedRandomTest(std::uint64_t seed, std::uint64_t index) {
  return parser::readLitmusText(generate::randomTest(seed, index), "random.litmus");
}

}  // namespace

TEST_CASE("the same seed and index give the same random test", "[generate]") {
  for (std::uint64_t index = 0; index < 20; ++index) {
    CHECK(generate::randomTest(42, index) == generate::randomTest(42, index));
  }
}

TEST_CASE("different seeds and indexes give different random tests", "[generate]") {
  std::set<std::string> programs;
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    for (std::uint64_t index = 0; index < 20; ++index) {
      const std::string text = generate::randomTest(seed, index);
      // Without the name line, which differs anyway.
      programs.insert(text.substr(text.find('\n')));
    }
  }
  CHECK(programs.size() > 95);
}

TEST_CASE("every random test parses, is named for its seed and index, and prints back to itself",
          "[generate]") {
  for (std::uint64_t index = 0; index < kSeriesLength; ++index) {
    INFO("random-7-" << index);
    const litmus::Test test = parsedRandomTest(7, index);
    CHECK(test.name == "random-7-" + std::to_string(index));
    CHECK(test.threads.size() >= 2);
    CHECK(test.threads.size() <= 3);
    const std::string printed = litmus::printCanonical(test);
    CHECK(parser::readLitmusText(printed, "printed.litmus") == test);
  }
}

TEST_CASE("random tests hold every kind of instruction, several CTAs and two GPUs", "[generate]") {
  std::map<litmus::Opcode, int> opcodes;
  std::set<litmus::Scope> scopes;
  std::set<litmus::Semantics> semantics;
  std::set<litmus::DataType> types;
  std::uint64_t severalCtas = 0;
  std::uint64_t twoGpus = 0;
  std::uint64_t spinLoops = 0;  // a branch back to a label before it
  for (std::uint64_t index = 0; index < kSeriesLength; ++index) {
    const litmus::Test test = parsedRandomTest(11, index);
    std::set<std::int16_t> ctas;
    std::set<std::int16_t> gpus;
    for (const litmus::Thread& thread : test.threads) {
      ctas.insert(thread.placement.cta);
      gpus.insert(thread.placement.device);
      for (std::size_t index = 0; index < thread.instructions.size(); ++index) {
        const litmus::Instruction& instruction = thread.instructions[index];
        if (litmus::isBranch(instruction.opcode) &&
            thread.labels[instruction.operands.back().index].target <= index) {
          ++spinLoops;
        }
        ++opcodes[instruction.opcode];
        scopes.insert(instruction.scope);
        semantics.insert(instruction.semantics);
        types.insert(instruction.type);
      }
    }
    severalCtas += ctas.size() > 1;
    twoGpus += gpus.size() > 1;
  }
  using litmus::Opcode;
  for (const Opcode opcode :
       {Opcode::Load, Opcode::Store, Opcode::Atomic, Opcode::Reduction, Opcode::Fence, Opcode::Barrier,
        Opcode::Add, Opcode::Xor, Opcode::And, Opcode::BranchEqual, Opcode::BranchNotEqual}) {
    INFO(litmus::info(opcode).spelling);
    CHECK(opcodes[opcode] > 0);
  }
  CHECK(scopes.count(litmus::Scope::Cta) == 1);
  CHECK(scopes.count(litmus::Scope::Gpu) == 1);
  CHECK(scopes.count(litmus::Scope::System) == 1);
  for (const litmus::Semantics kind :
       {litmus::Semantics::Weak, litmus::Semantics::Relaxed, litmus::Semantics::Acquire,
        litmus::Semantics::Release, litmus::Semantics::AcquireRelease,
        litmus::Semantics::SequentiallyConsistent}) {
    CHECK(semantics.count(kind) == 1);
  }
  CHECK(types.count(litmus::DataType::S32) == 1);
  CHECK(types.count(litmus::DataType::U64) == 1);
  CHECK(severalCtas > kSeriesLength / 3);
  CHECK(twoGpus > 0);
  CHECK(spinLoops > 0);
}

// What a test's code can queue (opsem/QueueDemand.h) and the size class it
// runs in: a loop-free test runs where no queue of it is ever full, so that
// no producer waits for room and every state is reached.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "crosscheck/OperationalSide.h"
#include "opsem/OperationalModel.h"
#include "opsem/Program.h"
#include "opsem/QueueDemand.h"
#include "opsem/SizeClassRuns.h"
#include "parser/LitmusReader.h"
#include "tests/TestSupport.h"

using namespace opcheck;

namespace {

// Three threads of CTA 0 store nine times together: nine writes in its
// SM queue at once, more than the small class's eight entries, in a test
// whose threads, locations and registers fit the small class. (Releases,
// which overtake nothing in the SM queue, SMQ-3: few states.)
constexpr const char* kNineCtaWrites = R"(PTX nine-cta-writes
{ x=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0      | P2@cta 0,gpu 0 ;
 st.release.gpu x, 1 | st.release.gpu x, 5 | st.weak x, 9   ;
 st.release.gpu x, 2 | st.release.gpu x, 6 |                ;
 st.release.gpu x, 3 | st.release.gpu x, 7 |                ;
 st.release.gpu x, 4 | st.release.gpu x, 8 |                ;
exists (x == 9)
)";

// A generic store, a bulk copy and a load of one thread: the copy's
// events (its read, its write, the wait's) are the copy engine's, in
// none of the thread's or its CTA's queues (COPY-1, COPY-2).
constexpr const char* kBulkCopy = R"(PTX bulk-copy
{ g=0; s=0; P0:r1=0; }
 P0@cta 0,gpu 0                                       ;
 st.weak s, 1                                         ;
 fence.proxy.async                                    ;
 cp.async.bulk.global.shared::cta.bulk_group g, s, 16 ;
 cp.async.bulk.commit_group                           ;
 cp.async.bulk.wait_group 0                           ;
 ld.weak r1, g                                        ;
exists (P0:r1 == 0)
)";

// Nine stores of one thread: nine in-flight operations, store buffer
// entries and SM queue entries at once, more than the large (and
// recording) class's eight in flight.
constexpr const char* kNineQueuedWrites = R"(PTX nine-queued-writes
{ x=0; y=0; }
 P0@cta 0,gpu 0 ;
 st.weak x, 1   ;
 st.weak x, 2   ;
 st.weak x, 3   ;
 st.weak x, 4   ;
 st.weak x, 5   ;
 st.weak x, 6   ;
 st.weak x, 7   ;
 st.weak x, 8   ;
 st.weak y, 1   ;
exists (x == 8 /\ y == 1)
)";

// TEST run in size class CAPACITY, with or without near-partition copies
// as OPTIONS' preset says.
template <typename Capacity>
opsem::OperationalResult runIn(const litmus::Test& test, const opsem::OperationalOptions& options) {
  const opsem::Program program = opsem::compileProgram(test, "test.litmus", options.architecture);
  if (options.architecture.partitionedL2) {
    return opsem::SizeClassRuns<opsem::PartitionedL2Capacity<Capacity>>::run(test, program, options,
                                                                             "forced");
  }
  return opsem::SizeClassRuns<Capacity>::run(test, program, options, "forced");
}

}  // namespace

TEST_CASE("the queue demand counts what one pass over the code can queue", "[opsem]") {
  const litmus::Test test = parser::readLitmusText(kNineCtaWrites, "test.litmus");
  const opsem::Program program = opsem::compileProgram(test, "test.litmus");
  const opsem::QueueDemand demand = opsem::queueDemand(program);
  CHECK(demand.inFlight == 4);     // four instructions in P0 and P1
  CHECK(demand.storeBuffer == 4);  // four stores in P0 and P1
  CHECK(demand.smQueue == 9);      // CTA 0: nine writes
  CHECK(demand.ctaAccesses == std::vector<std::size_t>{9});
  CHECK(demand.deviceQueue == 0);  // one device: no device queue
  CHECK_FALSE(opsem::holdsEveryQueue<opsem::SmallCapacity>(program));
  CHECK(opsem::holdsEveryQueue<opsem::LargeCapacity>(program));
  CHECK(opsem::holdsEveryQueue<opsem::HugeCapacity>(program));
}

TEST_CASE("the copy engine's events take no thread's or SM's queue entry", "[opsem]") {
  const litmus::Test test = parser::readLitmusText(kBulkCopy, "bulk.litmus");
  const opsem::Program program = opsem::compileProgram(test, "bulk.litmus");
  const opsem::QueueDemand demand = opsem::queueDemand(program);
  CHECK(demand.inFlight == 3);     // the store, the proxy fence, the load
  CHECK(demand.storeBuffer == 1);  // the store
  CHECK(demand.smQueue == 2);      // the store, the load's request
  const opsem::InstructionCounts counts = opsem::countInstructions(program.threads[0]);
  CHECK(counts.engineEvents == 3);  // the copy's read and write, the wait
  CHECK(counts.engineWrites == 1);  // the copy's write of g
  CHECK(counts.recordedEvents() == 6);
  CHECK(opsem::runPtxOp(test, "bulk.litmus", opsem::OperationalOptions{}).capacity == "small");
}

TEST_CASE("code with a loop can fill any queue", "[opsem]") {
  const litmus::Test test = parser::readLitmusText(testing::kSpinUntilStored, "spin.litmus");
  const opsem::Program program = opsem::compileProgram(test, "spin.litmus");
  CHECK_FALSE(opsem::holdsEveryQueue<opsem::HugeCapacity>(program));
}

TEST_CASE("a loop-free test runs in a size class whose queues hold all its code can queue", "[opsem]") {
  const litmus::Test test = parser::readLitmusText(kNineCtaWrites, "test.litmus");
  const opsem::OperationalOptions options;
  const opsem::OperationalResult chosen = opsem::runPtxOp(test, "test.litmus", options);
  CHECK(chosen.capacity == "large");
  // The small class, whose SM queue holds eight, makes a CTA-mate wait for
  // room and misses states (the large class's holds sixteen).
  const opsem::OperationalResult small = runIn<opsem::SmallCapacity>(test, options);
  CHECK(small.statistics.states < chosen.statistics.states);
  CHECK(small.outcome.states == chosen.outcome.states);
}

TEST_CASE("a recording whose queues can be full is not ptx-op's exploration", "[opsem][crosscheck]") {
  // Nine writes in flight: runPtxOp explores in the huge class, which
  // holds them; the recording class holds eight, so compare explores as
  // well, and the outcome is runPtxOp's.
  const litmus::Test test = parser::readLitmusText(kNineQueuedWrites, "test.litmus");
  const opsem::OperationalOptions options;
  CHECK(opsem::runPtxOp(test, "test.litmus", options).capacity == "huge");
  CHECK_FALSE(opsem::recordingCanReachEveryFinalState(test, "test.litmus", options));
  crosscheck::OperationalSideOptions sideOptions;
  sideOptions.recordGraphs = true;
  const std::uint64_t before = opsem::explorationsRun();
  crosscheck::OperationalSide side(test, "test.litmus", sideOptions);
  CHECK(opsem::explorationsRun() - before == 2);
  CHECK_FALSE(side.graphs().queuesHoldAll);
  CHECK(side.outcome().states == opsem::runPtxOp(test, "test.litmus", options).outcome.states);
}

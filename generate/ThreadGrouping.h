// A grouping of a test's threads into CTAs (or into GPUs), written as
// cuda-litmus writes it in its test names: the groups' thread numbers
// joined by '_' ("0_12": thread 0 in one CTA, threads 1 and 2 in another;
// corpora/cuda-litmus/README.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace opcheck::generate {

struct ThreadGrouping {
  // Each group's threads, ascending; groups in the order written.
  std::vector<std::vector<unsigned>> groups;

  // The group of THREAD.
  unsigned groupOf(unsigned thread) const;
};

// Reads TEXT as a grouping of THREADS threads (0 to THREADS-1, each exactly
// once; digits, so at most 10 threads). Throws GenerationError.
ThreadGrouping parseThreadGrouping(std::string_view text, unsigned threads);

// Every thread in a group of its own ("0_1_2"): diy's default, each thread
// in its own CTA.
ThreadGrouping separateThreads(unsigned threads);

// Every grouping of THREADS threads (the set partitions, Bell(THREADS) of
// them), each in cuda-litmus's spelling (cudaLitmusGroupingName).
std::vector<ThreadGrouping> allThreadGroupings(unsigned threads);

// The name cuda-litmus gives a grouping: for tests of three threads or
// fewer, groups ordered by their highest thread ("1_02"); for four threads,
// by their lowest ("023_1"), except that {0},{1,3},{2} is "0_2_13". These
// are facts read from the 950 names of corpora/cuda-litmus and from the
// generator that made them (goens/pop-lean make_mca_tests.py: its
// recursive enumeration orders groups by highest thread, and the
// four-thread names are sorted by lowest thread, with that one exception
// "to match names across test generation formats").
std::string cudaLitmusGroupingName(const ThreadGrouping& grouping, unsigned threads);

}  // namespace opcheck::generate

// Runs WORK on items 0..COUNT-1 on JOBS threads (oneTBB) and hands the
// results to PRINT in item order, each as soon as it and all before it are
// done: output order never depends on scheduling. At most a few items per
// job are in flight, so memory stays bounded over large directories. After
// Ctrl-C (cli/Interrupt.h) no further item starts; those started finish
// (their models stop early) and are printed.
#pragma once

#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

#include <cstddef>

#include "cli/Interrupt.h"

namespace opcheck::cli {

template <typename Result, typename Work, typename Print>
void runInOrder(std::size_t count, unsigned jobs, Work&& work, Print&& print) {
  std::size_t next = 0;
  auto take = [&](tbb::flow_control& control) -> std::size_t {
    if (next == count || interrupted()) {
      control.stop();
      return 0;
    }
    return next++;
  };
  tbb::task_arena arena(static_cast<int>(jobs));
  arena.execute([&] {
    tbb::parallel_pipeline(4 * static_cast<std::size_t>(jobs),
                           tbb::make_filter<void, std::size_t>(tbb::filter_mode::serial_in_order, take) &
                               tbb::make_filter<std::size_t, Result>(tbb::filter_mode::parallel, work) &
                               tbb::make_filter<Result, void>(tbb::filter_mode::serial_in_order, print));
  });
}

}  // namespace opcheck::cli

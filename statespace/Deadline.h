// The instant a run must stop by, on the steady clock. One deadline is set
// per test and model (README "Use": --timeout) and shared by every search of
// that run: the exploration, the trace searches after it and the axiomatic
// enumeration, so that together they take about the timeout rather than a
// timeout each. Header-only and standard-library-only, so that the
// axiomatic models, which do not link the explorer, read it too.
#pragma once

#include <chrono>
#include <optional>

namespace opcheck::statespace {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  Deadline() = default;  // none: the run is never stopped by the clock

  // SECONDS from now; none when SECONDS is not above 0.
  static Deadline after(double seconds) {
    Deadline deadline;
    if (seconds > 0) {
      deadline.at_ =
          Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    }
    return deadline;
  }

  bool none() const { return !at_.has_value(); }
  bool passed() const { return at_.has_value() && Clock::now() >= *at_; }

 private:
  std::optional<Clock::time_point> at_;
};

}  // namespace opcheck::statespace

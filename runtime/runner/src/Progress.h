//===- Progress.h - Progress of long loops on stderr ------------*- C++ -*-===//
//
// `tfc run --steps 100000` and other long loops tell how far they are: on
// a terminal one status line rewritten in place at most ten times a second
// and cleared at the end, elsewhere (a log, a pipe) a plain line every ten
// seconds (TFC_PROGRESS_SECONDS). Loops done within the first second print
// nothing.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNNER_PROGRESS_H
#define TFC_RUNNER_PROGRESS_H

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace tfc::runner {

class Progress {
public:
  /// `what` names the unit ("step"); `total` the count to reach.
  Progress(std::ostream &errs, std::string tool, std::string what,
           int64_t total);
  ~Progress() { finish(); }

  /// `done` units are done.
  void update(int64_t done);
  /// Clears the status line of a terminal (also done on destruction).
  void finish();

private:
  using Clock = std::chrono::steady_clock;
  std::ostream &errs;
  std::string tool, what;
  int64_t total;
  bool terminal;
  bool shown = false;
  double interval = 10;
  Clock::time_point start, last;
};

} // namespace tfc::runner

#endif // TFC_RUNNER_PROGRESS_H

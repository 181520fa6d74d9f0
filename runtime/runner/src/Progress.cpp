//===- Progress.cpp - Progress of long loops on stderr --------------------===//

#include "Progress.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

using namespace tfc::runner;

Progress::Progress(std::ostream &errs, std::string tool, std::string what,
                   int64_t total)
    : errs(errs), tool(std::move(tool)), what(std::move(what)), total(total),
      // Only the process's own stderr can be a terminal to rewrite.
      terminal(&errs == &std::cerr && ::isatty(STDERR_FILENO)),
      start(Clock::now()), last(start) {
  // TFC_PROGRESS_SECONDS: the seconds between plain lines (default 10).
  if (const char *text = std::getenv("TFC_PROGRESS_SECONDS")) {
    char *end = nullptr;
    double seconds = std::strtod(text, &end);
    if (end != text && *end == '\0' && seconds > 0)
      interval = seconds;
  }
}

void Progress::update(int64_t done) {
  Clock::time_point now = Clock::now();
  double elapsed = std::chrono::duration<double>(now - start).count();
  double sinceLast = std::chrono::duration<double>(now - last).count();
  if (elapsed < std::min(1.0, interval) ||
      sinceLast < (terminal ? 0.1 : interval) || done >= total)
    return;
  last = now;
  double rate = done / elapsed;
  double left = rate > 0 ? (total - done) / rate : 0;
  char line[160];
  std::snprintf(line, sizeof(line),
                "%s %lld/%lld (%.0f%%), %.*f %ss/s, %.0f s left", what.c_str(),
                static_cast<long long>(done), static_cast<long long>(total),
                100.0 * done / total, rate < 100 ? 1 : 0, rate, what.c_str(),
                std::ceil(left));
  if (terminal)
    errs << "\r\033[K" << tool << ": " << line << std::flush;
  else
    errs << tool << ": " << line << "\n" << std::flush;
  shown = true;
}

void Progress::finish() {
  if (shown && terminal)
    errs << "\r\033[K" << std::flush;
  shown = false;
}

//===- StatusLine.h - a status line for long compiles -----------*- C++ -*-===//
//
// `tfc compile` of a big imported graph takes a while: on a terminal it
// shows one line saying what is done and for how long it has run
// ("tfc compile: front end done, 14 s"), rewritten in place every half
// second and cleared before any diagnostic and at the end; it appears
// after a second (TFC_PROGRESS_SECONDS, when shorter). Elsewhere (a log, a
// pipe, -v) it prints nothing.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_DRIVER_STATUSLINE_H
#define TFC_LIB_DRIVER_STATUSLINE_H

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace mlir::tfc {

class StatusLine {
public:
  /// Shows nothing unless `enabled` and stderr is a terminal.
  StatusLine(llvm::StringRef tool, bool enabled);
  ~StatusLine();
  StatusLine(const StatusLine &) = delete;
  StatusLine &operator=(const StatusLine &) = delete;

  /// The line being shown, if any: nested stages update it.
  static StatusLine *current();

  /// What the line says, after the tool's name.
  void set(llvm::StringRef text);
  /// Clears the line until the next update (before other output).
  void clear();

private:
  void run();
  void draw();

  std::string tool;
  std::string text;
  bool active = false;
  bool shown = false;
  bool stopping = false;
  std::chrono::steady_clock::time_point start;
  std::mutex mutex;
  std::condition_variable wake;
  std::thread thread;
};

} // namespace mlir::tfc

#endif // TFC_LIB_DRIVER_STATUSLINE_H

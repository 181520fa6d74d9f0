//===- StatusLine.cpp - a status line for long compiles -------------------===//

#include "StatusLine.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

using namespace mlir::tfc;

/// The one line shown at a time (tfc compiles one model per process).
static StatusLine *currentLine = nullptr;

StatusLine *StatusLine::current() { return currentLine; }

StatusLine::StatusLine(llvm::StringRef tool, bool enabled)
    : tool(tool.str()), start(std::chrono::steady_clock::now()) {
  const char *term = std::getenv("TERM");
  active = enabled && llvm::sys::Process::StandardErrIsDisplayed() &&
           !(term && std::strcmp(term, "dumb") == 0);
  active = active && !currentLine;
  if (!active)
    return;
  currentLine = this;
  thread = std::thread([this] { run(); });
}

StatusLine::~StatusLine() {
  if (!active)
    return;
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  thread.join();
  clear();
  currentLine = nullptr;
}

void StatusLine::set(llvm::StringRef newText) {
  std::lock_guard<std::mutex> lock(mutex);
  text = newText.str();
}

void StatusLine::clear() {
  if (!active)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  if (shown)
    llvm::errs() << "\r\033[K";
  llvm::errs().flush();
  shown = false;
}

void StatusLine::draw() {
  auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
                     std::chrono::steady_clock::now() - start)
                     .count();
  llvm::errs() << "\r\033[K" << tool << ": " << (text.empty() ? "working" : text)
               << ", " << seconds << " s";
  llvm::errs().flush();
  shown = true;
}

void StatusLine::run() {
  // A compile done within the first second shows nothing (or within
  // TFC_PROGRESS_SECONDS, when that is shorter).
  double delay = 1;
  if (const char *text = std::getenv("TFC_PROGRESS_SECONDS")) {
    char *end = nullptr;
    double seconds = std::strtod(text, &end);
    if (end != text && *end == '\0' && seconds > 0 && seconds < delay)
      delay = seconds;
  }
  std::unique_lock<std::mutex> lock(mutex);
  if (wake.wait_for(lock, std::chrono::duration<double>(delay),
                    [&] { return stopping; }))
    return;
  while (!stopping) {
    draw();
    wake.wait_for(lock, std::chrono::milliseconds(500),
                  [&] { return stopping; });
  }
}

//===- FileIO.h - Atomic file writes and whole-file reads -------*- C++ -*-===//
//
// The file plumbing of checkpoints and .npy files: a writer that replaces a
// file atomically and durably, and a reader of whole regular files.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_FILEIO_H
#define TFC_RUNTIME_SRC_FILEIO_H

#include "Internal.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace tfc::runtime {

/// Writes a new version of a file: the data goes to a temporary file in the
/// same directory, which commit() flushes, fsyncs and renames over the
/// target before it fsyncs the directory. Until commit() succeeds the target
/// is untouched; a writer destroyed before that removes its temporary file.
/// The temporary file is `PATH.tmp.PID.XXXXXX`: open() first removes those
/// of writers that are no longer running (killed before their commit).
class AtomicFileWriter {
public:
  AtomicFileWriter() = default;
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter &) = delete;
  AtomicFileWriter &operator=(const AtomicFileWriter &) = delete;

  /// Creates the temporary file for `path`. `what` names the file in
  /// messages ("checkpoint", ".npy file").
  tfc_code open(const char *path, const char *what, tfc_status *status);
  /// Buffers `size` bytes, writing full buffers through.
  tfc_code write(const void *data, size_t size, tfc_status *status);
  /// Writes out the buffer (without syncing).
  tfc_code flush(tfc_status *status);
  /// Flushes, syncs and renames; the file is then in place.
  tfc_code commit(tfc_status *status);

private:
  tfc_code fail(const char *action, int error, tfc_status *status);

  std::string path;
  std::string tempPath;
  std::string what;
  int fd = -1;
  std::vector<char> buffer;
};

struct FreeDeleter {
  void operator()(void *ptr) const { std::free(ptr); }
};
using MallocBuffer = std::unique_ptr<unsigned char[], FreeDeleter>;

/// Reads the whole regular file at `path`. `what` names it in messages.
tfc_code readWholeFile(const char *path, const char *what, MallocBuffer &data,
                       size_t &size, tfc_status *status);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_FILEIO_H

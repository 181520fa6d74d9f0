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

  /// When the temporary files of writers that died are removed.
  enum class StaleFiles {
    RemoveAtOpen,
    /// Once this writer's file is in place: a file that a later reader
    /// may still need (TensorBundleSave.cpp) is kept until then.
    RemoveAfterInstall,
  };

  /// Creates the temporary file for `path`. `what` names the file in
  /// messages ("checkpoint", ".npy file").
  tfc_code open(const char *path, const char *what, tfc_status *status,
                StaleFiles staleFiles = StaleFiles::RemoveAtOpen);
  /// Buffers `size` bytes, writing full buffers through.
  tfc_code write(const void *data, size_t size, tfc_status *status);
  /// Writes out the buffer (without syncing).
  tfc_code flush(tfc_status *status);
  /// finish(), install() and syncDirectory(): the file is then in place.
  tfc_code commit(tfc_status *status);

  /// The steps of commit(), for writers of several files that must finish
  /// them all before they install any.
  /// Flushes, syncs and closes the temporary file, which is then complete
  /// but not in place.
  tfc_code finish(tfc_status *status);
  /// Renames the finished temporary file over the target.
  tfc_code install(tfc_status *status);
  /// Syncs the target's directory, which makes the rename durable.
  tfc_code syncDirectory(tfc_status *status);

private:
  tfc_code fail(const char *action, int error, tfc_status *status);
  void removeTemporary();

  std::string path;
  std::string tempPath;
  std::string what;
  int fd = -1;
  /// From open() until install() or a failure removes it.
  bool temporaryExists = false;
  bool removeStaleAfterInstall = false;
  std::vector<char> buffer;
};

/// The temporary files AtomicFileWriter made for `path` and left there,
/// of running writers or of writers that died: `PATH.tmp.PID.XXXXXX`,
/// the most recently written first.
std::vector<std::string> temporaryFilesOf(const std::string &path);

/// A regular file opened to read parts of it (the data shards of a
/// TensorFlow checkpoint, of which a restore reads only some tensors).
class FileReader {
public:
  FileReader() = default;
  ~FileReader();
  FileReader(const FileReader &) = delete;
  FileReader &operator=(const FileReader &) = delete;

  /// Opens `path`; `what` names it in messages.
  tfc_code open(const std::string &path, const char *what, tfc_status *status);
  uint64_t size() const { return fileSize; }
  /// Reads `count` bytes at `offset`, which must lie within size().
  tfc_code read(uint64_t offset, void *out, size_t count, tfc_status *status);

private:
  std::string path;
  std::string what;
  int fd = -1;
  uint64_t fileSize = 0;
};

struct FreeDeleter {
  void operator()(void *ptr) const { std::free(ptr); }
};
using MallocBuffer = std::unique_ptr<unsigned char[], FreeDeleter>;

/// Creates directory `dir` and the missing directories above it, as
/// `mkdir -p` does. `what` says what for, in messages ("for TensorFlow
/// checkpoint 'p'").
tfc_code createDirectories(const std::string &dir, const char *what,
                           tfc_status *status);

/// The directory holding `path` ("." for a bare name).
std::string directoryOf(const std::string &path);

/// Reads the whole regular file at `path`. `what` names it in messages.
tfc_code readWholeFile(const char *path, const char *what, MallocBuffer &data,
                       size_t &size, tfc_status *status);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_FILEIO_H

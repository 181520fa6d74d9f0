//===- FileIO.cpp - Atomic file writes and whole-file reads ---------------===//
//
// POSIX file plumbing: every system call is retried on EINTR, every error is
// reported with the file's name and strerror.
//
//===----------------------------------------------------------------------===//

#include "FileIO.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tfc::runtime;

/// Bytes buffered before a write(2).
static constexpr size_t kBufferSize = 1 << 20;

/// The directory holding `path`, for the temporary file and the final fsync.
static std::string directoryOf(const std::string &path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos)
    return ".";
  if (slash == 0)
    return "/";
  return path.substr(0, slash);
}

/// Writes all of `data`, resuming after short writes and EINTR. Returns 0 or
/// an errno value.
static int writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    data += written;
    size -= static_cast<size_t>(written);
  }
  return 0;
}

static int syncFd(int fd) {
  while (::fsync(fd) != 0)
    if (errno != EINTR)
      return errno;
  return 0;
}

AtomicFileWriter::~AtomicFileWriter() {
  if (fd >= 0) {
    ::close(fd);
    ::unlink(tempPath.c_str());
  }
}

tfc_code AtomicFileWriter::fail(const char *action, int error,
                                tfc_status *status) {
  if (fd >= 0) {
    ::close(fd);
    ::unlink(tempPath.c_str());
    fd = -1;
  }
  return setError(status, codeFromErrno(error), "cannot %s %s '%s': %s", action,
                  what.c_str(), path.c_str(), std::strerror(error));
}

/// The prefix of the temporary files of `path` written by process `pid`:
/// `PATH.tmp.PID.`.
static std::string temporaryPrefix(const std::string &path, pid_t pid) {
  return path + ".tmp." + std::to_string(pid) + ".";
}

/// Removes the temporary files of `path` whose writer is no longer running:
/// a writer killed between open() and commit() leaves its file behind.
/// Files of running processes (and names not of this form) are left alone.
static void removeStaleTemporaries(const std::string &path) {
  std::string directory = directoryOf(path);
  size_t slash = path.rfind('/');
  std::string prefix =
      (slash == std::string::npos ? path : path.substr(slash + 1)) + ".tmp.";
  DIR *dir = ::opendir(directory.c_str());
  if (!dir)
    return;
  while (const dirent *entry = ::readdir(dir)) {
    std::string name = entry->d_name;
    if (name.compare(0, prefix.size(), prefix) != 0)
      continue;
    size_t dot = name.find('.', prefix.size());
    std::string pidText = name.substr(prefix.size(), dot - prefix.size());
    if (dot == std::string::npos || pidText.empty() ||
        pidText.find_first_not_of("0123456789") != std::string::npos ||
        pidText.size() > 9)
      continue;
    pid_t pid = static_cast<pid_t>(std::stol(pidText));
    if (pid > 0 && ::kill(pid, 0) != 0 && errno == ESRCH)
      ::unlinkat(::dirfd(dir), name.c_str(), 0);
  }
  ::closedir(dir);
}

tfc_code AtomicFileWriter::open(const char *target, const char *kind,
                                tfc_status *status) {
  path = target;
  what = kind;
  removeStaleTemporaries(path);
  // mkstemp creates the file with O_EXCL in the target's directory, so the
  // final rename stays within one file system. The writer's process id in
  // the name lets a later writer remove the file should this one die.
  tempPath = temporaryPrefix(path, ::getpid()) + "XXXXXX";
  fd = ::mkostemp(tempPath.data(), O_CLOEXEC);
  if (fd < 0)
    return fail("create a temporary file for", errno, status);
  // mkstemp's 0600 would make checkpoints private to their writer.
  if (::fchmod(fd, 0644) != 0)
    return fail("set the permissions of", errno, status);
  buffer.reserve(kBufferSize);
  return TFC_OK;
}

tfc_code AtomicFileWriter::write(const void *data, size_t size,
                                 tfc_status *status) {
  if (fd < 0)
    return setError(status, TFC_INTERNAL, "%s '%s' is not open", what.c_str(),
                    path.c_str());
  const char *bytes = static_cast<const char *>(data);
  if (buffer.size() + size <= kBufferSize) {
    buffer.insert(buffer.end(), bytes, bytes + size);
    return TFC_OK;
  }
  if (tfc_code code = flush(status))
    return code;
  if (size < kBufferSize) {
    buffer.insert(buffer.end(), bytes, bytes + size);
    return TFC_OK;
  }
  if (int error = writeAll(fd, bytes, size))
    return fail("write", error, status);
  return TFC_OK;
}

tfc_code AtomicFileWriter::flush(tfc_status *status) {
  if (fd < 0)
    return setError(status, TFC_INTERNAL, "%s '%s' is not open", what.c_str(),
                    path.c_str());
  if (int error = writeAll(fd, buffer.data(), buffer.size()))
    return fail("write", error, status);
  buffer.clear();
  return TFC_OK;
}

tfc_code AtomicFileWriter::commit(tfc_status *status) {
  tfc_code code = flush(status);
  if (code != TFC_OK)
    return code;
  if (int error = syncFd(fd))
    return fail("sync", error, status);
  int closing = fd;
  fd = -1;
  if (::close(closing) != 0) {
    int error = errno;
    ::unlink(tempPath.c_str());
    return setError(status, codeFromErrno(error), "cannot close %s '%s': %s",
                    what.c_str(), path.c_str(), std::strerror(error));
  }
  if (::rename(tempPath.c_str(), path.c_str()) != 0) {
    int error = errno;
    ::unlink(tempPath.c_str());
    return setError(status, codeFromErrno(error),
                    "cannot rename the temporary file to %s '%s': %s",
                    what.c_str(), path.c_str(), std::strerror(error));
  }
  // The rename is durable only once the directory entry is synced.
  std::string directory = directoryOf(path);
  int dirFd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dirFd < 0)
    return setError(status, codeFromErrno(errno),
                    "%s '%s' was written but its directory cannot be opened "
                    "to sync it: %s",
                    what.c_str(), path.c_str(), std::strerror(errno));
  int error = syncFd(dirFd);
  ::close(dirFd);
  if (error)
    return setError(status, codeFromErrno(error),
                    "%s '%s' was written but its directory cannot be synced: "
                    "%s",
                    what.c_str(), path.c_str(), std::strerror(error));
  return TFC_OK;
}

tfc_code tfc::runtime::readWholeFile(const char *path, const char *what,
                                     MallocBuffer &data, size_t &size,
                                     tfc_status *status) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return setError(status, codeFromErrno(errno), "cannot open %s '%s': %s",
                    what, path, std::strerror(errno));
  struct stat info;
  if (::fstat(fd, &info) != 0) {
    int error = errno;
    ::close(fd);
    return setError(status, codeFromErrno(error), "cannot stat %s '%s': %s",
                    what, path, std::strerror(error));
  }
  if (!S_ISREG(info.st_mode)) {
    ::close(fd);
    return setError(status, TFC_FAILED_PRECONDITION,
                    "%s '%s' is not a regular file", what, path);
  }
  size = static_cast<size_t>(info.st_size);
  data.reset(static_cast<unsigned char *>(std::malloc(size ? size : 1)));
  if (!data) {
    ::close(fd);
    return setError(status, TFC_RESOURCE_EXHAUSTED,
                    "cannot allocate %zu bytes to read %s '%s'", size, what,
                    path);
  }
  size_t done = 0;
  while (done < size) {
    ssize_t got = ::read(fd, data.get() + done, size - done);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      int error = got < 0 ? errno : 0;
      ::close(fd);
      if (error)
        return setError(status, codeFromErrno(error), "cannot read %s '%s': %s",
                        what, path, std::strerror(error));
      return setError(status, TFC_DATA_LOSS, "%s '%s' shrank while it was read",
                      what, path);
    }
    done += static_cast<size_t>(got);
  }
  ::close(fd);
  return TFC_OK;
}

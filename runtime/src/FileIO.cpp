//===- FileIO.cpp - Atomic file writes and whole-file reads ---------------===//
//
// POSIX file plumbing: every system call is retried on EINTR, every error is
// reported with the file's name and strerror.
//
//===----------------------------------------------------------------------===//

#include "FileIO.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

using namespace tfc::runtime;

/// Bytes buffered before a write(2).
static constexpr size_t kBufferSize = 1 << 20;

std::string tfc::runtime::directoryOf(const std::string &path) {
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

AtomicFileWriter::~AtomicFileWriter() { removeTemporary(); }

void AtomicFileWriter::removeTemporary() {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
  if (temporaryExists)
    ::unlink(tempPath.c_str());
  temporaryExists = false;
}

tfc_code AtomicFileWriter::fail(const char *action, int error,
                                tfc_status *status) {
  removeTemporary();
  return setError(status, codeFromErrno(error), "cannot %s %s '%s': %s", action,
                  what.c_str(), path.c_str(), std::strerror(error));
}

/// The prefix of the temporary files of `path` written by process `pid`:
/// `PATH.tmp.PID.`.
static std::string temporaryPrefix(const std::string &path, pid_t pid) {
  return path + ".tmp." + std::to_string(pid) + ".";
}

namespace {
/// A temporary file of AtomicFileWriter found in a directory.
struct Temporary {
  std::string path;
  pid_t writer;
  struct timespec modified;
};
} // namespace

/// The temporary files of `path`, `PATH.tmp.PID.XXXXXX`, in the order
/// readdir gives them. Names not of this form are left out.
static std::vector<Temporary> listTemporaries(const std::string &path) {
  std::vector<Temporary> found;
  std::string directory = directoryOf(path);
  size_t slash = path.rfind('/');
  std::string prefix =
      (slash == std::string::npos ? path : path.substr(slash + 1)) + ".tmp.";
  DIR *dir = ::opendir(directory.c_str());
  if (!dir)
    return found;
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
    struct stat info;
    if (::fstatat(::dirfd(dir), name.c_str(), &info, 0) != 0)
      continue;
    found.push_back({directory + "/" + name,
                     static_cast<pid_t>(std::stol(pidText)), info.st_mtim});
  }
  ::closedir(dir);
  return found;
}

/// Removes the temporary files of `path` whose writer is no longer running:
/// a writer killed between open() and commit() leaves its file behind.
/// Files of running processes (and names not of this form) are left alone.
static void removeStaleTemporaries(const std::string &path) {
  for (const Temporary &temporary : listTemporaries(path))
    if (temporary.writer > 0 && ::kill(temporary.writer, 0) != 0 &&
        errno == ESRCH)
      ::unlink(temporary.path.c_str());
}

std::vector<std::string>
tfc::runtime::temporaryFilesOf(const std::string &path) {
  std::vector<Temporary> found = listTemporaries(path);
  std::sort(found.begin(), found.end(),
            [](const Temporary &a, const Temporary &b) {
              return std::tie(b.modified.tv_sec, b.modified.tv_nsec) <
                     std::tie(a.modified.tv_sec, a.modified.tv_nsec);
            });
  std::vector<std::string> paths;
  for (const Temporary &temporary : found)
    paths.push_back(temporary.path);
  return paths;
}

tfc_code AtomicFileWriter::open(const char *target, const char *kind,
                                tfc_status *status, StaleFiles staleFiles) {
  path = target;
  what = kind;
  removeStaleAfterInstall = staleFiles == StaleFiles::RemoveAfterInstall;
  if (!removeStaleAfterInstall)
    removeStaleTemporaries(path);
  // mkstemp creates the file with O_EXCL in the target's directory, so the
  // final rename stays within one file system. The writer's process id in
  // the name lets a later writer remove the file should this one die.
  tempPath = temporaryPrefix(path, ::getpid()) + "XXXXXX";
  fd = ::mkostemp(tempPath.data(), O_CLOEXEC);
  if (fd < 0)
    return fail("create a temporary file for", errno, status);
  temporaryExists = true;
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

tfc_code AtomicFileWriter::finish(tfc_status *status) {
  tfc_code code = flush(status);
  if (code != TFC_OK)
    return code;
  if (int error = syncFd(fd))
    return fail("sync", error, status);
  int closing = fd;
  fd = -1;
  if (::close(closing) != 0)
    return fail("close", errno, status);
  return TFC_OK;
}

tfc_code AtomicFileWriter::install(tfc_status *status) {
  if (fd >= 0 || !temporaryExists)
    return setError(status, TFC_INTERNAL, "%s '%s' is not finished",
                    what.c_str(), path.c_str());
  if (::rename(tempPath.c_str(), path.c_str()) != 0) {
    int error = errno;
    removeTemporary();
    return setError(status, codeFromErrno(error),
                    "cannot rename the temporary file to %s '%s': %s",
                    what.c_str(), path.c_str(), std::strerror(error));
  }
  temporaryExists = false;
  if (removeStaleAfterInstall)
    removeStaleTemporaries(path);
  return TFC_OK;
}

tfc_code AtomicFileWriter::syncDirectory(tfc_status *status) {
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

tfc_code AtomicFileWriter::commit(tfc_status *status) {
  tfc_code code;
  if ((code = finish(status)) || (code = install(status)))
    return code;
  return syncDirectory(status);
}

FileReader::~FileReader() {
  if (fd >= 0)
    ::close(fd);
}

tfc_code FileReader::open(const std::string &target, const char *kind,
                          tfc_status *status) {
  path = target;
  what = kind;
  fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return setError(status, codeFromErrno(errno), "cannot open %s '%s': %s",
                    what.c_str(), path.c_str(), std::strerror(errno));
  struct stat info;
  if (::fstat(fd, &info) != 0)
    return setError(status, codeFromErrno(errno), "cannot stat %s '%s': %s",
                    what.c_str(), path.c_str(), std::strerror(errno));
  if (!S_ISREG(info.st_mode))
    return setError(status, TFC_FAILED_PRECONDITION,
                    "%s '%s' is not a regular file", what.c_str(),
                    path.c_str());
  fileSize = static_cast<uint64_t>(info.st_size);
  return TFC_OK;
}

tfc_code FileReader::read(uint64_t offset, void *out, size_t count,
                          tfc_status *status) {
  auto *bytes = static_cast<unsigned char *>(out);
  size_t done = 0;
  while (done < count) {
    ssize_t got = ::pread(fd, bytes + done, count - done,
                          static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      return setError(status, codeFromErrno(errno), "cannot read %s '%s': %s",
                      what.c_str(), path.c_str(), std::strerror(errno));
    if (got == 0)
      return setError(status, TFC_DATA_LOSS, "%s '%s' shrank while it was read",
                      what.c_str(), path.c_str());
    done += static_cast<size_t>(got);
  }
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

tfc_code tfc::runtime::createDirectories(const std::string &dir,
                                         const char *what,
                                         tfc_status *status) {
  if (dir.empty() || dir == "." || dir == "/")
    return TFC_OK;
  struct stat info;
  if (::stat(dir.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode))
      return TFC_OK;
    return setError(status, TFC_FAILED_PRECONDITION,
                    "cannot create directory '%s' %s: a file of that name is "
                    "in the way",
                    dir.c_str(), what);
  }
  if (tfc_code code = createDirectories(directoryOf(dir), what, status))
    return code;
  // Another writer may create it between the stat and here.
  if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST)
    return setError(status, codeFromErrno(errno),
                    "cannot create directory '%s' %s: %s", dir.c_str(), what,
                    std::strerror(errno));
  return TFC_OK;
}

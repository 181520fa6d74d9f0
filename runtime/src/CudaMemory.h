//===- CudaMemory.h - Device memory of CUDA models --------------*- C++ -*-===//
//
// Device buffers for variables and call arguments, copies between host and
// device, and the per-model device workspace that serves the mgpuMemAlloc
// calls of compiled code inside a model call.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_CUDAMEMORY_H
#define TFC_RUNTIME_SRC_CUDAMEMORY_H

#include "CudaDriver.h"
#include "Internal.h"

#include <cstddef>
#include <mutex>
#include <vector>

namespace tfc::runtime {

/// Device memory of at least `bytes` (one byte for empty buffers) in
/// `*ptr`; the error when it fails or there is no device.
tfc_code deviceAllocate(size_t bytes, void **ptr, tfc_status *status);
/// Accepts null.
void deviceFree(void *ptr);
/// Synchronous copies; TFC_OK or the driver's error in `status`.
tfc_code copyToDevice(void *device, const void *host, size_t bytes,
                      tfc_status *status);
tfc_code copyToHost(void *host, const void *device, size_t bytes,
                    tfc_status *status);

/// `bytes` from `src` to `dst`.
struct CopyRegion {
  void *dst;
  const void *src;
  size_t bytes;
};
/// Copies `count` regions from the device to the host, or from the host to
/// the device, waiting once for all of them. With a `stream`, the copies
/// go there and the wait is for everything queued on it.
tfc_code copyRegionsToHost(const CopyRegion *regions, size_t count,
                           tfc_status *status, CUstream stream = nullptr);
tfc_code copyRegionsToDevice(const CopyRegion *regions, size_t count,
                             tfc_status *status);

/// Waits for all work of the device (a call's kernels on any stream); the
/// error of a kernel that failed asynchronously otherwise.
tfc_code synchronizeDevice(tfc_status *status);

/// Device blocks reused by the calls of one model: a block a call takes is
/// the call's until it ends, then goes back here. Blocks are only returned
/// to the driver when the workspace is destroyed.
class DeviceWorkspace {
public:
  DeviceWorkspace() = default;
  DeviceWorkspace(const DeviceWorkspace &) = delete;
  DeviceWorkspace &operator=(const DeviceWorkspace &) = delete;
  ~DeviceWorkspace();

  struct Block {
    void *ptr;
    size_t capacity;
  };
  /// A free block of at least `bytes`, or a new one; {null, 0} after
  /// recording the driver's error for the call.
  Block take(size_t bytes);
  void give(const Block &block);

private:
  std::mutex mutex;
  std::vector<Block> free;
};

/// Installs `workspace` for the model call on this thread: mgpuMemAlloc
/// takes its blocks there, mgpuMemFree of them waits for the end of the
/// call, and the destructor gives every block back.
class DeviceCallScope {
public:
  explicit DeviceCallScope(DeviceWorkspace &workspace);
  ~DeviceCallScope();
  DeviceCallScope(const DeviceCallScope &) = delete;
  DeviceCallScope &operator=(const DeviceCallScope &) = delete;

  /// The scope of the call on this thread, or null.
  static DeviceCallScope *current();
  void *allocate(size_t bytes);
  /// True when `ptr` is a block of this call.
  bool owns(const void *ptr) const;
  /// The bytes of the call's blocks so far.
  size_t takenBytes() const;

  /// A stream or event compiled code made in this call, and its end. A
  /// call that fails unwinds past the code that destroys them: the scope
  /// destroys what is left when the call ends.
  void created(void *handle, bool isEvent);
  void destroyed(void *handle);

  /// Capturing the call into a CUDA graph (CudaGraphs.h): every stream of
  /// compiled code is `stream`, whose capture runs nothing, so waits and
  /// event orderings are left out; `known` are the device buffers besides
  /// the call's blocks (the variables) a captured copy may touch.
  void beginCapture(CUstream stream, std::vector<CopyRegion> known);
  /// The capturing stream, or null.
  CUstream capturing() const { return captureStream; }
  /// Whether `bytes` at `ptr` lie in the call's blocks or the known buffers.
  bool isDeviceRange(const void *ptr, size_t bytes) const;
  /// Records that the call does what a graph cannot hold (a copy to or from
  /// host memory, say): the capture is abandoned and the call runs again
  /// without one.
  void captureUnsupported(const char *what);
  const char *unsupported() const { return unsupportedWhat; }
  /// An event the streams compiled code takes must wait for (the caller's
  /// stream, TFC_CALL_AFTER_STREAM), or null.
  void waitFor(CUevent event) { after = event; }
  CUevent waitsFor() const { return after; }
  /// Hands the call's blocks to the caller instead of the workspace.
  std::vector<DeviceWorkspace::Block> releaseBlocks();

private:
  DeviceWorkspace &workspace;
  std::vector<DeviceWorkspace::Block> taken;
  std::vector<std::pair<void *, bool>> handles;
  DeviceCallScope *previous;
  CUstream captureStream = nullptr;
  std::vector<CopyRegion> knownBuffers;
  const char *unsupportedWhat = nullptr;
  CUevent after = nullptr;
};

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_CUDAMEMORY_H

//===- CudaGraphs.h - CUDA model calls captured into graphs ----*- C++ -*-===//
//
// A small call of a CUDA model is mostly launch overhead: tens of kernels,
// each a driver call. The runtime captures the second call of an entry
// point with given argument shapes into a CUDA graph (the host code runs
// once more, its launches and device copies recorded on one stream instead
// of run) and replays the graph for later calls with those shapes: the
// arguments copied into the captured call's own device blocks, one graph
// launch, the results copied out. The host code is not run again, so a
// call is captured only when its device work depends on nothing but the
// argument shapes: host code that reads device memory (a loop or a branch
// on a computed value) abandons the capture, and the entry point then runs
// as before. TFC_CUDA_GRAPHS=0 turns capturing off.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_CUDAGRAPHS_H
#define TFC_RUNTIME_SRC_CUDAGRAPHS_H

#include "CallContext.h"
#include "CudaMemory.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace tfc::runtime {

/// One captured call of an entry point.
struct CapturedCall {
  /// Each argument's rank and sizes, one after the other: the key.
  std::vector<int64_t> shapes;
  /// The variables' device buffers the graph reads and writes, in the
  /// entry point's order; a variable whose buffer moved invalidates it.
  std::vector<void *> variables;
  /// The call frame's descriptor words and offsets after the captured
  /// call: the arguments' device blocks and the results' descriptors.
  std::vector<int64_t> words;
  std::vector<size_t> offsets;
  /// The assertions whose conditions the graph computes.
  std::vector<DeferredAssertion> deferred;
  /// The device blocks of the captured call, the graph's from then on.
  std::vector<DeviceWorkspace::Block> blocks;
  CUgraphExec exec = nullptr;
  /// Page-locked host memory, taken at the first replay, so that a replay
  /// queues all its copies and waits once: the arguments pass through
  /// `staging` when they are small (kMaxStagedBytes; `stagingOffsets`, one
  /// per argument, empty otherwise), and the assertions' conditions come
  /// back into `conditions`.
  bool hostBuffersTaken = false;
  char *staging = nullptr;
  size_t stagingCapacity = 0;
  std::vector<size_t> stagingOffsets;
  unsigned char *conditions = nullptr;
  size_t conditionsCapacity = 0;
  /// Whether a call is replaying it (a second call at once runs unrecorded).
  std::atomic<bool> busy{false};
};

/// A CUDA call being captured into a graph (beginCapture, Model.h).
struct GraphCapture {
  DeviceCallScope &device;
  size_t entryIndex;
  std::vector<int64_t> shapes;
  CUstream stream = nullptr;
  /// The capture did not work: the call must run again without one
  /// (`unsupported`: the entry point's host code cannot be captured).
  bool rerun = false;
  bool unsupported = false;
};

/// The captured calls of one model, by entry point.
class CudaGraphCache {
public:
  CudaGraphCache() = default;
  CudaGraphCache(const CudaGraphCache &) = delete;
  CudaGraphCache &operator=(const CudaGraphCache &) = delete;
  ~CudaGraphCache();

  /// The captured call of `entry` for `shapes`, marked busy; null when there
  /// is none or it is busy.
  CapturedCall *acquire(size_t entry, const std::vector<int64_t> &shapes);
  void release(CapturedCall *call) { call->busy = false; }
  /// Forgets a call whose variables moved (it must be busy: acquired).
  void drop(size_t entry, CapturedCall *call);

  /// Notes a call of `entry` for `shapes` that ran without a graph and used
  /// `deviceBytes` of device blocks: the first one with these shapes makes
  /// the next a capture, unless it used more than kMaxCapturedBytes.
  void ranUncaptured(size_t entry, const std::vector<int64_t> &shapes,
                     size_t deviceBytes);
  /// Whether this call of `entry` for `shapes` is to be captured (then no
  /// other call with these shapes is, until add or captureFailed).
  bool shouldCapture(size_t entry, const std::vector<int64_t> &shapes);
  /// The capture of `entry` for `shapes` worked: `call` replays from now on.
  void add(size_t entry, std::unique_ptr<CapturedCall> call);
  /// It did not: calls with these shapes run without a graph from now on,
  /// and with `unsupported`, calls of `entry` with any shapes (its host code
  /// did what a graph cannot hold).
  void captureFailed(size_t entry, const std::vector<int64_t> &shapes,
                     bool unsupported);

  /// Calls captured so far (for tests).
  size_t captured() const { return capturedCount; }

private:
  struct Entry {
    bool unsupported = false;
    /// Shapes seen without a graph: whether the next call captures (true)
    /// or none does (false).
    std::map<std::vector<int64_t>, bool> captureNext;
    std::vector<std::unique_ptr<CapturedCall>> calls;
  };
  std::mutex mutex;
  std::map<size_t, Entry> entries;
  std::atomic<size_t> capturedCount{0};
};

/// Whether calls are captured (TFC_CUDA_GRAPHS is not "0").
bool cudaGraphsEnabled();

/// Captured calls of one entry point kept at most, and the device memory a
/// call may use to be captured (a graph keeps its blocks for itself).
constexpr size_t kMaxCapturedShapes = 4;
/// Arguments of at most this many bytes in all are staged through
/// page-locked memory when a graph replays (a copy from pageable memory
/// waits for itself).
constexpr size_t kMaxStagedBytes = size_t(1) << 20;
constexpr size_t kMaxCapturedBytes = size_t(256) << 20;

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_CUDAGRAPHS_H

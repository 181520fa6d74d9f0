//===- CudaGraphs.cpp - CUDA model calls captured into graphs -------------===//

#include "CudaGraphs.h"
#include "CudaReuse.h"
#include "Model.h"
#include "Store.h"

#include <cstdlib>
#include <cstring>

using namespace tfc::runtime;

bool tfc::runtime::cudaGraphsEnabled() {
  static const bool enabled = [] {
    const char *text = std::getenv("TFC_CUDA_GRAPHS");
    return !(text && std::strcmp(text, "0") == 0);
  }();
  return enabled;
}

/// Gives back what a captured call holds.
static void giveBack(const CudaDriver *d, bool current, CapturedCall &call) {
  if (current && call.exec)
    d->cuGraphExecDestroy(call.exec);
  for (const DeviceWorkspace::Block &block : call.blocks)
    deviceFree(block.ptr);
  if (call.staging)
    givePinnedHost(call.staging, call.stagingCapacity);
  if (call.conditions)
    givePinnedHost(call.conditions, call.conditionsCapacity);
}

CudaGraphCache::~CudaGraphCache() {
  // A CPU model never opens the driver here.
  if (capturedCount == 0)
    return;
  const CudaDriver *d = cudaDriver();
  std::string message;
  bool current = d && makeCudaContextCurrent(*d, message);
  for (auto &[index, entry] : entries)
    for (std::unique_ptr<CapturedCall> &call : entry.calls)
      giveBack(d, current, *call);
}

CapturedCall *CudaGraphCache::acquire(size_t entry,
                                      const std::vector<int64_t> &shapes) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = entries.find(entry);
  if (it == entries.end())
    return nullptr;
  // Calls running at once may each have captured a graph of these shapes.
  for (std::unique_ptr<CapturedCall> &call : it->second.calls) {
    bool idle = false;
    if (call->shapes == shapes &&
        call->busy.compare_exchange_strong(idle, true))
      return call.get();
  }
  return nullptr;
}

void CudaGraphCache::drop(size_t entry, CapturedCall *call) {
  std::unique_ptr<CapturedCall> dropped;
  {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<std::unique_ptr<CapturedCall>> &calls = entries[entry].calls;
    for (size_t i = 0; i < calls.size(); ++i)
      if (calls[i].get() == call) {
        dropped = std::move(calls[i]);
        calls.erase(calls.begin() + i);
        break;
      }
  }
  if (!dropped)
    return;
  const CudaDriver *d = cudaDriver();
  std::string message;
  giveBack(d, d && makeCudaContextCurrent(*d, message), *dropped);
}

void CudaGraphCache::ranUncaptured(size_t entry,
                                   const std::vector<int64_t> &shapes,
                                   size_t deviceBytes) {
  std::lock_guard<std::mutex> lock(mutex);
  Entry &calls = entries[entry];
  if (calls.unsupported || calls.calls.size() >= kMaxCapturedShapes)
    return;
  calls.captureNext.emplace(shapes, deviceBytes <= kMaxCapturedBytes);
}

bool CudaGraphCache::shouldCapture(size_t entry,
                                   const std::vector<int64_t> &shapes) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = entries.find(entry);
  if (it == entries.end() || it->second.unsupported)
    return false;
  auto next = it->second.captureNext.find(shapes);
  if (next == it->second.captureNext.end() || !next->second)
    return false;
  // This call captures; calls running beside it do not.
  next->second = false;
  return true;
}

void CudaGraphCache::add(size_t entry, std::unique_ptr<CapturedCall> call) {
  std::lock_guard<std::mutex> lock(mutex);
  Entry &calls = entries[entry];
  calls.captureNext.erase(call->shapes);
  calls.calls.push_back(std::move(call));
  ++capturedCount;
}

void CudaGraphCache::captureFailed(size_t entry,
                                   const std::vector<int64_t> &shapes,
                                   bool unsupported) {
  std::lock_guard<std::mutex> lock(mutex);
  Entry &calls = entries[entry];
  calls.captureNext[shapes] = false;
  if (unsupported)
    calls.unsupported = true;
}

/// Starts capturing the call's device work: every stream of the compiled
/// code is `capture.stream` until endCapture.
void tfc::runtime::beginCapture(tfc_model *model, const EntryPoint &entry,
                                GraphCapture &capture) {
  const CudaDriver &d = *cudaDriver();
  std::vector<CopyRegion> variables;
  for (int64_t index : entry.variables) {
    tfc_variable *var = model->variables[index].variable;
    variables.push_back(
        {var->deviceData, nullptr, static_cast<size_t>(var->byteSize)});
  }
  // Relaxed: the capture's first call may still allocate device blocks.
  constexpr int kRelaxed = 2;
  CUresult result = takeStream(d, &capture.stream);
  if (result == kCudaSuccess && capture.device.waitsFor())
    result = d.cuStreamWaitEvent(capture.stream, capture.device.waitsFor(), 0);
  if (result == kCudaSuccess)
    result = d.cuStreamBeginCapture(capture.stream, kRelaxed);
  if (result != kCudaSuccess) {
    if (capture.stream)
      giveStream(d, capture.stream);
    capture.stream = nullptr;
    return;
  }
  capture.device.beginCapture(capture.stream, std::move(variables));
}

/// Ends the capture of a call that ran (`completed`): launches the graph
/// (the call's device work, which the capture did not run) and keeps it in
/// the model's cache; false when the call must run again without a graph.
bool tfc::runtime::endCapture(tfc_model *model, const EntryPoint &entry,
                              const std::vector<int64_t> &words,
                              const std::vector<size_t> &offsets,
                              CallContext &context, GraphCapture &capture,
                              bool completed) {
  const CudaDriver &d = *cudaDriver();
  CUgraph graph = nullptr;
  CUresult ended = d.cuStreamEndCapture(capture.stream, &graph);
  capture.unsupported = capture.device.unsupported() != nullptr;
  capture.device.beginCapture(nullptr, {});
  auto call = std::make_unique<CapturedCall>();
  bool made =
      completed && ended == kCudaSuccess && graph &&
      d.cuGraphInstantiateWithFlags(&call->exec, graph, 0) == kCudaSuccess;
  if (graph)
    d.cuGraphDestroy(graph);
  if (!made || d.cuGraphLaunch(call->exec, capture.stream) != kCudaSuccess) {
    if (call->exec)
      d.cuGraphExecDestroy(call->exec);
    giveStream(d, capture.stream);
    model->graphs->captureFailed(capture.entryIndex, capture.shapes,
                                 capture.unsupported);
    capture.rerun = true;
    return false;
  }
  giveStream(d, capture.stream);
  call->shapes = std::move(capture.shapes);
  for (int64_t index : entry.variables)
    call->variables.push_back(model->variables[index].variable->deviceData);
  call->words = words;
  call->offsets = offsets;
  call->deferred = context.deferred;
  call->blocks = capture.device.releaseBlocks();
  model->graphs->add(capture.entryIndex, std::move(call));
  return true;
}

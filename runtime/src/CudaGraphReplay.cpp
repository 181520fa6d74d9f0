//===- CudaGraphReplay.cpp - Running a captured CUDA call again -----------===//
//
// A replay does on one stream what the captured call's host code did over
// many driver calls: the arguments' copies into the graph's blocks, one
// graph launch, then a single wait before the deferred assertions are read
// and the results copied out.
//
//===----------------------------------------------------------------------===//

#include "CudaCalls.h"
#include "CudaGraphs.h"
#include "CudaReuse.h"
#include "Model.h"
#include "Store.h"

#include <cstring>

using namespace tfc::runtime;

namespace {
/// A stream from the runtime's idle ones for the length of a replay.
class ReplayStream {
public:
  explicit ReplayStream(const CudaDriver &d) : d(d) {
    if (takeStream(d, &stream) != kCudaSuccess)
      stream = nullptr;
  }
  ~ReplayStream() {
    if (stream)
      giveStream(d, stream);
  }
  CUstream get() const { return stream; }

private:
  const CudaDriver &d;
  CUstream stream = nullptr;
};

tfc_code driverError(tfc_status *status, const char *what, CUresult result) {
  return setError(status, TFC_INTERNAL, "%s: %s", what,
                  cudaErrorName(result).c_str());
}

/// Not a CUDA error code: no stream could be had.
constexpr CUresult kNoStream = 1;

/// Takes the page-locked buffers of `call` at its first replay: staging for
/// the arguments when they are small, and room for the conditions (none
/// when they fail: the replay then copies from the arguments' own memory,
/// and reads the conditions with checkDeferredAssertions).
void takeHostBuffers(const EntryPoint &entry, CapturedCall &call,
                     const tfc_tensor *const *inputs) {
  if (call.hostBuffersTaken)
    return;
  call.hostBuffersTaken = true;
  std::vector<size_t> offsets;
  size_t bytes = 0;
  for (size_t i = 0; i < entry.inputs.size(); ++i) {
    bytes = (bytes + 255) / 256 * 256;
    offsets.push_back(bytes);
    bytes += static_cast<size_t>(inputs[i]->byteSize);
  }
  if (bytes > 0 && bytes <= kMaxStagedBytes)
    if ((call.staging =
             static_cast<char *>(takePinnedHost(bytes, &call.stagingCapacity))))
      call.stagingOffsets = std::move(offsets);
  if (!call.deferred.empty())
    call.conditions = static_cast<unsigned char *>(
        takePinnedHost(call.deferred.size(), &call.conditionsCapacity));
}

/// Whether every condition read back holds (all of them when there is no
/// buffer: checkDeferredAssertions reads them).
bool allHold(const unsigned char *conditions, size_t count) {
  if (!conditions)
    return false;
  for (size_t i = 0; i < count; ++i)
    if (!conditions[i])
      return false;
  return true;
}

/// Brings the entry point's variables' device buffers up to date; in
/// `moved`, whether one is not where `call` captured it.
tfc_code deviceVariables(tfc_model *model, const EntryPoint &entry,
                         const CapturedCall &call, bool &moved,
                         tfc_status *status) {
  moved = false;
  for (size_t j = 0; j < entry.variables.size(); ++j) {
    tfc_variable *var = model->variables[entry.variables[j]].variable;
    if (tfc_code code = variableToDevice(var, status))
      return code;
    moved = moved || var->deviceData != call.variables[j];
  }
  return TFC_OK;
}
} // namespace

tfc_code tfc::runtime::replayCapturedCall(
    tfc_model *model, const EntryPoint &entry, size_t entryIndex,
    CapturedCall &call, const tfc_tensor *const *inputs, tfc_tensor **outputs,
    bool outputsOnDevice, CUevent after, bool &replayed, tfc_status *status) {
  replayed = false;
  const CudaDriver *d = cudaDriver();
  std::string message;
  if (!d || !makeCudaContextCurrent(*d, message)) {
    model->graphs->release(&call);
    return TFC_OK; // the call without a graph reports the error
  }
  CallContextScope context;
  context.get().deviceMemory = true;
  StoreLock lock(model->store, entry.writesVariables);
  bool moved = false;
  if (tfc_code code = deviceVariables(model, entry, call, moved, status)) {
    model->graphs->release(&call);
    replayed = true; // the error is the call's
    return code;
  }
  if (moved) {
    // A variable's device buffer moved (a restore, say): the graph is stale.
    model->graphs->drop(entryIndex, &call);
    return TFC_OK;
  }
  replayed = true;
  takeHostBuffers(entry, call, inputs);
  tfc_code code = TFC_OK;
  ReplayStream stream(*d);
  CUresult result = stream.get() ? kCudaSuccess : kNoStream;
  // After the caller's stream (TFC_CALL_AFTER_STREAM).
  if (after && result == kCudaSuccess)
    result = d->cuStreamWaitEvent(stream.get(), after, 0);
  size_t numOutputs = entry.outputs.size();
  for (size_t i = 0; i < entry.inputs.size() && result == kCudaSuccess; ++i) {
    size_t bytes = static_cast<size_t>(inputs[i]->byteSize);
    if (bytes == 0)
      continue;
    const int64_t *words = call.words.data() + call.offsets[numOutputs + i];
    CUdeviceptr device = 0;
    std::memcpy(&device, &words[1], sizeof(device));
    const void *source = inputs[i]->data;
    if (!call.stagingOffsets.empty()) {
      // Queued from page-locked memory, the copy does not wait for itself.
      char *staged = call.staging + call.stagingOffsets[i];
      std::memcpy(staged, source, bytes);
      source = staged;
    }
    result = d->cuMemcpyAsync(device, reinterpret_cast<CUdeviceptr>(source),
                              bytes, stream.get());
  }
  if (result == kCudaSuccess)
    result = d->cuGraphLaunch(call.exec, stream.get());
  // The conditions come back with the results, after one wait.
  for (size_t i = 0;
       i < call.deferred.size() && call.conditions && result == kCudaSuccess;
       ++i)
    result = d->cuMemcpyAsync(
        reinterpret_cast<CUdeviceptr>(call.conditions + i),
        reinterpret_cast<CUdeviceptr>(call.deferred[i].condition), 1,
        stream.get());
  if (result != kCudaSuccess)
    code = driverError(status, "replaying a captured CUDA call", result);
  if (code == TFC_OK)
    code = resultsFromDevice(entry, call.words.data(), call.offsets.data(),
                             outputs, status, stream.get(), outputsOnDevice);
  if (code == TFC_OK && !call.deferred.empty() &&
      !allHold(call.conditions, call.deferred.size())) {
    // Read again with their data, for the first failure's message.
    context.get().deferred = call.deferred;
    if (!checkDeferredAssertions(context.get())) {
      code = setError(status, context.get().code, "%s",
                      context.get().message.c_str());
      for (size_t k = 0; k < numOutputs; ++k) {
        tfc_tensor_destroy(outputs[k]);
        outputs[k] = nullptr;
      }
    }
  }
  // Assigns that ran before a failure stay done.
  if (entry.writesVariables)
    for (int64_t index : entry.variables)
      variableWritten(model->variables[index].variable, /*onDevice=*/true);
  model->graphs->release(&call);
  return code;
}

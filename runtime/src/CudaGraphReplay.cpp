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
#include <optional>

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

/// The device buffers of the entry point's variables, brought up to date.
tfc_code deviceVariables(tfc_model *model, const EntryPoint &entry,
                         std::vector<void *> &buffers, tfc_status *status) {
  buffers.clear();
  for (int64_t index : entry.variables) {
    tfc_variable *var = model->variables[index].variable;
    if (tfc_code code = variableToDevice(var, status))
      return code;
    buffers.push_back(var->deviceData);
  }
  return TFC_OK;
}
} // namespace

tfc_code tfc::runtime::replayCapturedCall(tfc_model *model,
                                          const EntryPoint &entry,
                                          size_t entryIndex, CapturedCall &call,
                                          const tfc_tensor *const *inputs,
                                          tfc_tensor **outputs, bool &replayed,
                                          tfc_status *status) {
  replayed = false;
  const CudaDriver *d = cudaDriver();
  std::string message;
  if (!d || !makeCudaContextCurrent(*d, message)) {
    model->graphs->release(&call);
    return TFC_OK; // the call without a graph reports the error
  }
  CallContextScope context;
  context.get().deviceMemory = true;
  std::optional<SharedLock> shared;
  std::optional<ExclusiveLock> exclusive;
  if (entry.writesVariables)
    exclusive.emplace(model->store);
  else
    shared.emplace(model->store);
  std::vector<void *> buffers;
  if (tfc_code code = deviceVariables(model, entry, buffers, status)) {
    model->graphs->release(&call);
    replayed = true; // the error is the call's
    return code;
  }
  if (buffers != call.variables) {
    // A variable's device buffer moved (a restore, say): the graph is stale.
    model->graphs->drop(entryIndex, &call);
    return TFC_OK;
  }
  replayed = true;
  tfc_code code = TFC_OK;
  {
    ReplayStream stream(*d);
    size_t numOutputs = entry.outputs.size();
    CUresult result = stream.get() ? kCudaSuccess : 1;
    for (size_t i = 0; i < entry.inputs.size() && result == kCudaSuccess; ++i) {
      const int64_t *words = call.words.data() + call.offsets[numOutputs + i];
      CUdeviceptr device = 0;
      std::memcpy(&device, &words[1], sizeof(device));
      if (inputs[i]->byteSize > 0)
        result = d->cuMemcpyAsync(
            device, reinterpret_cast<CUdeviceptr>(inputs[i]->data),
            static_cast<size_t>(inputs[i]->byteSize), stream.get());
    }
    if (result == kCudaSuccess)
      result = d->cuGraphLaunch(call.exec, stream.get());
    if (result == kCudaSuccess)
      result = d->cuStreamSynchronize(stream.get());
    if (result != kCudaSuccess)
      code = driverError(status, "replaying a captured CUDA call", result);
  }
  if (code == TFC_OK) {
    context.get().deferred = call.deferred;
    if (!checkDeferredAssertions(context.get()))
      code = setError(status, context.get().code, "%s",
                      context.get().message.c_str());
  }
  // Assigns that ran before a failure stay done.
  if (entry.writesVariables)
    for (int64_t index : entry.variables)
      variableWritten(model->variables[index].variable, /*onDevice=*/true);
  if (code == TFC_OK)
    code = resultsFromDevice(entry, call.words.data(), call.offsets.data(),
                             outputs, status);
  model->graphs->release(&call);
  return code;
}

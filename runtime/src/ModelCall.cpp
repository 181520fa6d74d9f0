//===- ModelCall.cpp - Calling compiled entry points ----------------------===//
//
// Builds the memref descriptors a compiled entry point takes, runs it under
// the store's lock, and turns the result descriptors into tensors. Every
// allocation the compiled code makes goes through the allocator below into
// the call's arena: returned buffers become the output tensors, the rest is
// freed when the call ends. A failed assertion or host call in compiled code
// unwinds to here (CallContext.h) and the call returns its error.
//
//===----------------------------------------------------------------------===//

#include "CallContext.h"
#include "CudaDriver.h"
#include "CudaMemory.h"
#include "CudaReuse.h"
#include "MemRef.h"
#include "Model.h"
#include "Store.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

using namespace tfc::runtime;

namespace {

/// The arena of the call in progress on this thread.
thread_local BufferArena *currentArena = nullptr;
/// The thread count of the call in progress on this thread; 0 outside one.
thread_local int32_t currentNumThreads = 0;

/// Installs an arena for the duration of a call; frees what is left.
class ArenaScope {
public:
  ArenaScope() : previous(currentArena) { currentArena = &arena; }
  ~ArenaScope() { currentArena = previous; }
  /// Takes `ptr` out of the arena (its owner is now a tensor); false if the
  /// arena did not allocate it.
  bool release(void *ptr) { return arena.untrack(ptr); }

private:
  // Destroyed after currentArena is restored.
  BufferArena arena;
  BufferArena *previous;
};

/// Sets the thread count of compiled code for the duration of a call.
class NumThreadsScope {
public:
  explicit NumThreadsScope(int32_t numThreads) : previous(currentNumThreads) {
    currentNumThreads = numThreads;
  }
  ~NumThreadsScope() { currentNumThreads = previous; }

private:
  int32_t previous;
};

/// The memref descriptors of one call: all in `words`, the results' first,
/// then one per argument and variable at `offsets`; `packed` points at them
/// for the entry point. Kept by the thread for its next call at the same
/// depth (a host function may call a model), so that a call allocates
/// nothing for them.
struct CallFrame {
  std::vector<int64_t> words;
  std::vector<size_t> offsets;
  std::vector<void *> packed;
};

thread_local std::vector<std::unique_ptr<CallFrame>> callFrames;
thread_local size_t callDepth = 0;

class CallFrameScope {
public:
  CallFrameScope() {
    if (callFrames.size() <= callDepth)
      callFrames.push_back(std::make_unique<CallFrame>());
    frame = callFrames[callDepth++].get();
  }
  ~CallFrameScope() { --callDepth; }
  CallFrame &get() { return *frame; }

private:
  CallFrame *frame;
};

void freeDeleter(void *, void *allocated) { releaseBuffer(allocated); }

} // namespace

/// Whether this thread is inside an OpenMP parallel region (compiled code's
/// parallel loops), which must not be left by unwinding. The OpenMP
/// runtime is the model's, so it is looked up rather than linked.
static bool inParallelRegion() {
  using LevelFn = int (*)();
  static const auto level =
      reinterpret_cast<LevelFn>(::dlsym(RTLD_DEFAULT, "omp_get_level"));
  return level && level() > 0;
}

/// Records that compiled code could not allocate `size` bytes for the op
/// `site` describes (null: unknown); false when the call cannot unwind from
/// here: a worker thread of a parallel loop, or the calling thread inside
/// one.
[[gnu::noinline]] static bool recordFailedAllocation(uint64_t size,
                                                     const char *site) {
  CallContext *context = inParallelRegion() ? nullptr : currentCallContext();
  auto bytes = static_cast<int64_t>(std::min<uint64_t>(size, INT64_MAX));
  std::string where =
      site && *site ? formatString(" for %s", site) : std::string();
  std::string message = formatString(
      "cannot allocate %llu bytes for a tensor the compiled code computes%s%s",
      static_cast<unsigned long long>(size), where.c_str(),
      allocationLimitNote(bytes).c_str());
  if (context) {
    recordFailure(*context, TFC_RESOURCE_EXHAUSTED, message);
    return true;
  }
  std::fprintf(stderr, "tfc runtime: %s, in a thread that cannot fail the "
                       "call: aborting\n",
               message.c_str());
  return false;
}

/// Memory for compiled code, within TFC_MAX_ALLOC_BYTES. When there is
/// none, the call fails with RESOURCE_EXHAUSTED instead of the code using
/// a null pointer. (This frame holds no object with a destructor.)
static void *allocateForCompiledCode(size_t alignment, uint64_t size,
                                     const char *site = nullptr) {
  void *ptr = size <= static_cast<uint64_t>(maxAllocationBytes())
                  ? allocateBuffer(alignment, size)
                  : nullptr;
  if (!ptr) {
    if (!recordFailedAllocation(size, site))
      std::abort();
    unwindCall(*currentCallContext());
  }
  if (currentArena)
    currentArena->track(ptr);
  return ptr;
}

extern "C" {
// The allocation functions of MLIR's `use-generic-functions` lowering.
TFC_RUNTIME_EXPORT void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  return allocateForCompiledCode(alignof(std::max_align_t), size);
}

TFC_RUNTIME_EXPORT void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment,
                                                            uint64_t size) {
  return allocateForCompiledCode(alignment, size);
}

TFC_RUNTIME_EXPORT void _mlir_memref_to_llvm_free(void *ptr) {
  releaseBuffer(ptr);
}

// What tfc-name-allocation-sites makes of the two above: the same, with
// the op the buffer is for.
TFC_RUNTIME_EXPORT void *tfc_rt_alloc_at(int64_t alignment, int64_t size,
                                         const char *site) {
  size_t align = alignment > 0 ? static_cast<size_t>(alignment)
                               : alignof(std::max_align_t);
  return allocateForCompiledCode(align, static_cast<uint64_t>(size), site);
}
}

/// Brings the variables' copies on the call's side up to date and writes
/// their descriptors, the j-th at `words + offsets[j]`, then those of the
/// packed copies the code reads (of variables among the entry's, whose
/// host copies are current by then). Under the store lock.
static tfc_code bindVariables(tfc_model *model, const EntryPoint &entry,
                              int64_t *words, const size_t *offsets,
                              tfc_status *status) {
  bool cuda = model->target.cuda;
  for (size_t j = 0; j < entry.variables.size(); ++j) {
    tfc_variable *var = model->variables[entry.variables[j]].variable;
    tfc_code code =
        cuda ? variableToDevice(var, status) : variableToHost(var, status);
    if (code != TFC_OK)
      return code;
    writeDescriptor(words + offsets[j], cuda ? var->deviceData : var->data,
                    var->dims, var->rank);
  }
  offsets += entry.variables.size();
  for (size_t j = 0; j < entry.packedVariables.size(); ++j) {
    const EntryPoint::PackedVariable &packed = entry.packedVariables[j];
    tfc_variable *var = model->variables[packed.variable].variable;
    void *data = nullptr;
    if (tfc_code code = packedVariable(var, packed.panel, &data, status))
      return code;
    int64_t dims[3] = {packedPanels(var, packed.panel), var->dims[0],
                       packed.panel};
    writeDescriptor(words + offsets[j], data, dims, 3);
  }
  return TFC_OK;
}

/// The output tensor of a CPU call's result descriptor: a buffer the call
/// allocated becomes the tensor; anything else (a constant, an argument, a
/// second result sharing a buffer) is copied.
static tfc_tensor *hostResult(ArenaScope &arena, tfc_dtype dtype,
                              int64_t *words, int64_t rank,
                              tfc_status *status) {
  void *allocated, *aligned;
  std::memcpy(&allocated, &words[0], sizeof(void *));
  std::memcpy(&aligned, &words[1], sizeof(void *));
  char *data = static_cast<char *>(aligned) + words[2] * tfc_dtype_size(dtype);
  const int64_t *shape = words + 3;
  if (words[2] == 0 && arena.release(allocated)) {
    tfc_tensor *tensor = tfc_tensor_wrap(dtype, rank, shape, data, freeDeleter,
                                         allocated, status);
    if (!tensor)
      releaseBuffer(allocated);
    return tensor;
  }
  tfc_tensor *wrapped =
      tfc_tensor_wrap(dtype, rank, shape, data, nullptr, nullptr, status);
  if (!wrapped)
    return nullptr;
  tfc_tensor *tensor = tfc_tensor_clone(wrapped, status);
  tfc_tensor_destroy(wrapped);
  return tensor;
}

/// The output tensors of a completed call from its result descriptors; on
/// failure none is left.
static tfc_code takeResults(tfc_model *model, const EntryPoint &entry,
                            ArenaScope &arena, int64_t *words,
                            const size_t *offsets, tfc_tensor **outputs,
                            bool outputsOnDevice, tfc_status *status) {
  if (model->target.cuda)
    return resultsFromDevice(entry, words, offsets, outputs, status,
                             /*stream=*/nullptr, outputsOnDevice);
  for (size_t k = 0; k < entry.outputs.size(); ++k) {
    const TensorSignature &signature = entry.outputs[k];
    int64_t rank = static_cast<int64_t>(signature.shape.size());
    int64_t *result = words + offsets[k];
    tfc_tensor *tensor =
        hostResult(arena, signature.dtype, result, rank, status);
    if (!tensor) {
      for (size_t done = 0; done < k; ++done) {
        tfc_tensor_destroy(outputs[done]);
        outputs[done] = nullptr;
      }
      return TFC_RESOURCE_EXHAUSTED;
    }
    outputs[k] = tensor;
  }
  return TFC_OK;
}

/// Fails unless every variable of the entry point holds a value.
static tfc_code requireVariablesInitialized(tfc_model *model,
                                            const EntryPoint &entry,
                                            tfc_status *status) {
  for (int64_t index : entry.variables) {
    tfc_code code = tfc_variable_require_initialized(
        model->variables[index].variable, status);
    if (code != TFC_OK)
      return code;
  }
  return TFC_OK;
}

/// Every descriptor's place in `frame`, then the pointers to them.
static void layOutFrame(CallFrame &frame, const tfc_model *model,
                        const EntryPoint &entry,
                        const tfc_tensor *const *inputs) {
  frame.offsets.clear();
  size_t total = 0;
  auto place = [&](int64_t rank) {
    frame.offsets.push_back(total);
    total += static_cast<size_t>(descriptorWords(rank));
  };
  for (const TensorSignature &output : entry.outputs)
    place(static_cast<int64_t>(output.shape.size()));
  for (size_t i = 0; i < entry.inputs.size(); ++i)
    place(inputs[i]->rank);
  for (int64_t index : entry.variables)
    place(model->variables[index].variable->rank);
  for (size_t j = 0; j < entry.packedVariables.size(); ++j)
    place(3);
  frame.words.resize(total);
  int64_t *words = frame.words.data();
  // The results' descriptors are one block: the first pointer.
  size_t numOutputs = entry.outputs.size();
  frame.packed.clear();
  if (numOutputs > 0)
    frame.packed.push_back(words);
  for (size_t k = numOutputs; k < frame.offsets.size(); ++k)
    frame.packed.push_back(words + frame.offsets[k]);
}

/// Writes the arguments' descriptors, the i-th at `words + offsets[i]`; for
/// a CUDA call (`device` set) with inputs on the host, of copies in the
/// call's device memory, all made before waiting once.
static tfc_code bindInputs(DeviceCallScope *device, bool inputsOnDevice,
                           CallContext &context,
                           const tfc_tensor *const *inputs, size_t numInputs,
                           int64_t *words, const size_t *offsets,
                           tfc_status *status) {
  bool copy = device && !inputsOnDevice;
  std::vector<CopyRegion> copies;
  if (copy)
    copies.reserve(numInputs);
  for (size_t i = 0; i < numInputs; ++i) {
    const tfc_tensor *input = inputs[i];
    void *data = input->data;
    if (copy) {
      size_t bytes = static_cast<size_t>(input->byteSize);
      data = device->allocate(bytes);
      if (!data)
        return setError(status, context.code, "%s", context.message.c_str());
      copies.push_back({data, input->data, bytes});
    }
    writeDescriptor(words + offsets[i], data, input->dims, input->rank);
  }
  if (copies.empty())
    return TFC_OK;
  return copyRegionsToDevice(copies.data(), copies.size(), status);
}

/// Whether a CUDA call that ran (`completed`) also ended well on the
/// device; if not, its error is in `context`.
static bool finishDeviceCall(CallContext &context, bool completed) {
  // Kernels may still run on streams the compiled code did not wait for:
  // the variables and the call's blocks are theirs until they end.
  tfc_status deviceStatus;
  if (synchronizeDevice(&deviceStatus) != TFC_OK && completed) {
    context.code = deviceStatus.code;
    context.message = deviceStatus.message;
    completed = false;
  }
  // The assertions whose conditions are in device memory, now that the
  // kernels computing them are done.
  if (completed && !checkDeferredAssertions(context))
    completed = false;
  return completed;
}

/// Runs the entry point on the descriptors of `frame` under the store lock
/// and takes its results before the lock goes; with `capture`, records
/// the call into a CUDA graph and runs that.
static tfc_code runLocked(tfc_model *model, const EntryPoint &entry,
                          CallFrame &frame, ArenaScope &arena,
                          CallContext &context, tfc_tensor **outputs,
                          bool outputsOnDevice, GraphCapture *capture,
                          tfc_status *status) {
  bool cuda = model->target.cuda;
  int64_t *words = frame.words.data();
  const size_t *offsets = frame.offsets.data();
  bool completed;
  tfc_code code;
  {
    NumThreadsScope threads(model->numThreads);
    // Released before the thread count is restored.
    StoreLock lock(model->store, entry.writesVariables);
    if (tfc_code bindCode = bindVariables(
            model, entry, words,
            offsets + entry.outputs.size() + entry.inputs.size(), status))
      return bindCode;
    if (capture)
      beginCapture(model, entry, *capture);
    // A failed assertion, host call or device operation unwinds to
    // runGuarded; the lock is released and the arena freed either way.
    completed = runGuarded(model->abi->functions[entry.function],
                           frame.packed.data(), context);
    if (capture && capture->stream &&
        !endCapture(model, entry, frame.words, frame.offsets, context, *capture,
                    completed)) {
      // Nothing ran on the device: the call runs again without a graph.
      return TFC_OK;
    }
    if (cuda)
      completed = finishDeviceCall(context, completed);
    // Assigns that ran before a failure stay done.
    if (entry.writesVariables)
      for (int64_t index : entry.variables)
        variableWritten(model->variables[index].variable, cuda);
    // The results are taken before the lock goes: one that is a variable's
    // buffer (a read returned as is) is copied, and a writer may change the
    // variable as soon as the lock is released.
    code = completed ? takeResults(model, entry, arena, words, offsets, outputs,
                                   outputsOnDevice, status)
                     : TFC_OK;
  }
  if (!completed)
    return setError(status, context.code, "%s", context.message.c_str());
  return code;
}

namespace {
/// An event recorded on the caller's stream (TFC_CALL_AFTER_STREAM), which
/// the call's streams wait for.
struct AfterStream {
  CUevent event = nullptr;
  tfc_code record(void *stream, tfc_status *status) {
    const CudaDriver *d = cudaDriver();
    std::string message;
    if (!d || !makeCudaContextCurrent(*d, message))
      return checkCudaAvailable(status);
    CUresult result = takeEvent(*d, &event);
    if (result == kCudaSuccess)
      result = d->cuEventRecord(event, static_cast<CUstream>(stream));
    if (result == kCudaSuccess)
      return TFC_OK;
    return setError(status, TFC_INVALID_ARGUMENT,
                    "TFC_CALL_AFTER_STREAM: recording an event on the "
                    "caller's stream failed: %s",
                    cudaErrorName(result).c_str());
  }
  ~AfterStream() {
    if (event)
      giveEvent(*cudaDriver(), event);
  }
};
} // namespace

/// Each argument's rank and sizes, one after the other.
static std::vector<int64_t> argumentShapes(const tfc_tensor *const *inputs,
                                           size_t count) {
  std::vector<int64_t> shapes;
  for (size_t i = 0; i < count; ++i) {
    shapes.push_back(inputs[i]->rank);
    shapes.insert(shapes.end(), inputs[i]->dims,
                  inputs[i]->dims + inputs[i]->rank);
  }
  return shapes;
}

/// One try of callEntry: `rerun` says that a capture did not work and the
/// call must run again without one (`graphs` false).
static tfc_code callEntryOnce(tfc_model *model, const EntryPoint &entry,
                              const tfc_tensor *const *inputs,
                              tfc_tensor **outputs, uint32_t placement,
                              CUevent after, bool graphs, bool &rerun,
                              tfc_status *status) {
  bool cuda = model->target.cuda;
  size_t entryIndex = static_cast<size_t>(&entry - model->entries.data());
  std::vector<int64_t> shapes;
  bool capture = false;
  // Arguments on the device are the caller's buffers, which a graph would
  // keep using.
  bool inputsOnDevice = placement & TFC_CALL_INPUTS_ON_DEVICE;
  bool outputsOnDevice = placement & TFC_CALL_OUTPUTS_ON_DEVICE;
  graphs = graphs && cuda && !inputsOnDevice && entry.packedVariables.empty();
  if (graphs) {
    shapes = argumentShapes(inputs, entry.inputs.size());
    if (CapturedCall *call = model->graphs->acquire(entryIndex, shapes)) {
      bool replayed = false;
      tfc_code code =
          replayCapturedCall(model, entry, entryIndex, *call, inputs, outputs,
                             outputsOnDevice, after, replayed, status);
      if (replayed)
        return code;
    }
    capture = model->graphs->shouldCapture(entryIndex, shapes);
  }

  CallFrameScope frameScope;
  CallFrame &frame = frameScope.get();
  layOutFrame(frame, model, entry, inputs);

  ArenaScope arena;
  // Errors of the device copies below land in the call's context too.
  CallContextScope context;
  context.get().deviceMemory = cuda;
  std::optional<DeviceCallScope> device;
  if (cuda) {
    device.emplace(*model->deviceWorkspace);
    device->waitFor(after);
  }
  if (tfc_code code =
          bindInputs(device ? &*device : nullptr, inputsOnDevice, context.get(),
                     inputs, entry.inputs.size(), frame.words.data(),
                     frame.offsets.data() + entry.outputs.size(), status))
    return code;
  std::optional<GraphCapture> graphCapture;
  if (capture)
    graphCapture.emplace(GraphCapture{*device, entryIndex, std::move(shapes)});
  tfc_code code = runLocked(model, entry, frame, arena, context.get(), outputs,
                            outputsOnDevice,
                            graphCapture ? &*graphCapture : nullptr, status);
  if (graphCapture && graphCapture->rerun) {
    rerun = true;
    return TFC_OK;
  }
  if (graphs && !capture && code == TFC_OK)
    model->graphs->ranUncaptured(entryIndex, shapes, device->takenBytes());
  return code;
}

tfc_code tfc::runtime::callEntry(tfc_model *model, const EntryPoint &entry,
                                 const tfc_tensor *const *inputs,
                                 tfc_tensor **outputs, uint32_t placement,
                                 void *stream, tfc_status *status) {
  bool cuda = model->target.cuda;
  if (cuda && checkCudaAvailable(status) != TFC_OK)
    return TFC_UNAVAILABLE;
  // The variables must hold values before anything runs.
  if (tfc_code code = requireVariablesInitialized(model, entry, status))
    return code;
  AfterStream after;
  if (placement & TFC_CALL_AFTER_STREAM)
    if (tfc_code code = after.record(stream, status))
      return code;
  bool rerun = false;
  tfc_code code =
      callEntryOnce(model, entry, inputs, outputs, placement, after.event,
                    cuda && cudaGraphsEnabled(), rerun, status);
  if (rerun)
    code = callEntryOnce(model, entry, inputs, outputs, placement, after.event,
                         /*graphs=*/false, rerun, status);
  return code;
}

int32_t tfc::runtime::defaultNumThreads() {
  static const int32_t count = [] {
    if (const char *text = std::getenv("TFC_NUM_THREADS")) {
      long value = std::strtol(text, nullptr, 10);
      if (value > 0 && value <= 4096)
        return static_cast<int32_t>(value);
    }
    unsigned cores = std::thread::hardware_concurrency();
    return static_cast<int32_t>(cores ? cores : 1);
  }();
  return count;
}

int32_t tfc_runtime_num_threads(void) {
  return currentNumThreads > 0 ? currentNumThreads
                               : tfc::runtime::defaultNumThreads();
}

tfc_code tfc_model_set_num_threads(tfc_model *model, int32_t numThreads,
                                   tfc_status *status) {
  if (!model)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_model_set_num_threads: model is NULL");
  model->numThreads =
      numThreads > 0 ? numThreads : tfc::runtime::defaultNumThreads();
  return TFC_OK;
}

int32_t tfc_model_num_threads(const tfc_model *model) {
  return model ? model->numThreads : -1;
}

tfc_code tfc_model_call_with_options(tfc_model *model, int64_t index,
                                     const tfc_tensor *const *inputs,
                                     int64_t numInputs, tfc_tensor **outputs,
                                     int64_t numOutputs,
                                     const tfc_call_options *options,
                                     tfc_status *status) {
  if (!model)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_model_call: model is "
                    "NULL");
  if (index < 0 || index >= static_cast<int64_t>(model->publicEntries.size()))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "model '%s' has no entry point %lld (it has %zu)",
                    model->name.c_str(), static_cast<long long>(index),
                    model->publicEntries.size());
  const EntryPoint &entry = model->entries[model->publicEntries[index]];
  if (numInputs != static_cast<int64_t>(entry.inputs.size()) ||
      numOutputs != static_cast<int64_t>(entry.outputs.size()))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "%s takes %zu inputs and returns %zu outputs, not %lld "
                    "and %lld",
                    entry.name.c_str(), entry.inputs.size(),
                    entry.outputs.size(), static_cast<long long>(numInputs),
                    static_cast<long long>(numOutputs));
  if ((numInputs > 0 && !inputs) || (numOutputs > 0 && !outputs))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "%s: inputs or outputs array is NULL", entry.name.c_str());
  for (size_t i = 0; i < entry.inputs.size(); ++i) {
    const TensorSignature &s = entry.inputs[i];
    int64_t rank = static_cast<int64_t>(s.shape.size());
    // The message is only built for a mismatch: a call allocates nothing.
    if (tensorMatches(inputs[i], s.dtype, rank, s.shape.data()))
      continue;
    std::string what =
        formatString("argument '%s' of %s", s.name.c_str(), entry.name.c_str());
    return tfc_tensor_check(inputs[i], what.c_str(), s.dtype, rank,
                            s.shape.data(), status);
  }
  uint32_t placement = options ? options->flags & (TFC_CALL_INPUTS_ON_DEVICE |
                                                   TFC_CALL_OUTPUTS_ON_DEVICE |
                                                   TFC_CALL_AFTER_STREAM)
                               : 0;
  if (placement && !model->target.cuda)
    return setError(
        status, TFC_INVALID_ARGUMENT,
        "%s: %s need a model compiled for CUDA; model '%s' runs "
        "on the CPU",
        entry.name.c_str(),
        placement & TFC_CALL_INPUTS_ON_DEVICE    ? "inputs on the device"
        : placement & TFC_CALL_OUTPUTS_ON_DEVICE ? "outputs on the device"
                                                 : "calls after a CUDA stream",
        model->name.c_str());
  for (int64_t k = 0; k < numOutputs; ++k)
    outputs[k] = nullptr;
  return callEntry(
      model, entry, inputs, outputs, placement,
      placement & TFC_CALL_AFTER_STREAM ? options->stream : nullptr, status);
}

tfc_code tfc_model_call(tfc_model *model, int64_t index,
                        const tfc_tensor *const *inputs, int64_t numInputs,
                        tfc_tensor **outputs, int64_t numOutputs,
                        tfc_status *status) {
  return tfc_model_call_with_options(model, index, inputs, numInputs, outputs,
                                     numOutputs, nullptr, status);
}

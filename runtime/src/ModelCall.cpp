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
#include "MemRef.h"
#include "Model.h"
#include "Store.h"

#include <cstdlib>
#include <cstring>
#include <optional>
#include <thread>
#include <unordered_set>
#include <vector>

using namespace tfc::runtime;

namespace {

/// The allocations of one call, on the calling thread.
struct CallArena {
  std::unordered_set<void *> live;
};

thread_local CallArena *currentArena = nullptr;
/// The thread count of the call in progress on this thread; 0 outside one.
thread_local int32_t currentNumThreads = 0;

/// Installs an arena for the duration of a call; frees what is left.
class ArenaScope {
public:
  ArenaScope() : previous(currentArena) { currentArena = &arena; }
  ~ArenaScope() {
    currentArena = previous;
    for (void *ptr : arena.live)
      releaseBuffer(ptr);
  }
  /// Takes `ptr` out of the arena (its owner is now a tensor); false if the
  /// arena did not allocate it.
  bool release(void *ptr) { return arena.live.erase(ptr) > 0; }

private:
  CallArena arena;
  CallArena *previous;
};

void freeDeleter(void *, void *allocated) { releaseBuffer(allocated); }

} // namespace

extern "C" {
// The allocation functions of MLIR's `use-generic-functions` lowering.
TFC_RUNTIME_EXPORT void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  void *ptr = allocateBuffer(alignof(std::max_align_t), size);
  if (ptr && currentArena)
    currentArena->live.insert(ptr);
  return ptr;
}

TFC_RUNTIME_EXPORT void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment,
                                                            uint64_t size) {
  void *ptr = allocateBuffer(alignment, size);
  if (ptr && currentArena)
    currentArena->live.insert(ptr);
  return ptr;
}

TFC_RUNTIME_EXPORT void _mlir_memref_to_llvm_free(void *ptr) {
  if (currentArena)
    currentArena->live.erase(ptr);
  releaseBuffer(ptr);
}
}

/// Brings the variables' copies on the call's side up to date and writes
/// their descriptors. Under the store lock.
static tfc_code bindVariables(tfc_model *model, const EntryPoint &entry,
                              std::vector<int64_t> *words, tfc_status *status) {
  bool cuda = model->target.cuda;
  for (size_t j = 0; j < entry.variables.size(); ++j) {
    tfc_variable *var = model->variables[entry.variables[j]].variable;
    tfc_code code =
        cuda ? variableToDevice(var, status) : variableToHost(var, status);
    if (code != TFC_OK)
      return code;
    words[j].resize(descriptorWords(var->rank));
    writeDescriptor(words[j].data(), cuda ? var->deviceData : var->data,
                    var->dims, var->rank);
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

tfc_code tfc::runtime::callEntry(tfc_model *model, const EntryPoint &entry,
                                 const tfc_tensor *const *inputs,
                                 tfc_tensor **outputs, bool inputsOnDevice,
                                 tfc_status *status) {
  bool cuda = model->target.cuda;
  if (cuda && checkCudaAvailable(status) != TFC_OK)
    return TFC_UNAVAILABLE;
  // The variables must hold values before anything runs.
  for (int64_t index : entry.variables) {
    tfc_code code = tfc_variable_require_initialized(
        model->variables[index].variable, status);
    if (code != TFC_OK)
      return code;
  }

  // The results' descriptors in one block, then one per argument and
  // variable.
  std::vector<int64_t> resultWords;
  std::vector<size_t> resultOffsets;
  for (const TensorSignature &output : entry.outputs) {
    resultOffsets.push_back(resultWords.size());
    resultWords.resize(resultWords.size() +
                       descriptorWords(output.shape.size()));
  }
  std::vector<std::vector<int64_t>> argWords(entry.inputs.size() +
                                             entry.variables.size());
  std::vector<void *> packed;
  if (!entry.outputs.empty())
    packed.push_back(resultWords.data());
  // Filled below, once the words are sized.
  packed.resize(packed.size() + argWords.size(), nullptr);

  {
    ArenaScope arena;
    // Errors of the device copies below land in the call's context too.
    CallContextScope context;
    std::optional<DeviceCallScope> device;
    if (cuda)
      device.emplace(*model->deviceWorkspace);
    size_t first = entry.outputs.empty() ? 0 : 1;
    for (size_t i = 0; i < entry.inputs.size(); ++i) {
      const tfc_tensor *input = inputs[i];
      void *data = input->data;
      if (cuda && !inputsOnDevice) {
        data = device->allocate(static_cast<size_t>(input->byteSize));
        if (!data)
          return setError(status, context.get().code, "%s",
                          context.get().message.c_str());
        if (tfc_code code = copyToDevice(
                data, input->data, static_cast<size_t>(input->byteSize),
                status))
          return code;
      }
      argWords[i].resize(descriptorWords(input->rank));
      writeDescriptor(argWords[i].data(), data, input->dims, input->rank);
      packed[first + i] = argWords[i].data();
    }

    int32_t previousNumThreads = currentNumThreads;
    currentNumThreads = model->numThreads;
    if (entry.writesVariables)
      tfc_store_lock_exclusive(model->store);
    else
      tfc_store_lock_shared(model->store);
    auto unlock = [&] {
      if (entry.writesVariables)
        tfc_store_unlock_exclusive(model->store);
      else
        tfc_store_unlock_shared(model->store);
      currentNumThreads = previousNumThreads;
    };
    std::vector<int64_t> *variableWords = argWords.data() + entry.inputs.size();
    if (tfc_code code = bindVariables(model, entry, variableWords, status)) {
      unlock();
      return code;
    }
    for (size_t j = 0; j < entry.variables.size(); ++j)
      packed[first + entry.inputs.size() + j] = variableWords[j].data();
    // A failed assertion, host call or device operation unwinds to
    // runGuarded; the lock is released and the arena freed either way.
    bool completed = runGuarded(model->abi->functions[entry.function],
                                packed.data(), context.get());
    // Kernels may still run on streams the compiled code did not wait for:
    // the variables and the call's blocks are theirs until they end.
    if (cuda) {
      tfc_status deviceStatus;
      if (synchronizeDevice(&deviceStatus) != TFC_OK && completed) {
        context.get().code = deviceStatus.code;
        context.get().message = deviceStatus.message;
        completed = false;
      }
    }
    // Assigns that ran before a failure stay done.
    if (entry.writesVariables)
      for (int64_t index : entry.variables)
        variableWritten(model->variables[index].variable, cuda);
    unlock();
    if (!completed)
      return setError(status, context.get().code, "%s",
                      context.get().message.c_str());
    for (size_t k = 0; k < entry.outputs.size(); ++k) {
      const TensorSignature &signature = entry.outputs[k];
      int64_t rank = static_cast<int64_t>(signature.shape.size());
      int64_t *words = resultWords.data() + resultOffsets[k];
      tfc_tensor *tensor = nullptr;
      tfc_code code = TFC_OK;
      if (cuda)
        code = resultFromDevice(signature.dtype, words, rank, &tensor, status);
      else if (!(tensor = hostResult(arena, signature.dtype, words, rank,
                                     status)))
        code = TFC_RESOURCE_EXHAUSTED;
      if (code != TFC_OK) {
        for (size_t done = 0; done < k; ++done) {
          tfc_tensor_destroy(outputs[done]);
          outputs[done] = nullptr;
        }
        return code;
      }
      outputs[k] = tensor;
    }
  }
  return TFC_OK;
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
    return setError(status, TFC_INVALID_ARGUMENT, "tfc_model_call: model is "
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
    std::string what = formatString("argument '%s' of %s", s.name.c_str(),
                                    entry.name.c_str());
    tfc_code code = tfc_tensor_check(inputs[i], what.c_str(), s.dtype,
                                     static_cast<int64_t>(s.shape.size()),
                                     s.shape.data(), status);
    if (code != TFC_OK)
      return code;
  }
  bool inputsOnDevice =
      options && (options->flags & TFC_CALL_INPUTS_ON_DEVICE) != 0;
  if (inputsOnDevice && !model->target.cuda)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "%s: inputs on the device need a model compiled for "
                    "CUDA; model '%s' runs on the CPU",
                    entry.name.c_str(), model->name.c_str());
  for (int64_t k = 0; k < numOutputs; ++k)
    outputs[k] = nullptr;
  return callEntry(model, entry, inputs, outputs, inputsOnDevice, status);
}

tfc_code tfc_model_call(tfc_model *model, int64_t index,
                        const tfc_tensor *const *inputs, int64_t numInputs,
                        tfc_tensor **outputs, int64_t numOutputs,
                        tfc_status *status) {
  return tfc_model_call_with_options(model, index, inputs, numInputs, outputs,
                                     numOutputs, nullptr, status);
}

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
#include "MemRef.h"
#include "Model.h"

#include <cstdlib>
#include <cstring>
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

tfc_code tfc::runtime::callEntry(tfc_model *model, const EntryPoint &entry,
                                 const tfc_tensor *const *inputs,
                                 tfc_tensor **outputs, tfc_status *status) {
  if (model->target.cuda && checkCudaAvailable(status) != TFC_OK)
    return TFC_UNAVAILABLE;
  // The variables must hold values before anything runs.
  for (int64_t index : entry.variables) {
    tfc_code code = tfc_variable_require_initialized(
        model->variables[index].variable, status);
    if (code != TFC_OK)
      return code;
  }

  // One block of words: the results' descriptors, then the arguments' and
  // the variables'.
  size_t numArgs = entry.inputs.size() + entry.variables.size();
  std::vector<int64_t> resultWords;
  std::vector<size_t> resultOffsets;
  for (const TensorSignature &output : entry.outputs) {
    resultOffsets.push_back(resultWords.size());
    resultWords.resize(resultWords.size() + descriptorWords(output.shape.size()));
  }
  std::vector<std::vector<int64_t>> argWords(numArgs);
  std::vector<void *> packed;
  if (!entry.outputs.empty())
    packed.push_back(resultWords.data());
  for (size_t i = 0; i < entry.inputs.size(); ++i) {
    const tfc_tensor *input = inputs[i];
    argWords[i].resize(descriptorWords(input->rank));
    writeDescriptor(argWords[i].data(), input->data, input->dims, input->rank);
    packed.push_back(argWords[i].data());
  }
  for (size_t j = 0; j < entry.variables.size(); ++j) {
    tfc_variable *var = model->variables[entry.variables[j]].variable;
    std::vector<int64_t> &words = argWords[entry.inputs.size() + j];
    int64_t rank = tfc_variable_rank(var);
    words.resize(descriptorWords(rank));
    writeDescriptor(words.data(), tfc_variable_data(var),
                    tfc_variable_shape(var), rank);
    packed.push_back(words.data());
  }

  {
    ArenaScope arena;
    int32_t previousNumThreads = currentNumThreads;
    currentNumThreads = model->numThreads;
    // A failed assertion or host call unwinds to runGuarded; the lock is
    // released and the arena freed either way.
    CallContextScope context;
    if (entry.writesVariables)
      tfc_store_lock_exclusive(model->store);
    else
      tfc_store_lock_shared(model->store);
    bool completed = runGuarded(model->abi->functions[entry.function],
                                packed.data(), context.get());
    if (entry.writesVariables)
      tfc_store_unlock_exclusive(model->store);
    else
      tfc_store_unlock_shared(model->store);
    currentNumThreads = previousNumThreads;
    if (!completed)
      return setError(status, context.get().code, "%s",
                      context.get().message.c_str());

    // Results: buffers the call allocated become the tensors; anything else
    // (a constant, an argument, a second result sharing a buffer) is copied.
    for (size_t k = 0; k < entry.outputs.size(); ++k) {
      const TensorSignature &signature = entry.outputs[k];
      int64_t rank = static_cast<int64_t>(signature.shape.size());
      int64_t *words = resultWords.data() + resultOffsets[k];
      void *allocated, *aligned;
      std::memcpy(&allocated, &words[0], sizeof(void *));
      std::memcpy(&aligned, &words[1], sizeof(void *));
      int64_t elementSize = 0;
      switch (signature.dtype) {
      case TFC_F16:
      case TFC_BF16:
        elementSize = 2;
        break;
      case TFC_F32:
      case TFC_I32:
        elementSize = 4;
        break;
      case TFC_F64:
      case TFC_I64:
        elementSize = 8;
        break;
      default:
        elementSize = 1;
      }
      char *data = static_cast<char *>(aligned) + words[2] * elementSize;
      const int64_t *shape = words + 3;
      tfc_tensor *tensor = nullptr;
      if (words[2] == 0 && arena.release(allocated)) {
        tensor = tfc_tensor_wrap(signature.dtype, rank, shape, data,
                                 freeDeleter, allocated, status);
        if (!tensor)
          releaseBuffer(allocated);
      } else {
        tfc_tensor *wrapped =
            tfc_tensor_wrap(signature.dtype, rank, shape, data, nullptr,
                            nullptr, status);
        if (wrapped) {
          tensor = tfc_tensor_clone(wrapped, status);
          tfc_tensor_destroy(wrapped);
        }
      }
      if (!tensor) {
        for (size_t done = 0; done < k; ++done) {
          tfc_tensor_destroy(outputs[done]);
          outputs[done] = nullptr;
        }
        return TFC_RESOURCE_EXHAUSTED;
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

tfc_code tfc_model_call(tfc_model *model, int64_t index,
                        const tfc_tensor *const *inputs, int64_t numInputs,
                        tfc_tensor **outputs, int64_t numOutputs,
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
  for (int64_t k = 0; k < numOutputs; ++k)
    outputs[k] = nullptr;
  return callEntry(model, entry, inputs, outputs, status);
}

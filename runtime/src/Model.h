//===- Model.h - Compiled models, internals ---------------------*- C++ -*-===//
//
// The parsed metadata of a compiled model and the tfc_model structure.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_MODEL_H
#define TFC_RUNTIME_SRC_MODEL_H

#include "CudaGraphs.h"
#include "CudaMemory.h"
#include "Internal.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace tfc::runtime {

struct TensorSignature {
  std::string name;
  tfc_dtype dtype = TFC_DTYPE_INVALID;
  std::vector<int64_t> shape;
  /// A TensorFlow string, passed as an i8 vector of its bytes (metadata
  /// dtype `string`).
  bool isString = false;
};

struct EntryPoint {
  std::string name;
  int64_t function = -1;
  bool isInitializer = false;
  bool writesVariables = false;
  std::vector<TensorSignature> inputs, outputs;
  /// Indices into Model::variables.
  std::vector<int64_t> variables;
  /// Packed copies of variables passed after them (VariablePacked.cpp).
  struct PackedVariable {
    /// An index into Model::variables.
    int64_t variable = -1;
    int64_t panel = 0;
  };
  std::vector<PackedVariable> packedVariables;
  /// The C view of the above, for tfc_model_entry_at.
  std::vector<tfc_tensor_info> inputInfo, outputInfo;
  std::vector<const char *> variableNames;
  tfc_entry_info info{};
};

struct Initializer {
  std::string kind;
  std::vector<double> parameters;
  uint64_t seed = 0;
  int64_t blob = -1;
  bool splat = false;
  int64_t function = -1;
};

struct ModelVariable {
  std::string name;
  tfc_dtype dtype = TFC_DTYPE_INVALID;
  std::vector<int64_t> shape;
  std::vector<std::string> collections;
  Initializer initializer;
  tfc_variable *variable = nullptr;
};

struct InitializerPlan {
  std::string collection;
  std::vector<int64_t> variables;
};

/// Where a model's compiled code runs (the metadata's `target` line).
struct ModelTarget {
  bool cuda = false;
  /// The GPU architectures compiled for, as written: "sm_80,sm_90".
  std::string archs;
  /// A CPU model's target triple and LLVM CPU (empty in models of older
  /// compilers), and the CPU features its code may use, comma-separated.
  std::string triple, cpu, features;
};

/// Those of the CPU features `needed` (LLVM's names) the CPU running this
/// process lacks, in their order; names it cannot test count as present.
std::vector<std::string>
missingCpuFeatures(const std::vector<std::string> &needed);

/// Parses the metadata text of a model (docs/model-abi.md).
tfc_code parseModelMetadata(const tfc_model_abi *abi, std::string &name,
                            ModelTarget &target,
                            std::vector<ModelVariable> &variables,
                            std::vector<EntryPoint> &entries,
                            std::vector<InitializerPlan> &plans,
                            tfc_status *status);

/// Runs entry `entry` (public or initializer) with validated inputs. For a
/// CUDA model, host inputs are copied to the device and results back to host
/// tensors, unless `placement` (TFC_CALL_INPUTS_ON_DEVICE,
/// TFC_CALL_OUTPUTS_ON_DEVICE) says they are, or are to stay, there; with
/// TFC_CALL_AFTER_STREAM, its device work follows the work on `stream`.
tfc_code callEntry(tfc_model *model, const EntryPoint &entry,
                   const tfc_tensor *const *inputs, tfc_tensor **outputs,
                   uint32_t placement, void *stream, tfc_status *status);

/// The host tensors of a completed CUDA call's results (the k-th descriptor
/// at `words + offsets[k]`), copied with one wait for all; on failure none
/// is left in `outputs`. With a `stream`, the copies are queued there after
/// the call's work, and the wait is for both. With `onDevice`, the tensors
/// wrap device buffers instead (TFC_CALL_OUTPUTS_ON_DEVICE).
tfc_code resultsFromDevice(const EntryPoint &entry, const int64_t *words,
                           const size_t *offsets, tfc_tensor **outputs,
                           tfc_status *status, CUstream stream = nullptr,
                           bool onDevice = false);

/// Starts capturing the call's device work: every stream of the compiled
/// code is `capture.stream` until endCapture (null when the capture could
/// not start: the call then runs as compiled).
void beginCapture(tfc_model *model, const EntryPoint &entry,
                  GraphCapture &capture);
/// Ends the capture of a call that ran (`completed`) with the frame's
/// descriptor `words` at `offsets`: launches the graph (the call's device
/// work, which the capture did not run) and keeps it in the model's cache;
/// false when the call must run again without a graph.
bool endCapture(tfc_model *model, const EntryPoint &entry,
                const std::vector<int64_t> &words,
                const std::vector<size_t> &offsets, CallContext &context,
                GraphCapture &capture, bool completed);

/// Runs entry point `entryIndex` by replaying `call` (acquired from the
/// model's graph cache; released here). `replayed` false: the call was not
/// made (the graph is stale or there is no driver) and must run without
/// one; otherwise the result is the call's.
tfc_code replayCapturedCall(tfc_model *model, const EntryPoint &entry,
                            size_t entryIndex, CapturedCall &call,
                            const tfc_tensor *const *inputs,
                            tfc_tensor **outputs, bool outputsOnDevice,
                            CUevent after, bool &replayed, tfc_status *status);

/// A host tensor holding a copy of the device buffer a CUDA call returned
/// (result descriptor `words`, any strides).
tfc_code resultFromDevice(tfc_dtype dtype, const int64_t *words, int64_t rank,
                          tfc_tensor **result, tfc_status *status);

/// Memory of compiled code: temporaries and results. Freed blocks are kept
/// for reuse instead of returned to the system (Workspace.cpp).
void *allocateBuffer(size_t alignment, size_t size);
/// Frees memory of allocateBuffer (and only that), also taking it out of
/// the arena tracking it.
void releaseBuffer(void *ptr);

/// The blocks of allocateBuffer one call still holds, freed with it. Blocks
/// are linked through their headers: tracking allocates nothing.
class BufferArena {
public:
  struct Link {
    Link *prev;
    Link *next;
  };

  BufferArena();
  ~BufferArena();
  BufferArena(const BufferArena &) = delete;
  BufferArena &operator=(const BufferArena &) = delete;

  /// Frees `ptr`, a block of allocateBuffer, with the arena.
  void track(void *ptr);
  /// Takes `ptr` out of the arena (its owner is now a tensor); false if the
  /// arena does not hold it. Any pointer may be asked about.
  bool untrack(void *ptr);

private:
  Link sentinel;
};

/// TFC_NUM_THREADS when set to a positive number, else the number of cores.
int32_t defaultNumThreads();

/// Fills `tensor` with a variable's initial value from its initializer.
tfc_code fillInitialValue(const tfc_model *model, const ModelVariable &variable,
                          tfc_tensor *tensor, tfc_status *status);

} // namespace tfc::runtime

struct tfc_model {
  const tfc_model_abi *abi = nullptr;
  tfc_store *store = nullptr;
  std::string name;
  tfc::runtime::ModelTarget target;
  std::vector<tfc::runtime::ModelVariable> variables;
  std::vector<tfc::runtime::EntryPoint> entries;
  /// Indices into `entries` of the public entry points.
  std::vector<int64_t> publicEntries;
  std::vector<tfc::runtime::InitializerPlan> plans;
  /// Device temporaries of a CUDA model's calls, kept across calls.
  std::unique_ptr<tfc::runtime::DeviceWorkspace> deviceWorkspace =
      std::make_unique<tfc::runtime::DeviceWorkspace>();
  /// A CUDA model's calls captured into graphs, by entry point.
  std::unique_ptr<tfc::runtime::CudaGraphCache> graphs =
      std::make_unique<tfc::runtime::CudaGraphCache>();
  /// Threads of the parallel regions of this model's calls.
  int32_t numThreads = tfc::runtime::defaultNumThreads();
};

#endif // TFC_RUNTIME_SRC_MODEL_H

/*===- model.h - Compiled models ----------------------------------*- C -*-===*\
|*                                                                          *|
|* A library made by `tfc compile` exports one tfc_model_abi structure:    *|
|* its metadata text (entry points, variables, initializers), its entry    *|
|* points as packed functions and its constant data (docs/model-abi.md).   *|
|* tfc_model binds such a library to a variable store and runs it: it      *|
|* checks arguments, passes the variables' buffers, takes the store's lock *|
|* and turns results into tensors.                                          *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_MODEL_H
#define TFC_RUNTIME_MODEL_H

#include "tfc/runtime/abi.h"
#include "tfc/runtime/base.h"
#include "tfc/runtime/store.h"
#include "tfc/runtime/tensor.h"

TFC_EXTERN_C_BEGIN

typedef struct tfc_model tfc_model;

/* A tensor argument or result of an entry point; -1 marks a dynamic size. */
typedef struct tfc_tensor_info {
  const char *name;
  tfc_dtype dtype;
  int64_t rank;
  const int64_t *shape;
} tfc_tensor_info;

typedef struct tfc_entry_info {
  const char *name;
  int32_t writes_variables; /* assigning calls run alone on their store */
  int64_t num_inputs;
  const tfc_tensor_info *inputs;
  int64_t num_outputs;
  const tfc_tensor_info *outputs;
  int64_t num_variables;
  const char *const *variables;
} tfc_entry_info;

/* Binds a compiled model to `store` (NULL: a new store of its own) and
 * registers its variables there, sharing those already registered under the
 * same name. NULL on error: bad ABI or metadata (DATA_LOSS), a variable
 * mismatching one of the store (INVALID_ARGUMENT). */
TFC_RUNTIME_EXPORT tfc_model *tfc_model_create(const tfc_model_abi *abi,
                                               tfc_store *store,
                                               tfc_status *status);
/* Accepts NULL. The store lives on while other models use it. */
TFC_RUNTIME_EXPORT void tfc_model_destroy(tfc_model *model);

TFC_RUNTIME_EXPORT const char *tfc_model_name(const tfc_model *model);
TFC_RUNTIME_EXPORT tfc_store *tfc_model_store(const tfc_model *model);

/* Where the model's code runs: "cpu" or "cuda" (its metadata's `target`
 * line). A CUDA model's initialize and calls return TFC_UNAVAILABLE, "no
 * CUDA device available (REASON)", on a machine without a usable device. */
TFC_RUNTIME_EXPORT const char *tfc_model_target(const tfc_model *model);
/* The GPU architectures of a CUDA model ("sm_80,sm_90"); "" for CPU. */
TFC_RUNTIME_EXPORT const char *tfc_model_target_archs(const tfc_model *model);
/* A CPU model's target triple ("aarch64-unknown-linux-gnu"), LLVM CPU
 * ("neoverse-n1") and the CPU features its code may use, comma-separated in
 * LLVM's names ("avx2,fma,..."); "" for CUDA models and models of older
 * compilers. tfc_model_create fails with TFC_FAILED_PRECONDITION, naming
 * them, when the CPU lacks some of the features. */
TFC_RUNTIME_EXPORT const char *tfc_model_target_triple(const tfc_model *model);
TFC_RUNTIME_EXPORT const char *tfc_model_target_cpu(const tfc_model *model);
TFC_RUNTIME_EXPORT const char *
tfc_model_target_features(const tfc_model *model);

/* Runs the initializers of the model's variables in `collection`
 * ("GLOBAL_VARIABLES" or "LOCAL_VARIABLES", or TensorFlow's keys "variables"
 * and "local_variables"), in the order the compiler planned. */
TFC_RUNTIME_EXPORT tfc_code tfc_model_initialize(tfc_model *model,
                                                 const char *collection,
                                                 tfc_status *status);

/* Public entry points: reflection. Index -1 / NULL on bad input. */
TFC_RUNTIME_EXPORT int64_t tfc_model_num_entries(const tfc_model *model);
TFC_RUNTIME_EXPORT const tfc_entry_info *
tfc_model_entry_at(const tfc_model *model, int64_t index);
TFC_RUNTIME_EXPORT int64_t tfc_model_find_entry(const tfc_model *model,
                                                const char *name);

/* Whether input `input` of public entry `entry` is a TensorFlow string
 * (a path fed to `save/Const`, say): such an input is passed as an i8
 * vector of the string's bytes (tfc_tensor_create_string) and its
 * tfc_tensor_info says i8[-1]. 0 for other inputs and bad indices. */
TFC_RUNTIME_EXPORT int32_t tfc_model_input_is_string(const tfc_model *model,
                                                     int64_t entry,
                                                     int64_t input);

/* The model's variables (all, public or not), in declaration order. */
TFC_RUNTIME_EXPORT int64_t tfc_model_num_variables(const tfc_model *model);
TFC_RUNTIME_EXPORT tfc_variable *tfc_model_variable_at(const tfc_model *model,
                                                       int64_t index);

/* Calls entry point `index` (of tfc_model_entry_at) with `num_inputs`
 * tensors; on success stores `num_outputs` new tensors, which the caller
 * destroys, in `outputs`. Wrong counts, NULL pointers, dtypes, ranks or
 * shapes and uninitialized variables are errors that leave the store
 * unchanged. For a CUDA model the inputs are copied to the device and the
 * results back to host tensors (docs/runtime.md, "Device memory"). */
TFC_RUNTIME_EXPORT tfc_code tfc_model_call(tfc_model *model, int64_t index,
                                           const tfc_tensor *const *inputs,
                                           int64_t num_inputs,
                                           tfc_tensor **outputs,
                                           int64_t num_outputs,
                                           tfc_status *status);

/* Options of tfc_model_call_with_options. */
enum {
  /* The inputs' data pointers are device memory (CUDA models only): the
   * tensors wrap device buffers (tfc_tensor_wrap with a pointer from
   * cuMemAlloc or the CUDA runtime, in the primary context of device 0), the
   * call passes them to the compiled code without copying, and never reads
   * them on the host. Dtype and shape are checked as usual. */
  TFC_CALL_INPUTS_ON_DEVICE = 1,
  /* The results stay in device memory (CUDA models only): each output
   * tensor wraps a device buffer of device 0's primary context, which
   * tfc_tensor_destroy gives back to the runtime (it keeps up to 1 GiB of
   * such buffers for later results). Its data must not be read on the host:
   * copy it with the CUDA driver or runtime, or pass the tensor to another
   * call with TFC_CALL_INPUTS_ON_DEVICE, which then copies nothing. The
   * tensor may outlive its model. */
  TFC_CALL_OUTPUTS_ON_DEVICE = 2,
  /* The call's device work starts after the work already queued on
   * `stream` (a CUstream or cudaStream_t of device 0's primary context, such
   * as the one a framework computed the device inputs on), without the host
   * waiting for it; the call still returns once its own work is done, so
   * work the caller queues afterwards follows it. CUDA models only. */
  TFC_CALL_AFTER_STREAM = 4
};
typedef struct tfc_call_options {
  uint32_t flags;
  /* The stream of TFC_CALL_AFTER_STREAM; read only with that flag. */
  void *stream;
} tfc_call_options;

/* tfc_model_call with options (NULL: none, the same as tfc_model_call).
 * Any of the flags for a CPU model is INVALID_ARGUMENT. */
TFC_RUNTIME_EXPORT tfc_code tfc_model_call_with_options(
    tfc_model *model, int64_t index, const tfc_tensor *const *inputs,
    int64_t num_inputs, tfc_tensor **outputs, int64_t num_outputs,
    const tfc_call_options *options, tfc_status *status);

/* Threads: compiled code runs its large loops (above a size threshold the
 * compiler chose) on up to this many threads, small ones on the calling
 * thread alone. The default is TFC_NUM_THREADS when set to a positive
 * number, else the number of cores. `num_threads` < 1 restores the default.
 * Set it before concurrent calls, not during them. */
TFC_RUNTIME_EXPORT tfc_code tfc_model_set_num_threads(tfc_model *model,
                                                      int32_t num_threads,
                                                      tfc_status *status);
TFC_RUNTIME_EXPORT int32_t tfc_model_num_threads(const tfc_model *model);

/* Called by compiled code: the thread count of the model call in progress
 * on this thread (the default outside a call). */
TFC_RUNTIME_EXPORT int32_t tfc_runtime_num_threads(void);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_MODEL_H */

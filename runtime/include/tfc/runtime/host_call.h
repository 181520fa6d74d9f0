/*===- host_call.h - Host functions called from compiled code ---*- C -*-===*\
|*                                                                          *|
|* The tf.py_func analogue: `tfc.host_call @name` in a model calls the C   *|
|* function registered under `name` in this process-wide registry.         *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_HOST_CALL_H
#define TFC_RUNTIME_HOST_CALL_H

#include "tfc/runtime/base.h"
#include "tfc/runtime/tensor.h"

TFC_EXTERN_C_BEGIN

/* A host function. It reads `inputs` (owned by the caller) and stores a new
 * tensor (tfc_tensor_create or tfc_tensor_wrap) in each of the
 * `num_outputs` slots of `outputs`; the caller takes ownership of them. It
 * returns TFC_OK, or an error code after tfc_status_set(status, ...) with a
 * message. `status` is never NULL. Outputs left on error are destroyed. */
typedef tfc_code (*tfc_host_fn)(void *user_data,
                                const tfc_tensor *const *inputs,
                                int64_t num_inputs, tfc_tensor **outputs,
                                int64_t num_outputs, tfc_status *status);

/* Called once on `user_data` when the function is unregistered and no call
 * to it is still running. */
typedef void (*tfc_host_release_fn)(void *user_data);

/* Registers `fn` under `name`. A name already registered is ALREADY_EXISTS:
 * unregister it first. Names beginning with "tfc." are the runtime's own
 * functions ("tfc.merge_v2_checkpoints", TensorFlow's MergeV2Checkpoints;
 * "tfc.all_reduce_mean", a data-parallel step's gradient exchange;
 * "tfc.parse_example", TensorFlow's ParseExample), always
 * registered: INVALID_ARGUMENT. `release` may be NULL. When registration fails,
 * `release` is not called. */
TFC_RUNTIME_EXPORT tfc_code tfc_host_register(const char *name, tfc_host_fn fn,
                                              void *user_data,
                                              tfc_host_release_fn release,
                                              tfc_status *status);

/* Removes `name` (NOT_FOUND when it is not registered). Calls already
 * running finish with the old function; its release callback runs after
 * the last of them. */
TFC_RUNTIME_EXPORT tfc_code tfc_host_unregister(const char *name,
                                                tfc_status *status);

/* 1 when a function is registered under `name`, else 0. */
TFC_RUNTIME_EXPORT int32_t tfc_host_is_registered(const char *name);

/* Calls the function registered under `name`. Sets every output slot to
 * NULL first; on success every slot holds a tensor the caller owns, on error
 * every slot is NULL. An unregistered name is NOT_FOUND; a function that
 * fails has its message prefixed with "host function 'name': "; one that
 * returns TFC_OK but leaves an output unset is INTERNAL. Runs concurrently
 * with other calls (the registry lock is not held during the call). */
TFC_RUNTIME_EXPORT tfc_code tfc_host_call(
    const char *name, const tfc_tensor *const *inputs, int64_t num_inputs,
    tfc_tensor **outputs, int64_t num_outputs, tfc_status *status);

/* The runtime's own host function for TensorFlow's MergeV2Checkpoints, which
 * the importer calls: inputs a bool (delete_old_dirs), the parts' prefixes
 * and the destination prefix, each a string (an i8 vector of its bytes); no
 * outputs. */
#define TFC_MERGE_V2_CHECKPOINTS_FN "tfc.merge_v2_checkpoints"

/* The runtime's own host function for TensorFlow's ParseExample with dense
 * features (tf.io.FixedLenFeature), which the importer calls. Inputs: the
 * batch of serialized tf.train.Examples as the bytes of a TFRecord file
 * (an i8 vector: each record its length as a little-endian u64, the masked
 * CRC-32C of those 8 bytes, the data and the data's masked CRC-32C), then
 * for each output a key (an i8 vector of its bytes), the shape of one
 * example's value (an i64 vector) and the default (f32 or i64 with the
 * shape's elements, or no element: the feature is required). Output i is
 * [records] + shape i, of default i's dtype. Errors name the record and the
 * key. */
#define TFC_PARSE_EXAMPLE_FN "tfc.parse_example"

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_HOST_CALL_H */

/*===- compiled.h - Functions compiled models call --------------*- C -*-===*\
|*                                                                          *|
|* The calls `tfc-lower-runtime-calls` emits for tfc.print, the tf.assert*  *|
|* ops and tfc.host_call. Programs never call them: they act on the model   *|
|* call running on the calling thread (tfc_model_call).                    *|
|*                                                                          *|
|* Tensors are passed as the parts of a memref: the address of the buffer   *|
|* (aligned pointer), the offset of the first element and an array of      *|
|* `rank` sizes followed by `rank` strides, all in elements. Addresses are  *|
|* passed as integers, the way MLIR's memref ops produce them.              *|
|*                                                                          *|
|* A failed assertion or host call does not return: it records the error    *|
|* in the call's status and unwinds to tfc_model_call (setjmp/longjmp       *|
|* across compiled code only), which releases the store's lock, frees the   *|
|* call's temporaries and returns the error.                                *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_COMPILED_H
#define TFC_RUNTIME_COMPILED_H

#include "tfc/runtime/base.h"

TFC_EXTERN_C_BEGIN

/* Copies a tensor for the next tfc_rt_print, tfc_rt_assert_fail or
 * tfc_rt_host_call of this call, which take the tensors pushed since the
 * previous one, in order. */
TFC_RUNTIME_EXPORT void tfc_rt_push_tensor(tfc_dtype dtype, int64_t rank,
                                           uintptr_t data, int64_t offset,
                                           uintptr_t sizes_and_strides);

/* tf.Print: prints `message` and the pushed tensors through the print hook
 * (tfc_print), at most `summarize` elements each (all when negative). */
TFC_RUNTIME_EXPORT void tfc_rt_print(const char *message, int64_t summarize);

/* A failed tf.Assert: the call fails with INVALID_ARGUMENT and
 * "assertion failed: [message] [pushed tensors...]". Does not return. */
TFC_RUNTIME_EXPORT void tfc_rt_assert_fail(const char *message,
                                           int64_t summarize);

/* The CUDA target's tf.Assert, whose buffers are device memory: keeps where
 * a data tensor is for the next tfc_rt_defer_assert (its elements are not
 * read now). Its `rank` dimensions follow, outermost first, one
 * tfc_rt_deferred_tensor_dim each. */
TFC_RUNTIME_EXPORT void tfc_rt_push_deferred_tensor(tfc_dtype dtype,
                                                    int64_t rank,
                                                    uintptr_t data,
                                                    int64_t offset);
TFC_RUNTIME_EXPORT void tfc_rt_deferred_tensor_dim(int64_t size,
                                                   int64_t stride);

/* Keeps the bool at `condition` + `offset` and the deferred tensors pushed
 * since the last assertion; when the call's device work has finished, the
 * first of them that is false fails the call as tfc_rt_assert_fail would.
 * In a model whose buffers are host memory (the CUDA emulator) the check
 * happens now. */
TFC_RUNTIME_EXPORT void tfc_rt_defer_assert(uintptr_t condition, int64_t offset,
                                            const char *message,
                                            int64_t summarize);

/* Calls the host function registered under `name` (tfc_host_call) on the
 * pushed tensors, expecting `num_outputs` results, which the next calls
 * read. A missing function or a failing one fails the call (does not
 * return). */
TFC_RUNTIME_EXPORT void tfc_rt_host_call(const char *name, int64_t num_outputs);

/* Dimension `dim` of result `index` of the last host call, which must have
 * rank `rank`; otherwise the call fails. */
TFC_RUNTIME_EXPORT int64_t tfc_rt_host_result_dim(int64_t index, int64_t rank,
                                                  int64_t dim);

/* Copies result `index` of the last host call into a buffer of `dtype` and
 * the given shape (tfc_rt_push_tensor's encoding); a result of another
 * dtype or shape fails the call. */
TFC_RUNTIME_EXPORT void tfc_rt_host_result(int64_t index, tfc_dtype dtype,
                                           int64_t rank, uintptr_t data,
                                           int64_t offset,
                                           uintptr_t sizes_and_strides);

/* The gradient exchange of a data-parallel training step (`tfc compile
 * --data-parallel`): `pairs` holds `count` pairs of int64 values, the
 * address of a gradient's first float and its number of floats, this
 * rank's gradients from a batch of `weight` examples. Each is summed over
 * the ranks of the job in place (the small ones packed into one exchange),
 * and the result is the factor that makes the sums the means weighted by
 * the batches: 1 / size when every rank's batch is the same, otherwise 1
 * with each rank's gradients weighted before the sum. Alone (size 1)
 * nothing changes and the factor is 1. A failure on any rank fails the
 * call on every rank. */
TFC_RUNTIME_EXPORT float
tfc_rt_all_reduce_gradients(uintptr_t pairs, int64_t count, int64_t weight);

/* A graph's own saver (`tfc.save_tensors`, SaveV2): the first pushed tensor
 * is the checkpoint prefix (an i8 vector of its bytes), the `count` others
 * are written as a TensorFlow checkpoint (format V2) under the `count`
 * NUL-terminated names packed in `names`, atomically as
 * tfc_store_save_tensorflow writes. A failure fails the call. */
TFC_RUNTIME_EXPORT void tfc_rt_save_tensors(const char *names, int64_t count);

/* `tfc.restore_tensors` (RestoreV2): reads the `count` tensors named in
 * `names` (packed as above) from the checkpoint whose prefix is the one
 * pushed tensor, in either format; tfc_rt_host_result_dim and
 * tfc_rt_host_result then give them as a host call's results. A missing
 * tensor or a damaged file fails the call. */
TFC_RUNTIME_EXPORT void tfc_rt_restore_tensors(const char *names,
                                               int64_t count);

/* Memory for a buffer the compiled code computes, `size` bytes aligned to
 * `alignment` (0: the alignment of max_align_t); the call frees it when it
 * ends unless it is returned. `site` names the op the buffer is for (its
 * TensorFlow node name and source location, NUL-terminated). A request
 * over TFC_MAX_ALLOC_BYTES, or one the system refuses, fails the call with
 * RESOURCE_EXHAUSTED naming the size and the site. Does not return then. */
TFC_RUNTIME_EXPORT void *tfc_rt_alloc_at(int64_t alignment, int64_t size,
                                         const char *site);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_COMPILED_H */

/*===- tensor.h - Dense tensors ---------------------------------*- C -*-===*\
|*                                                                          *|
|* tfc_tensor: a dtype, a shape and contiguous row-major data, either owned *|
|* (64-byte aligned, zero-filled) or wrapping the caller's memory.          *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_TENSOR_H
#define TFC_RUNTIME_TENSOR_H

#include "tfc/runtime/base.h"

TFC_EXTERN_C_BEGIN

typedef struct tfc_tensor tfc_tensor;

/* Called by tfc_tensor_destroy on the memory of a wrapping tensor. */
typedef void (*tfc_deleter)(void *data, void *deleter_arg);

/* A new tensor owning zero-filled, TFC_ALIGNMENT-aligned memory. `shape`
 * holds `rank` non-negative sizes (it may be NULL when rank is 0). NULL on
 * error: invalid dtype, rank outside [0, TFC_MAX_RANK], a negative size, a
 * byte size that overflows int64 (INVALID_ARGUMENT) or a failed allocation
 * (RESOURCE_EXHAUSTED). A tensor with no elements still has a non-NULL data
 * pointer. */
TFC_RUNTIME_EXPORT tfc_tensor *tfc_tensor_create(tfc_dtype dtype, int64_t rank,
                                                 const int64_t *shape,
                                                 tfc_status *status);

/* A tensor over `data`, which the caller keeps alive. When `deleter` is not
 * NULL, tfc_tensor_destroy calls deleter(data, deleter_arg); when wrapping
 * fails the deleter is not called and the caller still owns `data`. `data`
 * may be NULL only when the tensor has no elements; it must be aligned to
 * the dtype's size. */
TFC_RUNTIME_EXPORT tfc_tensor *
tfc_tensor_wrap(tfc_dtype dtype, int64_t rank, const int64_t *shape, void *data,
                tfc_deleter deleter, void *deleter_arg, tfc_status *status);

/* A TensorFlow string as tfc passes it: an i8 vector of the bytes of the
 * NUL-terminated `text` (without the NUL). NULL on error (NULL text). */
TFC_RUNTIME_EXPORT tfc_tensor *tfc_tensor_create_string(const char *text,
                                                        tfc_status *status);

/* A new owning tensor with the same dtype, shape and contents. */
TFC_RUNTIME_EXPORT tfc_tensor *tfc_tensor_clone(const tfc_tensor *tensor,
                                                tfc_status *status);

/* Frees an owning tensor's memory or runs a wrapping tensor's deleter.
 * Accepts NULL. */
TFC_RUNTIME_EXPORT void tfc_tensor_destroy(tfc_tensor *tensor);

/* Accessors. On a NULL tensor (or an index out of range) they return
 * TFC_DTYPE_INVALID, -1 or NULL instead of crashing. */
TFC_RUNTIME_EXPORT tfc_dtype tfc_tensor_dtype(const tfc_tensor *tensor);
TFC_RUNTIME_EXPORT int64_t tfc_tensor_rank(const tfc_tensor *tensor);
TFC_RUNTIME_EXPORT int64_t tfc_tensor_dim(const tfc_tensor *tensor,
                                          int64_t index);
/* The `rank` sizes; never NULL for a valid tensor, even of rank 0. */
TFC_RUNTIME_EXPORT const int64_t *tfc_tensor_shape(const tfc_tensor *tensor);
TFC_RUNTIME_EXPORT int64_t tfc_tensor_num_elements(const tfc_tensor *tensor);
TFC_RUNTIME_EXPORT int64_t tfc_tensor_byte_size(const tfc_tensor *tensor);
TFC_RUNTIME_EXPORT void *tfc_tensor_data(const tfc_tensor *tensor);
/* 1 when the tensor owns its memory, 0 when it wraps memory, -1 for NULL. */
TFC_RUNTIME_EXPORT int32_t tfc_tensor_is_owning(const tfc_tensor *tensor);

/* Checks that `tensor` has the given dtype and shape, as a compiled entry
 * point does with its arguments. `rank` -1 accepts any rank; a size of -1 in
 * `shape` accepts any size. `name` starts the message (NULL: "tensor"):
 * name "argument 'x'" gives "argument 'x' must be f32[?,4] but is f64[2,4]".
 * A NULL `tensor` is an error too. Returns TFC_OK or TFC_INVALID_ARGUMENT. */
TFC_RUNTIME_EXPORT tfc_code tfc_tensor_check(const tfc_tensor *tensor,
                                             const char *name, tfc_dtype dtype,
                                             int64_t rank, const int64_t *shape,
                                             tfc_status *status);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_TENSOR_H */

/*===- base.h - Status codes, dtypes and status objects ---------*- C -*-===*\
|*                                                                          *|
|* What every part of the runtime API shares: the export macro, the ABI    *|
|* version, status codes (TensorFlow's numbering), element types, and the   *|
|* tfc_status object that carries an error code and message.                *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_BASE_H
#define TFC_RUNTIME_BASE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define TFC_RUNTIME_EXPORT __attribute__((visibility("default")))
#else
#define TFC_RUNTIME_EXPORT
#endif

#ifdef __cplusplus
#define TFC_EXTERN_C_BEGIN extern "C" {
#define TFC_EXTERN_C_END }
#else
#define TFC_EXTERN_C_BEGIN
#define TFC_EXTERN_C_END
#endif

TFC_EXTERN_C_BEGIN

/* Bumped whenever a struct layout or a function signature changes, so a
 * compiled model can refuse to run against a runtime it was not built for. */
#define TFC_RUNTIME_ABI_VERSION 1

/* The largest rank a tensor or a variable may have. */
#define TFC_MAX_RANK 32

/* Every buffer the runtime allocates (tensors, variables) is aligned to
 * this many bytes. */
#define TFC_ALIGNMENT 64

/* Status codes. The values are TensorFlow's (and absl's), so an error reads
 * the same as in TensorFlow. Every fallible function returns one of them;
 * TFC_OK is zero. */
typedef int32_t tfc_code;
enum {
  TFC_OK = 0,
  TFC_CANCELLED = 1,
  TFC_UNKNOWN = 2,
  TFC_INVALID_ARGUMENT = 3,
  TFC_DEADLINE_EXCEEDED = 4,
  TFC_NOT_FOUND = 5,
  TFC_ALREADY_EXISTS = 6,
  TFC_PERMISSION_DENIED = 7,
  TFC_RESOURCE_EXHAUSTED = 8,
  TFC_FAILED_PRECONDITION = 9,
  TFC_ABORTED = 10,
  TFC_OUT_OF_RANGE = 11,
  TFC_UNIMPLEMENTED = 12,
  TFC_INTERNAL = 13,
  TFC_UNAVAILABLE = 14,
  TFC_DATA_LOSS = 15,
  TFC_UNAUTHENTICATED = 16
};

/* Element types. Zero is never a valid dtype, so zero-initialized memory is
 * caught. Fixed-width integers (not a C enum) keep the ABI the same for every
 * compiler and let the runtime reject out-of-range values safely. */
typedef int32_t tfc_dtype;
enum {
  TFC_DTYPE_INVALID = 0,
  TFC_F16 = 1,  /* IEEE binary16 */
  TFC_BF16 = 2, /* bfloat16: the top half of an f32 */
  TFC_F32 = 3,
  TFC_F64 = 4,
  TFC_BOOL = 5, /* one byte, 0 or 1 (MLIR's i1 in memory) */
  TFC_I8 = 6,
  TFC_I32 = 7,
  TFC_I64 = 8
};

/* Returns TFC_RUNTIME_ABI_VERSION of the loaded library. */
TFC_RUNTIME_EXPORT int32_t tfc_runtime_abi_version(void);

/* "f16", "bf16", "f32", "f64", "bool", "i8", "i32", "i64"; "invalid" for any
 * other value. Never NULL. */
TFC_RUNTIME_EXPORT const char *tfc_dtype_name(tfc_dtype dtype);

/* Size of one element in bytes; 0 for an invalid dtype. */
TFC_RUNTIME_EXPORT int64_t tfc_dtype_size(tfc_dtype dtype);

/* The dtype named `name` (as tfc_dtype_name spells it); TFC_DTYPE_INVALID for
 * NULL or an unknown name. */
TFC_RUNTIME_EXPORT tfc_dtype tfc_dtype_from_name(const char *name);

/* "OK", "INVALID_ARGUMENT", ...; "UNKNOWN_CODE" for a value out of range. */
TFC_RUNTIME_EXPORT const char *tfc_code_name(tfc_code code);

/*===--------------------------------------------------------------------===*
 * Status objects
 *===--------------------------------------------------------------------===*/

/* An error code and message. Functions that take a `tfc_status *` accept
 * NULL: the error is then only returned as a code (or a NULL result). A
 * status is not thread-safe: give each thread its own. A function that
 * succeeds leaves the status untouched, so one status can collect the first
 * error of a sequence of calls only if the caller stops at the first error. */
typedef struct tfc_status tfc_status;

/* A new status with code TFC_OK; NULL when out of memory. */
TFC_RUNTIME_EXPORT tfc_status *tfc_status_create(void);
/* Accepts NULL. */
TFC_RUNTIME_EXPORT void tfc_status_destroy(tfc_status *status);

/* The code; TFC_INVALID_ARGUMENT for a NULL status. */
TFC_RUNTIME_EXPORT tfc_code tfc_status_code(const tfc_status *status);
/* The message; "" when the code is TFC_OK. Valid until the status is next
 * set or destroyed. Never NULL. */
TFC_RUNTIME_EXPORT const char *tfc_status_message(const tfc_status *status);

/* Sets code and message (NULL message: ""). TFC_OK clears the message. A code
 * out of range becomes TFC_UNKNOWN, with the bad value in the message.
 * Returns the stored code. Used by host functions and compiled code. */
TFC_RUNTIME_EXPORT tfc_code tfc_status_set(tfc_status *status, tfc_code code,
                                           const char *message);
/* Back to TFC_OK with an empty message. */
TFC_RUNTIME_EXPORT void tfc_status_reset(tfc_status *status);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_BASE_H */

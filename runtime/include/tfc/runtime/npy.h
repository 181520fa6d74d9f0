/*===- npy.h - NumPy .npy files ---------------------------------*- C -*-===*\
|*                                                                          *|
|* Reading and writing tensors as NumPy .npy files (format versions 1.0,   *|
|* 2.0 and 3.0; little-endian; C order), the file format of `tfc run`.      *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_NPY_H
#define TFC_RUNTIME_NPY_H

#include "tfc/runtime/base.h"
#include "tfc/runtime/tensor.h"

TFC_EXTERN_C_BEGIN

/* dtype <-> descr: f16 '<f2', f32 '<f4', f64 '<f8', bool '|b1', i8 '|i1',
 * i32 '<i4', i64 '<i8', and bf16 '<V2' (what NumPy writes for
 * ml_dtypes.bfloat16; read it back with `.view(ml_dtypes.bfloat16)`). */

/* Reads a .npy file into a new owning tensor. Errors: the file cannot be
 * opened (NOT_FOUND, PERMISSION_DENIED, ...), a malformed file (DATA_LOSS:
 * bad magic, truncated header or data, unparsable header), or an array tfc
 * cannot hold (UNIMPLEMENTED: big-endian, Fortran order, other dtypes). */
TFC_RUNTIME_EXPORT tfc_tensor *tfc_npy_read(const char *path,
                                            tfc_status *status);

/* The same from `size` bytes in memory. */
TFC_RUNTIME_EXPORT tfc_tensor *tfc_npy_parse(const void *bytes, size_t size,
                                             tfc_status *status);

/* Writes `tensor` as a version 1.0 .npy file (replacing `path` atomically). */
TFC_RUNTIME_EXPORT tfc_code tfc_npy_write(const tfc_tensor *tensor,
                                          const char *path, tfc_status *status);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_NPY_H */

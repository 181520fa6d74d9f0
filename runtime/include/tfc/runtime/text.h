/*===- text.h - Tensors as text ---------------------------------*- C -*-===*\
|*                                                                          *|
|* Parsing tensor literals (the `tfc run --input x=[[1,2],[3,4]]` syntax)  *|
|* and printing tensors as "f32[2,3] [[1 2 3] [4 5 6]]".                    *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_TEXT_H
#define TFC_RUNTIME_TEXT_H

#include "tfc/runtime/base.h"
#include "tfc/runtime/tensor.h"

TFC_EXTERN_C_BEGIN

/* Parses a literal into a new tensor of `dtype`: a scalar ("3", "-1.5e3",
 * "inf", "nan", "true") or nested brackets whose shape is rectangular
 * ("[1,2,3]", "[[1.5 2] [3 4]]", "[]"). Elements are separated by commas
 * and/or whitespace. Integers must fit the dtype; bools are true/false/1/0
 * (True/False too). f16 and bf16 round to nearest even. Errors are
 * INVALID_ARGUMENT naming the offending text and its offset. */
TFC_RUNTIME_EXPORT tfc_tensor *
tfc_tensor_parse(const char *text, tfc_dtype dtype, tfc_status *status);

/* Formats the values as tf.Print does: "[[1 2 3] [4 5 6]]", "7" for a scalar,
 * and only the first `max_elements` elements (all when negative) followed
 * by "...". Floats use the shortest text that reads back to the same value.
 * snprintf conventions: writes at most `size` bytes including the NUL and
 * returns the full length (without the NUL); -1 for a NULL tensor. */
TFC_RUNTIME_EXPORT int64_t tfc_tensor_summarize(const tfc_tensor *tensor,
                                                int64_t max_elements,
                                                char *buffer, size_t size);

/* The type and the values: "f32[2,3] [[1 2 3] [4 5 6]]", "i64[] 7". Same
 * conventions as tfc_tensor_summarize. */
TFC_RUNTIME_EXPORT int64_t tfc_tensor_to_string(const tfc_tensor *tensor,
                                                int64_t max_elements,
                                                char *buffer, size_t size);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_TEXT_H */

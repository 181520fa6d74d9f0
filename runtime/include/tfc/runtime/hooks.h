/*===- hooks.h - tfc.print and tfc.assert support ---------------*- C -*-===*\
|*                                                                          *|
|* `tfc.print` prints through a settable callback (stderr by default), in  *|
|* the format of TensorFlow's tf.Print; a failed `tfc.assert` becomes an   *|
|* error status with the assert's message and data, never an abort.        *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_HOOKS_H
#define TFC_RUNTIME_HOOKS_H

#include "tfc/runtime/base.h"
#include "tfc/runtime/tensor.h"

TFC_EXTERN_C_BEGIN

/* tf.Print's default for `summarize`: elements printed per tensor. */
#define TFC_DEFAULT_SUMMARIZE 3

/* Receives one printed line, without its newline (`text` is also
 * NUL-terminated). Calls are serialized by the runtime, so the callback need
 * not be thread-safe; it must not call tfc_print itself. */
typedef void (*tfc_print_fn)(void *user_data, const char *text, size_t size);

/* Installs the print callback; NULL restores the default, which writes the
 * line and a newline to stderr. */
TFC_RUNTIME_EXPORT void tfc_set_print_hook(tfc_print_fn fn, void *user_data);

/* Prints `message` followed by each tensor's first `summarize` elements
 * (all when negative), as tf.Print does: "x = [1 2 3...][[1 2] [3 4]]". A
 * NULL tensor prints as "<null>". */
TFC_RUNTIME_EXPORT void tfc_print(const char *message,
                                  const tfc_tensor *const *tensors,
                                  int64_t num_tensors, int64_t summarize);

/* Records a failed assertion: sets INVALID_ARGUMENT with TensorFlow's
 * message, "assertion failed: [message] [1 -2 3]", each tensor summarized as
 * by tfc_print. Returns TFC_INVALID_ARGUMENT. */
TFC_RUNTIME_EXPORT tfc_code tfc_assert_fail(const char *message,
                                            const tfc_tensor *const *data,
                                            int64_t num_data, int64_t summarize,
                                            tfc_status *status);

/* Checks a bool `condition` tensor: TFC_OK when every element is true (or
 * there are none), else tfc_assert_fail(message, data, ...). A condition
 * that is NULL or not bool is INVALID_ARGUMENT too. */
TFC_RUNTIME_EXPORT tfc_code tfc_assert(const tfc_tensor *condition,
                                       const char *message,
                                       const tfc_tensor *const *data,
                                       int64_t num_data, int64_t summarize,
                                       tfc_status *status);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_HOOKS_H */

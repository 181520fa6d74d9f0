/*===- store.h - The variable store -----------------------------*- C -*-===*\
|*                                                                          *|
|* tfc_store holds the variables of one or more compiled models. Models    *|
|* created on the same store share variables by name, as TensorFlow        *|
|* sessions on one graph do. Variable buffers are allocated once, are      *|
|* TFC_ALIGNMENT-aligned and never move. A reader/writer lock orders the   *|
|* compiled entry points: read-only calls share it, assigning calls hold   *|
|* it exclusively.                                                          *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_STORE_H
#define TFC_RUNTIME_STORE_H

#include "tfc/runtime/base.h"
#include "tfc/runtime/tensor.h"

TFC_EXTERN_C_BEGIN

/* TensorFlow's standard collection names (tf.GraphKeys). */
#define TFC_GLOBAL_VARIABLES "variables"
#define TFC_LOCAL_VARIABLES "local_variables"
#define TFC_TRAINABLE_VARIABLES "trainable_variables"

typedef struct tfc_store tfc_store;
/* A variable of a store. Owned by the store; valid while the store lives. */
typedef struct tfc_variable tfc_variable;

/* What a model declares about a variable. Shapes are fully defined (no -1):
 * the buffer is allocated when the variable is registered. */
typedef struct tfc_variable_desc {
  const char *name; /* full TensorFlow name, e.g. "dense/kernel" */
  tfc_dtype dtype;
  int32_t trainable; /* 0 or 1 */
  int64_t rank;
  const int64_t *shape;           /* `rank` sizes; may be NULL when rank is 0 */
  /* NULL with num_collections 0 means TensorFlow's default collections
   * (below); a non-NULL pointer with num_collections 0 means none. */
  const char *const *collections;
  int64_t num_collections;
} tfc_variable_desc;

/* A new, empty store with a reference count of one. */
TFC_RUNTIME_EXPORT tfc_store *tfc_store_create(tfc_status *status);
/* Adds a reference; accepts NULL. */
TFC_RUNTIME_EXPORT void tfc_store_retain(tfc_store *store);
/* Drops a reference; the last one frees the store and every variable, so no
 * call may be running on it then. Accepts NULL. */
TFC_RUNTIME_EXPORT void tfc_store_release(tfc_store *store);

/* Registers a variable, zero-filled and uninitialized, or returns the one
 * already registered under that name when dtype and shape match (its
 * collections and trainable flag stay those of the first registration).
 * A mismatch is INVALID_ARGUMENT naming both types, e.g. "Trying to share
 * variable w, but specified f32[3,2] and found f32[2,3]". As in TensorFlow,
 * no collections (a NULL `collections`) means {TFC_GLOBAL_VARIABLES}, and a
 * trainable variable is also put in TFC_TRAINABLE_VARIABLES; an empty
 * non-NULL list keeps the variable out of every other collection. Safe to call while other threads run
 * entry points on the store. */
TFC_RUNTIME_EXPORT tfc_variable *
tfc_store_register(tfc_store *store, const tfc_variable_desc *desc,
                   tfc_status *status);

/* The variable named `name`; NULL and NOT_FOUND when there is none. */
TFC_RUNTIME_EXPORT tfc_variable *
tfc_store_find(tfc_store *store, const char *name, tfc_status *status);

/* Reflection: variables in registration order. -1 / NULL on bad input. */
TFC_RUNTIME_EXPORT int64_t tfc_store_num_variables(tfc_store *store);
TFC_RUNTIME_EXPORT tfc_variable *tfc_store_variable_at(tfc_store *store,
                                                       int64_t index);

/* Like tf.report_uninitialized_variables: the names of the uninitialized
 * variables (of `collection`, or of every collection when it is NULL), in
 * registration order. Writes up to `capacity` names (valid while the store
 * lives) to `names` and returns how many there are, so a first call with
 * capacity 0 sizes the array. -1 on bad input. */
TFC_RUNTIME_EXPORT int64_t tfc_store_uninitialized(tfc_store *store,
                                                   const char *collection,
                                                   const char **names,
                                                   int64_t capacity,
                                                   tfc_status *status);

/* The store lock. An entry point that only reads variables holds it shared;
 * one that assigns holds it exclusively. Not recursive: a thread holding it
 * must not lock it again, nor call a function documented as taking it.
 * Waiting writers are preferred over new readers, so a steady stream of
 * read-only calls cannot starve a training step. NULL is ignored. */
TFC_RUNTIME_EXPORT void tfc_store_lock_shared(tfc_store *store);
TFC_RUNTIME_EXPORT void tfc_store_unlock_shared(tfc_store *store);
TFC_RUNTIME_EXPORT void tfc_store_lock_exclusive(tfc_store *store);
TFC_RUNTIME_EXPORT void tfc_store_unlock_exclusive(tfc_store *store);

/* Variable metadata, fixed at registration. NULL / -1 / TFC_DTYPE_INVALID
 * for a NULL variable. */
TFC_RUNTIME_EXPORT const char *tfc_variable_name(const tfc_variable *var);
TFC_RUNTIME_EXPORT tfc_dtype tfc_variable_dtype(const tfc_variable *var);
TFC_RUNTIME_EXPORT int64_t tfc_variable_rank(const tfc_variable *var);
TFC_RUNTIME_EXPORT const int64_t *tfc_variable_shape(const tfc_variable *var);
TFC_RUNTIME_EXPORT int64_t tfc_variable_num_elements(const tfc_variable *var);
TFC_RUNTIME_EXPORT int64_t tfc_variable_byte_size(const tfc_variable *var);
TFC_RUNTIME_EXPORT int32_t tfc_variable_trainable(const tfc_variable *var);
TFC_RUNTIME_EXPORT int64_t
tfc_variable_num_collections(const tfc_variable *var);
TFC_RUNTIME_EXPORT const char *tfc_variable_collection(const tfc_variable *var,
                                                       int64_t index);
/* 1 when the variable is in `collection`, else 0. */
TFC_RUNTIME_EXPORT int32_t tfc_variable_in_collection(const tfc_variable *var,
                                                      const char *collection);

/* The variable's buffer: stable for the store's life. Read it under the
 * shared lock, write it under the exclusive lock. For a variable a CUDA
 * model uses, this is the host copy, first brought up to date with the
 * device; writing it does not reach the device: assign with
 * tfc_variable_assign (or restore a checkpoint) instead. */
TFC_RUNTIME_EXPORT void *tfc_variable_data(const tfc_variable *var);

/* The initialized flag (0 or 1; -1 for NULL). A compiled initializer writes
 * the buffer and then sets the flag, under the exclusive lock. */
TFC_RUNTIME_EXPORT int32_t tfc_variable_is_initialized(const tfc_variable *var);
TFC_RUNTIME_EXPORT void tfc_variable_set_initialized(tfc_variable *var,
                                                     int32_t initialized);

/* FAILED_PRECONDITION "Attempting to use uninitialized value w" (TensorFlow's
 * message) unless `var` is initialized. */
TFC_RUNTIME_EXPORT tfc_code
tfc_variable_require_initialized(const tfc_variable *var, tfc_status *status);

/* Copies `value` (same dtype and shape) into the variable and marks it
 * initialized. Takes the exclusive lock. */
TFC_RUNTIME_EXPORT tfc_code tfc_variable_assign(tfc_variable *var,
                                                const tfc_tensor *value,
                                                tfc_status *status);
/* A new tensor holding a copy of the variable's value. Takes the shared
 * lock. Reading an uninitialized variable is FAILED_PRECONDITION. */
TFC_RUNTIME_EXPORT tfc_tensor *tfc_variable_read(const tfc_variable *var,
                                                 tfc_status *status);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_STORE_H */

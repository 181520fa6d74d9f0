/*===- checkpoint.h - Saving and restoring variables ------------*- C -*-===*\
|*                                                                          *|
|* Checkpoints hold variables by name. Saving is atomic (temporary file,   *|
|* fsync, rename, fsync of the directory); restoring validates the whole   *|
|* file against the store before it changes anything. Two formats: tfc's  *|
|* own (one file) and TensorFlow's format V2 (PREFIX.index and            *|
|* PREFIX.data-00000-of-00001, what tf.train.Saver writes); a restore     *|
|* reads either. docs/runtime.md describes both.                            *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_CHECKPOINT_H
#define TFC_RUNTIME_CHECKPOINT_H

#include "tfc/runtime/base.h"
#include "tfc/runtime/store.h"

TFC_EXTERN_C_BEGIN

/* Writes every variable of the store to `path`, replacing the file
 * atomically: a reader of `path` sees the old checkpoint or the new one,
 * never a mix, even across a crash. Records are sorted by name, so equal
 * stores give identical files. An uninitialized variable is
 * FAILED_PRECONDITION naming it, and nothing is written. Takes the shared
 * lock while it copies variables out. */
TFC_RUNTIME_EXPORT tfc_code tfc_store_save(tfc_store *store, const char *path,
                                           tfc_status *status);

/* Writes every variable of the store as a TensorFlow checkpoint of format
 * V2 with prefix `prefix`: `prefix.data-00000-of-00001` (the tensors) and
 * `prefix.index` (their names, dtypes, shapes and checksums), which
 * TensorFlow's Saver restores. Tensors are named by their variables' names.
 * Both files are written to temporary files and synced first, then renamed
 * into place, data first and index last; equal stores give identical files.
 * An uninitialized variable is FAILED_PRECONDITION naming it, and nothing is
 * written. Takes the shared lock while it copies variables out. */
TFC_RUNTIME_EXPORT tfc_code tfc_store_save_tensorflow(tfc_store *store,
                                                      const char *prefix,
                                                      tfc_status *status);

/* Restores every variable of the store from the checkpoint at `path`, and
 * marks them initialized. `path` is a tfc checkpoint, or the prefix of a
 * TensorFlow checkpoint (format V2) when `path.index` exists. All or
 * nothing: the checkpoint is read and checked first (structure, checksums;
 * DATA_LOSS), then matched with the store (a store variable missing from the
 * checkpoint is NOT_FOUND; a dtype or shape mismatch is INVALID_ARGUMENT, and
 * so is a variable of a tfc checkpoint that the store does not have, while
 * TensorFlow checkpoints may hold tensors the store does not have, which
 * are skipped as tf.train.Saver does; messages name the variable and both
 * types); only when everything matches are the variables written, under the
 * exclusive lock. On error the store is unchanged. */
TFC_RUNTIME_EXPORT tfc_code tfc_store_restore(tfc_store *store,
                                              const char *path,
                                              tfc_status *status);

/* Which variables tfc_store_restore_subset restores. */
typedef struct tfc_restore_options {
  /* Only variables in this collection; NULL: any collection. */
  const char *collection;
  /* Only these variables (each must be in the store); NULL: any. */
  const char *const *names;
  int64_t num_names;
  /* When 1, variables in a tfc checkpoint that the store does not have are
   * skipped instead of being an error (TensorFlow checkpoints always skip
   * them). */
  int32_t allow_unknown;
} tfc_restore_options;

/* Restores the store variables the options select, with the checks and the
 * all-or-nothing guarantee of tfc_store_restore; store variables that are
 * not selected keep their value and flag, and their records in the file
 * are skipped. NULL options behave as tfc_store_restore. */
TFC_RUNTIME_EXPORT tfc_code tfc_store_restore_subset(
    tfc_store *store, const char *path, const tfc_restore_options *options,
    tfc_status *status);

/* A store variable restored from a checkpoint entry of another name, as a
 * tf.train.Saver built with {checkpoint_name: variable} restores it. */
typedef struct tfc_checkpoint_rename {
  const char *checkpoint_name;
  const char *variable_name;
} tfc_checkpoint_rename;

/* tfc_store_restore_subset, where each of the `num_renames` variables named
 * in `renames` is restored from its entry `checkpoint_name` instead of the
 * entry of its own name. A rename of a variable the store does not have is
 * NOT_FOUND; naming a variable twice is INVALID_ARGUMENT. */
TFC_RUNTIME_EXPORT tfc_code tfc_store_restore_renamed(
    tfc_store *store, const char *path, const tfc_restore_options *options,
    const tfc_checkpoint_rename *renames, int64_t num_renames,
    tfc_status *status);

/* CRC-32C (Castagnoli), the checksum of the checkpoint format: extends `crc`
 * (0 to start) with `size` bytes. Exposed so tools can verify files. */
TFC_RUNTIME_EXPORT uint32_t tfc_crc32c(uint32_t crc, const void *data,
                                       size_t size);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_CHECKPOINT_H */

/*===- collective.h - The processes of a data-parallel job ------*- C -*-===*\
|*                                                                          *|
|* Rank, size, all-reduce and broadcast across the processes of a job, for *|
|* data-parallel training (docs/distributed.md). A process alone is a job  *|
|* of size 1 and every operation is local. Under mpirun (the environment   *|
|* names a world size above 1) the runtime loads libtfc_runtime_mpi.so     *|
|* with dlopen on first use; the core runtime never links MPI.             *|
|*                                                                          *|
|* Every operation is collective: all ranks call it in the same order.     *|
|* Before its data, each operation agrees on whether a rank failed         *|
|* (tfc_collective_fail), so an error on one rank fails the operation on   *|
|* every rank with that rank's message instead of leaving the others       *|
|* waiting. Once a failure is agreed, every later operation fails at once. *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_COLLECTIVE_H
#define TFC_RUNTIME_COLLECTIVE_H

#include "tfc/runtime/base.h"

TFC_EXTERN_C_BEGIN

/* The communication a collective implementation provides, all blocking and
 * collective over the job. Each returns TFC_OK, or an error code after
 * writing a NUL-terminated message of at most `error_size` bytes into
 * `error`. libtfc_runtime_mpi.so returns one from
 * tfc_collective_mpi_open. */
typedef struct tfc_collective_ops {
  int32_t rank;
  int32_t size;
  void *context;
  /* data[i] = the sum over ranks of data[i]. */
  tfc_code (*all_reduce_sum_f32)(void *context, float *data, int64_t count,
                                 char *error, int64_t error_size);
  /* data[i] = the maximum over ranks of data[i]. */
  tfc_code (*all_reduce_max_i64)(void *context, int64_t *data, int64_t count,
                                 char *error, int64_t error_size);
  /* Copies rank `root`'s `bytes` bytes at `data` to every rank's `data`. */
  tfc_code (*broadcast)(void *context, void *data, int64_t bytes, int32_t root,
                        char *error, int64_t error_size);
} tfc_collective_ops;

/* The entry point of a collective plugin library. */
typedef const tfc_collective_ops *(*tfc_collective_open_fn)(char *error,
                                                            int64_t error_size);
#define TFC_COLLECTIVE_MPI_LIBRARY "libtfc_runtime_mpi.so"
#define TFC_COLLECTIVE_MPI_OPEN "tfc_collective_mpi_open"

/* Joins the job: size 1 unless the environment names a larger MPI world
 * (OMPI_COMM_WORLD_SIZE, PMI_SIZE or PMIX_SIZE), in which case it loads
 * libtfc_runtime_mpi.so (from $TFC_RUNTIME_MPI, else next to
 * libtfc_runtime.so, else the library path). Called by every other
 * function here; calling it first reports a failure to load. */
TFC_RUNTIME_EXPORT tfc_code tfc_collective_init(tfc_status *status);

/* This process's rank and the job's size (0 and 1 when init failed). */
TFC_RUNTIME_EXPORT int32_t tfc_collective_rank(void);
TFC_RUNTIME_EXPORT int32_t tfc_collective_size(void);

/* Sums `count` floats over the ranks, in place. */
TFC_RUNTIME_EXPORT tfc_code tfc_collective_all_reduce_sum(float *data,
                                                          int64_t count,
                                                          tfc_status *status);

/* Copies rank `root`'s `bytes` bytes to every rank. */
TFC_RUNTIME_EXPORT tfc_code tfc_collective_broadcast(void *data, int64_t bytes,
                                                     int32_t root,
                                                     tfc_status *status);

/* Reports this rank's failure to the others: takes part in the next
 * agreement (the one the other ranks' next operation makes) with `message`,
 * so that they fail too. Returns the agreed error: the lowest failing
 * rank's message, prefixed by "rank R: ". A no-op returning the agreed
 * error when a failure was already agreed. */
TFC_RUNTIME_EXPORT tfc_code tfc_collective_fail(const char *message,
                                                tfc_status *status);

/* Takes part in an agreement with nothing to report: returns OK when no
 * rank failed, else the agreed error. Drivers call it at the end of a run
 * so that a rank that failed after the last operation is heard. */
TFC_RUNTIME_EXPORT tfc_code tfc_collective_barrier(tfc_status *status);

/* Uses `ops` (which must outlive the job) instead of the environment's
 * choice; NULL goes back to a job of size 1. For tests and embedders that
 * bring their own communication. Fails once the job has been joined. */
TFC_RUNTIME_EXPORT tfc_code
tfc_collective_set_ops(const tfc_collective_ops *ops, tfc_status *status);

/* The weighted mean all-reduce of data-parallel training: every rank holds
 * the mean `gradient` of its `weight` examples; on return each holds
 * sum(gradient_r * weight_r) / sum(weight_r), in one all-reduce of
 * count + 1 floats. At size 1 it returns without communicating. */
TFC_RUNTIME_EXPORT tfc_code tfc_collective_all_reduce_mean(float *gradient,
                                                           int64_t count,
                                                           double weight,
                                                           tfc_status *status);

/* The name of the host function (host_call.h) compiled code calls for the
 * data-parallel gradient exchange (tfc compile --data-parallel): inputs a
 * rank-1 f32 buffer and an i32/i64 shape whose first element is the local
 * batch size (or no second input: weight 1); output the weighted mean. The
 * runtime provides it; it cannot be registered or unregistered. */
#define TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN "tfc.all_reduce_mean"

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_COLLECTIVE_H */

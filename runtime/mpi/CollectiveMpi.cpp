//===- CollectiveMpi.cpp - The collective operations over MPI -------------===//
//
// libtfc_runtime_mpi.so: the tfc_collective_ops of MPI_COMM_WORLD. The core
// runtime opens it with dlopen when the process runs under mpirun
// (runtime/src/Collective.cpp), so that only this library links MPI.
// MPI is initialized on open and finalized at exit; errors are returned,
// never fatal (MPI_ERRORS_RETURN).
//
//===----------------------------------------------------------------------===//

#include "tfc/runtime/collective.h"

#include <mpi.h>

#include <climits>
#include <cstdio>
#include <cstdlib>

namespace {
tfc_collective_ops ops;

/// Writes MPI's text for `result` into `error`; the status code.
tfc_code mpiError(int result, const char *what, char *error,
                  int64_t errorSize) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(result, text, &length) != MPI_SUCCESS)
    std::snprintf(text, sizeof(text), "MPI error %d", result);
  std::snprintf(error, static_cast<size_t>(errorSize), "%s: %s", what, text);
  return TFC_INTERNAL;
}

/// Calls `reduce` on chunks of at most INT_MAX elements (MPI counts are
/// ints).
template <typename T, typename Fn>
tfc_code chunked(T *data, int64_t count, const char *what, char *error,
                 int64_t errorSize, Fn reduce) {
  for (int64_t start = 0; start < count; start += INT_MAX) {
    int n = static_cast<int>(count - start < INT_MAX ? count - start : INT_MAX);
    if (int result = reduce(data + start, n); result != MPI_SUCCESS)
      return mpiError(result, what, error, errorSize);
  }
  return TFC_OK;
}

tfc_code allReduceSum(void *, float *data, int64_t count, char *error,
                      int64_t errorSize) {
  return chunked(data, count, "MPI_Allreduce", error, errorSize,
                 [](float *part, int n) {
                   return MPI_Allreduce(MPI_IN_PLACE, part, n, MPI_FLOAT,
                                        MPI_SUM, MPI_COMM_WORLD);
                 });
}

tfc_code allReduceMax(void *, int64_t *data, int64_t count, char *error,
                      int64_t errorSize) {
  return chunked(data, count, "MPI_Allreduce", error, errorSize,
                 [](int64_t *part, int n) {
                   return MPI_Allreduce(MPI_IN_PLACE, part, n, MPI_INT64_T,
                                        MPI_MAX, MPI_COMM_WORLD);
                 });
}

tfc_code broadcast(void *, void *data, int64_t bytes, int32_t root, char *error,
                   int64_t errorSize) {
  return chunked(static_cast<char *>(data), bytes, "MPI_Bcast", error,
                 errorSize, [root](char *part, int n) {
                   return MPI_Bcast(part, n, MPI_BYTE, root, MPI_COMM_WORLD);
                 });
}

void finalize() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized)
    MPI_Finalize();
}
} // namespace

extern "C" __attribute__((visibility("default"))) const tfc_collective_ops *
tfc_collective_mpi_open(char *error, int64_t errorSize) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    // Compiled code may call the runtime from several threads, but the
    // runtime serializes its collective calls.
    if (int result =
            MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
        result != MPI_SUCCESS) {
      mpiError(result, "MPI_Init_thread", error, errorSize);
      return nullptr;
    }
    std::atexit(finalize);
  }
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  ops.rank = rank;
  ops.size = size;
  ops.context = nullptr;
  ops.all_reduce_sum_f32 = allReduceSum;
  ops.all_reduce_max_i64 = allReduceMax;
  ops.broadcast = broadcast;
  return &ops;
}

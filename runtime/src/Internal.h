//===- Internal.h - Shared internals of the runtime -------------*- C++ -*-===//
//
// The definitions of the opaque C types and the helpers the runtime's files
// share: error reporting, shape arithmetic, aligned allocation, half-precision
// conversion and element formatting. Nothing here is exported.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_INTERNAL_H
#define TFC_RUNTIME_SRC_INTERNAL_H

#include "tfc/runtime.h"

#include <cstdint>
#include <string>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "the tfc runtime stores tensors and files in little-endian "
              "order and only supports little-endian hosts");

struct tfc_status {
  tfc_code code = TFC_OK;
  std::string message;
};

struct tfc_tensor {
  tfc_dtype dtype = TFC_DTYPE_INVALID;
  int64_t rank = 0;
  int64_t dims[TFC_MAX_RANK] = {};
  int64_t numElements = 0;
  int64_t byteSize = 0;
  void *data = nullptr;
  bool owning = false;
  tfc_deleter deleter = nullptr;
  void *deleterArg = nullptr;
};

namespace tfc::runtime {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// printf into a std::string.
std::string formatString(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/// Stores `code` and the formatted message in `status` (which may be NULL)
/// and returns `code`, so error paths read `return setError(...)`.
tfc_code setError(tfc_status *status, tfc_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/// The status code for a failed system call's errno.
tfc_code codeFromErrno(int error);

/// Copies rank 0's values of `vars` to every rank of a data-parallel job
/// (nothing at size 1), so that replicas start alike after initialization
/// or a restore. Fails when the process cannot join its job.
tfc_code broadcastVariables(tfc_variable *const *vars, size_t numVars,
                            tfc_status *status);

/// tfc_collective_all_reduce_mean of `gradient` written to `out` (which
/// may be `gradient`): the weighted sum goes through a buffer each thread
/// keeps for the next step, so a step touches no fresh memory.
tfc_code allReduceMeanInto(const float *gradient, float *out, int64_t count,
                           double weight, tfc_status *status);

/// The exchange compiled code makes (tfc_rt_all_reduce_gradients): each
/// rank's `numGradients` gradients (`pairs[2 * i + 1]` floats at the
/// address `pairs[2 * i]`),
/// weighted by its batch size `weight`, summed in place over the ranks, so
/// that the weighted means are the gradients times `scale`. With equal
/// batches the sums are plain and `scale` 1 / size; otherwise the
/// gradients are weighted before the sum and `scale` is 1. At size 1
/// nothing changes and `scale` is 1.
tfc_code allReduceGradients(const int64_t *pairs, int64_t numGradients,
                            int64_t weight, float &scale, tfc_status *status);

/// The runtime's own host function TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN
/// (CollectiveHostCall.cpp), with tfc_host_fn's contract.
tfc_code callAllReduceMean(const tfc_tensor *const *inputs, int64_t numInputs,
                           tfc_tensor **outputs, int64_t numOutputs,
                           tfc_status *status);

//===----------------------------------------------------------------------===//
// Dtypes and shapes
//===----------------------------------------------------------------------===//

inline bool isValidDtype(tfc_dtype dtype) {
  return dtype >= TFC_F16 && dtype <= TFC_I64;
}

/// "[2,3]", "[]"; with `unknownAsQuestion`, -1 prints as "?".
std::string shapeString(const int64_t *dims, int64_t rank,
                        bool unknownAsQuestion = false);

/// "f32[2,3]".
std::string typeString(tfc_dtype dtype, const int64_t *dims, int64_t rank,
                       bool unknownAsQuestion = false);

/// Validates a dtype and shape and computes the element count and byte size
/// without overflow. `what` names the object in messages ("tensor",
/// "variable 'w'"). Returns TFC_OK or INVALID_ARGUMENT.
tfc_code checkShape(tfc_dtype dtype, int64_t rank, const int64_t *dims,
                    const char *what, int64_t *numElements, int64_t *byteSize,
                    tfc_status *status);

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// TFC_ALIGNMENT-aligned, zero-filled memory of at least `size` bytes (at
/// least one cache line, so empty buffers still have a unique address);
/// NULL when the allocation fails or `size` is over maxAllocationBytes().
/// Without `zeroed`, the memory is left as it is: for a buffer that is
/// overwritten whole at once (a result copied from the device).
void *allocateAligned(int64_t size, bool zeroed = true);

/// tfc_tensor_create's tensor, its data not zero-filled: for a tensor whose
/// every element is written next.
tfc_tensor *createTensorToOverwrite(tfc_dtype dtype, int64_t rank,
                                   const int64_t *shape, tfc_status *status);

/// The largest tensor or variable buffer the runtime allocates: the
/// environment variable TFC_MAX_ALLOC_BYTES, else the machine's physical
/// memory. Larger requests fail with RESOURCE_EXHAUSTED instead of being
/// granted by overcommit and killing the process when zero-filled.
int64_t maxAllocationBytes();

/// " (over the limit of N bytes, TFC_MAX_ALLOC_BYTES)" when `size` is over
/// maxAllocationBytes(), for messages; empty otherwise.
std::string allocationLimitNote(int64_t size);
void freeAligned(void *ptr);
/// The index of the smallest of `count` free blocks (capacities from
/// `capacityOf(i)`) that holds `wanted` bytes without wasting half of
/// itself; `count` when none does. The workspaces' reuse policy.
template <typename CapacityOf>
size_t findBestFit(size_t count, size_t wanted, CapacityOf capacityOf) {
  size_t best = count;
  for (size_t i = 0; i < count; ++i) {
    size_t have = capacityOf(i);
    if (have >= wanted && have / 2 <= wanted &&
        (best == count || have < capacityOf(best)))
      best = i;
  }
  return best;
}

/// Whether `tensor` is non-NULL and has `dtype` and `shape` (rank -1: any
/// shape; a -1 dimension: any size), as tfc_tensor_check but silent.
bool tensorMatches(const tfc_tensor *tensor, tfc_dtype dtype, int64_t rank,
                   const int64_t *shape);

//===----------------------------------------------------------------------===//
// Half precision
//===----------------------------------------------------------------------===//

/// Rounds `value` to nearest even into f16 bits.
uint16_t doubleToHalf(double value);
/// Rounds `value` to nearest even into bf16 bits.
uint16_t doubleToBFloat16(double value);
double halfToDouble(uint16_t bits);
double bfloat16ToDouble(uint16_t bits);

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

/// Appends element `index` of a buffer of `dtype` as text: the shortest
/// decimal that reads back to the same value for floats, "true"/"false" for
/// bools.
void appendElement(std::string &out, tfc_dtype dtype, const void *data,
                   int64_t index);

/// Appends the values of `tensor` as tf.Print does, at most `maxElements`
/// of them (all when negative).
void appendSummary(std::string &out, const tfc_tensor *tensor,
                   int64_t maxElements);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_INTERNAL_H

//===- MemRef.h - MLIR memref descriptors in the runtime --------*- C++ -*-===//
//
// Compiled code passes buffers as MLIR memref descriptors: a ranked one is
// {allocated, aligned, offset, sizes[rank], strides[rank]} (8 bytes each),
// an unranked one {rank, pointer to a ranked one}. These helpers read them.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_MEMREF_H
#define TFC_RUNTIME_SRC_MEMREF_H

#include <cstdint>

namespace tfc::runtime {

/// An unranked memref as compiled code passes it by pointer.
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};

/// The elements of a ranked memref: the first element's address, and sizes
/// and strides in elements.
struct StridedView {
  char *data;
  int64_t rank;
  const int64_t *sizes;
  const int64_t *strides;
};

/// The number of 8-byte words of a ranked descriptor.
inline int64_t descriptorWords(int64_t rank) { return 3 + 2 * rank; }

/// Writes the row-major strides of `sizes` (in elements) into `strides`.
void rowMajorStrides(const int64_t *sizes, int64_t rank, int64_t *strides);

/// Writes a descriptor of `data` with offset 0 and row-major strides.
void writeDescriptor(int64_t *words, void *data, const int64_t *shape,
                     int64_t rank);

/// The view of a ranked descriptor of `rank` dimensions.
StridedView viewOfDescriptor(void *descriptor, int64_t rank,
                             int64_t elementSize);

/// Whether the view's elements are one row-major block.
bool isContiguous(const StridedView &view);

/// Copies the elements of `src` into `dst`, both of the same sizes, in
/// row-major order.
void copyStrided(const StridedView &src, const StridedView &dst,
                 int64_t elementSize);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_MEMREF_H

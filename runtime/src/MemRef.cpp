//===- MemRef.cpp - Strided copies for compiled code ----------------------===//
//
// `memrefCopy`, which MLIR's memref-to-LLVM lowering calls for a copy
// between buffers that are not both contiguous (a slice into a larger
// buffer, say), and the strided reads the other runtime calls share.
//
//===----------------------------------------------------------------------===//

#include "MemRef.h"

#include "tfc/runtime/base.h"

#include <cstring>

using namespace tfc::runtime;

StridedView tfc::runtime::viewOfDescriptor(void *descriptor, int64_t rank,
                                           int64_t elementSize) {
  auto *words = static_cast<int64_t *>(descriptor);
  char *aligned;
  std::memcpy(&aligned, &words[1], sizeof(char *));
  return {aligned + words[2] * elementSize, rank, words + 3, words + 3 + rank};
}

void tfc::runtime::rowMajorStrides(const int64_t *sizes, int64_t rank,
                                   int64_t *strides) {
  int64_t stride = 1;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    strides[dim] = stride;
    stride *= sizes[dim];
  }
}

void tfc::runtime::writeDescriptor(int64_t *words, void *data,
                                   const int64_t *shape, int64_t rank) {
  std::memcpy(&words[0], &data, sizeof(void *));
  std::memcpy(&words[1], &data, sizeof(void *));
  words[2] = 0;
  std::memcpy(&words[3], shape, static_cast<size_t>(rank) * sizeof(int64_t));
  rowMajorStrides(shape, rank, words + 3 + rank);
}

/// Whether the view's elements are one row-major block.
bool tfc::runtime::isContiguous(const StridedView &view) {
  int64_t expected = 1;
  for (int64_t dim = view.rank - 1; dim >= 0; --dim) {
    if (view.sizes[dim] != 1 && view.strides[dim] != expected)
      return false;
    expected *= view.sizes[dim];
  }
  return true;
}

void tfc::runtime::copyStrided(const StridedView &src, const StridedView &dst,
                               int64_t elementSize) {
  int64_t count = 1;
  for (int64_t dim = 0; dim < src.rank; ++dim)
    count *= src.sizes[dim];
  if (count == 0)
    return;
  if (isContiguous(src) && isContiguous(dst)) {
    std::memmove(dst.data, src.data, count * elementSize);
    return;
  }
  // The innermost dimensions that are one row-major block in both views
  // are copied with one memcpy (a padded image's rows, say); an odometer
  // walks the outer indices, last dimension fastest.
  int64_t inner = src.rank, block = 1;
  while (inner > 0 && src.strides[inner - 1] == block &&
         dst.strides[inner - 1] == block)
    block *= src.sizes[--inner];
  int64_t blockBytes = block * elementSize;
  int64_t index[TFC_MAX_RANK] = {};
  int64_t srcOffset = 0, dstOffset = 0;
  for (int64_t done = 0; done < count; done += block) {
    std::memcpy(dst.data + dstOffset * elementSize,
                src.data + srcOffset * elementSize, blockBytes);
    for (int64_t dim = inner - 1; dim >= 0; --dim) {
      srcOffset += src.strides[dim];
      dstOffset += dst.strides[dim];
      if (++index[dim] < src.sizes[dim])
        break;
      srcOffset -= src.strides[dim] * src.sizes[dim];
      dstOffset -= dst.strides[dim] * dst.sizes[dim];
      index[dim] = 0;
    }
  }
}

extern "C" {
/// The copy of MLIR's runtime (mlir/ExecutionEngine/CRunnerUtils.h), which
/// the memref-to-LLVM lowering calls for non-contiguous buffers.
TFC_RUNTIME_EXPORT void memrefCopy(int64_t elementSize, UnrankedMemRef *src,
                                   UnrankedMemRef *dst) {
  copyStrided(viewOfDescriptor(src->descriptor, src->rank, elementSize),
              viewOfDescriptor(dst->descriptor, dst->rank, elementSize),
              elementSize);
}
}

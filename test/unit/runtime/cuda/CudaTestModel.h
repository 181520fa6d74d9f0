//===- CudaTestModel.h - A hand-written model for the CUDA tests -*- C++
//-*-===//
//
// The tfc_model_abi `tfc compile` would emit for this model, with packed
// entry points written by hand:
//
//   variable w : f32[2], initial value [1.5, -2]
//   scale(x: f32[2]) -> x * w       (reads w)
//   add_to_w(x: f32[2])             (w += x)
//   w_reversed() -> [w[1], w[0]]     (on CUDA: a strided view of w)
//   variable v : f32[2], initial value [7, 8] computed by an entry point
//
// For the CPU target they compute on the host. For the CUDA target they do
// what generated host code does: every buffer they get is device memory, so
// they copy with mgpuMemcpy, allocate their result with mgpuMemAlloc and
// never dereference a device pointer.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TEST_UNIT_RUNTIME_CUDA_CUDATESTMODEL_H
#define TFC_TEST_UNIT_RUNTIME_CUDA_CUDATESTMODEL_H

#include "tfc/runtime.h"

#include <string>

extern "C" {
// The runtime's mgpu* functions, with MLIR 22's signatures.
void *mgpuModuleLoad(void *data, int64_t size);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
void *mgpuStreamCreate();
void mgpuStreamSynchronize(void *stream);
void mgpuStreamDestroy(void *stream);
void *mgpuMemAlloc(uint64_t bytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream);
}

namespace tfc::runtime::testing {

/// What the hand-written entry points saw in their last call on this
/// thread.
struct EntryLog {
  int calls = 0;
  /// Pointers of the last call's argument and variable buffers.
  void *argument = nullptr;
  void *variable = nullptr;
};
EntryLog &entryLog();

/// When `enabled`, the CUDA entry points launch the kernel `scale_kernel`
/// of `module` after copying (a null module is one that did not load).
void setLaunch(bool enabled, void *module);

/// The ABI of the model; `cuda` selects the target line and the entry
/// points. The structure lives as long as the process.
const tfc_model_abi *testModelAbi(bool cuda);

} // namespace tfc::runtime::testing

#endif // TFC_TEST_UNIT_RUNTIME_CUDA_CUDATESTMODEL_H

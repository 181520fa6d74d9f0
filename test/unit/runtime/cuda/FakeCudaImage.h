//===- FakeCudaImage.h - The kernels of a GPU binary, for the fake driver -===//
//
// What cuModuleLoadData needs to know of an image in the fake driver: which
// kernels it defines, and whether it has code the device can run.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TEST_UNIT_RUNTIME_CUDA_FAKECUDAIMAGE_H
#define TFC_TEST_UNIT_RUNTIME_CUDA_FAKECUDAIMAGE_H

#include <cuda.h>

#include <set>
#include <string>

namespace fake_cuda {

/// Reads the kernel names of `image` (a fatbin, an ELF cubin or PTX text)
/// into `kernels`. CUDA_ERROR_NO_BINARY_FOR_GPU when it has neither a cubin
/// for `deviceArch` (major * 10 + minor) nor PTX the driver could compile
/// for it; CUDA_ERROR_INVALID_IMAGE when it is none of the three.
CUresult readKernels(const void *image, int deviceArch,
                     std::set<std::string> &kernels);

} // namespace fake_cuda

#endif // TFC_TEST_UNIT_RUNTIME_CUDA_FAKECUDAIMAGE_H

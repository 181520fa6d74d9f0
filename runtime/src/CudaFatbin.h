//===- CudaFatbin.h - What a fatbin holds -----------------------*- C++ -*-===//
//
// The CUDA driver answers CUDA_ERROR_NO_BINARY_FOR_GPU when a model's fatbin
// has no image for the device; the runtime reads the fatbin's entry headers
// to say which architectures it does hold.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_CUDAFATBIN_H
#define TFC_RUNTIME_SRC_CUDAFATBIN_H

#include <string>

namespace tfc::runtime {

/// The images of the fatbin at `image`, as "sm_80 (cubin), sm_80 (PTX)";
/// empty when `image` is not a fatbin.
std::string describeFatbinImages(const void *image);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_CUDAFATBIN_H

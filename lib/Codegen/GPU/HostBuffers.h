//===- HostBuffers.h - host staging buffers of GPU host code ----*- C++ -*-===//
//
// Internal to lib/Codegen: tfc-gpu-device-memory marks the few host buffers
// host code may touch (scalars the host needs, staged through a memcpy);
// tfc-gpu-verify-host-code accepts accesses to exactly those. The mark is
// the contract between the two passes.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_GPU_HOSTBUFFERS_H
#define TFC_LIB_CODEGEN_GPU_HOSTBUFFERS_H

#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::tfc {

/// Whether `value` is a host staging buffer (or a view of one): marked
/// kHostAttrName by tfc-gpu-device-memory.
inline bool isHostBuffer(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (def->hasAttr(kHostAttrName))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    value = view.getViewSource();
  }
  return false;
}

} // namespace mlir::tfc

#endif // TFC_LIB_CODEGEN_GPU_HOSTBUFFERS_H

//===- TFCCheckpointOps.cpp - a graph's own saver -------------------------===//
//
// Verification of `tfc.save_tensors` and `tfc.restore_tensors`.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tfc;

/// Names are checkpoint keys: non-empty and, within one op, unique.
static LogicalResult verifyTensorNames(Operation *op, ArrayAttr names,
                                       size_t count, StringRef what) {
  if (names.size() != count)
    return op->emitOpError("has ")
           << names.size() << " tensor names for " << count << " " << what;
  llvm::StringSet<> seen;
  for (Attribute attr : names) {
    StringRef name = cast<StringAttr>(attr).getValue();
    if (name.empty())
      return op->emitOpError("has an empty tensor name");
    if (!seen.insert(name).second)
      return op->emitOpError("names tensor '") << name << "' twice";
  }
  return success();
}

LogicalResult SaveTensorsOp::verify() {
  return verifyTensorNames(*this, getTensorNames(), getTensors().size(),
                           "tensors");
}

LogicalResult RestoreTensorsOp::verify() {
  return verifyTensorNames(*this, getTensorNames(), getOutputs().size(),
                           "results");
}

//===- CheckSupport.cpp - the tfc-gpu-check-support pass ------------------===//
//
// Ops that hand tensor buffers to the host runtime to read during the call
// (prints, assert_positive, host calls) are not compiled for CUDA yet: they
// are reported here, before anything is lowered, at the user's source
// location. tfc.assert is compiled: the runtime reads its buffers at the
// end of the call (tfc-lower-runtime-calls with defer-assertions).
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUCHECKSUPPORT
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {
struct TFCGPUCheckSupportPass
    : public tfc::impl::TFCGPUCheckSupportBase<TFCGPUCheckSupportPass> {
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](Operation *op) {
      if (isa<PrintOp, AssertPositiveOp, HostCallOp, SaveTensorsOp,
              RestoreTensorsOp>(op)) {
        op->emitOpError("is not supported by the CUDA target yet: it passes "
                        "tensors to the host runtime (compile for the CPU)");
        failed = true;
      }
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace

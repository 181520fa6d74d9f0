//===- CheckAsserts.cpp - assertions that always fail ---------------------===//
//
// Implements `tfc-check-asserts`: an assertion whose condition is known at
// compile time to be false is a compile-time error.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCCHECKASSERTS
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Starts the error of a failed assertion: TensorFlow's "assertion failed"
/// followed by the assertion's own message.
static InFlightDiagnostic reportFailure(Operation *op,
                                        std::optional<StringRef> message) {
  InFlightDiagnostic diag = op->emitError("assertion failed");
  if (message && !message->empty())
    diag << ": " << *message;
  return diag;
}

namespace {
struct CheckAsserts : public tfc::impl::TFCCheckAssertsBase<CheckAsserts> {
  void runOnOperation() override {
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      if (auto assertOp = dyn_cast<AssertOp>(op)) {
        if (assertOp.evaluateStatically() == std::optional<bool>(false)) {
          reportFailure(op, assertOp.getMessage())
              << " (the condition is always false)";
          failed = true;
        }
      } else if (auto positive = dyn_cast<AssertPositiveOp>(op)) {
        if (positive.evaluateStatically() == std::optional<bool>(false)) {
          reportFailure(op, positive.getMessage())
              << " (Condition x > 0 did not hold element-wise for a "
                 "constant x)";
          failed = true;
        }
      } else if (auto rank = dyn_cast<AssertRankOp>(op)) {
        // A static rank mismatch is already a verifier error; this covers
        // IR built without verification.
        if (rank.evaluateStatically() == std::optional<bool>(false)) {
          reportFailure(op, rank.getMessage())
              << " (the tensor never has rank " << rank.getRank() << ")";
          failed = true;
        }
      }
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace

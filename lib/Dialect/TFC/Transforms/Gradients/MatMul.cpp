//===- MatMul.cpp - gradient of tfc.matmul --------------------------------===//
//
// TensorFlow's _MatMulGrad and _BatchMatMulV2Grad: each operand's gradient
// is a matmul of the incoming gradient with the other operand, transposed
// as the flags require, then summed over the batch dimensions the operand
// was broadcast along.
//
//===----------------------------------------------------------------------===//

#include "GradientUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// One matmul of the gradient graph: `x @ y` with the given transposes.
Value matmul(OpBuilder &b, Location loc, Value x, Value y, bool transposeX,
             bool transposeY) {
  return MatMulOp::create(b, loc, x, y, transposeX, transposeY);
}

struct MatMulGradientModel
    : public DifferentiableOpInterface::ExternalModel<MatMulGradientModel,
                                                      MatMulOp> {
  LogicalResult buildGradients(Operation *op, OpBuilder &b,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    auto matmulOp = cast<MatMulOp>(op);
    Location loc = op->getLoc();
    Value a = matmulOp.getA(), bValue = matmulOp.getB();
    Value dz = resultGradients[0];
    bool ta = matmulOp.getTransposeA(), tb = matmulOp.getTransposeB();
    Value da, db;
    if (!ta && !tb) {
      da = matmul(b, loc, dz, bValue, false, true); // dz @ b^T
      db = matmul(b, loc, a, dz, true, false);      // a^T @ dz
    } else if (!ta && tb) {
      da = matmul(b, loc, dz, bValue, false, false); // dz @ b
      db = matmul(b, loc, dz, a, true, false);       // dz^T @ a
    } else if (ta && !tb) {
      da = matmul(b, loc, bValue, dz, false, true); // b @ dz^T
      db = matmul(b, loc, a, dz, false, false);     // a @ dz
    } else {
      da = matmul(b, loc, bValue, dz, true, true); // b^T @ dz^T
      db = matmul(b, loc, dz, a, true, true);      // dz^T @ a^T
    }
    // Batch dimensions broadcast like element-wise operands: reduce them.
    operandGradients.push_back(reduceToShape(b, loc, da, a.getType()));
    operandGradients.push_back(reduceToShape(b, loc, db, bValue.getType()));
    return success();
  }
};

} // namespace

void mlir::tfc::registerMatMulGradients(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, TFCDialect *) {
    MatMulOp::attachInterface<MatMulGradientModel>(*context);
  });
}

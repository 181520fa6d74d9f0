//===- Elementwise.cpp - gradients of the element-wise ops ----------------===//
//
// TensorFlow's gradient functions (math_grad.py, nn_grad.py) for the
// element-wise unary and broadcasting binary ops, and the identity gradient
// of tensor.cast. Comparisons, logical ops, floordiv and mod have none:
// differentiating through them is an error.
//
//===----------------------------------------------------------------------===//

#include "GradientUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

using Pair = std::pair<Value, Value>;

Value scalarLike(OpBuilder &b, Location loc, Value like, double value) {
  return buildScalar(b, loc, elementTypeOf(like), value);
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

Value negGrad(OpBuilder &b, Location loc, NegOp, Value dy) {
  return NegOp::create(b, loc, dy);
}

/// dy * sign(x), as two masks so that abs'(0) = 0 like tf.sign.
Value absGrad(OpBuilder &b, Location loc, AbsOp op, Value dy) {
  Value x = op.getInput();
  Value positive = ReluGradOp::create(b, loc, dy, x);
  Value negative = ReluGradOp::create(b, loc, dy, NegOp::create(b, loc, x));
  return SubOp::create(b, loc, positive, negative);
}

Value expGrad(OpBuilder &b, Location loc, ExpOp op, Value dy) {
  return MulOp::create(b, loc, dy, op.getOutput());
}

Value logGrad(OpBuilder &b, Location loc, LogOp op, Value dy) {
  return DivOp::create(b, loc, dy, op.getInput());
}

/// SqrtGrad: dy * 0.5 / y.
Value sqrtGrad(OpBuilder &b, Location loc, SqrtOp op, Value dy) {
  Value half = MulOp::create(b, loc, dy, scalarLike(b, loc, dy, 0.5));
  return DivOp::create(b, loc, half, op.getOutput());
}

/// RsqrtGrad: dy * -0.5 * y^3.
Value rsqrtGrad(OpBuilder &b, Location loc, RsqrtOp op, Value dy) {
  Value y = op.getOutput();
  Value cube = MulOp::create(b, loc, SquareOp::create(b, loc, y), y);
  Value scaled = MulOp::create(b, loc, dy, scalarLike(b, loc, dy, -0.5));
  return MulOp::create(b, loc, scaled, cube);
}

Value squareGrad(OpBuilder &b, Location loc, SquareOp op, Value dy) {
  Value twice =
      MulOp::create(b, loc, op.getInput(), scalarLike(b, loc, dy, 2.0));
  return MulOp::create(b, loc, dy, twice);
}

/// TanhGrad: dy * (1 - y^2).
Value tanhGrad(OpBuilder &b, Location loc, TanhOp op, Value dy) {
  Value y = op.getOutput();
  Value slope = SubOp::create(b, loc, scalarLike(b, loc, dy, 1.0),
                              SquareOp::create(b, loc, y));
  return MulOp::create(b, loc, dy, slope);
}

/// SigmoidGrad: dy * y * (1 - y).
Value sigmoidGrad(OpBuilder &b, Location loc, SigmoidOp op, Value dy) {
  Value y = op.getOutput();
  Value oneMinus = SubOp::create(b, loc, scalarLike(b, loc, dy, 1.0), y);
  return MulOp::create(b, loc, MulOp::create(b, loc, dy, y), oneMinus);
}

/// ReluGrad on the output, as TensorFlow: y > 0 exactly where x > 0.
Value reluGrad(OpBuilder &b, Location loc, ReluOp op, Value dy) {
  return ReluGradOp::create(b, loc, dy, op.getOutput());
}

//===----------------------------------------------------------------------===//
// Binary ops (gradients in the result's shape; the model un-broadcasts)
//===----------------------------------------------------------------------===//

Pair addGrad(OpBuilder &, Location, AddOp, Value dz) { return {dz, dz}; }

Pair subGrad(OpBuilder &b, Location loc, SubOp, Value dz) {
  return {dz, NegOp::create(b, loc, dz)};
}

Pair mulGrad(OpBuilder &b, Location loc, MulOp op, Value dz) {
  return {MulOp::create(b, loc, dz, op.getRhs()),
          MulOp::create(b, loc, op.getLhs(), dz)};
}

/// RealDiv: dz / y and dz * (-x / y) / y.
Pair divGrad(OpBuilder &b, Location loc, DivOp op, Value dz) {
  Value x = op.getLhs(), y = op.getRhs();
  Value quotient = DivOp::create(b, loc, NegOp::create(b, loc, x), y);
  return {DivOp::create(b, loc, dz, y),
          MulOp::create(b, loc, dz, DivOp::create(b, loc, quotient, y))};
}

/// z = x^y: dz * y * x^(y-1), and dz * z * log(x) where x > 0 (0 elsewhere,
/// as TensorFlow's masked log).
Pair powGrad(OpBuilder &b, Location loc, PowOp op, Value dz) {
  Value x = op.getLhs(), y = op.getRhs(), z = op.getOutput();
  Value yMinusOne = SubOp::create(b, loc, y, scalarLike(b, loc, y, 1.0));
  Value dx = MulOp::create(b, loc, MulOp::create(b, loc, dz, y),
                           PowOp::create(b, loc, x, yMinusOne));
  Value logX = ReluGradOp::create(b, loc, LogOp::create(b, loc, x), x);
  Value dy = MulOp::create(b, loc, MulOp::create(b, loc, dz, z), logX);
  return {dx, dy};
}

/// The gradient goes to the larger operand, to x on ties (x >= y), as
/// TensorFlow's select on greater_equal. y > x is y - x > 0, which keeps its
/// sign when the difference overflows.
Pair maximumGrad(OpBuilder &b, Location loc, MaximumOp op, Value dz) {
  Value yWins = SubOp::create(b, loc, op.getRhs(), op.getLhs());
  Value dy = ReluGradOp::create(b, loc, dz, yWins);
  return {SubOp::create(b, loc, dz, dy), dy};
}

/// To the smaller operand, to x on ties (x <= y).
Pair minimumGrad(OpBuilder &b, Location loc, MinimumOp op, Value dz) {
  Value yWins = SubOp::create(b, loc, op.getLhs(), op.getRhs());
  Value dy = ReluGradOp::create(b, loc, dz, yWins);
  return {SubOp::create(b, loc, dz, dy), dy};
}

//===----------------------------------------------------------------------===//
// tensor.cast
//===----------------------------------------------------------------------===//

/// A cast only changes how much of the shape is static: the gradient is
/// cast back.
struct CastGradientModel
    : public DifferentiableOpInterface::ExternalModel<CastGradientModel,
                                                      tensor::CastOp> {
  LogicalResult buildGradients(Operation *op, OpBuilder &builder,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    operandGradients.push_back(castToType(builder, op->getLoc(),
                                          resultGradients[0],
                                          op->getOperand(0).getType()));
    return success();
  }
};

} // namespace

void mlir::tfc::registerElementwiseGradients(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, TFCDialect *) {
    NegOp::attachInterface<UnaryGradientModel<NegOp, negGrad>>(*context);
    AbsOp::attachInterface<UnaryGradientModel<AbsOp, absGrad>>(*context);
    ExpOp::attachInterface<UnaryGradientModel<ExpOp, expGrad>>(*context);
    LogOp::attachInterface<UnaryGradientModel<LogOp, logGrad>>(*context);
    SqrtOp::attachInterface<UnaryGradientModel<SqrtOp, sqrtGrad>>(*context);
    RsqrtOp::attachInterface<UnaryGradientModel<RsqrtOp, rsqrtGrad>>(*context);
    SquareOp::attachInterface<UnaryGradientModel<SquareOp, squareGrad>>(
        *context);
    TanhOp::attachInterface<UnaryGradientModel<TanhOp, tanhGrad>>(*context);
    SigmoidOp::attachInterface<UnaryGradientModel<SigmoidOp, sigmoidGrad>>(
        *context);
    ReluOp::attachInterface<UnaryGradientModel<ReluOp, reluGrad>>(*context);
    AddOp::attachInterface<BinaryGradientModel<AddOp, addGrad>>(*context);
    SubOp::attachInterface<BinaryGradientModel<SubOp, subGrad>>(*context);
    MulOp::attachInterface<BinaryGradientModel<MulOp, mulGrad>>(*context);
    DivOp::attachInterface<BinaryGradientModel<DivOp, divGrad>>(*context);
    PowOp::attachInterface<BinaryGradientModel<PowOp, powGrad>>(*context);
    MaximumOp::attachInterface<BinaryGradientModel<MaximumOp, maximumGrad>>(
        *context);
    MinimumOp::attachInterface<BinaryGradientModel<MinimumOp, minimumGrad>>(
        *context);
  });
  registry.addExtension(+[](MLIRContext *context, tensor::TensorDialect *) {
    tensor::CastOp::attachInterface<CastGradientModel>(*context);
  });
}

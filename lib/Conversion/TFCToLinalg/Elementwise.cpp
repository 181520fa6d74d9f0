//===- Elementwise.cpp - tfc element-wise ops to linalg -------------------===//
//
// Element-wise unary and binary tfc ops become broadcasting linalg.generic
// ops whose bodies compute TensorFlow's scalar semantics.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// Builds the scalar computation of an element-wise op. `elementType` is the
/// operands' element type (the result's is i1 for comparisons).
using ScalarFn = Value (*)(OpBuilder &, Location, Type elementType,
                           ValueRange args);

/// Lowers an element-wise tfc op to a broadcasting linalg.generic.
template <typename OpTy>
struct ElementwiseToLinalg : public OpConversionPattern<OpTy> {
  ElementwiseToLinalg(MLIRContext *context, ScalarFn scalar)
      : OpConversionPattern<OpTy>(context), scalar(scalar) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType ||
        !llvm::all_of(adaptor.getOperands().getTypes(),
                      llvm::IsaPred<RankedTensorType>))
      return rewriter.notifyMatchFailure(op, "code generation needs ranked "
                                             "tensors");
    Type elementType =
        cast<TensorType>(op->getOperand(0).getType()).getElementType();
    SmallVector<Value> operands = broadcastDynamicUnitDims(
        rewriter, op.getLoc(), resultType, adaptor.getOperands());
    Value result = buildElementwiseGeneric(
        rewriter, op.getLoc(), resultType, operands,
        [&](OpBuilder &builder, Location loc, ValueRange args) {
          return scalar(builder, loc, elementType, args);
        });
    rewriter.replaceOp(op, result);
    return success();
  }

  ScalarFn scalar;
};

bool isFloat(Type type) { return isa<FloatType>(type); }

Value zeroOf(OpBuilder &b, Location loc, Type type) {
  return buildScalarConstant(b, loc, type, 0);
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

Value scalarAdd(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::AddFOp::create(b, loc, args[0], args[1]);
  return arith::AddIOp::create(b, loc, args[0], args[1]);
}

Value scalarSub(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::SubFOp::create(b, loc, args[0], args[1]);
  return arith::SubIOp::create(b, loc, args[0], args[1]);
}

Value scalarMul(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::MulFOp::create(b, loc, args[0], args[1]);
  return arith::MulIOp::create(b, loc, args[0], args[1]);
}

/// Integer division and remainder trap on x86 for a zero divisor and for
/// INT_MIN / -1. The divisor is replaced by 1 in those cases and the result
/// fixed up: x / -1 is -x (wrapping), and a zero divisor gives 0.
struct SafeDivisor {
  Value divisor, isZero, isMinusOne;
};

SafeDivisor makeSafeDivisor(OpBuilder &b, Location loc, Type type, Value y) {
  Value zero = zeroOf(b, loc, type);
  Value one = buildScalarConstant(b, loc, type, 1);
  Value minusOne = buildScalarConstant(b, loc, type, -1);
  Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, zero);
  Value isMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, minusOne);
  Value unsafe = arith::OrIOp::create(b, loc, isZero, isMinusOne);
  Value divisor = arith::SelectOp::create(b, loc, unsafe, one, y);
  return {divisor, isZero, isMinusOne};
}

/// Applies the fix-ups of SafeDivisor to a quotient.
Value fixQuotient(OpBuilder &b, Location loc, Type type, Value x,
                  const SafeDivisor &safe, Value quotient) {
  Value zero = zeroOf(b, loc, type);
  Value negated = arith::SubIOp::create(b, loc, zero, x);
  Value result =
      arith::SelectOp::create(b, loc, safe.isMinusOne, negated, quotient);
  return arith::SelectOp::create(b, loc, safe.isZero, zero, result);
}

Value scalarDiv(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::DivFOp::create(b, loc, args[0], args[1]);
  // TensorFlow's Div kernel on integers truncates toward zero.
  SafeDivisor safe = makeSafeDivisor(b, loc, type, args[1]);
  Value quotient = arith::DivSIOp::create(b, loc, args[0], safe.divisor);
  return fixQuotient(b, loc, type, args[0], safe, quotient);
}

Value scalarFloorDiv(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return math::FloorOp::create(
        b, loc, arith::DivFOp::create(b, loc, args[0], args[1]));
  SafeDivisor safe = makeSafeDivisor(b, loc, type, args[1]);
  Value quotient = arith::FloorDivSIOp::create(b, loc, args[0], safe.divisor);
  return fixQuotient(b, loc, type, args[0], safe, quotient);
}

/// FloorMod: the remainder has the sign of the divisor, as Python's `%`.
Value scalarMod(OpBuilder &b, Location loc, Type type, ValueRange args) {
  Value x = args[0], y = args[1];
  Value zero = zeroOf(b, loc, type);
  if (isFloat(type)) {
    Value rem = arith::RemFOp::create(b, loc, x, y);
    Value remNonZero =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, rem, zero);
    Value remNegative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, rem, zero);
    Value yNegative =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, y, zero);
    Value signsDiffer = arith::XOrIOp::create(b, loc, remNegative, yNegative);
    Value adjust = arith::AndIOp::create(b, loc, remNonZero, signsDiffer);
    Value adjusted = arith::AddFOp::create(b, loc, rem, y);
    return arith::SelectOp::create(b, loc, adjust, adjusted, rem);
  }
  SafeDivisor safe = makeSafeDivisor(b, loc, type, y);
  Value rem = arith::RemSIOp::create(b, loc, x, safe.divisor);
  Value remNonZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, rem, zero);
  Value remNegative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rem, zero);
  Value yNegative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, y, zero);
  Value signsDiffer = arith::XOrIOp::create(b, loc, remNegative, yNegative);
  Value adjust = arith::AndIOp::create(b, loc, remNonZero, signsDiffer);
  Value adjusted = arith::AddIOp::create(b, loc, rem, y);
  Value result = arith::SelectOp::create(b, loc, adjust, adjusted, rem);
  // x mod 0 and x mod -1 are 0.
  Value unsafe = arith::OrIOp::create(b, loc, safe.isZero, safe.isMinusOne);
  return arith::SelectOp::create(b, loc, unsafe, zero, result);
}

Value scalarPow(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return math::PowFOp::create(b, loc, args[0], args[1]);
  return math::IPowIOp::create(b, loc, args[0], args[1]);
}

Value scalarMaximum(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::MaximumFOp::create(b, loc, args[0], args[1]);
  return arith::MaxSIOp::create(b, loc, args[0], args[1]);
}

Value scalarMinimum(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::MinimumFOp::create(b, loc, args[0], args[1]);
  return arith::MinSIOp::create(b, loc, args[0], args[1]);
}

//===----------------------------------------------------------------------===//
// Comparisons and logic
//===----------------------------------------------------------------------===//

/// A comparison: ordered float predicates (NaN compares false) except for
/// not-equal, which is true for NaN as in TensorFlow.
template <arith::CmpFPredicate floatPredicate,
          arith::CmpIPredicate intPredicate>
Value scalarCompare(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::CmpFOp::create(b, loc, floatPredicate, args[0], args[1]);
  return arith::CmpIOp::create(b, loc, intPredicate, args[0], args[1]);
}

Value scalarAnd(OpBuilder &b, Location loc, Type, ValueRange args) {
  return arith::AndIOp::create(b, loc, args[0], args[1]);
}

Value scalarOr(OpBuilder &b, Location loc, Type, ValueRange args) {
  return arith::OrIOp::create(b, loc, args[0], args[1]);
}

Value scalarXor(OpBuilder &b, Location loc, Type, ValueRange args) {
  return arith::XOrIOp::create(b, loc, args[0], args[1]);
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

Value scalarNeg(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::NegFOp::create(b, loc, args[0]);
  return arith::SubIOp::create(b, loc, zeroOf(b, loc, type), args[0]);
}

Value scalarAbs(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return math::AbsFOp::create(b, loc, args[0]);
  return math::AbsIOp::create(b, loc, args[0]);
}

Value scalarSquare(OpBuilder &b, Location loc, Type type, ValueRange args) {
  return scalarMul(b, loc, type, {args[0], args[0]});
}

Value scalarRelu(OpBuilder &b, Location loc, Type type, ValueRange args) {
  // maximumf propagates NaN, as tf.nn.relu does.
  return scalarMaximum(b, loc, type, {args[0], zeroOf(b, loc, type)});
}

Value scalarSigmoid(OpBuilder &b, Location loc, Type type, ValueRange args) {
  // 1 / (1 + e^-x): saturates to 0 and 1 without NaN for large |x|.
  Value one = buildScalarConstant(b, loc, type, 1);
  Value negated = arith::NegFOp::create(b, loc, args[0]);
  Value exp = math::ExpOp::create(b, loc, negated);
  Value denominator = arith::AddFOp::create(b, loc, one, exp);
  return arith::DivFOp::create(b, loc, one, denominator);
}

Value scalarLogicalNot(OpBuilder &b, Location loc, Type type, ValueRange args) {
  Value allOnes = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  return arith::XOrIOp::create(b, loc, args[0], allOnes);
}

/// tfc.where: the condition is the first operand.
Value scalarSelect(OpBuilder &b, Location loc, Type, ValueRange args) {
  return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
}

template <typename MathOp>
Value scalarMath(OpBuilder &b, Location loc, Type, ValueRange args) {
  return MathOp::create(b, loc, args[0]);
}

} // namespace

void mlir::tfc::populateElementwiseToLinalgPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  using CmpF = arith::CmpFPredicate;
  using CmpI = arith::CmpIPredicate;
  patterns.add<ElementwiseToLinalg<AddOp>>(context, scalarAdd);
  patterns.add<ElementwiseToLinalg<SubOp>>(context, scalarSub);
  patterns.add<ElementwiseToLinalg<MulOp>>(context, scalarMul);
  patterns.add<ElementwiseToLinalg<DivOp>>(context, scalarDiv);
  patterns.add<ElementwiseToLinalg<FloorDivOp>>(context, scalarFloorDiv);
  patterns.add<ElementwiseToLinalg<ModOp>>(context, scalarMod);
  patterns.add<ElementwiseToLinalg<PowOp>>(context, scalarPow);
  patterns.add<ElementwiseToLinalg<MaximumOp>>(context, scalarMaximum);
  patterns.add<ElementwiseToLinalg<MinimumOp>>(context, scalarMinimum);
  patterns.add<ElementwiseToLinalg<EqualOp>>(
      context, scalarCompare<CmpF::OEQ, CmpI::eq>);
  patterns.add<ElementwiseToLinalg<NotEqualOp>>(
      context, scalarCompare<CmpF::UNE, CmpI::ne>);
  patterns.add<ElementwiseToLinalg<LessOp>>(context,
                                            scalarCompare<CmpF::OLT, CmpI::slt>);
  patterns.add<ElementwiseToLinalg<LessEqualOp>>(
      context, scalarCompare<CmpF::OLE, CmpI::sle>);
  patterns.add<ElementwiseToLinalg<GreaterOp>>(
      context, scalarCompare<CmpF::OGT, CmpI::sgt>);
  patterns.add<ElementwiseToLinalg<GreaterEqualOp>>(
      context, scalarCompare<CmpF::OGE, CmpI::sge>);
  patterns.add<ElementwiseToLinalg<LogicalAndOp>>(context, scalarAnd);
  patterns.add<ElementwiseToLinalg<LogicalOrOp>>(context, scalarOr);
  patterns.add<ElementwiseToLinalg<LogicalXorOp>>(context, scalarXor);
  patterns.add<ElementwiseToLinalg<NegOp>>(context, scalarNeg);
  patterns.add<ElementwiseToLinalg<AbsOp>>(context, scalarAbs);
  patterns.add<ElementwiseToLinalg<SquareOp>>(context, scalarSquare);
  patterns.add<ElementwiseToLinalg<ReluOp>>(context, scalarRelu);
  patterns.add<ElementwiseToLinalg<SigmoidOp>>(context, scalarSigmoid);
  patterns.add<ElementwiseToLinalg<LogicalNotOp>>(context, scalarLogicalNot);
  patterns.add<ElementwiseToLinalg<ExpOp>>(context, scalarMath<math::ExpOp>);
  patterns.add<ElementwiseToLinalg<LogOp>>(context, scalarMath<math::LogOp>);
  patterns.add<ElementwiseToLinalg<SqrtOp>>(context, scalarMath<math::SqrtOp>);
  patterns.add<ElementwiseToLinalg<RsqrtOp>>(context,
                                             scalarMath<math::RsqrtOp>);
  patterns.add<ElementwiseToLinalg<TanhOp>>(context, scalarMath<math::TanhOp>);
  patterns.add<ElementwiseToLinalg<WhereOp>>(context, scalarSelect);
}

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
          Value value = scalar(builder, loc, elementType, args);
          // What is known of the operand holds for the scalar op too.
          if (op->hasAttr(kNonPositiveOperandAttrName))
            if (Operation *scalarOp = value.getDefiningOp())
              scalarOp->setAttr(kNonPositiveOperandAttrName,
                                builder.getUnitAttr());
          return value;
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

/// A binary op that is `FloatOp` on floats and `IntOp` on signed integers.
template <typename FloatOp, typename IntOp>
Value scalarBinary(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return FloatOp::create(b, loc, args[0], args[1]);
  return IntOp::create(b, loc, args[0], args[1]);
}

/// A unary op that is `FloatOp` on floats and `IntOp` on signed integers.
template <typename FloatOp, typename IntOp>
Value scalarUnary(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return FloatOp::create(b, loc, args[0]);
  return IntOp::create(b, loc, args[0]);
}

/// A binary op of one type for all element types (bools, for the logic ops).
template <typename Op>
Value scalarSameForAll(OpBuilder &b, Location loc, Type, ValueRange args) {
  return Op::create(b, loc, args[0], args[1]);
}

/// A comparison: ordered float predicates (NaN compares false) except for
/// not-equal, which is true for NaN as in TensorFlow.
template <arith::CmpFPredicate floatPredicate,
          arith::CmpIPredicate intPredicate>
Value scalarCompare(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::CmpFOp::create(b, loc, floatPredicate, args[0], args[1]);
  return arith::CmpIOp::create(b, loc, intPredicate, args[0], args[1]);
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

constexpr ScalarFn scalarAdd = scalarBinary<arith::AddFOp, arith::AddIOp>;
constexpr ScalarFn scalarMul = scalarBinary<arith::MulFOp, arith::MulIOp>;
constexpr ScalarFn scalarMaximum =
    scalarBinary<arith::MaximumFOp, arith::MaxSIOp>;

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

/// A truncated remainder `rem` of a division by `y` given the sign of `y`:
/// `y` is added where `rem` is non-zero and their signs differ.
Value floorRemainder(OpBuilder &b, Location loc, Type type, Value rem, Value y,
                     Value zero) {
  using CmpF = arith::CmpFPredicate;
  using CmpI = arith::CmpIPredicate;
  Value remNonZero =
      scalarCompare<CmpF::ONE, CmpI::ne>(b, loc, type, {rem, zero});
  Value remNegative =
      scalarCompare<CmpF::OLT, CmpI::slt>(b, loc, type, {rem, zero});
  Value yNegative =
      scalarCompare<CmpF::OLT, CmpI::slt>(b, loc, type, {y, zero});
  Value signsDiffer = arith::XOrIOp::create(b, loc, remNegative, yNegative);
  Value adjust = arith::AndIOp::create(b, loc, remNonZero, signsDiffer);
  Value adjusted = scalarAdd(b, loc, type, {rem, y});
  return arith::SelectOp::create(b, loc, adjust, adjusted, rem);
}

/// FloorMod: the remainder has the sign of the divisor, as Python's `%`.
Value scalarMod(OpBuilder &b, Location loc, Type type, ValueRange args) {
  Value x = args[0], y = args[1];
  Value zero = zeroOf(b, loc, type);
  if (isFloat(type))
    return floorRemainder(b, loc, type, arith::RemFOp::create(b, loc, x, y), y,
                          zero);
  SafeDivisor safe = makeSafeDivisor(b, loc, type, y);
  Value rem = arith::RemSIOp::create(b, loc, x, safe.divisor);
  Value result = floorRemainder(b, loc, type, rem, y, zero);
  // x mod 0 and x mod -1 are 0.
  Value unsafe = arith::OrIOp::create(b, loc, safe.isZero, safe.isMinusOne);
  return arith::SelectOp::create(b, loc, unsafe, zero, result);
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

Value scalarNeg(OpBuilder &b, Location loc, Type type, ValueRange args) {
  if (isFloat(type))
    return arith::NegFOp::create(b, loc, args[0]);
  return arith::SubIOp::create(b, loc, zeroOf(b, loc, type), args[0]);
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
  patterns.add<ElementwiseToLinalg<SubOp>>(
      context, scalarBinary<arith::SubFOp, arith::SubIOp>);
  patterns.add<ElementwiseToLinalg<MulOp>>(context, scalarMul);
  patterns.add<ElementwiseToLinalg<DivOp>>(context, scalarDiv);
  patterns.add<ElementwiseToLinalg<FloorDivOp>>(context, scalarFloorDiv);
  patterns.add<ElementwiseToLinalg<ModOp>>(context, scalarMod);
  patterns.add<ElementwiseToLinalg<PowOp>>(
      context, scalarBinary<math::PowFOp, math::IPowIOp>);
  patterns.add<ElementwiseToLinalg<MaximumOp>>(context, scalarMaximum);
  patterns.add<ElementwiseToLinalg<MinimumOp>>(
      context, scalarBinary<arith::MinimumFOp, arith::MinSIOp>);
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
  patterns.add<ElementwiseToLinalg<LogicalAndOp>>(
      context, scalarSameForAll<arith::AndIOp>);
  patterns.add<ElementwiseToLinalg<LogicalOrOp>>(
      context, scalarSameForAll<arith::OrIOp>);
  patterns.add<ElementwiseToLinalg<LogicalXorOp>>(
      context, scalarSameForAll<arith::XOrIOp>);
  patterns.add<ElementwiseToLinalg<NegOp>>(context, scalarNeg);
  patterns.add<ElementwiseToLinalg<AbsOp>>(
      context, scalarUnary<math::AbsFOp, math::AbsIOp>);
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

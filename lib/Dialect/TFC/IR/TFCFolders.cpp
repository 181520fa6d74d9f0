//===- TFCFolders.cpp - constant folding of tfc ops -----------------------===//
//
// Folders for the cheap cases: element-wise ops on constants of the result's
// shape or on splats, algebraic identities that keep the operand's type, and
// involutions. Folding never broadcasts a non-splat constant: that would
// materialize a larger tensor than the program wrote.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfc;

namespace {
/// An element-wise calculation on floats or integers; std::nullopt means
/// "do not fold" (e.g. an integer division by zero, which is a runtime error).
using FloatFn = function_ref<std::optional<APFloat>(const APFloat &,
                                                    const APFloat &)>;
using IntFn =
    function_ref<std::optional<APInt>(const APInt &, const APInt &)>;
} // namespace

/// Applies `calc` element by element to two constants: both splats (the result
/// is a splat of the result type), or each dense with the result's type or a
/// splat (a scalar operand of shape arithmetic, `maximum(shape, 1)`).
template <typename ValueT, typename CalcT>
static Attribute foldElementwise(DenseElementsAttr lhs, DenseElementsAttr rhs,
                                 RankedTensorType resultType, CalcT calc) {
  if (lhs.isSplat() && rhs.isSplat()) {
    std::optional<ValueT> value =
        calc(lhs.getSplatValue<ValueT>(), rhs.getSplatValue<ValueT>());
    if (!value)
      return {};
    return DenseElementsAttr::get(resultType, *value);
  }
  if ((lhs.getType() != resultType && !lhs.isSplat()) ||
      (rhs.getType() != resultType && !rhs.isSplat()))
    return {};
  auto valueAt = [](DenseElementsAttr attr, int64_t i) {
    return attr.isSplat() ? attr.getSplatValue<ValueT>()
                          : attr.getValues<ValueT>()[i];
  };
  SmallVector<ValueT> values;
  values.reserve(resultType.getNumElements());
  for (int64_t i = 0, e = resultType.getNumElements(); i < e; ++i) {
    std::optional<ValueT> value = calc(valueAt(lhs, i), valueAt(rhs, i));
    if (!value)
      return {};
    values.push_back(*value);
  }
  return DenseElementsAttr::get(resultType, values);
}

/// Folds a binary op on two constants with `floatFn` or `intFn` (either may be
/// null: that element kind is not folded).
static Attribute foldBinaryConstants(ArrayRef<Attribute> operands,
                                     Type resultType, FloatFn floatFn,
                                     IntFn intFn) {
  auto lhs = dyn_cast_or_null<DenseElementsAttr>(operands[0]);
  auto rhs = dyn_cast_or_null<DenseElementsAttr>(operands[1]);
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!lhs || !rhs || !type || !type.hasStaticShape())
    return {};
  Type elementType = type.getElementType();
  if (isa<FloatType>(elementType) && floatFn)
    return foldElementwise<APFloat>(lhs, rhs, type, floatFn);
  if (elementType.isInteger() && !elementType.isInteger(1) && intFn)
    return foldElementwise<APInt>(lhs, rhs, type, intFn);
  return {};
}

/// True when `value` is a constant splat of `scalar` (as a float or integer).
static bool isSplatOf(Attribute value, double scalar) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(value);
  if (!elements || !elements.isSplat())
    return false;
  Type elementType = elements.getElementType();
  if (isa<FloatType>(elementType))
    return elements.getSplatValue<APFloat>().isExactlyValue(scalar);
  if (elementType.isInteger() && !elementType.isInteger(1))
    return elements.getSplatValue<APInt>().getSExtValue() ==
           static_cast<int64_t>(scalar);
  return false;
}

/// `x op c` folds to `x` when `c` is the identity and the result keeps `x`'s
/// type (otherwise the op also broadcasts `x`).
static OpFoldResult foldRightIdentity(Operation *op, Attribute rhs,
                                      double identity) {
  Value lhs = op->getOperand(0);
  if (lhs.getType() == op->getResult(0).getType() && isSplatOf(rhs, identity))
    return lhs;
  return {};
}

static bool isIntegerTensor(Type type) {
  Type elementType = cast<TensorType>(type).getElementType();
  return elementType.isInteger() && !elementType.isInteger(1);
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // x + 0 -> x only for integers: for floats, -0.0 + 0.0 is +0.0.
  if (isIntegerTensor(getType()))
    if (OpFoldResult folded = foldRightIdentity(*this, adaptor.getRhs(), 0))
      return folded;
  return foldBinaryConstants(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a + b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a + b;
      });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult folded = foldRightIdentity(*this, adaptor.getRhs(), 0))
    return folded;
  return foldBinaryConstants(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a - b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a - b;
      });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult folded = foldRightIdentity(*this, adaptor.getRhs(), 1))
    return folded;
  return foldBinaryConstants(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a * b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a * b;
      });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult folded = foldRightIdentity(*this, adaptor.getRhs(), 1))
    return folded;
  // Integers truncate toward zero, as TensorFlow's Div kernel; a division by
  // zero is left to run time, where it is reported. INT_MIN / -1 wraps, as
  // the lowering computes it.
  return foldBinaryConstants(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a / b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.isZero())
          return std::nullopt;
        return a.sdiv(b);
      });
}

OpFoldResult FloorDivOp::fold(FoldAdaptor adaptor) {
  // x // 1 -> x only for integers: for floats it is floor(x).
  if (isIntegerTensor(getType()))
    if (OpFoldResult folded = foldRightIdentity(*this, adaptor.getRhs(), 1))
      return folded;
  return foldBinaryConstants(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        APFloat quotient = a / b;
        quotient.roundToIntegral(APFloat::rmTowardNegative);
        return quotient;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.isZero())
          return std::nullopt;
        return llvm::APIntOps::RoundingSDiv(a, b, APInt::Rounding::DOWN);
      });
}

OpFoldResult ModOp::fold(FoldAdaptor adaptor) {
  // FloorMod: the remainder takes the sign of the divisor, as Python's `%`.
  return foldBinaryConstants(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        APFloat remainder = a;
        remainder.mod(b);
        if (!remainder.isZero() && !remainder.isNaN() &&
            remainder.isNegative() != b.isNegative())
          remainder.add(b, APFloat::rmNearestTiesToEven);
        return remainder;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (b.isZero())
          return std::nullopt;
        APInt remainder = a.srem(b);
        if (!remainder.isZero() && remainder.isNegative() != b.isNegative())
          remainder += b;
        return remainder;
      });
}

OpFoldResult MaximumOp::fold(FoldAdaptor adaptor) {
  return foldBinaryConstants(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        // TensorFlow's Maximum propagates NaN.
        return llvm::maximum(a, b);
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a.sge(b) ? a : b;
      });
}

OpFoldResult MinimumOp::fold(FoldAdaptor adaptor) {
  return foldBinaryConstants(
      adaptor.getOperands(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return llvm::minimum(a, b);
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a.sle(b) ? a : b;
      });
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

/// Applies `calc` to every element of a constant operand.
template <typename ValueT>
static Attribute
foldUnaryConstant(Attribute operand,
                  function_ref<std::optional<ValueT>(const ValueT &)> calc) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(operand);
  if (!elements)
    return {};
  if (elements.isSplat()) {
    std::optional<ValueT> value = calc(elements.getSplatValue<ValueT>());
    return value ? DenseElementsAttr::get(elements.getType(), *value)
                 : Attribute();
  }
  SmallVector<ValueT> values;
  for (ValueT element : elements.getValues<ValueT>()) {
    std::optional<ValueT> value = calc(element);
    if (!value)
      return {};
    values.push_back(*value);
  }
  return DenseElementsAttr::get(elements.getType(), values);
}

/// Folds a float function through double precision and rounds back to the
/// element type (f16, bf16, f32 or f64).
static Attribute foldFloatFunction(Attribute operand, double (*fn)(double)) {
  return foldUnaryConstant<APFloat>(
      operand, [fn](const APFloat &x) -> std::optional<APFloat> {
        bool losesInfo = false;
        APFloat wide = x;
        wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                     &losesInfo);
        APFloat result(fn(wide.convertToDouble()));
        result.convert(x.getSemantics(), APFloat::rmNearestTiesToEven,
                       &losesInfo);
        return result;
      });
}

/// Folds an op on numbers with separate float and integer rules.
static Attribute
foldNumeric(Attribute operand,
            function_ref<std::optional<APFloat>(const APFloat &)> floatFn,
            function_ref<std::optional<APInt>(const APInt &)> intFn) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(operand);
  if (!elements)
    return {};
  if (isa<FloatType>(elements.getElementType()))
    return foldUnaryConstant<APFloat>(operand, floatFn);
  return foldUnaryConstant<APInt>(operand, intFn);
}

/// An involution applied twice is the identity: f(f(x)) -> x.
template <typename OpTy>
static Value foldInvolution(OpTy op) {
  if (auto inner = op.getInput().template getDefiningOp<OpTy>())
    return inner.getInput();
  return {};
}

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  if (Value x = foldInvolution(*this))
    return x;
  return foldNumeric(
      adaptor.getInput(),
      [](const APFloat &x) -> std::optional<APFloat> { return -x; },
      [](const APInt &x) -> std::optional<APInt> { return -x; });
}

OpFoldResult AbsOp::fold(FoldAdaptor adaptor) {
  return foldNumeric(
      adaptor.getInput(),
      [](const APFloat &x) -> std::optional<APFloat> { return abs(x); },
      [](const APInt &x) -> std::optional<APInt> { return x.abs(); });
}

OpFoldResult SquareOp::fold(FoldAdaptor adaptor) {
  return foldNumeric(
      adaptor.getInput(),
      [](const APFloat &x) -> std::optional<APFloat> { return x * x; },
      [](const APInt &x) -> std::optional<APInt> { return x * x; });
}

OpFoldResult ReluOp::fold(FoldAdaptor adaptor) {
  // relu(relu(x)) == relu(x).
  if (auto inner = getInput().getDefiningOp<ReluOp>())
    return inner.getResult();
  return foldNumeric(
      adaptor.getInput(),
      [](const APFloat &x) -> std::optional<APFloat> {
        // NaN stays NaN, as in TensorFlow.
        return x.isNegative() && !x.isNaN() ? APFloat::getZero(x.getSemantics())
                                            : x;
      },
      [](const APInt &x) -> std::optional<APInt> {
        return x.isNegative() ? APInt::getZero(x.getBitWidth()) : x;
      });
}

OpFoldResult ExpOp::fold(FoldAdaptor adaptor) {
  return foldFloatFunction(adaptor.getInput(),
                           [](double x) { return std::exp(x); });
}

OpFoldResult LogOp::fold(FoldAdaptor adaptor) {
  return foldFloatFunction(adaptor.getInput(),
                           [](double x) { return std::log(x); });
}

OpFoldResult SqrtOp::fold(FoldAdaptor adaptor) {
  return foldFloatFunction(adaptor.getInput(),
                           [](double x) { return std::sqrt(x); });
}

OpFoldResult RsqrtOp::fold(FoldAdaptor adaptor) {
  return foldFloatFunction(adaptor.getInput(),
                           [](double x) { return 1.0 / std::sqrt(x); });
}

OpFoldResult TanhOp::fold(FoldAdaptor adaptor) {
  return foldFloatFunction(adaptor.getInput(),
                           [](double x) { return std::tanh(x); });
}

OpFoldResult SigmoidOp::fold(FoldAdaptor adaptor) {
  return foldFloatFunction(adaptor.getInput(),
                           [](double x) { return 1.0 / (1.0 + std::exp(-x)); });
}

OpFoldResult LogicalNotOp::fold(FoldAdaptor adaptor) {
  if (Value x = foldInvolution(*this))
    return x;
  return foldUnaryConstant<APInt>(
      adaptor.getInput(),
      [](const APInt &x) -> std::optional<APInt> { return ~x; });
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

OpFoldResult
mlir::tfc::foldIntegerReduction(Operation *op, Attribute input,
                                std::optional<ArrayRef<int64_t>> axes) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(input);
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!elements || !resultType || !resultType.hasStaticShape() ||
      !isIntegerTensor(resultType))
    return {};
  // Shape arithmetic is small; a large tensor is reduced at run time.
  constexpr int64_t kMaxElements = 1 << 16;
  auto inputType = cast<RankedTensorType>(elements.getType());
  if (inputType.getNumElements() > kMaxElements)
    return {};

  unsigned width = resultType.getElementTypeBitWidth();
  APInt identity;
  APInt (*combine)(const APInt &, const APInt &) = nullptr;
  if (isa<ReduceSumOp>(op)) {
    identity = APInt::getZero(width);
    combine = [](const APInt &a, const APInt &b) { return a + b; };
  } else if (isa<ReduceProdOp>(op)) {
    identity = APInt(width, 1);
    combine = [](const APInt &a, const APInt &b) { return a * b; };
  } else if (isa<ReduceMaxOp>(op)) {
    identity = APInt::getSignedMinValue(width);
    combine = [](const APInt &a, const APInt &b) { return a.sge(b) ? a : b; };
  } else if (isa<ReduceMinOp>(op)) {
    identity = APInt::getSignedMaxValue(width);
    combine = [](const APInt &a, const APInt &b) { return a.sle(b) ? a : b; };
  } else {
    return {};
  }

  // Each input dimension's stride in the result; 0 for a reduced one.
  ArrayRef<int64_t> shape = inputType.getShape();
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> reduced = normalizeReductionAxes(rank, axes);
  SmallVector<int64_t> strides(rank, 0);
  int64_t stride = 1;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    if (llvm::is_contained(reduced, dim))
      continue;
    strides[dim] = stride;
    stride *= shape[dim];
  }
  if (stride != resultType.getNumElements())
    return {};

  SmallVector<APInt> values(stride, identity);
  int64_t index = 0;
  for (const APInt &element : elements.getValues<APInt>()) {
    int64_t rest = index++, target = 0;
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      target += (rest % shape[dim]) * strides[dim];
      rest /= shape[dim];
    }
    values[target] = combine(values[target], element);
  }
  return DenseElementsAttr::get(resultType, values);
}

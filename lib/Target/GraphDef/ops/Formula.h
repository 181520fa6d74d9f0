//===- Formula.h - element-wise formulas of tfc ops for one node -*- C++
//-*-===//
//
// The gradient kernels and optimizer updates of a TensorFlow graph are
// element-wise formulas: `dy * y * (1 - y)`, `m + (g - m) * (1 - beta1)`.
// Formula builds them from tfc ops with the node's location, through
// NodeImporter::create (types inferred, errors reported as the node's), and
// remembers a failure so that a formula reads as one expression and is
// checked once.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_TARGET_GRAPHDEF_OPS_FORMULA_H
#define TFC_LIB_TARGET_GRAPHDEF_OPS_FORMULA_H

#include "../Importer.h"

namespace mlir::tfc::graphdef {

class Formula {
public:
  explicit Formula(NodeImporter &n) : n(n) {}

  /// `tfc.NAME` of `operands`, or null once a step has failed.
  Value op(StringRef name, ValueRange operands,
           ArrayRef<NamedAttribute> attrs = {}) {
    if (hasFailed || llvm::any_of(operands, [](Value v) { return !v; })) {
      hasFailed = true;
      return Value();
    }
    FailureOr<Value> result = n.create1(("tfc." + name).str(), operands, attrs);
    if (mlir::failed(result)) {
      hasFailed = true;
      return Value();
    }
    return *result;
  }

  Value add(Value a, Value b) { return op("add", {a, b}); }
  Value sub(Value a, Value b) { return op("sub", {a, b}); }
  Value mul(Value a, Value b) { return op("mul", {a, b}); }
  Value div(Value a, Value b) { return op("div", {a, b}); }
  Value maximum(Value a, Value b) { return op("maximum", {a, b}); }
  Value neg(Value x) { return op("neg", {x}); }
  Value abs(Value x) { return op("abs", {x}); }
  Value square(Value x) { return op("square", {x}); }
  Value sqrt(Value x) { return op("sqrt", {x}); }
  Value rsqrt(Value x) { return op("rsqrt", {x}); }
  Value exp(Value x) { return op("exp", {x}); }

  /// A scalar constant of `like`'s element type (float or integer).
  Value scalar(Value like, double value) {
    if (!like) {
      hasFailed = true;
      return Value();
    }
    Type element = cast<TensorType>(like.getType()).getElementType();
    auto type = RankedTensorType::get({}, element);
    Attribute attr =
        isa<FloatType>(element)
            ? Attribute(FloatAttr::get(element, value))
            : Attribute(IntegerAttr::get(element, static_cast<int64_t>(value)));
    return ConstantOp::create(n.builder, n.loc,
                              DenseElementsAttr::get(type, attr))
        .getResult();
  }

  /// Marks the formula failed (an input could not be imported).
  Value fail() {
    hasFailed = true;
    return Value();
  }
  bool failed() const { return hasFailed; }

private:
  NodeImporter &n;
  bool hasFailed = false;
};

/// Inputs `0 .. count-1` as float tensors; an error naming the input
/// otherwise (the gradient kernels and optimizers are defined on floats).
inline FailureOr<SmallVector<Value>> floatInputs(NodeImporter &n,
                                                 unsigned count) {
  SmallVector<Value> values;
  for (unsigned i = 0; i < count; ++i) {
    FailureOr<Value> value = n.input(i);
    if (mlir::failed(value))
      return failure();
    if (!isa<FloatType>(cast<TensorType>(value->getType()).getElementType())) {
      n.emitError() << "input #" << i << " must be a float tensor, not "
                    << value->getType();
      return failure();
    }
    values.push_back(*value);
  }
  return values;
}

} // namespace mlir::tfc::graphdef

#endif // TFC_LIB_TARGET_GRAPHDEF_OPS_FORMULA_H

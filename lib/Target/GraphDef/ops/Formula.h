//===- Formula.h - element-wise formulas of tfc ops -------------*- C++ -*-===//
//
// The op importers that write a TensorFlow op as several tfc ops (the
// activations, rounding, batch normalization, the gradient kernels and the
// optimizer updates: `dy * y * (1 - y)`, `m + (g - m) * (1 - beta1)`) build
// them with Formula, through NodeImporter::create (types inferred, errors
// reported as the node's).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_TARGET_GRAPHDEF_OPS_FORMULA_H
#define TFC_LIB_TARGET_GRAPHDEF_OPS_FORMULA_H

#include "../Importer.h"

namespace mlir::tfc::graphdef {

/// Builds the tfc ops of a formula for one node: each step is made by
/// `create1`, and the first failure (reported as the node's) is
/// remembered, after which steps return null; so a formula is written
/// without checking each step, and `failed()` is checked at the end.
struct Formula {
  /// `element`: the type of the scalars `c` makes (none when only `scalar`
  /// is used).
  explicit Formula(NodeImporter &n, Type element = {})
      : n(n), element(element) {}

  /// A scalar of the formula's element type.
  Value c(double value) { return n.scalar(element, value); }

  /// A scalar constant of `like`'s element type (float or integer).
  Value scalar(Value like, double value) {
    if (!like)
      return fail();
    Type type = cast<TensorType>(like.getType()).getElementType();
    return n.scalar(type, value);
  }

  /// `tfc.NAME` of `operands`, or null once a step has failed.
  Value op(StringRef name, ValueRange operands,
           ArrayRef<NamedAttribute> attrs = {}) {
    if (hasFailed || llvm::any_of(operands, [](Value v) { return !v; }))
      return fail();
    FailureOr<Value> result = n.create1(("tfc." + name).str(), operands, attrs);
    return succeeded(result) ? *result : fail();
  }
  Value castTo(Value x, Type to) {
    return op("cast", x, {n.namedAttr("dtype", TypeAttr::get(to))});
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
  Value floor(Value x) { return op("floordiv", {x, c(1)}); }
  Value where(Value p, Value a, Value b) { return op("where", {p, a, b}); }

  /// Marks the formula failed (an input could not be imported).
  Value fail() {
    hasFailed = true;
    return Value();
  }
  bool failed() const { return hasFailed; }

  NodeImporter &n;
  Type element;
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

//===- Formula.h - element-wise formulas of tfc ops -------------*- C++ -*-===//
//
// The op importers that write a TensorFlow op as several tfc ops (the
// activations, rounding, batch normalization) build them with Formula.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_TARGET_GRAPHDEF_OPS_FORMULA_H
#define TFC_LIB_TARGET_GRAPHDEF_OPS_FORMULA_H

#include "../Importer.h"

namespace mlir::tfc::graphdef {

/// Builds the tfc ops of a formula for one node: each step is made by
/// `create1`, and the first failure (reported as the node's) is
/// remembered, after which steps return null; so a formula is written
/// without checking each step, and `hasFailed` is checked at the end.
struct Formula {
  /// `element`: the type of the scalars `c` makes.
  Formula(NodeImporter &n, Type element) : n(n), element(element) {}

  /// A scalar of the formula's element type.
  Value c(double value) { return n.scalar(element, value); }
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
  Value floor(Value x) { return op("floordiv", {x, c(1)}); }
  Value where(Value p, Value a, Value b) { return op("where", {p, a, b}); }
  Value fail() {
    hasFailed = true;
    return Value();
  }

  NodeImporter &n;
  Type element;
  bool hasFailed = false;
};

} // namespace mlir::tfc::graphdef

#endif // TFC_LIB_TARGET_GRAPHDEF_OPS_FORMULA_H

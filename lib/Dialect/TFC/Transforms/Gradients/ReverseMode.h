//===- ReverseMode.h - reverse-mode differentiation of a graph --*- C++ -*-===//
//
// Builds the gradient graph of a value with respect to other values of the
// same tfc.graph body, as tf.gradients does, from the ops' gradients
// (DifferentiableOpInterface).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_REVERSEMODE_H
#define TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_REVERSEMODE_H

#include "mlir/IR/Builders.h"

#include <string>

namespace mlir::tfc {

class NameRegistry;

struct ReverseModeOptions {
  /// Treat an op or operand without a gradient as a constant, with a
  /// warning, as TensorFlow does; otherwise it is an error.
  bool allowUndefinedGradients = false;
};

/// Differentiates `sum(y * gradY)` (`sum(y)` when `gradY` is null) with
/// respect to groups of values of `body`, building the gradient ops at the
/// builder's insertion point, where every value of the forward graph must be
/// available. The result has one value per group: the sum of the gradients
/// of its values, or null when `y` depends on none of them. New tfc ops are
/// named `<scope>/<forward op>_grad/<op>`. Errors name the op without a
/// gradient and point at `requester`.
FailureOr<SmallVector<Value>> buildReverseModeGradients(
    OpBuilder &builder, Operation *requester, Block &body, Value y, Value gradY,
    ArrayRef<SmallVector<Value>> sourceGroups, StringRef scope,
    NameRegistry &names, const ReverseModeOptions &options);

} // namespace mlir::tfc

#endif // TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_REVERSEMODE_H

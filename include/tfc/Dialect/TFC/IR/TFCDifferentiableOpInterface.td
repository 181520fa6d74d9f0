//===- TFCDifferentiableOpInterface.td - gradients of ops --*- tablegen -*-===//
//
// The interface through which an op gives its gradient to tfc-autodiff, the
// analogue of TensorFlow's `@ops.RegisterGradient`.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCDIFFERENTIABLEOPINTERFACE_TD
#define TFC_DIALECT_TFC_IR_TFCDIFFERENTIABLEOPINTERFACE_TD

include "mlir/IR/OpBase.td"

def TFC_DifferentiableOpInterface : OpInterface<"DifferentiableOpInterface"> {
  let cppNamespace = "::mlir::tfc";
  let description = [{
    An op that reverse-mode differentiation can go through. Given the
    gradients of a loss with respect to the op's results, it builds the
    gradients with respect to its operands (the vector-Jacobian product),
    as a TensorFlow gradient function does.

    The gradients of the tfc ops are attached as external models
    (`registerDifferentiableOpInterfaceExternalModels`), one file per op
    family under `lib/Dialect/TFC/Transforms/Gradients/`, so the op
    definitions stay free of the training machinery.
  }];
  let methods = [
    InterfaceMethod<[{
        Builds, at the builder's insertion point, the gradient of each
        operand from `resultGradients` (one per result; null for a result
        no gradient flows into) and appends them to `operandGradients`, one
        per operand. A gradient has the operand's shape; it is null for an
        operand that has no gradient (see `hasGradient`). Ops built here
        may use the op's operands and results. Returns failure after
        reporting an error.
      }],
      "::llvm::LogicalResult", "buildGradients",
      (ins "::mlir::OpBuilder &":$builder,
           "::mlir::ValueRange":$resultGradients,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$operandGradients)>,
    InterfaceMethod<[{
        Whether operand `index` has a defined gradient. Differentiating
        through an operand without one is an error (the labels of
        `tfc.softmax_cross_entropy_with_logits`, for example): TensorFlow
        silently stops the gradient there instead.
      }],
      "bool", "hasGradient", (ins "unsigned":$index), [{}],
      /*defaultImplementation=*/[{ return true; }]>,
  ];
}

#endif // TFC_DIALECT_TFC_IR_TFCDIFFERENTIABLEOPINTERFACE_TD

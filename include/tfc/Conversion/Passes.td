//===- Passes.td - tfc conversion passes -------------------*- tablegen -*-===//
//
// Conversions from the tfc dialect to upstream dialects.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CONVERSION_PASSES_TD
#define TFC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTFCToLinalg : Pass<"convert-tfc-to-linalg"> {
  let summary = "Lower tfc computation ops to linalg, tensor, arith and math";
  let description = [{
    Rewrites the tfc computation ops into destination-style linalg ops on
    tensors: element-wise ops become `linalg.generic`s whose indexing maps
    implement NumPy broadcasting, matmuls become `linalg.matmul`,
    `linalg.batch_matmul` or a contraction `linalg.generic`, reductions
    become `linalg.reduce` (with `tensor.expand_shape` for `keep_dims`), and
    constants become `arith.constant`. Graph structure, variables and
    effects are left to their own passes.

    Codegen needs ranked tensors. A dynamic dimension is taken to match the
    other operands' dimension at that position; broadcasting a dynamic
    dimension that turns out to be 1 at run time is not supported.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // TFC_CONVERSION_PASSES_TD

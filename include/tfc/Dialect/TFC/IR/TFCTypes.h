//===- TFCTypes.h - tfc dialect types ---------------------------*- C++ -*-===//
//
// `!tfc.control`, `!tfc.var<...>` and `!tfc.tensor_array<...>`.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCTYPES_H
#define TFC_DIALECT_TFC_IR_TFCTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "tfc/Dialect/TFC/IR/TFCOpsTypes.h.inc"

namespace mlir::tfc {

/// True for the element types tfc computes with: f16, bf16, f32, f64, i1, i8,
/// i32 and i64.
bool isTfcElementType(Type type);

} // namespace mlir::tfc

#endif // TFC_DIALECT_TFC_IR_TFCTYPES_H

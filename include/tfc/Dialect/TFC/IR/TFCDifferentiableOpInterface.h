//===- TFCDifferentiableOpInterface.h - gradients of ops --------*- C++ -*-===//
//
// The interface through which an op gives its gradient to tfc-autodiff.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCDIFFERENTIABLEOPINTERFACE_H
#define TFC_DIALECT_TFC_IR_TFCDIFFERENTIABLEOPINTERFACE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#include "tfc/Dialect/TFC/IR/TFCDifferentiableOpInterface.h.inc"

#endif // TFC_DIALECT_TFC_IR_TFCDIFFERENTIABLEOPINTERFACE_H

//===- TFCDialect.h - tfc dialect declaration -------------------*- C++ -*-===//
//
// The tfc dialect class.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCDIALECT_H
#define TFC_DIALECT_TFC_IR_TFCDIALECT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dialect.h"

#include "tfc/Dialect/TFC/IR/TFCOpsDialect.h.inc"

#endif // TFC_DIALECT_TFC_IR_TFCDIALECT_H

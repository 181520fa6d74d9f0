//===- TFCAttrs.h - tfc dialect attributes ----------------------*- C++ -*-===//
//
// The variable initializer attributes and their interface.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCATTRS_H
#define TFC_DIALECT_TFC_IR_TFCATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include <optional>

#include "tfc/Dialect/TFC/IR/TFCAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tfc/Dialect/TFC/IR/TFCAttrs.h.inc"

#endif // TFC_DIALECT_TFC_IR_TFCATTRS_H

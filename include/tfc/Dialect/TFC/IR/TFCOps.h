//===- TFCOps.h - tfc dialect ops -------------------------------*- C++ -*-===//
//
// The ops of the tfc dialect. Including this header gives the dialect, its
// types and all its ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCOPS_H
#define TFC_DIALECT_TFC_IR_TFCOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tfc/Dialect/TFC/IR/TFCAttrs.h"
#include "tfc/Dialect/TFC/IR/TFCTraits.h"
#include "tfc/Dialect/TFC/IR/TFCDialect.h"
#include "tfc/Dialect/TFC/IR/TFCEffects.h"
#include "tfc/Dialect/TFC/IR/TFCShapes.h"
#include "tfc/Dialect/TFC/IR/TFCTypes.h"
#include "tfc/Dialect/TFC/IR/TFCVariables.h"
#include "tfc/Dialect/TFC/IR/TFCWindows.h"

#define GET_OP_CLASSES
#include "tfc/Dialect/TFC/IR/TFCOps.h.inc"

#endif // TFC_DIALECT_TFC_IR_TFCOPS_H

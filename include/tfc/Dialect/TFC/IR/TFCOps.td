//===- TFCOps.td - tfc dialect ops -------------------------*- tablegen -*-===//
//
// The root of the tfc dialect's ODS: every op family has its own file, listed
// here so one tablegen run generates the whole dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCOPS_TD
#define TFC_DIALECT_TFC_IR_TFCOPS_TD

include "tfc/Dialect/TFC/IR/TFCAttrs.td"
include "tfc/Dialect/TFC/IR/TFCBase.td"
include "tfc/Dialect/TFC/IR/TFCTypes.td"
include "tfc/Dialect/TFC/IR/TFCGraphOps.td"
include "tfc/Dialect/TFC/IR/TFCMathOps.td"
include "tfc/Dialect/TFC/IR/TFCVariableOps.td"
include "tfc/Dialect/TFC/IR/TFCNNOps.td"
include "tfc/Dialect/TFC/IR/TFCControlOps.td"
include "tfc/Dialect/TFC/IR/TFCDebugOps.td"
include "tfc/Dialect/TFC/IR/TFCCheckpointOps.td"
include "tfc/Dialect/TFC/IR/TFCControlFlowOps.td"
include "tfc/Dialect/TFC/IR/TFCArrayOps.td"
include "tfc/Dialect/TFC/IR/TFCShapeOps.td"
include "tfc/Dialect/TFC/IR/TFCSliceOps.td"
include "tfc/Dialect/TFC/IR/TFCTrainingOps.td"
include "tfc/Dialect/TFC/IR/TFCRandomOps.td"

#endif // TFC_DIALECT_TFC_IR_TFCOPS_TD

//===- TFCDialect.h - tfc dialect declaration -------------------*- C++ -*-===//
//
// The tfc dialect class, and the names of its discardable attributes
// (declared with their kinds in TFCBase.td, verified by the dialect).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCDIALECT_H
#define TFC_DIALECT_TFC_IR_TFCDIALECT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Dialect.h"

#include "tfc/Dialect/TFC/IR/TFCOpsDialect.h.inc"

namespace mlir::tfc {
inline constexpr llvm::StringLiteral kNameAttrName =
    TFCDialect::NameAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kEntryPointAttrName =
    TFCDialect::EntryPointAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kVariablesAttrName =
    TFCDialect::VariablesAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kWritesVariablesAttrName =
    TFCDialect::WritesVariablesAttrHelper::getNameStr();
/// An entry point's argument that is a TensorFlow string: a `tensor<?xi8>`
/// holding its bytes, which the model's metadata marks so that callers can
/// pass text (docs/dialect.md, "Strings").
inline constexpr llvm::StringLiteral kPackedVariablesAttrName =
    TFCDialect::PackedVariablesAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kStringArgAttrName =
    TFCDialect::StringAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kScheduledAttrName =
    TFCDialect::ScheduledAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kGrowsAttrName =
    TFCDialect::GrowsAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kHostAttrName =
    TFCDialect::HostAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kNonPositiveOperandAttrName =
    TFCDialect::NonpositiveOperandAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kMergedFunctionsAttrName =
    TFCDialect::MergedFunctionsAttrHelper::getNameStr();
} // namespace mlir::tfc

#endif // TFC_DIALECT_TFC_IR_TFCDIALECT_H

//===- TFCVariables.h - helpers of the variable ops -------------*- C++ -*-===//
//
// Type inference and verification shared by the variable ops, and
// TensorFlow's collection names.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCVARIABLES_H
#define TFC_DIALECT_TFC_IR_TFCVARIABLES_H

#include "tfc/Dialect/TFC/IR/TFCAttrs.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"

namespace mlir::tfc {

/// The names of TensorFlow's standard collections (`tf.GraphKeys.*`).
inline constexpr llvm::StringLiteral kGlobalVariables = "GLOBAL_VARIABLES";
inline constexpr llvm::StringLiteral kTrainableVariables = "TRAINABLE_VARIABLES";
inline constexpr llvm::StringLiteral kLocalVariables = "LOCAL_VARIABLES";

/// Infers the `!tfc.var` type of a variable-creating op from its declared
/// type, its shape (f32 until tfc-resolve-scopes applies the scope's dtype),
/// its initializer or its initial-value region; an unranked f32 tensor when
/// none gives one (a reused variable, typed by tfc-resolve-scopes).
LogicalResult inferVariableType(MLIRContext *context,
                                std::optional<Location> loc,
                                std::optional<Type> declaredType,
                                std::optional<ArrayRef<int64_t>> shapeOnly,
                                std::optional<InitializerAttrInterface> init,
                                Region &initialValue,
                                SmallVectorImpl<Type> &inferred);

/// The value yielded by an `initial_value` region, or null when it is empty.
Value getYieldedInitialValue(Region &initialValue);

/// Verifies a variable-creating op: a type or a shape, one way of
/// initializing, an initializer that fits the type (once the dtype is known),
/// a yielded value of the right type, a valid device.
LogicalResult verifyVariableCreation(Operation *op,
                                     std::optional<Type> declaredType,
                                     std::optional<ArrayRef<int64_t>> shapeOnly,
                                     std::optional<InitializerAttrInterface> init,
                                     Region &initialValue,
                                     std::optional<StringRef> device,
                                     bool needsInitialValue);

/// The results of a read or assign of a variable of `varType`: its value
/// type and a control token.
LogicalResult inferVariableAccessTypes(MLIRContext *context,
                                       std::optional<Location> loc,
                                       Type varType,
                                       SmallVectorImpl<Type> &inferred);

/// Verifies that `valueType` can be assigned to a variable of `varType`.
LogicalResult verifyAssignedValue(Operation *op, Type varType, Type valueType);

/// True when `spec` is a TensorFlow device specification such as
/// `/device:GPU:1`, `/gpu:0` or `/job:worker/replica:0/task:1/device:CPU:0`.
bool isValidDeviceSpec(StringRef spec);

} // namespace mlir::tfc

#endif // TFC_DIALECT_TFC_IR_TFCVARIABLES_H

//===- AllReduce.h - data-parallel gradient exchange ------------*- C++ -*-===//
//
// Replaces the gradients of a training step by their mean over the ranks of
// a data-parallel job (tfc-autodiff's data-parallel option).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_ALLREDUCE_H
#define TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_ALLREDUCE_H

#include "Optimizers.h"

namespace mlir::tfc {

/// Exchanges the gradients of `updates` in one tfc.all_reduce_gradients
/// (weighted by the batch size: dimension 0 of `batchInput`; 1 when it is
/// null), and replaces each gradient by its sum times the exchange's
/// scale. Ops are named under
/// `scope`. Fails, with an error on `step`, for a gradient that is not f32.
LogicalResult buildGradientAllReduce(OpBuilder &builder, Location loc,
                                     Operation *step,
                                     MutableArrayRef<VariableUpdate> updates,
                                     Value batchInput, NameRegistry &names,
                                     StringRef scope);

} // namespace mlir::tfc

#endif // TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_ALLREDUCE_H

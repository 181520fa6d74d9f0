//===- Optimizers.h - the updates of tf.train optimizers --------*- C++ -*-===//
//
// Builds the variable updates of SGD, Momentum and Adam for tfc.minimize,
// with their slot variables as global variables.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_OPTIMIZERS_H
#define TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_OPTIMIZERS_H

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {

class NameRegistry;

/// A variable to update: its global, a handle to it in the graph, its
/// gradient, and the tokens its update must come after.
struct VariableUpdate {
  GlobalVariableOp global;
  Value handle;
  Value gradient;
  SmallVector<Value> after;
};

/// What the optimizer steps of a module share: its symbols, the names in
/// use, and the last slot made for each variable (its next slot goes after
/// it, so a variable's slots stay together in creation order).
struct OptimizerState {
  OptimizerState(SymbolTable &symbols, NameRegistry &names)
      : symbols(symbols), names(names) {}
  SymbolTable &symbols;
  NameRegistry &names;
  DenseMap<Operation *, Operation *> lastSlot;
};

/// The name TensorFlow gives `optimizer`'s ops and slots: `GradientDescent`,
/// `Momentum` or `Adam`.
StringRef getOptimizerName(Attribute optimizer);

/// Builds one step of `optimizer` over `variables` at the builder's
/// insertion point (the end of the graph, after every forward value), and
/// creates the slot variables in the module, after their variables. Each
/// update follows its variable's `after` tokens and the previous update, so
/// the returned token (the last update's) follows every update. Ops are
/// named under `scope` (`Adam/update_w/...`).
Value buildOptimizerStep(OpBuilder &builder, Location loc, Attribute optimizer,
                         ArrayRef<VariableUpdate> variables,
                         OptimizerState &state, StringRef scope);

} // namespace mlir::tfc

#endif // TFC_LIB_DIALECT_TFC_TRANSFORMS_GRADIENTS_OPTIMIZERS_H

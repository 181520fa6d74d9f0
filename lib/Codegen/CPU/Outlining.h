//===- Outlining.h - moving consecutive ops into a function -----*- C++ -*-===//
//
// Internal to lib/Codegen/CPU: the step that tfc-split-functions (on
// buffers) and tfc-outline-dispatches (on tensors) share.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_CPU_OUTLINING_H
#define TFC_LIB_CODEGEN_CPU_OUTLINING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {

/// The number of operations in `op`, itself included.
int64_t countOps(Operation *op);

/// The functions of `module` that have a body of one block and more than
/// `maxOps` operations in it: those to cut. Taken before cutting, so that
/// the pieces (new functions) are not cut again.
SmallVector<func::FuncOp> getFunctionsToCut(ModuleOp module, int64_t maxOps);

/// A constant op: no operands, no regions, one constant result.
bool isConstantOp(Operation *op);

/// What decides where a pass cuts a function's body into pieces.
class CutPolicy {
public:
  virtual ~CutPolicy() = default;
  /// Ops that no piece holds: each piece that uses one gets a copy.
  virtual bool isCopied(Operation *op) = 0;
  /// Ops that no piece holds: they stay in the function, and the pieces
  /// that use them take them as arguments. By default the terminator, a
  /// stack slot (which must outlive the piece that would allocate it) and
  /// the address of a global (so that the pieces of layers that differ only
  /// in their weights are equal, and tfc-merge-identical-functions keeps
  /// one of them).
  virtual bool staysInPlace(Operation *op);
  /// Whether the current piece may end before `op`.
  virtual bool mayCutBefore(Operation *op) { return true; }
  /// Whether the current piece must end after `op`.
  virtual bool mustCutAfter(Operation *op) { return false; }
  /// `op` has joined the current piece.
  virtual void added(Operation *op) {}
  /// A new piece has started.
  virtual void started() {}
};

/// Cuts the top-level ops of `body` into consecutive pieces of at most
/// `maxOps` operations (nested ones included) where `policy` allows a cut,
/// and where it demands one. A piece also ends before an op that stays in
/// place and uses a value the piece computes, directly or through copied
/// ops (the call replacing a piece comes after its last op). Returns the
/// pieces that have ops.
SmallVector<SmallVector<Operation *>> cutIntoPieces(Block &body, int64_t maxOps,
                                                    CutPolicy &policy);

/// Outlines each of `pieces` of `function` (outlineOps), in order after
/// it, as `<function>_<suffix><index>`. Of the copied ops left in the
/// function, those no op uses any more are erased, and those the ops that
/// stay there use move to just before their first user.
void outlinePieces(func::FuncOp function,
                   ArrayRef<SmallVector<Operation *>> pieces, StringRef suffix,
                   SymbolTable &symbols, CutPolicy &policy);

/// Moves `ops`, consecutive top-level ops of `function`'s single block in
/// order, into a new private function named `name`, placed after
/// `insertAfter` and marked `noinline` for LLVM; a call after the last of
/// `ops` replaces them. Values from outside become arguments, in the order
/// of first use, except those whose producer is `rematerialized`: the
/// producer is cloned into the new function instead, its own operands
/// handled the same way. Values used after `ops` become results.
func::FuncOp outlineOps(func::FuncOp function, ArrayRef<Operation *> ops,
                        StringRef name, Operation *insertAfter,
                        SymbolTable &symbols,
                        function_ref<bool(Operation *)> rematerialized);

} // namespace mlir::tfc

#endif // TFC_LIB_CODEGEN_CPU_OUTLINING_H

//===- GraphDot.h - A tfc function as a Graphviz graph ----------*- C++ -*-===//
//
// `tfc graph`: the dataflow of one function drawn as TensorBoard draws a
// TensorFlow graph. Nodes sit in nested clusters by name scope (the `/`s
// of their `tfc.name`), variables and their reads and assigns look
// different from the rest, control edges are dashed, edges carry their
// tensor's dtype and shape, and each op with regions (while, cond,
// control_dependencies, scopes) is a cluster holding its body.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_TOOLS_TFC_GRAPHDOT_H
#define TFC_TOOLS_TFC_GRAPHDOT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tfc {

/// Writes `func` as a Graphviz digraph.
void writeGraphDot(func::FuncOp func, llvm::raw_ostream &os);

} // namespace mlir::tfc

#endif // TFC_TOOLS_TFC_GRAPHDOT_H

//===- GraphOrder.h - order and effects in graph regions --------*- C++ -*-===//
//
// What `tfc-schedule` and `tfc-check-races` share: the dependence graph of a
// block of a graph region, the variable accesses of its ops, and the
// deterministic order in which tfc runs effects that the graph leaves
// unordered.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_TRANSFORMS_GRAPHORDER_H
#define TFC_DIALECT_TFC_TRANSFORMS_GRAPHORDER_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::tfc {

// kScheduledAttrName (TFCDialect.h) marks a `tfc.graph` that
// `tfc-schedule` has put in execution order: its ops, and those of its
// nested regions, run in text order, and `tfc-inline-graphs` can take its
// body as sequential code.

/// True for a region of a tfc op that is a graph region (`tfc.graph`,
/// `tfc.cond` branches, `tfc.while` regions, `tfc.control_dependencies` and
/// scope bodies): op order in it means nothing.
bool isTfcGraphRegion(Region &region);

/// Identifies a variable: the symbol of a `tfc.var_handle`, or the handle
/// value itself when it comes from elsewhere (an unresolved variable, a
/// function argument).
using VariableKey = const void *;

/// The variable that `handle` (a `!tfc.var` value) refers to.
VariableKey getVariableKey(Value handle);

/// Names a variable for diagnostics: `'conv1/weights'`.
std::string describeVariable(Value handle);

/// An op that reads or writes a variable, from its declared memory effects.
struct VariableAccess {
  Operation *op;
  Value handle;
  VariableKey variable;
  bool reads;
  bool writes;
};

/// The variable accesses of `root` and of the ops nested in it, in walk
/// order.
SmallVector<VariableAccess> collectVariableAccesses(Operation *root);

/// The dependence graph of a block of a graph region. Each op is a node; an
/// op with regions is one node for everything nested in it. There is an
/// edge from the op defining a value to each op using it, directly or from
/// its regions; control tokens are values, so control edges are edges. The
/// block's arguments are not nodes.
class BlockGraph {
public:
  explicit BlockGraph(Block &block);

  unsigned size() const { return ops.size(); }
  Operation *getOp(unsigned node) const { return ops[node]; }
  unsigned getNode(Operation *op) const { return nodes.lookup(op); }
  ArrayRef<unsigned> getPredecessors(unsigned node) const {
    return predecessors[node];
  }
  ArrayRef<unsigned> getSuccessors(unsigned node) const {
    return successors[node];
  }

  /// The nodes in an order that respects every edge (text order where the
  /// edges allow it). Requires an acyclic graph, which the verifier ensures.
  SmallVector<unsigned> topologicalOrder() const;

private:
  SmallVector<Operation *> ops;
  DenseMap<Operation *, unsigned> nodes;
  SmallVector<SmallVector<unsigned>> predecessors, successors;
};

/// The nodes that the block's terminator needs through data and control
/// edges: what `session.run` runs. Requires a block ending in a terminator.
llvm::BitVector findLiveNodes(const BlockGraph &graph);

/// The variable accesses of every node of a block and which of them are
/// ordered before which by the edges of its graph.
class EffectOrder {
public:
  explicit EffectOrder(const BlockGraph &graph);

  /// The accesses of `node` (including those of ops nested in it).
  ArrayRef<VariableAccess> getAccesses(unsigned node) const {
    return accesses[node];
  }
  /// True when the edges make `before` run before `after` (both nodes with
  /// accesses).
  bool isOrderedBefore(unsigned before, unsigned after) const;

  /// The order in which tfc runs the nodes, terminator excluded. It respects
  /// every edge; among ops the edges leave unordered it picks:
  ///  1. an op that writes a variable waits, when something else can run,
  ///     for the ops that only read that variable and are not ordered after
  ///     it (reads see the value from before unordered writes);
  ///  2. otherwise the op written first in the text.
  SmallVector<unsigned> schedule() const;

private:
  const BlockGraph &graph;
  SmallVector<SmallVector<VariableAccess>> accesses;
  /// For each node with accesses, its index among such nodes.
  DenseMap<unsigned, unsigned> accessIndex;
  /// For each node, the nodes with accesses that are ordered before it.
  SmallVector<llvm::BitVector> ancestors;
};

} // namespace mlir::tfc

#endif // TFC_DIALECT_TFC_TRANSFORMS_GRAPHORDER_H

//===- GraphOrder.cpp - order and effects in graph regions ----------------===//
//
// The dependence graph of a graph-region block, the variable accesses of its
// ops, and tfc's deterministic schedule of them.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/GraphOrder.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

#include <queue>
#include <set>

using namespace mlir;
using namespace mlir::tfc;

bool mlir::tfc::isTfcGraphRegion(Region &region) {
  Operation *parent = region.getParentOp();
  if (!parent || !isa<TFCDialect>(parent->getDialect()))
    return false;
  auto kinds = dyn_cast<RegionKindInterface>(parent);
  return kinds &&
         kinds.getRegionKind(region.getRegionNumber()) == RegionKind::Graph;
}

VariableKey mlir::tfc::getVariableKey(Value handle) {
  if (auto varHandle = handle.getDefiningOp<VarHandleOp>())
    return varHandle.getVariableAttr().getAsOpaquePointer();
  return handle.getAsOpaquePointer();
}

std::string mlir::tfc::describeVariable(Value handle) {
  if (auto varHandle = handle.getDefiningOp<VarHandleOp>())
    return ("'" + varHandle.getVariable() + "'").str();
  if (auto var = handle.getDefiningOp<GetVariableOp>())
    return ("'" + var.getVarName() + "'").str();
  if (auto var = handle.getDefiningOp<VariableOp>())
    return ("'" + var.getVarName() + "'").str();
  if (auto argument = dyn_cast<BlockArgument>(handle))
    return "passed as argument #" + std::to_string(argument.getArgNumber());
  return "of this handle";
}

SmallVector<VariableAccess>
mlir::tfc::collectVariableAccesses(Operation *root) {
  SmallVector<VariableAccess> result;
  root->walk([&](MemoryEffectOpInterface op) {
    SmallVector<MemoryEffects::EffectInstance> effects;
    op.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      Value handle = effect.getValue();
      if (!handle || !isa<VarType>(handle.getType()))
        continue;
      auto *access = llvm::find_if(result, [&](const VariableAccess &a) {
        return a.op == op && a.handle == handle;
      });
      if (access == result.end()) {
        result.push_back({op, handle, getVariableKey(handle), false, false});
        access = std::prev(result.end());
      }
      access->reads |= isa<MemoryEffects::Read>(effect.getEffect());
      access->writes |= isa<MemoryEffects::Write>(effect.getEffect());
    }
  });
  return result;
}

//===----------------------------------------------------------------------===//
// BlockGraph
//===----------------------------------------------------------------------===//

BlockGraph::BlockGraph(Block &block) {
  for (Operation &op : block) {
    nodes[&op] = ops.size();
    ops.push_back(&op);
  }
  predecessors.resize(ops.size());
  successors.resize(ops.size());
  for (unsigned node = 0, e = ops.size(); node < e; ++node) {
    Operation *op = ops[node];
    llvm::SmallSet<unsigned, 8> seen;
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        // Values made inside `op` are internal to it, not graph edges.
        if (!def || op->isAncestor(def))
          continue;
        Operation *producer = block.findAncestorOpInBlock(*def);
        if (!producer)
          continue;
        unsigned from = nodes.lookup(producer);
        if (seen.insert(from).second) {
          predecessors[node].push_back(from);
          successors[from].push_back(node);
        }
      }
    });
  }
}

SmallVector<unsigned> BlockGraph::topologicalOrder() const {
  SmallVector<unsigned> pending(size());
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      ready;
  for (unsigned node = 0; node < size(); ++node)
    if (!(pending[node] = predecessors[node].size()))
      ready.push(node);
  SmallVector<unsigned> order;
  while (!ready.empty()) {
    unsigned node = ready.top();
    ready.pop();
    order.push_back(node);
    for (unsigned next : successors[node])
      if (--pending[next] == 0)
        ready.push(next);
  }
  return order;
}

llvm::BitVector mlir::tfc::findLiveNodes(const BlockGraph &graph) {
  llvm::BitVector live(graph.size());
  if (graph.size() == 0)
    return live;
  SmallVector<unsigned> worklist{graph.size() - 1};
  live.set(worklist.front());
  while (!worklist.empty())
    for (unsigned pred : graph.getPredecessors(worklist.pop_back_val()))
      if (!live.test(pred)) {
        live.set(pred);
        worklist.push_back(pred);
      }
  return live;
}

//===----------------------------------------------------------------------===//
// EffectOrder
//===----------------------------------------------------------------------===//

EffectOrder::EffectOrder(const BlockGraph &graph) : graph(graph) {
  accesses.resize(graph.size());
  for (unsigned node = 0; node < graph.size(); ++node) {
    accesses[node] = collectVariableAccesses(graph.getOp(node));
    if (!accesses[node].empty())
      accessIndex[node] = accessIndex.size();
  }
  // Every node inherits what its predecessors come after, in an order where
  // the predecessors are done first.
  ancestors.assign(graph.size(), llvm::BitVector(accessIndex.size()));
  for (unsigned node : graph.topologicalOrder())
    for (unsigned pred : graph.getPredecessors(node)) {
      ancestors[node] |= ancestors[pred];
      if (auto it = accessIndex.find(pred); it != accessIndex.end())
        ancestors[node].set(it->second);
    }
}

bool EffectOrder::isOrderedBefore(unsigned before, unsigned after) const {
  auto it = accessIndex.find(before);
  return it != accessIndex.end() && ancestors[after].test(it->second);
}

SmallVector<unsigned> EffectOrder::schedule() const {
  unsigned size = graph.size();
  // Per variable, the nodes that read it without writing it; per node, the
  // variables it writes.
  DenseMap<VariableKey, SmallVector<unsigned>> readers;
  SmallVector<SmallVector<VariableKey>> written(size);
  for (unsigned node = 0; node < size; ++node) {
    for (const VariableAccess &access : accesses[node])
      if (access.writes && !llvm::is_contained(written[node], access.variable))
        written[node].push_back(access.variable);
    for (const VariableAccess &access : accesses[node])
      if (access.reads && !llvm::is_contained(written[node], access.variable)) {
        SmallVector<unsigned> &list = readers[access.variable];
        if (list.empty() || list.back() != node)
          list.push_back(node);
      }
  }

  llvm::BitVector done(size);
  auto mustWait = [&](unsigned node) {
    for (VariableKey variable : written[node])
      for (unsigned reader : readers.lookup(variable))
        if (!done.test(reader) && !isOrderedBefore(node, reader))
          return true;
    return false;
  };

  SmallVector<unsigned> pending(size);
  std::set<unsigned> ready;
  for (unsigned node = 0; node < size; ++node)
    if (!(pending[node] = graph.getPredecessors(node).size()))
      ready.insert(node);
  SmallVector<unsigned> order;
  while (!ready.empty()) {
    auto pick = llvm::find_if(ready, [&](unsigned n) { return !mustWait(n); });
    // When every ready op waits for a read, the reads it waits for depend
    // on other writes: fall back to text order.
    unsigned node = pick != ready.end() ? *pick : *ready.begin();
    ready.erase(node);
    done.set(node);
    if (!graph.getOp(node)->hasTrait<OpTrait::IsTerminator>())
      order.push_back(node);
    for (unsigned next : graph.getSuccessors(node))
      if (--pending[next] == 0)
        ready.insert(next);
  }
  return order;
}

//===- Functionalize.h - the control flow rewrites' helpers -----*- C++ -*-===//
//
// What the functionalization of loops (FunctionalizeLoops.cpp), gradient
// stacks (FunctionalizeStacks.cpp) and conds (FunctionalizeConds.cpp)
// share: the graph they rewrite, with each node's inputs and consumers, and
// the control flow ops they recognize. Functionalize.cpp runs them in turn.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_TARGET_GRAPHDEF_FUNCTIONALIZE_H
#define TFC_LIB_TARGET_GRAPHDEF_FUNCTIONALIZE_H

#include "Importer.h"

#include "mlir/IR/Diagnostics.h"

#include <map>

namespace mlir::tfc::graphdef::functionalize {

inline bool isOneOf(StringRef op, std::initializer_list<StringRef> ops) {
  return llvm::is_contained(ops, op);
}
inline bool isSwitch(StringRef op) {
  return isOneOf(op, {"Switch", "RefSwitch"});
}
inline bool isMerge(StringRef op) { return isOneOf(op, {"Merge", "RefMerge"}); }
inline bool isEnter(StringRef op) { return isOneOf(op, {"Enter", "RefEnter"}); }
inline bool isExit(StringRef op) { return isOneOf(op, {"Exit", "RefExit"}); }
inline bool isNextIteration(StringRef op) {
  return isOneOf(op, {"NextIteration", "RefNextIteration"});
}

/// `node` for output 0, `node:N` otherwise.
std::string tensorName(StringRef node, int output);

/// Makes `node` an `op` node of the data inputs `inputs`, keeping its
/// control inputs.
void rewriteNode(tensorflow::NodeDef &node, StringRef op,
                 ArrayRef<std::string> inputs);

/// Replaces the string list attribute `name` of `node` by `values`.
void setStringList(tensorflow::NodeDef &node, const std::string &name,
                   ArrayRef<std::string> values);

/// The graph with each node's inputs and consumers, rebuilt after every
/// rewrite.
class GraphView {
public:
  GraphView(ModelFile &file, MLIRContext *context)
      : file(file), context(context), graph(*file.meta.mutable_graph_def()) {
    rebuild();
  }

  void rebuild();

  const tensorflow::NodeDef &node(int i) const { return graph.node(i); }
  tensorflow::NodeDef &mutableNode(int i) { return *graph.mutable_node(i); }
  StringRef op(int i) const { return graph.node(i).op(); }
  int lookup(const std::string &name) const {
    auto it = byName.find(name);
    return it == byName.end() ? -1 : it->second;
  }
  std::string uniqueName(const std::string &base) const {
    std::string name = base;
    for (int k = 1; byName.count(name); ++k)
      name = base + "_" + std::to_string(k);
    return name;
  }
  SmallVector<NodeInput> dataInputs(int i) const {
    SmallVector<NodeInput> result;
    for (const NodeInput &input : inputs[i])
      if (!input.control)
        result.push_back(input);
    return result;
  }
  InFlightDiagnostic error(int i) {
    return emitError(file.nodeLocation(context, i))
           << "node '" << node(i).name() << "' (" << node(i).op() << "): ";
  }
  /// A new node named `base`, or `base_1`, `base_2`, ... when that name is
  /// taken; its name is taken from then on, so that the next new node of
  /// the same round gets another.
  tensorflow::NodeDef &appendNamed(const std::string &base) {
    tensorflow::NodeDef &node = *graph.add_node();
    node.set_name(uniqueName(base));
    byName[node.name()] = graph.node_size() - 1;
    return node;
  }

  ModelFile &file;
  MLIRContext *context;
  tensorflow::GraphDef &graph;
  std::map<std::string, int> byName;
  std::vector<SmallVector<NodeInput, 2>> inputs;
  /// (consumer, output of this node, control).
  std::vector<SmallVector<NodeInput, 2>> consumers;
};

/// Whether Enter node `enter` captures a loop invariant (`is_constant`).
bool isConstantEnter(const GraphView &g, int enter);

/// Makes the writes into gradient TensorArrays (`TensorArrayGradV3`) write
/// into arrays that flow to their reads: a fresh zero-filled array, or the
/// backward loop's accumulator of the forward flow's gradient.
void functionalizeGradientArrays(GraphView &g);

/// Turns each TensorFlow gradient stack whose pushes and pops sit in a
/// forward and a backward loop into loop variables of the two loops.
void functionalizeStacks(GraphView &g);

/// Replaces each loop frame by a `_TfcWhile` node, innermost first.
LogicalResult functionalizeLoops(GraphView &g);

/// Replaces each cond by a `_TfcCond` node, innermost first.
LogicalResult functionalizeConds(GraphView &g);

} // namespace mlir::tfc::graphdef::functionalize

#endif // TFC_LIB_TARGET_GRAPHDEF_FUNCTIONALIZE_H

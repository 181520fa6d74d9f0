//===- FunctionalizeGradientArrays.cpp - gradient TensorArrays as values --===//
//
// `tf.gradients` of TensorArray ops writes into a gradient TensorArray
// (`TensorArrayGradV3`), which TensorFlow keeps per forward array and
// shares by handle: the gradient of a read or gather writes into it from
// the forward array's flow, and the gradient of a write or scatter reads
// it through the gradient flow. tfc's arrays are values, so the writes
// must go into a value that reaches the reads:
//
// - a write or scatter into a gradient array writes into the array the
//   TensorArrayGradV3 node makes from the forward flow (output 0 is a
//   zero-filled array the size of the forward one, ops/TensorArrayOps.cpp);
// - in a backward loop, the gradient of a read writes one element per
//   iteration, and TensorFlow adds the write's flow to an accumulator loop
//   variable whose Exit is the gradient of the forward flow. That
//   accumulator is made to carry the gradient array itself: it starts as a
//   zero-filled array like the forward one (`_TfcTensorArrayZerosLike`),
//   each iteration writes into it, and the Add becomes an Identity of the
//   write.
//
// The reads then take the array from the gradient flow, as any TensorArray
// op does. This runs before loops are functionalized.
//
//===----------------------------------------------------------------------===//

#include "Functionalize.h"

using namespace mlir;
using namespace mlir::tfc::graphdef;
using namespace mlir::tfc::graphdef::functionalize;

/// The data input of TensorArrayWriteV3 and TensorArrayScatterV3 that is
/// the flow.
static constexpr int kWriteFlowInput = 3;

static bool isArrayWrite(StringRef op) {
  return op == "TensorArrayWriteV3" || op == "TensorArrayScatterV3";
}

/// Replaces data input `k` (counted among data inputs) of `node` by `name`.
static void setDataInput(tensorflow::NodeDef &node, int k,
                         const std::string &name) {
  int seen = 0;
  for (int i = 0; i < node.input_size(); ++i) {
    if (StringRef(node.input(i)).starts_with("^"))
      continue;
    if (seen++ == k) {
      node.set_input(i, name);
      return;
    }
  }
}

namespace {
/// A loop variable that sums flows: `Merge(Enter(init), NextIteration(add))`
/// with `add = Add(Switch(merge):1, write)`.
struct FlowAccumulator {
  int add, enter, switchNode;
};
} // namespace

/// The accumulator `write`'s flow output is added to, if it is one.
static std::optional<FlowAccumulator> accumulatorOf(GraphView &g, int write) {
  for (const NodeInput &use : g.consumers[write]) {
    if (use.control || g.op(use.node) != "Add")
      continue;
    int add = use.node;
    SmallVector<NodeInput> operands = g.dataInputs(add);
    if (operands.size() != 2)
      continue;
    NodeInput acc = operands[0].node == write ? operands[1] : operands[0];
    if (!isSwitch(g.op(acc.node)) || acc.output != 1)
      continue;
    SmallVector<NodeInput> switched = g.dataInputs(acc.node);
    if (switched.empty() || !isMerge(g.op(switched[0].node)))
      continue;
    int enter = -1;
    bool closedByAdd = false;
    for (const NodeInput &in : g.dataInputs(switched[0].node)) {
      if (isEnter(g.op(in.node)))
        enter = in.node;
      else if (isNextIteration(g.op(in.node))) {
        SmallVector<NodeInput> next = g.dataInputs(in.node);
        closedByAdd = next.size() == 1 && next[0].node == add;
      }
    }
    if (enter >= 0 && closedByAdd)
      return FlowAccumulator{add, enter, acc.node};
  }
  return std::nullopt;
}

/// The value outside the loop that a loop invariant `Enter` captures.
static std::optional<std::string> capturedValue(GraphView &g, NodeInput in) {
  if (!isEnter(g.op(in.node)) || !isConstantEnter(g, in.node))
    return std::nullopt;
  SmallVector<NodeInput> outer = g.dataInputs(in.node);
  if (outer.size() != 1)
    return std::nullopt;
  return tensorName(g.node(outer[0].node).name(), outer[0].output);
}

void functionalize::functionalizeGradientArrays(GraphView &g) {
  std::vector<int> grads;
  for (int i = 0; i < g.graph.node_size(); ++i)
    if (g.op(i) == "TensorArrayGradV3")
      grads.push_back(i);
  for (int grad : grads) {
    std::string gradName = g.node(grad).name();
    SmallVector<NodeInput> gradInputs = g.dataInputs(grad);
    if (gradInputs.size() != 2)
      continue;
    SmallVector<int> writes;
    for (const NodeInput &use : g.consumers[grad])
      if (!use.control && use.output == 0 && isArrayWrite(g.op(use.node)))
        writes.push_back(use.node);
    for (int write : writes) {
      std::optional<FlowAccumulator> acc = accumulatorOf(g, write);
      std::optional<std::string> forward = capturedValue(g, gradInputs[1]);
      if (!acc || !forward) {
        // A fresh gradient array, written once.
        setDataInput(g.mutableNode(write), kWriteFlowInput, gradName);
        continue;
      }
      // The accumulator carries the gradient array: it starts as zeros
      // like the forward array and each iteration writes into it.
      tensorflow::NodeDef &zeros =
          g.appendNamed(g.node(acc->enter).name() + "/_tfc_zeros");
      zeros.set_op("_TfcTensorArrayZerosLike");
      zeros.add_input(*forward);
      std::string zerosName = zeros.name();
      setDataInput(g.mutableNode(acc->enter), 0, zerosName);
      setDataInput(g.mutableNode(write), kWriteFlowInput,
                   tensorName(g.node(acc->switchNode).name(), 1));
      rewriteNode(g.mutableNode(acc->add), "Identity", {g.node(write).name()});
    }
    g.rebuild();
  }
}

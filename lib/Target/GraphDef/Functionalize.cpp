//===- Functionalize.cpp - TensorFlow 1 control flow into tfc.cond/while --===//
//
// TensorFlow 1 writes `tf.while_loop` as frames of Enter, Merge, Switch,
// NextIteration, Exit and LoopCond nodes, and `tf.cond` as Switch nodes
// whose two outputs feed the branches and a Merge joining them. Before op
// import, each loop and then each cond is replaced by one node (`_TfcWhile`,
// `_TfcCond`) whose inputs are what enters it from outside and whose
// attributes name the nodes that delimit its regions; the importer makes a
// `tfc.while` or `tfc.cond` of it (ops/ControlFlowOps.cpp). Loops go first,
// innermost first, then conds, innermost first, as TensorFlow's own
// functionalization does. Gradient TensorArrays and gradient stacks go
// before both, becoming values the loops carry. Each step has its own file
// (FunctionalizeGradientArrays.cpp, FunctionalizeStacks.cpp,
// FunctionalizeLoops.cpp, FunctionalizeConds.cpp); this one runs them.
//
//===----------------------------------------------------------------------===//

#include "Functionalize.h"

using namespace mlir;
using namespace mlir::tfc::graphdef;
using namespace mlir::tfc::graphdef::functionalize;

std::string functionalize::tensorName(StringRef node, int output) {
  return output == 0 ? node.str() : (node + ":" + Twine(output)).str();
}

void functionalize::rewriteNode(tensorflow::NodeDef &node, StringRef op,
                                ArrayRef<std::string> inputs) {
  std::vector<std::string> controls;
  for (const std::string &input : node.input())
    if (StringRef(input).starts_with("^"))
      controls.push_back(input);
  node.set_op(op.str());
  node.clear_input();
  for (const std::string &input : inputs)
    node.add_input(input);
  for (const std::string &control : controls)
    node.add_input(control);
}

void functionalize::setStringList(tensorflow::NodeDef &node,
                                  const std::string &name,
                                  ArrayRef<std::string> values) {
  auto *list = (*node.mutable_attr())[name].mutable_list();
  list->clear_s();
  for (const std::string &value : values)
    list->add_s(value);
}

void GraphView::rebuild() {
  byName.clear();
  inputs.assign(graph.node_size(), {});
  consumers.assign(graph.node_size(), {});
  for (int i = 0; i < graph.node_size(); ++i)
    byName[graph.node(i).name()] = i;
  for (int i = 0; i < graph.node_size(); ++i)
    for (const std::string &text : graph.node(i).input()) {
      StringRef ref(text);
      bool control = ref.consume_front("^");
      int output = 0;
      StringRef name = ref;
      size_t colon = ref.rfind(':');
      unsigned index;
      if (colon != StringRef::npos &&
          !ref.drop_front(colon + 1).getAsInteger(10, index)) {
        name = ref.take_front(colon);
        output = index;
      }
      auto it = byName.find(name.str());
      if (it == byName.end())
        continue; // GraphIndex reports unknown inputs.
      inputs[i].push_back({it->second, output, control});
      consumers[it->second].push_back({i, output, control});
    }
}

bool functionalize::isConstantEnter(const GraphView &g, int enter) {
  auto constant = g.node(enter).attr().find("is_constant");
  return constant != g.node(enter).attr().end() && constant->second.b();
}

/// A control edge from a Switch that belongs to no cond only said that a
/// node runs in a branch nobody merges: it orders nothing.
static void dropStrayControlEdges(GraphView &g) {
  for (int i = 0; i < g.graph.node_size(); ++i) {
    tensorflow::NodeDef &node = g.mutableNode(i);
    if (node.op() == "_TfcCond" || node.op() == "_TfcWhile")
      continue;
    auto *inputs = node.mutable_input();
    for (int k = inputs->size() - 1; k >= 0; --k) {
      StringRef input(inputs->Get(k));
      if (!input.consume_front("^"))
        continue;
      int producer = g.lookup(input.str());
      if (producer >= 0 && isSwitch(g.op(producer)) &&
          !llvm::any_of(g.consumers[producer],
                        [](const NodeInput &use) { return !use.control; }))
        inputs->DeleteSubrange(k, 1);
    }
  }
  g.rebuild();
}

LogicalResult
mlir::tfc::graphdef::functionalizeControlFlow(ModelFile &file,
                                              MLIRContext *context) {
  bool hasControlFlow =
      llvm::any_of(file.graph().node(), [](const tensorflow::NodeDef &node) {
        StringRef op = node.op();
        return isSwitch(op) || isMerge(op) || isEnter(op) ||
               op == "TensorArrayGradV3";
      });
  if (!hasControlFlow)
    return success();
  GraphView g(file, context);
  functionalizeGradientArrays(g);
  functionalizeStacks(g);
  if (failed(functionalizeLoops(g)) || failed(functionalizeConds(g)))
    return failure();
  dropStrayControlEdges(g);
  return success();
}

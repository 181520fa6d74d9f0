//===- FunctionalizeStacks.cpp - gradient stacks into loop variables ------===//
//
// TensorFlow's gradient of a loop replays the forward values it needs from
// stacks: a StackV2 made before both loops, a StackPushV2 in the forward
// loop for each iteration, a StackPopV2 in the backward loop, which runs
// as many iterations in reverse. Both loops only capture the stack's
// handle (Enter with is_constant). tfc has no mutable stacks, so each such
// stack becomes values the loops carry: the forward loop carries a
// TensorArray that each push appends to (`_TfcStackPush`, the array
// leaves the loop through a new Exit), the backward loop captures that
// array and carries a count of the elements left, each pop reading the
// last of them (`_TfcStackPop`). A stack used any other way is left as it
// is, and its ops are reported as unsupported. This runs before the loops
// are functionalized, which then see the new loop variables as their own.
//
//===----------------------------------------------------------------------===//

#include "Functionalize.h"

#include <optional>

using namespace mlir;
using namespace mlir::tfc::graphdef;
using namespace mlir::tfc::graphdef::functionalize;

static std::string frameOf(GraphView &g, int enter) {
  auto name = g.node(enter).attr().find("frame_name");
  return name == g.node(enter).attr().end() ? "" : name->second.s();
}

/// Each frame's LoopCond, found through its loop variables.
static std::map<std::string, int> loopConds(GraphView &g) {
  std::map<std::string, int> result;
  for (int i = 0; i < g.graph.node_size(); ++i) {
    if (!isEnter(g.op(i)) || isConstantEnter(g, i))
      continue;
    for (const NodeInput &use : g.consumers[i]) {
      if (use.control || !isMerge(g.op(use.node)))
        continue;
      for (const NodeInput &out : g.consumers[use.node]) {
        if (out.control || !isSwitch(g.op(out.node)))
          continue;
        SmallVector<NodeInput> sw = g.dataInputs(out.node);
        if (sw.size() == 2 && g.op(sw[1].node) == "LoopCond")
          result[frameOf(g, i)] = sw[1].node;
      }
    }
  }
  return result;
}

static tensorflow::NodeDef &addNode(GraphView &g, const std::string &name,
                                    StringRef op,
                                    ArrayRef<std::string> inputs) {
  tensorflow::NodeDef &node = g.appendNamed(name);
  node.set_op(op.str());
  for (const std::string &input : inputs)
    node.add_input(input);
  return node;
}

/// A loop variable of frame `frame` (whose LoopCond is `loopCond`) entering
/// as `enter`: its Merge, Switch and the Identity of the Switch's body
/// output. Returns the Identity's and the Switch's names; the caller adds
/// the NextIteration that closes the Merge.
static std::pair<std::string, std::string>
addLoopVariable(GraphView &g, tensorflow::NodeDef &enter, int loopCond,
                std::string &mergeName) {
  std::string base = enter.name();
  tensorflow::NodeDef &merge = addNode(g, base + "/_tfc_merge", "Merge", {});
  mergeName = merge.name();
  merge.add_input(enter.name());
  tensorflow::NodeDef &sw = addNode(g, base + "/_tfc_switch", "Switch",
                                    {mergeName, g.node(loopCond).name()});
  std::string switchName = sw.name();
  tensorflow::NodeDef &body =
      addNode(g, base + "/_tfc_identity", "Identity", {switchName + ":1"});
  return {body.name(), switchName};
}

namespace {
/// A stack whose handle is captured by one Enter that only a push
/// consumes and by another that only a pop consumes.
struct PlainStack {
  int stack;
  int pushEnter = -1, popEnter = -1, push = -1, pop = -1;
};
} // namespace

static std::optional<PlainStack> matchPlainStack(GraphView &g, int stack) {
  PlainStack s{stack};
  bool plain = true;
  for (const NodeInput &use : g.consumers[stack]) {
    if (use.control || !isEnter(g.op(use.node)) ||
        !isConstantEnter(g, use.node)) {
      plain = false;
      continue;
    }
    for (const NodeInput &inner : g.consumers[use.node]) {
      StringRef op = g.op(inner.node);
      if (inner.control || (op != "StackPushV2" && op != "StackPopV2")) {
        plain = false;
        continue;
      }
      int &enter = op == "StackPushV2" ? s.pushEnter : s.popEnter;
      int &node = op == "StackPushV2" ? s.push : s.pop;
      if ((enter >= 0 && enter != use.node) || node >= 0)
        plain = false;
      enter = use.node;
      node = inner.node;
    }
  }
  if (!plain || s.push < 0 || s.pop < 0)
    return std::nullopt;
  return s;
}

/// Forward: the stack is a loop variable; the push appends to it. Returns
/// the new Exit, the filled array.
static std::string carryPushes(GraphView &g, const PlainStack &s,
                               int loopCond) {
  tensorflow::NodeDef &fEnter = g.mutableNode(s.pushEnter);
  (*fEnter.mutable_attr())["is_constant"].set_b(false);
  std::string fMerge;
  auto [fBody, fSwitch] = addLoopVariable(g, fEnter, loopCond, fMerge);
  tensorflow::NodeDef &pushNode = g.mutableNode(s.push);
  pushNode.set_op("_TfcStackPush");
  pushNode.set_input(0, fBody);
  tensorflow::NodeDef &fNext =
      addNode(g, fEnter.name() + "/_tfc_next", "NextIteration",
              {pushNode.name() + ":1"});
  g.mutableNode(g.byName[fMerge]).add_input(fNext.name());
  tensorflow::NodeDef &fExit =
      addNode(g, fEnter.name() + "/_tfc_exit", "Exit", {fSwitch});
  return fExit.name();
}

/// Backward: the filled array is captured; a count of what is left is a
/// loop variable of frame `frame` that each pop decrements.
static void carryPops(GraphView &g, const PlainStack &s,
                      const std::string &filled, const std::string &frame,
                      int loopCond) {
  tensorflow::NodeDef &bEnter = g.mutableNode(s.popEnter);
  bEnter.set_input(0, filled);
  tensorflow::NodeDef &size = addNode(g, g.node(s.stack).name() + "/_tfc_size",
                                      "_TfcStackSize", {filled});
  tensorflow::NodeDef &countEnter =
      addNode(g, bEnter.name() + "/_tfc_count", "Enter", {size.name()});
  (*countEnter.mutable_attr())["frame_name"].set_s(frame);
  (*countEnter.mutable_attr())["is_constant"].set_b(false);
  std::string bMerge;
  auto [bBody, bSwitch] = addLoopVariable(g, countEnter, loopCond, bMerge);
  (void)bSwitch;
  tensorflow::NodeDef &popNode = g.mutableNode(s.pop);
  std::vector<std::string> controls;
  for (const std::string &input : popNode.input())
    if (StringRef(input).starts_with("^"))
      controls.push_back(input);
  popNode.set_op("_TfcStackPop");
  popNode.clear_input();
  popNode.add_input(bEnter.name());
  popNode.add_input(bBody);
  for (const std::string &control : controls)
    popNode.add_input(control);
  tensorflow::NodeDef &bNext =
      addNode(g, countEnter.name() + "/_tfc_next", "NextIteration",
              {popNode.name() + ":1"});
  g.mutableNode(g.byName[bMerge]).add_input(bNext.name());
}

void functionalize::functionalizeStacks(GraphView &g) {
  std::map<std::string, int> conds = loopConds(g);
  std::vector<int> stacks;
  for (int i = 0; i < g.graph.node_size(); ++i)
    if (g.op(i) == "StackV2")
      stacks.push_back(i);
  for (int stack : stacks) {
    std::optional<PlainStack> s = matchPlainStack(g, stack);
    if (!s)
      continue;
    auto forward = conds.find(frameOf(g, s->pushEnter));
    auto backward = conds.find(frameOf(g, s->popEnter));
    if (forward == conds.end() || backward == conds.end() ||
        forward->first == backward->first)
      continue;
    std::string filled = carryPushes(g, *s, forward->second);
    carryPops(g, *s, filled, backward->first, backward->second);
    g.rebuild();
  }
}

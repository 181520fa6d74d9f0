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
// last of them (`_TfcStackPop`). In a cond branch the handle goes through
// Switches on the cond's predicate; the pop then reads the array directly,
// and the cond must be one the import decides (its predicate known). A
// stack used any other way is left as it is, and its ops are reported as
// unsupported. This runs before the loops are functionalized, which then
// see the new loop variables as their own.
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
/// consumes and by another that only a pop consumes. In a cond branch the
/// handle reaches both Enters through a Switch on the cond's predicate,
/// and the pop takes it through a Switch on the same predicate inside the
/// backward loop.
struct PlainStack {
  int stack;
  int pushEnter = -1, popEnter = -1, push = -1, pop = -1;
};
} // namespace

/// The uses of a stack's handle: those of the stack itself, or of the one
/// Switch that lets it into a branch (all on one of its outputs).
static SmallVector<NodeInput> handleUses(GraphView &g, int stack) {
  SmallVector<NodeInput> uses(g.consumers[stack].begin(),
                              g.consumers[stack].end());
  if (uses.size() != 1 || uses[0].control || !isSwitch(g.op(uses[0].node)))
    return uses;
  int sw = uses[0].node;
  SmallVector<NodeInput> switched = g.dataInputs(sw);
  if (switched.empty() || switched[0].node != stack)
    return uses;
  SmallVector<NodeInput> branchUses(g.consumers[sw].begin(),
                                    g.consumers[sw].end());
  if (branchUses.empty() || llvm::any_of(branchUses, [&](const NodeInput &use) {
        return use.control || use.output != branchUses[0].output;
      }))
    return uses;
  return branchUses;
}

/// The pop behind a backward loop's Switch of the handle on a cond's
/// predicate, when the Switch only feeds it.
static int popBehindSwitch(GraphView &g, int sw, int enter) {
  SmallVector<NodeInput> switched = g.dataInputs(sw);
  if (switched.empty() || switched[0].node != enter ||
      g.consumers[sw].size() != 1)
    return -1;
  const NodeInput &use = g.consumers[sw][0];
  return !use.control && g.op(use.node) == "StackPopV2" ? use.node : -1;
}

static std::optional<PlainStack> matchPlainStack(GraphView &g, int stack) {
  PlainStack s{stack};
  bool plain = true;
  for (const NodeInput &use : handleUses(g, stack)) {
    if (use.control || !isEnter(g.op(use.node)) ||
        !isConstantEnter(g, use.node)) {
      plain = false;
      continue;
    }
    for (const NodeInput &inner : g.consumers[use.node]) {
      StringRef op = g.op(inner.node);
      int node = inner.node;
      if (!inner.control && isSwitch(op)) {
        node = popBehindSwitch(g, inner.node, use.node);
        op = node >= 0 ? g.op(node) : "";
      }
      if (inner.control || (op != "StackPushV2" && op != "StackPopV2")) {
        plain = false;
        continue;
      }
      int &enter = op == "StackPushV2" ? s.pushEnter : s.popEnter;
      int &found = op == "StackPushV2" ? s.push : s.pop;
      if ((enter >= 0 && enter != use.node) || found >= 0)
        plain = false;
      enter = use.node;
      found = node;
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
  rewriteNode(popNode, "_TfcStackPop", {bEnter.name(), bBody});
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

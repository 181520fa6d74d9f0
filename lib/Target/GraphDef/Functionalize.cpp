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
// functionalization does.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::tfc::graphdef;

namespace {

bool isOneOf(StringRef op, std::initializer_list<StringRef> ops) {
  return llvm::is_contained(ops, op);
}
bool isSwitch(StringRef op) { return isOneOf(op, {"Switch", "RefSwitch"}); }
bool isMerge(StringRef op) { return isOneOf(op, {"Merge", "RefMerge"}); }
bool isEnter(StringRef op) { return isOneOf(op, {"Enter", "RefEnter"}); }
bool isExit(StringRef op) { return isOneOf(op, {"Exit", "RefExit"}); }
bool isNextIteration(StringRef op) {
  return isOneOf(op, {"NextIteration", "RefNextIteration"});
}

std::string tensorName(StringRef node, int output) {
  return output == 0 ? node.str() : (node + ":" + Twine(output)).str();
}

void setStringList(tensorflow::NodeDef &node, const std::string &name,
                   ArrayRef<std::string> values) {
  auto *list = (*node.mutable_attr())[name].mutable_list();
  list->clear_s();
  for (const std::string &value : values)
    list->add_s(value);
}

/// The graph with each node's inputs and consumers, rebuilt after every
/// rewrite.
class GraphView {
public:
  GraphView(ModelFile &file, MLIRContext *context)
      : file(file), context(context), graph(*file.meta.mutable_graph_def()) {
    rebuild();
  }

  void rebuild() {
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
  tensorflow::NodeDef &append() { return *graph.add_node(); }

  ModelFile &file;
  MLIRContext *context;
  tensorflow::GraphDef &graph;
  std::map<std::string, int> byName;
  std::vector<SmallVector<NodeInput, 2>> inputs;
  /// (consumer, output of this node, control).
  std::vector<SmallVector<NodeInput, 2>> consumers;
};

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

struct LoopVariable {
  int enter, merge, nextIteration, switchNode;
  int exit = -1;
};

struct Frame {
  std::string name;
  std::vector<int> enters;
  std::vector<int> constantEnters;
};

/// The nodes a frame's body and condition are made of: what its
/// NextIterations and LoopCond need, back to its own Merges and Switches.
llvm::DenseSet<int> frameBody(GraphView &g, ArrayRef<LoopVariable> vars,
                              ArrayRef<int> constantEnters, int loopCond) {
  llvm::DenseSet<int> stop, body;
  for (int enter : constantEnters)
    stop.insert(enter);
  for (const LoopVariable &v : vars) {
    stop.insert(v.merge);
    stop.insert(v.switchNode);
    stop.insert(v.enter);
  }
  SmallVector<int> work;
  for (const LoopVariable &v : vars)
    work.push_back(v.nextIteration);
  work.push_back(loopCond);
  while (!work.empty()) {
    int node = work.pop_back_val();
    if (stop.contains(node) || !body.insert(node).second)
      continue;
    for (const NodeInput &input : g.inputs[node])
      work.push_back(input.node);
  }
  return body;
}

LogicalResult rewriteLoop(GraphView &g, const Frame &frame) {
  std::vector<LoopVariable> vars;
  int loopCond = -1;
  for (int enter : frame.enters) {
    LoopVariable v{enter, -1, -1, -1};
    for (const NodeInput &use : g.consumers[enter])
      if (!use.control && isMerge(g.op(use.node)))
        v.merge = use.node;
    if (v.merge < 0)
      return g.error(enter) << "a loop variable's Enter must feed a Merge";
    for (const NodeInput &input : g.dataInputs(v.merge))
      if (isNextIteration(g.op(input.node)))
        v.nextIteration = input.node;
    for (const NodeInput &use : g.consumers[v.merge])
      if (!use.control && use.output == 0 && isSwitch(g.op(use.node)))
        v.switchNode = use.node;
    if (v.nextIteration < 0 || v.switchNode < 0)
      return g.error(v.merge) << "a loop Merge needs a NextIteration input "
                                 "and a Switch on its output";
    SmallVector<NodeInput> switchInputs = g.dataInputs(v.switchNode);
    if (switchInputs.size() != 2 || g.op(switchInputs[1].node) != "LoopCond")
      return g.error(v.switchNode)
             << "a loop Switch's predicate must be a LoopCond";
    if (loopCond >= 0 && loopCond != switchInputs[1].node)
      return g.error(v.switchNode)
             << "the loop's Switches use different LoopCond nodes";
    loopCond = switchInputs[1].node;
    // The Exit takes the Switch's exit output, directly or through an
    // Identity (a gradient loop's `tuple/control_dependency`).
    for (const NodeInput &use : g.consumers[v.switchNode]) {
      if (use.control || use.output != 0)
        continue;
      if (isExit(g.op(use.node)))
        v.exit = use.node;
      else if (g.op(use.node) == "Identity")
        for (const NodeInput &next : g.consumers[use.node])
          if (!next.control && isExit(g.op(next.node)))
            v.exit = next.node;
    }
    vars.push_back(v);
  }
  if (vars.empty())
    return g.error(frame.constantEnters.front())
           << "frame '" << frame.name << "' has no loop variables";

  tensorflow::NodeDef &loop = g.append();
  std::string loopName = g.uniqueName(frame.name + "/_tfc_while");
  loop.set_name(loopName);
  loop.set_op("_TfcWhile");
  std::vector<std::string> merges, switches, nexts, constants, enters;
  llvm::SetVector<std::string, std::vector<std::string>, std::set<std::string>>
      controls;
  auto enterInputs = [&](int enter) {
    std::string data;
    for (const std::string &input : g.node(enter).input())
      if (StringRef(input).starts_with("^"))
        controls.insert(input);
      else if (data.empty())
        data = input;
    return data;
  };
  for (const LoopVariable &v : vars) {
    loop.add_input(enterInputs(v.enter));
    merges.push_back(g.node(v.merge).name());
    switches.push_back(g.node(v.switchNode).name());
    nexts.push_back(g.node(v.nextIteration).name());
    enters.push_back(g.node(v.enter).name());
  }
  for (int enter : frame.constantEnters) {
    loop.add_input(enterInputs(enter));
    constants.push_back(g.node(enter).name());
  }
  for (const std::string &control : controls)
    loop.add_input(control);
  setStringList(loop, "merges", merges);
  setStringList(loop, "switches", switches);
  setStringList(loop, "next_iterations", nexts);
  setStringList(loop, "enters", enters);
  setStringList(loop, "constant_enters", constants);
  (*loop.mutable_attr())["loop_cond"].set_s(g.node(loopCond).name());
  (*loop.mutable_attr())["frame_name"].set_s(frame.name);

  // Each Exit becomes the loop's result.
  for (auto [i, v] : llvm::enumerate(vars)) {
    if (v.exit < 0)
      continue;
    tensorflow::NodeDef &exit = g.mutableNode(v.exit);
    exit.set_op("Identity");
    exit.clear_input();
    exit.add_input(tensorName(loopName, i));
  }
  g.rebuild();
  return success();
}

LogicalResult functionalizeLoops(GraphView &g) {
  std::map<std::string, Frame> frames;
  for (int i = 0; i < g.graph.node_size(); ++i) {
    if (!isEnter(g.op(i)))
      continue;
    // An Enter nothing consumes is no loop variable: TensorFlow's gradient
    // writes one (`Exit_N_grad/b_exit`) for a forward loop output whose
    // gradient the backward loop never reads.
    if (g.consumers[i].empty())
      continue;
    auto name = g.node(i).attr().find("frame_name");
    if (name == g.node(i).attr().end())
      return g.error(i) << "an Enter needs a 'frame_name' attribute";
    Frame &frame = frames[name->second.s()];
    frame.name = name->second.s();
    auto constant = g.node(i).attr().find("is_constant");
    bool isConstant =
        constant != g.node(i).attr().end() && constant->second.b();
    (isConstant ? frame.constantEnters : frame.enters).push_back(i);
  }
  // Innermost first: a frame waits while its body holds another frame's
  // Enter.
  while (!frames.empty()) {
    bool progress = false;
    for (auto it = frames.begin(); it != frames.end();) {
      Frame &frame = it->second;
      std::set<int> own(frame.enters.begin(), frame.enters.end());
      own.insert(frame.constantEnters.begin(), frame.constantEnters.end());
      // Find the loop's structure once to see what its body holds.
      int loopCond = -1;
      std::vector<LoopVariable> vars;
      for (int enter : frame.enters)
        for (const NodeInput &use : g.consumers[enter])
          if (!use.control && isMerge(g.op(use.node))) {
            LoopVariable v{enter, use.node, -1, -1};
            for (const NodeInput &input : g.dataInputs(use.node))
              if (isNextIteration(g.op(input.node)))
                v.nextIteration = input.node;
            for (const NodeInput &out : g.consumers[use.node])
              if (!out.control && isSwitch(g.op(out.node))) {
                v.switchNode = out.node;
                SmallVector<NodeInput> sw = g.dataInputs(out.node);
                if (sw.size() == 2)
                  loopCond = sw[1].node;
              }
            if (v.nextIteration >= 0 && v.switchNode >= 0)
              vars.push_back(v);
          }
      bool nested = false;
      if (loopCond >= 0)
        for (int node : frameBody(g, vars, frame.constantEnters, loopCond))
          if (isEnter(g.op(node)) && !own.count(node))
            nested = true;
      if (nested) {
        ++it;
        continue;
      }
      // Indices shift only by appending, so the other frames stay valid.
      if (failed(rewriteLoop(g, frame)))
        return failure();
      it = frames.erase(it);
      progress = true;
    }
    if (!progress) {
      Frame &frame = frames.begin()->second;
      return g.error(frame.enters.empty() ? frame.constantEnters.front()
                                          : frame.enters.front())
             << "frame '" << frame.name
             << "' is nested in a way tfc cannot make into loops";
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Gradient stacks
//===----------------------------------------------------------------------===//

std::string frameOf(GraphView &g, int enter) {
  auto name = g.node(enter).attr().find("frame_name");
  return name == g.node(enter).attr().end() ? "" : name->second.s();
}

bool isConstantEnter(GraphView &g, int enter) {
  auto constant = g.node(enter).attr().find("is_constant");
  return constant != g.node(enter).attr().end() && constant->second.b();
}

/// Each frame's LoopCond, found through its loop variables.
std::map<std::string, int> loopConds(GraphView &g) {
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

tensorflow::NodeDef &addNode(GraphView &g, const std::string &name,
                             StringRef op, ArrayRef<std::string> inputs) {
  tensorflow::NodeDef &node = g.append();
  node.set_name(g.uniqueName(name));
  node.set_op(op.str());
  for (const std::string &input : inputs)
    node.add_input(input);
  g.byName[node.name()] = g.graph.node_size() - 1;
  return node;
}

/// A loop variable of frame `frame` (whose LoopCond is `loopCond`) entering
/// as `enter`: its Merge, Switch and the Identity of the Switch's body
/// output. Returns the Identity's and the Switch's names; the caller adds
/// the NextIteration that closes the Merge.
std::pair<std::string, std::string> addLoopVariable(GraphView &g,
                                                    tensorflow::NodeDef &enter,
                                                    int loopCond,
                                                    std::string &mergeName) {
  std::string base = enter.name();
  tensorflow::NodeDef &merge = addNode(g, base + "/_tfc_merge", "Merge", {});
  mergeName = merge.name();
  merge.add_input(enter.name());
  tensorflow::NodeDef &sw =
      addNode(g, base + "/_tfc_switch", "Switch",
              {mergeName, g.node(loopCond).name()});
  std::string switchName = sw.name();
  tensorflow::NodeDef &body =
      addNode(g, base + "/_tfc_identity", "Identity", {switchName + ":1"});
  return {body.name(), switchName};
}

/// TensorFlow's gradient of a loop replays the forward values it needs from
/// stacks: a StackV2 made before both loops, a StackPushV2 in the forward
/// loop for each iteration, a StackPopV2 in the backward loop, which runs
/// as many iterations in reverse. Both loops only capture the stack's
/// handle (Enter with is_constant). tfc has no mutable stacks, so each such
/// stack becomes values the loops carry: the forward loop carries a
/// TensorArray that each push appends to (`_TfcStackPush`, the array
/// leaves the loop through a new Exit), the backward loop captures that
/// array and carries a count of the elements left, each pop reading the
/// last of them (`_TfcStackPop`). A stack used any other way is left as it
/// is, and its ops are reported as unsupported.
void functionalizeStacks(GraphView &g) {
  std::map<std::string, int> conds = loopConds(g);
  std::vector<int> stacks;
  for (int i = 0; i < g.graph.node_size(); ++i)
    if (g.op(i) == "StackV2")
      stacks.push_back(i);
  for (int stack : stacks) {
    int pushEnter = -1, popEnter = -1, push = -1, pop = -1;
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
        int &enter = op == "StackPushV2" ? pushEnter : popEnter;
        int &node = op == "StackPushV2" ? push : pop;
        if ((enter >= 0 && enter != use.node) || node >= 0)
          plain = false;
        enter = use.node;
        node = inner.node;
      }
    }
    if (!plain || push < 0 || pop < 0)
      continue;
    auto forward = conds.find(frameOf(g, pushEnter));
    auto backward = conds.find(frameOf(g, popEnter));
    if (forward == conds.end() || backward == conds.end() ||
        forward->first == backward->first)
      continue;

    // Forward: the stack is a loop variable; the push appends to it.
    tensorflow::NodeDef &fEnter = g.mutableNode(pushEnter);
    (*fEnter.mutable_attr())["is_constant"].set_b(false);
    std::string fMerge;
    auto [fBody, fSwitch] =
        addLoopVariable(g, fEnter, forward->second, fMerge);
    tensorflow::NodeDef &pushNode = g.mutableNode(push);
    pushNode.set_op("_TfcStackPush");
    pushNode.set_input(0, fBody);
    tensorflow::NodeDef &fNext = addNode(g, fEnter.name() + "/_tfc_next",
                                         "NextIteration",
                                         {pushNode.name() + ":1"});
    g.mutableNode(g.byName[fMerge]).add_input(fNext.name());
    tensorflow::NodeDef &fExit =
        addNode(g, fEnter.name() + "/_tfc_exit", "Exit", {fSwitch});
    std::string filled = fExit.name();

    // Backward: the filled array is captured; a count of what is left is a
    // loop variable that each pop decrements.
    tensorflow::NodeDef &bEnter = g.mutableNode(popEnter);
    bEnter.set_input(0, filled);
    tensorflow::NodeDef &size = addNode(
        g, g.node(stack).name() + "/_tfc_size", "_TfcStackSize", {filled});
    tensorflow::NodeDef &countEnter =
        addNode(g, bEnter.name() + "/_tfc_count", "Enter", {size.name()});
    (*countEnter.mutable_attr())["frame_name"].set_s(backward->first);
    (*countEnter.mutable_attr())["is_constant"].set_b(false);
    std::string bMerge;
    auto [bBody, bSwitch] =
        addLoopVariable(g, countEnter, backward->second, bMerge);
    (void)bSwitch;
    tensorflow::NodeDef &popNode = g.mutableNode(pop);
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
    g.rebuild();
  }
}

//===----------------------------------------------------------------------===//
// Conds
//===----------------------------------------------------------------------===//

/// The predicate tensor of a Switch, through Identity nodes (`pred_id`).
std::string predicateOf(GraphView &g, int switchNode) {
  SmallVector<NodeInput> inputs = g.dataInputs(switchNode);
  if (inputs.size() != 2)
    return "";
  NodeInput pred = inputs[1];
  while (g.op(pred.node) == "Identity") {
    SmallVector<NodeInput> in = g.dataInputs(pred.node);
    if (in.size() != 1)
      break;
    pred = in[0];
  }
  return tensorName(g.node(pred.node).name(), pred.output);
}

bool isLoopSwitch(GraphView &g, int switchNode) {
  SmallVector<NodeInput> inputs = g.dataInputs(switchNode);
  return inputs.size() == 2 && g.op(inputs[1].node) == "LoopCond";
}

/// Where a Merge input comes from: the Switch outputs its value (data
/// edges) and its dead-ness (control edges) derive from.
struct BranchOrigin {
  std::set<std::pair<int, int>> dataSwitches;
  std::set<std::pair<int, int>> controlSwitches;
  bool reachesMerge = false;
};

BranchOrigin traceBranch(GraphView &g, NodeInput start,
                         const std::set<int> &pendingMerges, int self) {
  BranchOrigin origin;
  SmallVector<std::pair<NodeInput, bool>> work{{start, false}};
  // A node reached through a control edge may also be reached through data
  // edges (a gradient under `control_dependencies(update_ops)` is both an
  // input of the tuple's Identity and a control input of its group_deps
  // NoOp): the data visit must still happen, so the two are kept apart.
  llvm::DenseSet<std::pair<int, int>> seen;
  while (!work.empty()) {
    auto [edge, viaControl] = work.pop_back_val();
    int node = edge.node;
    // A loop's Switch, Merge or Enter delimits the frame the cond is in.
    if (isEnter(g.op(node)) || (isSwitch(g.op(node)) && isLoopSwitch(g, node)))
      continue;
    if (isMerge(g.op(node)) &&
        llvm::any_of(g.dataInputs(node), [&](const NodeInput &in) {
          return isNextIteration(g.op(in.node)) || isEnter(g.op(in.node));
        }))
      continue;
    if (isSwitch(g.op(node))) {
      (viaControl || edge.control ? origin.controlSwitches
                                  : origin.dataSwitches)
          .insert({node, edge.output});
      continue;
    }
    if (node != self && pendingMerges.count(node)) {
      origin.reachesMerge = true;
      continue;
    }
    if (!seen.insert({node, viaControl || edge.control ? 1 : 0}).second)
      continue;
    for (const NodeInput &input : g.inputs[node])
      work.push_back({input, viaControl || input.control});
  }
  return origin;
}

struct CondMerge {
  int merge;
  int thenInput;
  std::string predicate;
  std::set<int> switches;
};

/// Marks a Merge tfc cannot make into a cond: the error is reported when
/// an entry needs the node (ops/ControlFlowOps.cpp), so that a graph whose
/// gradient conds tfc cannot functionalize still imports entries that only
/// need its forward part.
void deferError(GraphView &g, int merge, const std::string &message) {
  tensorflow::NodeDef &node = g.mutableNode(merge);
  (*node.mutable_attr())["_tfc_op"].set_s(node.op());
  (*node.mutable_attr())["_tfc_error"].set_s(message);
  node.set_op("_TfcUnfunctionalized");
}

LogicalResult functionalizeConds(GraphView &g) {
  std::set<int> pending;
  for (int i = 0; i < g.graph.node_size(); ++i) {
    if (!isMerge(g.op(i)))
      continue;
    bool loopMerge = llvm::any_of(g.dataInputs(i), [&](const NodeInput &in) {
      return isNextIteration(g.op(in.node)) || isEnter(g.op(in.node));
    });
    if (!loopMerge)
      pending.insert(i);
  }
  while (!pending.empty()) {
    // Conds whose branches hold no other pending Merge, grouped by
    // predicate and name scope (one tf.cond with several outputs).
    std::map<std::pair<std::string, std::string>, std::vector<CondMerge>>
        groups;
    std::map<int, std::string> unresolved;
    for (int merge : pending) {
      SmallVector<NodeInput> inputs = g.dataInputs(merge);
      if (inputs.size() != 2) {
        unresolved[merge] = "a cond's Merge must have two inputs, has " +
                            std::to_string(inputs.size());
        continue;
      }
      BranchOrigin a = traceBranch(g, inputs[0], pending, merge);
      BranchOrigin b = traceBranch(g, inputs[1], pending, merge);
      if (a.reachesMerge || b.reachesMerge)
        continue;
      // The predicate: that of the Switches the values come through.
      std::string predicate, conflict;
      std::set<int> switches;
      for (const BranchOrigin *origin : {&a, &b})
        for (auto [sw, port] : origin->dataSwitches) {
          std::string p = predicateOf(g, sw);
          if (!predicate.empty() && p != predicate && conflict.empty())
            conflict = "its inputs come through Switches on different "
                       "predicates ('" +
                       predicate + "' and '" + p + "')";
          predicate = p;
        }
      if (!conflict.empty()) {
        unresolved[merge] = conflict;
        continue;
      }
      auto branchOf = [&](const BranchOrigin &origin) {
        std::set<int> ports;
        for (auto [sw, port] : origin.dataSwitches)
          ports.insert(port);
        if (ports.empty())
          for (auto [sw, port] : origin.controlSwitches)
            if (predicate.empty() || predicateOf(g, sw) == predicate) {
              if (predicate.empty())
                predicate = predicateOf(g, sw);
              ports.insert(port);
            }
        return ports.size() == 1 ? *ports.begin() : -1;
      };
      int branchA = branchOf(a), branchB = branchOf(b);
      if (branchA < 0 || branchB < 0 || branchA == branchB) {
        unresolved[merge] = "cannot tell which of its inputs is the true "
                            "branch and which the false one of a cond";
        continue;
      }
      for (const BranchOrigin *origin : {&a, &b}) {
        for (auto [sw, port] : origin->dataSwitches)
          switches.insert(sw);
        for (auto [sw, port] : origin->controlSwitches)
          if (predicateOf(g, sw) == predicate)
            switches.insert(sw);
      }
      StringRef name = g.node(merge).name();
      size_t slash = name.rfind('/');
      std::string scope =
          slash == StringRef::npos ? "" : name.take_front(slash).str();
      groups[{predicate, scope}].push_back(
          {merge, branchA == 1 ? 0 : 1, predicate, switches});
    }
    if (!unresolved.empty()) {
      for (auto &[merge, message] : unresolved) {
        deferError(g, merge, message);
        pending.erase(merge);
      }
      g.rebuild();
      continue;
    }
    if (groups.empty()) {
      for (int merge : pending)
        deferError(g, merge,
                   "its conds are nested in a way tfc cannot make into "
                   "tfc.cond");
      g.rebuild();
      break;
    }

    for (auto &[key, merges] : groups) {
      std::set<int> switches;
      for (const CondMerge &m : merges)
        switches.insert(m.switches.begin(), m.switches.end());
      const std::string &scope = key.second;
      tensorflow::NodeDef &cond = g.append();
      std::string condName =
          g.uniqueName(scope.empty() ? "_tfc_cond" : scope + "/_tfc_cond");
      cond.set_name(condName);
      cond.set_op("_TfcCond");
      cond.add_input(key.first);
      std::vector<std::string> switchNames, thenOutputs, elseOutputs;
      // A Switch's control inputs order the whole cond: TensorFlow's
      // gradient conds run after the update ops that way.
      llvm::SetVector<std::string, std::vector<std::string>,
                      std::set<std::string>>
          controls;
      for (int sw : switches) {
        switchNames.push_back(g.node(sw).name());
        cond.add_input(g.node(sw).input(0));
        for (const std::string &input : g.node(sw).input())
          if (StringRef(input).starts_with("^"))
            controls.insert(input);
      }
      for (const std::string &control : controls)
        cond.add_input(control);
      auto *thenIndex = (*cond.mutable_attr())["then_index"].mutable_list();
      for (const CondMerge &m : merges) {
        SmallVector<NodeInput> inputs = g.dataInputs(m.merge);
        NodeInput thenIn = inputs[m.thenInput],
                  elseIn = inputs[1 - m.thenInput];
        thenOutputs.push_back(
            tensorName(g.node(thenIn.node).name(), thenIn.output));
        elseOutputs.push_back(
            tensorName(g.node(elseIn.node).name(), elseIn.output));
        thenIndex->add_i(m.thenInput);
      }
      setStringList(cond, "switches", switchNames);
      setStringList(cond, "then_outputs", thenOutputs);
      setStringList(cond, "else_outputs", elseOutputs);
      for (auto [j, m] : llvm::enumerate(merges)) {
        tensorflow::NodeDef &merge = g.mutableNode(m.merge);
        merge.set_op("IdentityN");
        merge.clear_input();
        merge.add_input(tensorName(condName, 2 * j));
        merge.add_input(tensorName(condName, 2 * j + 1));
        pending.erase(m.merge);
      }
    }
    g.rebuild();
  }
  return success();
}

/// A control edge from a Switch that belongs to no cond only said that a
/// node runs in a branch nobody merges: it orders nothing.
void dropStrayControlEdges(GraphView &g) {
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

} // namespace

LogicalResult
mlir::tfc::graphdef::functionalizeControlFlow(ModelFile &file,
                                              MLIRContext *context) {
  bool hasControlFlow =
      llvm::any_of(file.graph().node(), [](const tensorflow::NodeDef &node) {
        StringRef op = node.op();
        return isSwitch(op) || isMerge(op) || isEnter(op);
      });
  if (!hasControlFlow)
    return success();
  GraphView g(file, context);
  functionalizeStacks(g);
  if (failed(functionalizeLoops(g)) || failed(functionalizeConds(g)))
    return failure();
  dropStrayControlEdges(g);
  return success();
}

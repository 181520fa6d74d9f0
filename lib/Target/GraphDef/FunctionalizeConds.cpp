//===- FunctionalizeConds.cpp - TensorFlow 1 conds into _TfcCond ----------===//
//
// A `tf.cond` is Switch nodes on one predicate, whose two outputs feed the
// branches, and a Merge per result joining them. Each Merge is traced back
// to the Switches its two inputs come through; Merges of one predicate in
// one name scope are one cond, which becomes one `_TfcCond` node whose
// inputs are the predicate and what the Switches let in, and whose
// attributes name the Switches and each branch's results. The Merges become
// IdentityN nodes of the cond's results. Conds go innermost first: a Merge
// waits while its branches hold another Merge still to be rewritten.
//
//===----------------------------------------------------------------------===//

#include "Functionalize.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <set>

using namespace mlir;
using namespace mlir::tfc::graphdef;
using namespace mlir::tfc::graphdef::functionalize;

/// The predicate tensor of a Switch, through Identity nodes (`pred_id`).
static std::string predicateOf(GraphView &g, int switchNode) {
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

static bool isLoopSwitch(GraphView &g, int switchNode) {
  SmallVector<NodeInput> inputs = g.dataInputs(switchNode);
  return inputs.size() == 2 && g.op(inputs[1].node) == "LoopCond";
}

/// A loop's Merge: the loop variable enters it, or its next value.
static bool isLoopMerge(GraphView &g, int merge) {
  return isMerge(g.op(merge)) &&
         llvm::any_of(g.dataInputs(merge), [&](const NodeInput &in) {
           return isNextIteration(g.op(in.node)) || isEnter(g.op(in.node));
         });
}

namespace {

/// Where a Merge input comes from: the Switch outputs its value (data
/// edges) and its dead-ness (control edges) derive from.
struct BranchOrigin {
  std::set<std::pair<int, int>> dataSwitches;
  std::set<std::pair<int, int>> controlSwitches;
  bool reachesMerge = false;
};

struct CondMerge {
  int merge;
  int thenInput;
  std::string predicate;
  std::set<int> switches;
};

} // namespace

static BranchOrigin traceBranch(GraphView &g, NodeInput start,
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
    if (isLoopMerge(g, node))
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

/// Marks a Merge tfc cannot make into a cond: the error is reported when
/// an entry needs the node (ops/ControlFlowOps.cpp), so that a graph whose
/// gradient conds tfc cannot functionalize still imports entries that only
/// need its forward part.
static void deferError(GraphView &g, int merge, const std::string &message) {
  tensorflow::NodeDef &node = g.mutableNode(merge);
  (*node.mutable_attr())["_tfc_op"].set_s(node.op());
  (*node.mutable_attr())["_tfc_error"].set_s(message);
  node.set_op("_TfcUnfunctionalized");
}

/// Which output of its Switches a branch comes from: that of the Switches
/// its value comes through, else that of the Switches on `predicate` its
/// dead-ness comes from (a branch that only orders a side effect); -1 when
/// not a single one. A branch that settles the predicate sets it.
static int branchPort(GraphView &g, const BranchOrigin &origin,
                      std::string &predicate) {
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
}

/// The Merge `merge` as a cond's result. Nothing while its branches hold
/// another pending Merge; nothing with `why` set when it cannot be one.
static std::optional<CondMerge> matchCondMerge(GraphView &g, int merge,
                                               const std::set<int> &pending,
                                               std::string &why) {
  SmallVector<NodeInput> inputs = g.dataInputs(merge);
  if (inputs.size() != 2) {
    why = "a cond's Merge must have two inputs, has " +
          std::to_string(inputs.size());
    return std::nullopt;
  }
  BranchOrigin a = traceBranch(g, inputs[0], pending, merge);
  BranchOrigin b = traceBranch(g, inputs[1], pending, merge);
  if (a.reachesMerge || b.reachesMerge)
    return std::nullopt;
  // The predicate: that of the Switches the values come through.
  std::string predicate;
  for (const BranchOrigin *origin : {&a, &b})
    for (auto [sw, port] : origin->dataSwitches) {
      std::string p = predicateOf(g, sw);
      if (!predicate.empty() && p != predicate && why.empty())
        why = "its inputs come through Switches on different "
              "predicates ('" +
              predicate + "' and '" + p + "')";
      predicate = p;
    }
  if (!why.empty())
    return std::nullopt;
  int branchA = branchPort(g, a, predicate);
  int branchB = branchPort(g, b, predicate);
  if (branchA < 0 || branchB < 0 || branchA == branchB) {
    why = "cannot tell which of its inputs is the true "
          "branch and which the false one of a cond";
    return std::nullopt;
  }
  std::set<int> switches;
  for (const BranchOrigin *origin : {&a, &b}) {
    for (auto [sw, port] : origin->dataSwitches)
      switches.insert(sw);
    for (auto [sw, port] : origin->controlSwitches)
      if (predicateOf(g, sw) == predicate)
        switches.insert(sw);
  }
  return CondMerge{merge, branchA == 1 ? 0 : 1, predicate, switches};
}

/// The name scope of `name`: all before its last `/`.
static std::string scopeOf(StringRef name) {
  size_t slash = name.rfind('/');
  return slash == StringRef::npos ? "" : name.take_front(slash).str();
}

/// Appends the `_TfcCond` node of the Merges `merges`, one cond on
/// `predicate` in name scope `scope`, and returns its name.
static std::string addCondNode(GraphView &g, const std::string &predicate,
                               const std::string &scope,
                               ArrayRef<CondMerge> merges) {
  std::set<int> switches;
  for (const CondMerge &m : merges)
    switches.insert(m.switches.begin(), m.switches.end());
  tensorflow::NodeDef &cond =
      g.appendNamed(scope.empty() ? "_tfc_cond" : scope + "/_tfc_cond");
  std::string condName = cond.name();
  cond.set_op("_TfcCond");
  cond.add_input(predicate);
  std::vector<std::string> switchNames, thenOutputs, elseOutputs;
  // A Switch's control inputs order the whole cond: TensorFlow's
  // gradient conds run after the update ops that way.
  llvm::SetVector<std::string, std::vector<std::string>, std::set<std::string>>
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
    NodeInput thenIn = inputs[m.thenInput], elseIn = inputs[1 - m.thenInput];
    thenOutputs.push_back(
        tensorName(g.node(thenIn.node).name(), thenIn.output));
    elseOutputs.push_back(
        tensorName(g.node(elseIn.node).name(), elseIn.output));
    thenIndex->add_i(m.thenInput);
  }
  setStringList(cond, "switches", switchNames);
  setStringList(cond, "then_outputs", thenOutputs);
  setStringList(cond, "else_outputs", elseOutputs);
  return condName;
}

LogicalResult functionalize::functionalizeConds(GraphView &g) {
  std::set<int> pending;
  for (int i = 0; i < g.graph.node_size(); ++i)
    if (isMerge(g.op(i)) && !isLoopMerge(g, i))
      pending.insert(i);
  while (!pending.empty()) {
    // Conds whose branches hold no other pending Merge, grouped by
    // predicate and name scope (one tf.cond with several outputs).
    std::map<std::pair<std::string, std::string>, std::vector<CondMerge>>
        groups;
    std::map<int, std::string> unresolved;
    for (int merge : pending) {
      std::string why;
      std::optional<CondMerge> cond = matchCondMerge(g, merge, pending, why);
      if (!why.empty())
        unresolved[merge] = why;
      else if (cond)
        groups[{cond->predicate, scopeOf(g.node(merge).name())}].push_back(
            *cond);
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
      std::string condName = addCondNode(g, key.first, key.second, merges);
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

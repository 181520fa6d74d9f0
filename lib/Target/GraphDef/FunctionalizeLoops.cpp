//===- FunctionalizeLoops.cpp - TensorFlow 1 loop frames into _TfcWhile ---===//
//
// A `tf.while_loop` is a frame: an Enter per loop variable (and per captured
// invariant, `is_constant`), feeding a Merge with the NextIteration of the
// next iteration, a Switch on the LoopCond, and an Exit. Each frame becomes
// one `_TfcWhile` node whose inputs are what enters the frame and whose
// attributes name the nodes that delimit its condition and body; the
// frame's Exits become Identities of its results.
//
//===----------------------------------------------------------------------===//

#include "Functionalize.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <set>

using namespace mlir;
using namespace mlir::tfc::graphdef;
using namespace mlir::tfc::graphdef::functionalize;

namespace {

struct LoopVariable {
  int enter, merge, nextIteration, switchNode;
  int exit = -1;
};

struct Frame {
  std::string name;
  std::vector<int> enters;
  std::vector<int> constantEnters;
};

} // namespace

/// The nodes a frame's body and condition are made of: what its
/// NextIterations and LoopCond need, back to its own Merges and Switches.
static llvm::DenseSet<int> frameBody(GraphView &g, ArrayRef<LoopVariable> vars,
                                     ArrayRef<int> constantEnters,
                                     int loopCond) {
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

/// The loop variable entering `frame` through `enter`, with its Exit if it
/// has one; the LoopCond its Switch tests is checked against, then stored
/// in, `loopCond`.
static FailureOr<LoopVariable> findLoopVariable(GraphView &g, int enter,
                                                int &loopCond) {
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
  return v;
}

/// Appends the `_TfcWhile` node of `frame` and returns its name.
static std::string addWhileNode(GraphView &g, const Frame &frame,
                                ArrayRef<LoopVariable> vars, int loopCond) {
  tensorflow::NodeDef &loop = g.appendNamed(frame.name + "/_tfc_while");
  std::string loopName = loop.name();
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
  return loopName;
}

static LogicalResult rewriteLoop(GraphView &g, const Frame &frame) {
  std::vector<LoopVariable> vars;
  int loopCond = -1;
  for (int enter : frame.enters) {
    FailureOr<LoopVariable> v = findLoopVariable(g, enter, loopCond);
    if (failed(v))
      return failure();
    vars.push_back(*v);
  }
  if (vars.empty())
    return g.error(frame.constantEnters.front())
           << "frame '" << frame.name << "' has no loop variables";

  std::string loopName = addWhileNode(g, frame, vars, loopCond);

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

/// The frames by name, with their Enters.
static FailureOr<std::map<std::string, Frame>> collectFrames(GraphView &g) {
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
    (isConstantEnter(g, i) ? frame.constantEnters : frame.enters).push_back(i);
  }
  return frames;
}

/// Whether the body of `frame` holds another frame's Enter. The loop's
/// structure is found leniently here: rewriteLoop reports what is wrong
/// with it once the frame's turn comes.
static bool holdsOtherFrame(GraphView &g, const Frame &frame) {
  std::set<int> own(frame.enters.begin(), frame.enters.end());
  own.insert(frame.constantEnters.begin(), frame.constantEnters.end());
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
  if (loopCond < 0)
    return false;
  return llvm::any_of(
      frameBody(g, vars, frame.constantEnters, loopCond),
      [&](int node) { return isEnter(g.op(node)) && !own.count(node); });
}

LogicalResult functionalize::functionalizeLoops(GraphView &g) {
  FailureOr<std::map<std::string, Frame>> found = collectFrames(g);
  if (failed(found))
    return failure();
  std::map<std::string, Frame> &frames = *found;
  // Innermost first: a frame waits while its body holds another frame's
  // Enter.
  while (!frames.empty()) {
    bool progress = false;
    for (auto it = frames.begin(); it != frames.end();) {
      if (holdsOtherFrame(g, it->second)) {
        ++it;
        continue;
      }
      // Indices shift only by appending, so the other frames stay valid.
      if (failed(rewriteLoop(g, it->second)))
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

//===- LowerFunctionalControlFlow.cpp - If and While as TF1 frames --------===//
//
// TensorFlow 2 writes `tf.cond` and `tf.while_loop` as functional ops, If
// (StatelessIf) and While (StatelessWhile), whose branches, condition and
// body are functions of the graph's library. As TensorFlow's own lowering
// does before it runs a graph, each becomes the TensorFlow 1 control flow
// that tfc already functionalizes into `tfc.cond` and `tfc.while`, with the
// functions called through PartitionedCall nodes that the inliner then
// replaces by their bodies:
//
//   If N(pred, x...):  N/Switch = Switch(pred, pred), N/switch_t and
//     N/switch_f its two sides, N/Switch_i = Switch(x_i, pred); N/then and
//     N/else call the branches on the true and false sides (their nodes
//     with no input wait for switch_t or switch_f, as a tf.cond branch's
//     constants do); N/Merge_k merges result k; N/branch_executed merges
//     the sides, so that N (an IdentityN of the merges) also waits for the
//     branch that ran and its side effects.
//   While N(x...):  Enter, Merge with NextIteration, N/cond on the merged
//     values, LoopCond, Switch, Exit and, on the true side, N/body, whose
//     results are the NextIterations: the frame tf.while_loop writes, named
//     N. A resource loop variable (a variable's handle, which the body
//     passes on unchanged) is a loop invariant, an Enter with is_constant.
//
// Nodes inside the functions may be If and While in turn: the inliner
// lowers them when it copies the body.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace mlir::tfc::graphdef;

bool mlir::tfc::graphdef::isFunctionalControlFlow(StringRef op) {
  return op == "If" || op == "StatelessIf" || op == "While" ||
         op == "StatelessWhile";
}

namespace {

/// Builds the lowered nodes of one If or While node.
class Lowering {
public:
  Lowering(tensorflow::NodeDef &node, StringRef prefix, FunctionLookup lookup)
      : node(node), prefix(prefix.str()), lookup(lookup) {
    for (const std::string &input : node.input())
      (StringRef(input).starts_with("^") ? controlInputs : dataInputs)
          .push_back(input);
  }

  FailureOr<std::vector<tensorflow::NodeDef>> lowerIf(std::string &error);
  FailureOr<std::vector<tensorflow::NodeDef>> lowerWhile(std::string &error);

private:
  /// A new node `prefix + name` of `op` with `inputs` and, if given, the
  /// type attribute `T`.
  tensorflow::NodeDef &add(StringRef name, StringRef op,
                           ArrayRef<std::string> inputs,
                           std::optional<int> type = std::nullopt) {
    tensorflow::NodeDef &def = nodes.emplace_back();
    def.set_name(prefix + name.str());
    def.set_op(op.str());
    def.set_device(node.device());
    (*def.mutable_attr())[kLoweredAttr].set_b(true);
    for (const std::string &input : inputs)
      def.add_input(input);
    if (type)
      (*def.mutable_attr())["T"].set_type(
          static_cast<tensorflow::DataType>(*type));
    return def;
  }

  std::string name(StringRef suffix) const { return prefix + suffix.str(); }

  /// A list attribute of types, or nothing when `key` is missing or not one.
  std::optional<std::vector<int>> typeList(StringRef key) const {
    auto it = node.attr().find(key.str());
    if (it == node.attr().end() ||
        it->second.value_case() != tensorflow::AttrValue::kList)
      return std::nullopt;
    return std::vector<int>(it->second.list().type().begin(),
                            it->second.list().type().end());
  }

  const tensorflow::AttrValue *func(StringRef key) const {
    auto it = node.attr().find(key.str());
    if (it == node.attr().end() ||
        it->second.value_case() != tensorflow::AttrValue::kFunc)
      return nullptr;
    return &it->second;
  }

  /// A PartitionedCall of the function `f` names on `inputs`.
  void call(StringRef callName, const tensorflow::AttrValue &f,
            ArrayRef<std::string> inputs, ArrayRef<int> in, ArrayRef<int> out) {
    tensorflow::NodeDef &def = add(callName, "PartitionedCall", inputs);
    auto &attrs = *def.mutable_attr();
    attrs["f"] = f;
    for (int type : in)
      attrs["Tin"].mutable_list()->add_type(
          static_cast<tensorflow::DataType>(type));
    for (int type : out)
      attrs["Tout"].mutable_list()->add_type(
          static_cast<tensorflow::DataType>(type));
  }

  /// Makes `node` an IdentityN of `results` (types `types`), or a NoOp when
  /// there are none, waiting for `after`.
  void replaceNode(ArrayRef<std::string> results, ArrayRef<int> types,
                   ArrayRef<std::string> after) {
    tensorflow::NodeDef replacement;
    replacement.set_name(node.name());
    replacement.set_device(node.device());
    replacement.set_op(results.empty() ? "NoOp" : "IdentityN");
    for (const std::string &result : results)
      replacement.add_input(result);
    for (const std::string &input : after)
      replacement.add_input(input);
    auto &attrs = *replacement.mutable_attr();
    attrs[kLoweredFromAttr].set_s(node.op());
    for (int type : types)
      attrs["T"].mutable_list()->add_type(
          static_cast<tensorflow::DataType>(type));
    node = std::move(replacement);
  }

  /// Whether function `f` returns its argument `i` as result `i`, directly
  /// or through Identity nodes.
  bool passesThrough(const tensorflow::FunctionDef &f, int i) const;

  tensorflow::NodeDef &node;
  std::string prefix;
  FunctionLookup lookup;
  std::vector<std::string> dataInputs, controlInputs;
  std::vector<tensorflow::NodeDef> nodes;
};

} // namespace

FailureOr<std::vector<tensorflow::NodeDef>>
Lowering::lowerIf(std::string &error) {
  std::optional<std::vector<int>> in = typeList("Tin");
  std::optional<std::vector<int>> out = typeList("Tout");
  const tensorflow::AttrValue *thenBranch = func("then_branch");
  const tensorflow::AttrValue *elseBranch = func("else_branch");
  if (!in || !out || !thenBranch || !elseBranch) {
    error = "needs the attributes Tin, Tout, then_branch and else_branch";
    return failure();
  }
  if (dataInputs.size() != in->size() + 1) {
    error = ("has " + Twine(dataInputs.size()) +
             " inputs, not the condition "
             "and the " +
             Twine(in->size()) + " of Tin")
                .str();
    return failure();
  }
  auto cond = node.attr().find("Tcond");
  if (cond != node.attr().end() &&
      cond->second.value_case() == tensorflow::AttrValue::kType &&
      cond->second.type() != tensorflow::DT_BOOL) {
    error = "has a condition of " + dataTypeName(cond->second.type()) +
            "; tfc lowers an If whose condition is a bool";
    return failure();
  }
  const std::string &pred = dataInputs.front();
  std::vector<std::string> pivotInputs{pred, pred};
  llvm::append_range(pivotInputs, controlInputs);
  add("Switch", "Switch", pivotInputs, tensorflow::DT_BOOL);
  add("switch_t", "Identity", {name("Switch:1")}, tensorflow::DT_BOOL);
  add("switch_f", "Identity", {name("Switch")}, tensorflow::DT_BOOL);
  std::vector<std::string> predInputs{pred};
  llvm::append_range(predInputs, controlInputs);
  add("pred_id", "Identity", predInputs, tensorflow::DT_BOOL);

  std::vector<std::string> thenInputs, elseInputs;
  for (auto [i, type] : llvm::enumerate(*in)) {
    std::string switchName = "Switch_" + std::to_string(i);
    add(switchName, "Switch", {dataInputs[i + 1], name("pred_id")}, type);
    thenInputs.push_back(name(switchName) + ":1");
    elseInputs.push_back(name(switchName));
  }
  thenInputs.push_back("^" + name("switch_t"));
  elseInputs.push_back("^" + name("switch_f"));
  call("then", *thenBranch, thenInputs, *in, *out);
  call("else", *elseBranch, elseInputs, *in, *out);

  std::vector<std::string> results;
  for (auto [k, type] : llvm::enumerate(*out)) {
    std::string suffix = k ? ":" + std::to_string(k) : "";
    std::string merge = "Merge_" + std::to_string(k);
    tensorflow::NodeDef &def = add(
        merge, "Merge", {name("else") + suffix, name("then") + suffix}, type);
    (*def.mutable_attr())["N"].set_i(2);
    results.push_back(name(merge));
  }
  // Which side ran, once its call (and its side effects) is done.
  add("then_done", "Identity", {name("switch_t"), "^" + name("then")},
      tensorflow::DT_BOOL);
  add("else_done", "Identity", {name("switch_f"), "^" + name("else")},
      tensorflow::DT_BOOL);
  tensorflow::NodeDef &executed =
      add("branch_executed", "Merge", {name("else_done"), name("then_done")},
          tensorflow::DT_BOOL);
  (*executed.mutable_attr())["N"].set_i(2);
  replaceNode(results, *out, {"^" + name("branch_executed")});
  return std::move(nodes);
}

bool Lowering::passesThrough(const tensorflow::FunctionDef &f, int i) const {
  const tensorflow::OpDef &signature = f.signature();
  if (i >= signature.input_arg_size() || i >= signature.output_arg_size())
    return false;
  auto ret = f.ret().find(signature.output_arg(i).name());
  if (ret == f.ret().end())
    return false;
  std::string tensor = ret->second;
  for (int depth = 0; depth < 16; ++depth) {
    if (tensor == signature.input_arg(i).name())
      return true;
    StringRef nodeName = StringRef(tensor).split(':').first;
    const tensorflow::NodeDef *producer = nullptr;
    for (const tensorflow::NodeDef &def : f.node_def())
      if (def.name() == nodeName)
        producer = &def;
    if (!producer || producer->op() != "Identity" || producer->input_size() < 1)
      return false;
    tensor = producer->input(0);
  }
  return false;
}

FailureOr<std::vector<tensorflow::NodeDef>>
Lowering::lowerWhile(std::string &error) {
  std::optional<std::vector<int>> types = typeList("T");
  const tensorflow::AttrValue *condFn = func("cond");
  const tensorflow::AttrValue *bodyFn = func("body");
  if (!types || !condFn || !bodyFn) {
    error = "needs the attributes T, cond and body";
    return failure();
  }
  if (dataInputs.size() != types->size() || types->empty()) {
    error = ("has " + Twine(dataInputs.size()) + " inputs for " +
             Twine(types->size()) +
             " loop variables; tfc lowers loops with "
             "at least one")
                .str();
    return failure();
  }
  const tensorflow::FunctionDef *body = lookup(bodyFn->func().name());
  if (!body) {
    error = "calls function '" + bodyFn->func().name() +
            "', which the graph's function library does not define";
    return failure();
  }
  int64_t parallel = 10;
  if (auto it = node.attr().find("parallel_iterations");
      it != node.attr().end() &&
      it->second.value_case() == tensorflow::AttrValue::kI)
    parallel = it->second.i();

  // The values the condition and the body see, and the loop's results.
  std::vector<std::string> merged, taken, results;
  int firstCarried = -1;
  for (auto [i, type] : llvm::enumerate(*types)) {
    std::string k = std::to_string(i);
    bool invariant = type == tensorflow::DT_RESOURCE;
    if (invariant && !passesThrough(*body, static_cast<int>(i))) {
      error = "loop variable " + k +
              " is a resource the body does not pass on unchanged; tfc "
              "lowers loops over a variable's handle, not over a new one";
      return failure();
    }
    std::vector<std::string> enterInputs{dataInputs[i]};
    llvm::append_range(enterInputs, controlInputs);
    tensorflow::NodeDef &enter = add("Enter_" + k, "Enter", enterInputs, type);
    auto &attrs = *enter.mutable_attr();
    attrs["frame_name"].set_s(node.name());
    attrs["is_constant"].set_b(invariant);
    attrs["parallel_iterations"].set_i(parallel);
    if (invariant) {
      merged.push_back(name("Enter_" + k));
      taken.push_back(name("Enter_" + k));
      results.push_back(dataInputs[i]);
      continue;
    }
    if (firstCarried < 0)
      firstCarried = static_cast<int>(i);
    tensorflow::NodeDef &merge =
        add("Merge_" + k, "Merge",
            {name("Enter_" + k), name("NextIteration_" + k)}, type);
    (*merge.mutable_attr())["N"].set_i(2);
    merged.push_back(name("Merge_" + k));
    taken.push_back(name("Identity_" + k));
    results.push_back(name("Exit_" + k));
  }
  if (firstCarried < 0) {
    error = "has no loop variable but resources; tfc lowers loops that "
            "carry a value";
    return failure();
  }
  // The condition's and the body's nodes with no input join the frame
  // through these pivots, as tf.while_loop's do.
  std::string first = std::to_string(firstCarried);
  std::vector<std::string> condInputs = merged;
  condInputs.push_back("^" + name("Merge_" + first));
  call("cond", *condFn, condInputs, *types, {tensorflow::DT_BOOL});
  add("LoopCond", "LoopCond", {name("cond")});
  std::vector<std::string> bodyInputs = taken;
  bodyInputs.push_back("^" + name("Identity_" + first));
  for (auto [i, type] : llvm::enumerate(*types)) {
    if (type == tensorflow::DT_RESOURCE)
      continue;
    std::string k = std::to_string(i);
    add("Switch_" + k, "Switch", {name("Merge_" + k), name("LoopCond")}, type);
    add("Exit_" + k, "Exit", {name("Switch_" + k)}, type);
    add("Identity_" + k, "Identity", {name("Switch_" + k) + ":1"}, type);
    add("NextIteration_" + k, "NextIteration",
        {name("body") + (i ? ":" + k : "")}, type);
  }
  call("body", *bodyFn, bodyInputs, *types, *types);
  replaceNode(results, *types, {});
  return std::move(nodes);
}

FailureOr<std::vector<tensorflow::NodeDef>>
mlir::tfc::graphdef::lowerFunctionalControlFlow(tensorflow::NodeDef &node,
                                                StringRef prefix,
                                                FunctionLookup lookup,
                                                std::string &error) {
  Lowering lowering(node, prefix, lookup);
  StringRef op = node.op();
  if (op == "If" || op == "StatelessIf")
    return lowering.lowerIf(error);
  return lowering.lowerWhile(error);
}

//===- InlineFunctions.cpp - function calls replaced by their bodies ------===//
//
// TensorFlow 2 graphs keep their computation in the GraphDef's
// FunctionDefLibrary and call it with `PartitionedCall` or
// `StatefulPartitionedCall` (or a node whose op is the function's name).
// As TensorFlow's own function inlining does, each call is replaced, before
// the graph is indexed, by a copy of the function's nodes:
//
// - the body of function `f` called by node `N` is copied under the name
//   scope `N/` (a body node `mul` becomes `N/mul`);
// - FunctionDef-style inputs become GraphDef-style ones: an argument's name
//   is the call's input bound to it, `node:out_arg:idx` is `N/node:k`, with
//   `k` the flat output index of output argument `out_arg` (from the op's
//   definition), `^node` is `^N/node`;
// - attribute placeholders (`$T`) take the value the call gives them;
// - the call's control inputs hold for the body: the body's nodes that
//   depend on no other body node wait for the NoOp `N/input_control_node`;
// - `N` itself becomes an `IdentityN` of the function's results (its `ret`
//   map, in output-argument order), so that `N:k` still names output `k`;
//   it waits for the nodes `control_ret` lists, so whoever uses the call's
//   outputs or waits for it (`^N`) runs the function's side effects, as
//   TensorFlow runs a call as one unit. A function without outputs makes
//   `N` a NoOp.
//
// Calls inside a body are inlined in turn; a function that calls itself
// is an error naming the chain of calls. Functional control flow (If,
// While) is first rewritten as TensorFlow 1 control flow whose branches,
// condition and body are such calls (LowerFunctionalControlFlow.cpp).
//
//===----------------------------------------------------------------------===//

#include "Importer.h"
#include "OutputArgs.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <deque>

using namespace mlir;
using namespace mlir::tfc::graphdef;

namespace {

/// The call ops; their function is the attribute `f`.
bool isCallOp(StringRef op) {
  return op == "PartitionedCall" || op == "StatefulPartitionedCall";
}

class Inliner {
public:
  Inliner(ModelFile &file, MLIRContext *context)
      : file(file), context(context), graph(*file.meta.mutable_graph_def()) {}

  LogicalResult run();

private:
  struct Call {
    int node;
    /// The functions being inlined around this call, outermost first.
    std::vector<std::string> chain;
  };

  /// A call's function and the attributes its placeholders take.
  struct Callee {
    const tensorflow::FunctionDef *function = nullptr;
    const google::protobuf::Map<std::string, tensorflow::AttrValue> *attrs =
        nullptr;
  };

  InFlightDiagnostic error(int node) {
    const tensorflow::NodeDef &def = graph.node(node);
    return emitError(file.nodeLocation(context, node))
           << "node '" << def.name() << "' (" << def.op() << "): ";
  }

  /// Whether node `def` calls a function, and which.
  FailureOr<std::optional<Callee>> calleeOf(int node);
  /// One call being inlined: its function, and the names the function's
  /// arguments and nodes take in the graph.
  struct Expansion {
    Expansion(const Call &call, const Callee &callee,
              const tensorflow::NodeDef &node)
        : call(call), callee(callee), node(node) {}

    const Call &call;
    Callee callee;
    /// Copied: the graph grows while the call is inlined.
    tensorflow::NodeDef node;
    std::vector<std::string> dataInputs, controlInputs;
    /// Argument name to the call's input bound to it.
    llvm::StringMap<std::string> args;
    /// Body node name to its index in the function.
    llvm::StringMap<int> body;
    std::string controlName;
    /// The name scope of the body's copies, `N/` or `N_k/`.
    std::string prefix;

    const tensorflow::FunctionDef &function() const { return *callee.function; }
    const tensorflow::OpDef &signature() const {
      return callee.function->signature();
    }
    const std::string &fname() const { return signature().name(); }
  };

  LogicalResult inlineCall(const Call &call, std::deque<Call> &work);
  /// Rewrites an If or While as TensorFlow 1 control flow whose calls of
  /// its functions are then inlined (LowerFunctionalControlFlow.cpp).
  LogicalResult lowerControlFlow(const Call &call, std::deque<Call> &work);
  /// Adds `def` to the graph at the source position of node `source`, and
  /// queues it when it calls a function or is an If or While.
  LogicalResult appendNode(tensorflow::NodeDef def, int source,
                           const std::vector<std::string> &chain,
                           std::deque<Call> &work);
  /// Rejects a recursive call, and calls nested too deep.
  LogicalResult checkNesting(const Expansion &e);
  /// Binds the call's data inputs to the function's single-tensor arguments.
  LogicalResult bindArguments(Expansion &e);
  /// Indexes the body by node name, rejecting clashes.
  LogicalResult indexBody(Expansion &e);
  /// Picks the control node's name and a name scope free in the graph.
  void chooseScope(Expansion &e);
  /// A FunctionDef-style input of body node `def` (or, if null, a ret) as a
  /// GraphDef one.
  FailureOr<std::string> translateInput(const Expansion &e,
                                        const tensorflow::NodeDef *def,
                                        StringRef text);
  /// The body's nodes, renamed into the scope, with GraphDef-style inputs.
  FailureOr<std::vector<tensorflow::NodeDef>> copyBody(const Expansion &e);
  /// The node that replaces the call: the results, after the function's
  /// side effects.
  FailureOr<tensorflow::NodeDef> callResults(const Expansion &e);
  /// Adds the control node and the body's copies to the graph, and queues
  /// the calls among the copies.
  LogicalResult appendBody(const Expansion &e,
                           std::vector<tensorflow::NodeDef> &copies,
                           std::deque<Call> &work);
  /// The flat output index of `arg:idx` of body node `def`.
  FailureOr<int> flatOutput(int call, const tensorflow::NodeDef &def,
                            StringRef function, StringRef arg, int idx);
  /// Replaces attribute placeholders of `def` with the call's values.
  LogicalResult resolvePlaceholders(int call, tensorflow::NodeDef &def,
                                    StringRef function, const Callee &callee);

  ModelFile &file;
  MLIRContext *context;
  tensorflow::GraphDef &graph;
  llvm::StringMap<const tensorflow::FunctionDef *> functions;
  llvm::StringMap<const tensorflow::OpDef *> opDefs;
  llvm::StringSet<> names;
  /// For ops of unknown layout: the output argument first seen, so that a
  /// second name shows the op has several.
  llvm::StringMap<std::string> assumedSingleArg;
};

/// How deep calls may nest.
constexpr size_t kMaxCallDepth = 64;

FailureOr<std::optional<Inliner::Callee>> Inliner::calleeOf(int node) {
  const tensorflow::NodeDef &def = graph.node(node);
  if (isCallOp(def.op())) {
    auto f = def.attr().find("f");
    if (f == def.attr().end() ||
        f->second.value_case() != tensorflow::AttrValue::kFunc) {
      error(node) << "has no function attribute 'f'";
      return failure();
    }
    auto it = functions.find(f->second.func().name());
    if (it == functions.end()) {
      error(node) << "calls function '" << f->second.func().name()
                  << "', which the graph's function library does not define";
      return failure();
    }
    return std::optional<Callee>(Callee{it->second, &f->second.func().attr()});
  }
  auto it = functions.find(def.op());
  if (it == functions.end())
    return std::optional<Callee>();
  return std::optional<Callee>(Callee{it->second, &def.attr()});
}

FailureOr<int> Inliner::flatOutput(int call, const tensorflow::NodeDef &def,
                                   StringRef function, StringRef arg, int idx) {
  auto fail = [&]() {
    return error(call) << "in function '" << function << "', node '"
                       << def.name() << "' (" << def.op() << "): ";
  };
  auto count = [&](const char *numberAttr,
                   const char *typeListAttr) -> std::optional<int> {
    if (numberAttr) {
      auto it = def.attr().find(numberAttr);
      if (it == def.attr().end() ||
          it->second.value_case() != tensorflow::AttrValue::kI)
        return std::nullopt;
      return static_cast<int>(it->second.i());
    }
    if (typeListAttr) {
      auto it = def.attr().find(typeListAttr);
      if (it == def.attr().end() ||
          it->second.value_case() != tensorflow::AttrValue::kList)
        return std::nullopt;
      return it->second.list().type_size();
    }
    return 1;
  };
  auto walk = [&](auto args) -> FailureOr<int> {
    int offset = 0;
    for (const auto &[name, numberAttr, typeListAttr] : args) {
      std::optional<int> n = count(numberAttr, typeListAttr);
      if (!n) {
        fail() << "cannot tell how many tensors its output argument '" << name
               << "' holds (attribute '"
               << (numberAttr ? numberAttr : typeListAttr) << "' is missing)";
        return failure();
      }
      if (name == arg) {
        if (idx >= *n) {
          fail() << "has no output '" << arg << ":" << idx << "' (its '" << arg
                 << "' holds " << *n << ")";
          return failure();
        }
        return offset + idx;
      }
      offset += *n;
    }
    fail() << "has no output argument '" << arg << "'";
    return failure();
  };
  using Arg = std::tuple<std::string, const char *, const char *>;
  auto fromOpDef = [](const tensorflow::OpDef &op) {
    std::vector<Arg> args;
    for (const auto &a : op.output_arg())
      args.emplace_back(
          a.name(), a.number_attr().empty() ? nullptr : a.number_attr().c_str(),
          a.type_list_attr().empty() ? nullptr : a.type_list_attr().c_str());
    return args;
  };
  // A function called by its name: one tensor per output argument.
  if (auto it = functions.find(def.op()); it != functions.end())
    return walk(fromOpDef(it->second->signature()));
  if (auto it = opDefs.find(def.op()); it != opDefs.end())
    return walk(fromOpDef(*it->second));
  for (const OpOutputs &layout : builtinOutputLayouts())
    if (def.op() == layout.op) {
      std::vector<Arg> args;
      for (const OutputArg &a : layout.args)
        args.emplace_back(a.name, a.numberAttr, a.typeListAttr);
      return walk(args);
    }
  auto [seen, inserted] = assumedSingleArg.try_emplace(def.op(), arg.str());
  if (!inserted && seen->second != arg) {
    fail() << "op '" << def.op() << "' has the output arguments '"
           << seen->second << "' and '" << arg
           << "', whose layout tfc does not know";
    return failure();
  }
  return idx;
}

LogicalResult Inliner::resolvePlaceholders(int call, tensorflow::NodeDef &def,
                                           StringRef function,
                                           const Callee &callee) {
  for (auto &[key, value] : *def.mutable_attr()) {
    if (value.value_case() != tensorflow::AttrValue::kPlaceholder)
      continue;
    auto it = callee.attrs->find(value.placeholder());
    if (it == callee.attrs->end())
      return error(call) << "in function '" << function << "', node '"
                         << def.name() << "' (" << def.op()
                         << "): its attribute '" << key
                         << "' is the function's attribute '$"
                         << value.placeholder()
                         << "', which the call does not set";
    value = it->second;
  }
  return success();
}

/// The node a tensor or control input names.
static StringRef nodeOfTensor(StringRef tensor) {
  return tensor.ltrim('^').take_until([](char c) { return c == ':'; });
}

LogicalResult Inliner::lowerControlFlow(const Call &call,
                                        std::deque<Call> &work) {
  auto lookup = [&](StringRef name) -> const tensorflow::FunctionDef * {
    auto it = functions.find(name);
    return it == functions.end() ? nullptr : it->second;
  };
  // The new nodes' name scope: `N/`, unless a node of the graph has one of
  // their names, then `N_1/`, ... (lowering again is cheap and rare).
  const std::string &name = graph.node(call.node).name();
  for (int k = 0;; ++k) {
    tensorflow::NodeDef node = graph.node(call.node);
    std::string prefix = (k == 0 ? name : name + "_" + std::to_string(k)) + "/";
    std::string message;
    FailureOr<std::vector<tensorflow::NodeDef>> nodes =
        lowerFunctionalControlFlow(node, prefix, lookup, message);
    if (failed(nodes))
      return error(call.node) << message;
    if (llvm::any_of(*nodes, [&](const tensorflow::NodeDef &def) {
          return names.count(def.name());
        }))
      continue;
    *graph.mutable_node(call.node) = std::move(node);
    for (tensorflow::NodeDef &def : *nodes)
      if (failed(appendNode(std::move(def), call.node, call.chain, work)))
        return failure();
    return success();
  }
}

LogicalResult Inliner::appendNode(tensorflow::NodeDef def, int source,
                                  const std::vector<std::string> &chain,
                                  std::deque<Call> &work) {
  // New nodes take the source position of the node they replace, where
  // the file has positions.
  bool positions =
      !file.nodePositions.empty() &&
      static_cast<int>(file.nodePositions.size()) == graph.node_size();
  names.insert(def.name());
  int index = graph.node_size();
  *graph.add_node() = std::move(def);
  if (positions)
    file.nodePositions.push_back(file.nodePositions[source]);
  if (isFunctionalControlFlow(graph.node(index).op())) {
    work.push_back({index, chain});
    return success();
  }
  FailureOr<std::optional<Callee>> nested = calleeOf(index);
  if (failed(nested))
    return failure();
  if (*nested)
    work.push_back({index, chain});
  return success();
}

LogicalResult Inliner::inlineCall(const Call &call, std::deque<Call> &work) {
  if (isFunctionalControlFlow(graph.node(call.node).op()))
    return lowerControlFlow(call, work);
  FailureOr<std::optional<Callee>> found = calleeOf(call.node);
  if (failed(found))
    return failure();
  Expansion e(call, **found, graph.node(call.node));
  if (failed(checkNesting(e)) || failed(bindArguments(e)) ||
      failed(indexBody(e)))
    return failure();
  chooseScope(e);
  FailureOr<std::vector<tensorflow::NodeDef>> copies = copyBody(e);
  if (failed(copies))
    return failure();
  FailureOr<tensorflow::NodeDef> results = callResults(e);
  if (failed(results))
    return failure();
  *graph.mutable_node(call.node) = std::move(*results);
  return appendBody(e, *copies, work);
}

LogicalResult Inliner::checkNesting(const Expansion &e) {
  const std::string &fname = e.fname();
  if (llvm::is_contained(e.call.chain, fname)) {
    InFlightDiagnostic diag = error(e.call.node) << "calls function '" << fname
                                                 << "' recursively (";
    diag << llvm::join(e.call.chain, " -> ") << " -> " << fname
         << "); tfc inlines calls and cannot inline a recursion";
    return failure();
  }
  if (e.call.chain.size() >= kMaxCallDepth)
    return error(e.call.node)
           << "calls nest deeper than " << kMaxCallDepth << " functions";
  return success();
}

LogicalResult Inliner::bindArguments(Expansion &e) {
  const tensorflow::OpDef &signature = e.signature();
  const std::string &fname = e.fname();
  for (const std::string &input : e.node.input())
    (StringRef(input).starts_with("^") ? e.controlInputs : e.dataInputs)
        .push_back(input);
  for (const auto &arg : signature.input_arg())
    if (!arg.number_attr().empty() || !arg.type_list_attr().empty())
      return error(e.call.node)
             << "function '" << fname << "' has the list argument '"
             << arg.name() << "'; tfc inlines functions whose arguments are "
             << "single tensors (as TensorFlow instantiates them)";
  for (const auto &arg : signature.output_arg())
    if (!arg.number_attr().empty() || !arg.type_list_attr().empty())
      return error(e.call.node)
             << "function '" << fname << "' has the list result '" << arg.name()
             << "'; tfc inlines functions whose results are "
             << "single tensors (as TensorFlow instantiates them)";
  if (static_cast<int>(e.dataInputs.size()) != signature.input_arg_size())
    return error(e.call.node)
           << "passes " << e.dataInputs.size() << " inputs to function '"
           << fname << "', which takes " << signature.input_arg_size();
  for (auto [i, arg] : llvm::enumerate(signature.input_arg()))
    e.args[arg.name()] = e.dataInputs[i];
  return success();
}

LogicalResult Inliner::indexBody(Expansion &e) {
  for (auto [i, def] : llvm::enumerate(e.function().node_def())) {
    if (e.args.count(def.name()))
      return error(e.call.node)
             << "in function '" << e.fname() << "', node '" << def.name()
             << "' has the name of an argument";
    if (!e.body.try_emplace(def.name(), static_cast<int>(i)).second)
      return error(e.call.node) << "in function '" << e.fname() << "', node '"
                                << def.name() << "' is defined twice";
  }
  return success();
}

void Inliner::chooseScope(Expansion &e) {
  // The name scope: `N/`, unless a node of the graph has a name there.
  e.controlName = "input_control_node";
  for (int k = 1; e.body.count(e.controlName); ++k)
    e.controlName = "input_control_node_" + std::to_string(k);
  const std::string &name = e.node.name();
  for (int k = 0;; ++k) {
    e.prefix = (k == 0 ? name : name + "_" + std::to_string(k)) + "/";
    bool free = !names.count(e.prefix + e.controlName);
    for (const auto &entry : e.body)
      free = free && !names.count(e.prefix + entry.getKey().str());
    if (free)
      break;
  }
}

FailureOr<std::string> Inliner::translateInput(const Expansion &e,
                                               const tensorflow::NodeDef *def,
                                               StringRef text) {
  const std::string &fname = e.fname();
  bool control = text.consume_front("^");
  SmallVector<StringRef, 3> parts;
  text.split(parts, ':');
  auto bad = [&]() -> InFlightDiagnostic {
    if (def)
      return error(e.call.node)
             << "in function '" << fname << "', node '" << def->name() << "' ("
             << def->op() << "): input '" << (control ? "^" : "") << text
             << "' ";
    return error(e.call.node)
           << "in function '" << fname << "', result '" << text << "' ";
  };
  if (parts.size() == 1) {
    if (auto it = e.args.find(text); it != e.args.end())
      return control ? "^" + nodeOfTensor(it->second).str() : it->second;
    if (e.body.count(text))
      return (control ? "^" : "") + e.prefix + text.str();
    bad() << "names neither an argument nor a node of the function";
    return failure();
  }
  if (control) {
    bad() << "is a control input with an output";
    return failure();
  }
  int flat;
  int idx;
  if (!e.body.count(parts[0])) {
    bad() << "names no node of the function";
    return failure();
  }
  int bodyIndex = e.body.lookup(parts[0]);
  if (parts.size() == 2) {
    if (parts[1].getAsInteger(10, flat) || flat < 0) {
      bad() << "is neither 'node:output_arg:index' nor 'node:index'";
      return failure();
    }
  } else if (parts.size() == 3 && !parts[2].getAsInteger(10, idx) && idx >= 0) {
    tensorflow::NodeDef producer = e.function().node_def(bodyIndex);
    if (failed(resolvePlaceholders(e.call.node, producer, fname, e.callee)))
      return failure();
    FailureOr<int> k = flatOutput(e.call.node, producer, fname, parts[1], idx);
    if (failed(k))
      return failure();
    flat = *k;
  } else {
    bad() << "is not of the form 'node:output_arg:index'";
    return failure();
  }
  std::string result = e.prefix + parts[0].str();
  if (flat != 0)
    result += ":" + std::to_string(flat);
  return result;
}

FailureOr<std::vector<tensorflow::NodeDef>>
Inliner::copyBody(const Expansion &e) {
  std::vector<tensorflow::NodeDef> copies;
  for (const tensorflow::NodeDef &def : e.function().node_def()) {
    tensorflow::NodeDef copy = def;
    if (failed(resolvePlaceholders(e.call.node, copy, e.fname(), e.callee)))
      return failure();
    copy.set_name(e.prefix + def.name());
    copy.clear_input();
    bool dependsOnBody = false;
    for (const std::string &input : def.input()) {
      FailureOr<std::string> text = translateInput(e, &def, input);
      if (failed(text))
        return failure();
      dependsOnBody = dependsOnBody || e.body.count(nodeOfTensor(input));
      copy.add_input(*text);
    }
    if (!e.controlInputs.empty() && !dependsOnBody)
      copy.add_input("^" + e.prefix + e.controlName);
    copies.push_back(std::move(copy));
  }
  return copies;
}

FailureOr<tensorflow::NodeDef> Inliner::callResults(const Expansion &e) {
  const tensorflow::FunctionDef &f = e.function();
  const tensorflow::OpDef &signature = e.signature();
  const std::string &fname = e.fname();
  tensorflow::NodeDef results;
  results.set_name(e.node.name());
  results.set_device(e.node.device());
  tensorflow::AttrValue types;
  for (const auto &arg : signature.output_arg()) {
    auto ret = f.ret().find(arg.name());
    if (ret == f.ret().end())
      return error(e.call.node) << "function '" << fname << "' returns nothing "
                                << "for its result '" << arg.name() << "'";
    FailureOr<std::string> text = translateInput(e, nullptr, ret->second);
    if (failed(text))
      return failure();
    results.add_input(*text);
    int dtype = arg.type();
    if (!arg.type_attr().empty()) {
      auto attr = e.callee.attrs->find(arg.type_attr());
      if (attr != e.callee.attrs->end() &&
          attr->second.value_case() == tensorflow::AttrValue::kType)
        dtype = attr->second.type();
    }
    types.mutable_list()->add_type(static_cast<tensorflow::DataType>(dtype));
  }
  std::vector<std::string> controlRets;
  for (const auto &[key, target] : f.control_ret()) {
    if (!e.body.count(target))
      return error(e.call.node) << "function '" << fname << "': control "
                                << "result '" << key << "' names no node '"
                                << target << "' of the function";
    controlRets.push_back("^" + e.prefix + target);
  }
  llvm::sort(controlRets);
  for (const std::string &input : controlRets)
    results.add_input(input);
  if (signature.output_arg_size() == 0) {
    results.set_op("NoOp");
  } else {
    results.set_op("IdentityN");
    (*results.mutable_attr())["T"] = types;
    auto shapes = e.node.attr().find("_output_shapes");
    if (shapes != e.node.attr().end())
      (*results.mutable_attr())["_output_shapes"] = shapes->second;
  }
  return results;
}

LogicalResult Inliner::appendBody(const Expansion &e,
                                  std::vector<tensorflow::NodeDef> &copies,
                                  std::deque<Call> &work) {
  std::vector<std::string> chain = e.call.chain;
  chain.push_back(e.fname());
  if (!e.controlInputs.empty()) {
    tensorflow::NodeDef control;
    control.set_name(e.prefix + e.controlName);
    control.set_op("NoOp");
    for (const std::string &input : e.controlInputs)
      control.add_input(input);
    if (failed(appendNode(std::move(control), e.call.node, chain, work)))
      return failure();
  }
  for (tensorflow::NodeDef &copy : copies)
    if (failed(appendNode(std::move(copy), e.call.node, chain, work)))
      return failure();
  return success();
}

LogicalResult Inliner::run() {
  for (const tensorflow::FunctionDef &f : graph.library().function())
    functions[f.signature().name()] = &f;
  for (const tensorflow::OpDef &op :
       file.meta.meta_info_def().stripped_op_list().op())
    opDefs[op.name()] = &op;
  std::deque<Call> work;
  for (int i = 0, e = graph.node_size(); i < e; ++i) {
    names.insert(graph.node(i).name());
    if (isFunctionalControlFlow(graph.node(i).op())) {
      work.push_back({i, {}});
      continue;
    }
    FailureOr<std::optional<Callee>> callee = calleeOf(i);
    if (failed(callee))
      return failure();
    if (*callee)
      work.push_back({i, {}});
  }
  while (!work.empty()) {
    Call call = std::move(work.front());
    work.pop_front();
    if (failed(inlineCall(call, work)))
      return failure();
  }
  return success();
}

} // namespace

LogicalResult mlir::tfc::graphdef::inlineFunctionCalls(ModelFile &file,
                                                       MLIRContext *context) {
  bool hasCalls = false;
  if (file.graph().library().function_size() == 0) {
    for (const tensorflow::NodeDef &node : file.graph().node())
      hasCalls = hasCalls || isCallOp(node.op());
    if (!hasCalls)
      return success();
  }
  return Inliner(file, context).run();
}

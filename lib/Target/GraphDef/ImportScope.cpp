//===- ImportScope.cpp - importing nodes into a region --------------------===//
//
// Nodes are imported in dependency order: what the region's results need,
// found by walking inputs back from them (pruning the rest, as
// session.run does), then sorted so that each node comes after its inputs.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <queue>

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

ImportedNode *ImportScope::find(int node) {
  for (ImportScope *scope = this; scope; scope = scope->parent) {
    auto it = scope->nodes.find(node);
    if (it != scope->nodes.end())
      return &it->second;
  }
  return nullptr;
}

const ImportedValue *ImportScope::findGiven(TensorId id) {
  for (ImportScope *scope = this; scope; scope = scope->parent) {
    auto it = scope->given.find({id.node, id.output});
    if (it != scope->given.end())
      return &it->second;
  }
  return nullptr;
}

bool ImportScope::isGivenControl(int node) {
  for (ImportScope *scope = this; scope; scope = scope->parent)
    if (scope->givenControl.contains(node))
      return true;
  return false;
}

namespace {

/// Warns where the shapes TensorFlow recorded in `_output_shapes` disagree
/// with the ones tfc inferred: a cross-check, never the source of truth.
void crossCheckOutputShapes(NodeImporter &importer) {
  const tensorflow::AttrValue *recorded = importer.attr("_output_shapes");
  if (!recorded)
    return;
  const auto &shapes = recorded->list().shape();
  for (auto [i, output] : llvm::enumerate(importer.result.outputs)) {
    if (i >= static_cast<size_t>(shapes.size()) || !output.value)
      continue;
    auto inferred = dyn_cast<RankedTensorType>(output.value.getType());
    const tensorflow::TensorShapeProto &shape = shapes[i];
    if (!inferred || shape.unknown_rank())
      continue;
    // tfc holds a string as the vector of its bytes: one dimension more
    // than TensorFlow records.
    bool bytes = inferred.getElementType().isInteger(8) &&
                 inferred.getRank() == shape.dim_size() + 1;
    bool agree = bytes || inferred.getRank() == shape.dim_size();
    for (int d = 0; agree && d < shape.dim_size(); ++d) {
      int64_t size = shape.dim(d).size();
      agree = size < 0 || inferred.isDynamicDim(d) ||
              inferred.getDimSize(d) == size;
    }
    if (agree)
      continue;
    std::string dims;
    for (int d = 0; d < shape.dim_size(); ++d)
      dims += (d ? "," : "") + std::to_string(shape.dim(d).size());
    emitWarning(importer.loc)
        << "node '" << importer.node.name() << "' (" << importer.node.op()
        << "): output " << i << " has type " << output.value.getType()
        << ", but the graph records the shape [" << dims << "]";
  }
}

/// Runs `fn` for the node's op type; wraps what it made in
/// `tfc.control_dependencies` when the node has control inputs the ops did
/// not take.
LogicalResult importNode(ImportScope &scope, int node) {
  OpBuilder builder = OpBuilder::atBlockEnd(scope.block);
  NodeImporter importer(scope, node, builder);
  const OpImporterEntry *entry = OpRegistry::get().lookup(importer.node.op());
  if (!entry)
    return importer.error("op type '" + importer.node.op() +
                          "' is not supported");
  Operation *last = scope.block->empty() ? nullptr : &scope.block->back();
  if (failed(entry->fn(importer)))
    return failure();

  if (!importer.tookControlTokens()) {
    // What the node made, before the tokens: the groups that merge the
    // tokens of pure nodes are those nodes' tokens, used elsewhere too, so
    // they stay outside the body.
    SmallVector<Operation *> made;
    Operation *first = last                   ? last->getNextNode()
                       : scope.block->empty() ? nullptr
                                              : &scope.block->front();
    for (Operation *op = first; op; op = op->getNextNode())
      made.push_back(op);
    SmallVector<Value> tokens = importer.takeControlTokens();
    if (!tokens.empty()) {
      // Everything the node made runs after its control inputs, and
      // whoever uses its outputs makes them run (TensorFlow 1's rule).
      SmallVector<Value> yielded;
      SmallVector<std::pair<unsigned, bool>> where; // output, is token
      for (auto [i, out] : llvm::enumerate(importer.result.outputs))
        if (out.value) {
          yielded.push_back(out.value);
          where.push_back({static_cast<unsigned>(i), false});
        }
      if (importer.result.token) {
        yielded.push_back(importer.result.token);
        where.push_back({0, true});
      }
      auto wrapper = ControlDependenciesOp::create(
          builder, importer.loc, ValueRange(yielded).getTypes(), tokens);
      Block *body = new Block();
      wrapper.getBody().push_back(body);
      for (Operation *op : made)
        op->moveBefore(body, body->end());
      OpBuilder inner = OpBuilder::atBlockEnd(body);
      YieldOp::create(inner, importer.loc, yielded);
      for (auto [k, place] : llvm::enumerate(where)) {
        Value result = wrapper.getResult(k);
        if (place.second)
          importer.result.token = result;
        else
          importer.result.outputs[place.first].value = result;
      }
    }
  }
  // Name the op that defines the first result after the node (the nodes
  // functionalization made have no TensorFlow name).
  bool synthetic = StringRef(importer.node.op()).starts_with("_Tfc");
  Value first = importer.result.outputs.empty()
                    ? importer.result.token
                    : importer.result.outputs.front().value;
  if (first && !synthetic)
    if (Operation *op = first.getDefiningOp())
      if (op->getBlock() == scope.block && !op->hasAttr(kNameAttrName))
        op->setAttr(kNameAttrName, builder.getStringAttr(importer.node.name()));
  crossCheckOutputShapes(importer);
  scope.nodes[node] = std::move(importer.result);
  return success();
}

/// Whether a node waits in `scope` for its input `input`: the input is
/// neither a tensor given nor a control edge that holds without a token.
bool waitsFor(ImportScope &scope, const NodeInput &input) {
  return input.control ? !scope.isGivenControl(input.node)
                       : !scope.findGiven({input.node, input.output});
}

/// What `tensors` and `targetNodes` need, stopping at given tensors and at
/// nodes an enclosing scope has imported.
llvm::SetVector<int> neededNodes(ImportScope &scope, ArrayRef<TensorId> tensors,
                                 ArrayRef<int> targetNodes) {
  const GraphIndex &index = scope.importer.index;
  llvm::SetVector<int> needed;
  SmallVector<int> work;
  for (TensorId id : tensors)
    if (!scope.findGiven(id))
      work.push_back(id.node);
  work.append(targetNodes.begin(), targetNodes.end());
  while (!work.empty()) {
    int node = work.pop_back_val();
    if (scope.find(node) || !needed.insert(node))
      continue;
    for (const NodeInput &input : index.inputs(node))
      if (waitsFor(scope, input))
        work.push_back(input.node);
  }
  return needed;
}

/// Fails naming every unsupported op type among `needed` at once, with
/// counts and first nodes.
LogicalResult checkSupported(GraphImporter &importer,
                             const llvm::SetVector<int> &needed) {
  const GraphIndex &index = importer.index;
  llvm::StringMap<SmallVector<int>> unsupported;
  for (int node : needed)
    if (!OpRegistry::get().lookup(index.node(node).op()))
      unsupported[index.node(node).op()].push_back(node);
  if (unsupported.empty())
    return success();
  std::vector<std::string> types;
  for (auto &entry : unsupported) {
    types.push_back(entry.first().str());
    llvm::sort(entry.second);
  }
  llvm::sort(types);
  int first = unsupported[types.front()].front();
  InFlightDiagnostic diag = emitError(importer.nodeLocation(first))
                            << types.size()
                            << " op type(s) of the graph are not "
                               "supported by tfc:";
  for (const std::string &type : types) {
    ArrayRef<int> nodes = unsupported[type];
    diag << "\n  " << type << " x" << nodes.size() << " (";
    for (auto [i, node] : llvm::enumerate(nodes.take_front(3)))
      diag << (i ? ", " : "") << "'" << index.node(node).name() << "'";
    diag << (nodes.size() > 3 ? ", ...)" : ")");
  }
  return failure();
}

/// Imports `needed` into `scope`, each node after its inputs (Kahn's
/// algorithm; among ready nodes the one written first goes first).
LogicalResult importInOrder(ImportScope &scope,
                            const llvm::SetVector<int> &needed) {
  const GraphIndex &index = scope.importer.index;
  llvm::DenseMap<int, int> pending;
  llvm::DenseMap<int, SmallVector<int, 2>> users;
  for (int node : needed) {
    int count = 0;
    for (const NodeInput &input : index.inputs(node))
      if (needed.contains(input.node) && waitsFor(scope, input)) {
        ++count;
        users[input.node].push_back(node);
      }
    pending[node] = count;
  }
  std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
  for (int node : needed)
    if (pending[node] == 0)
      ready.push(node);
  size_t imported = 0;
  while (!ready.empty()) {
    int node = ready.top();
    ready.pop();
    // A nested region may have had this scope import it already.
    if (!scope.find(node) && failed(importNode(scope, node)))
      return failure();
    ++imported;
    for (int user : users[node])
      if (--pending[user] == 0)
        ready.push(user);
  }
  if (imported == needed.size())
    return success();
  int stuck = -1;
  for (int node : needed)
    if (pending[node] > 0 && (stuck < 0 || node < stuck))
      stuck = node;
  return emitError(scope.importer.nodeLocation(stuck))
         << "node '" << index.node(stuck).name() << "' ("
         << index.node(stuck).op()
         << ") is on a cycle of the graph that is not a TensorFlow "
            "while loop";
}

} // namespace

LogicalResult ImportScope::importFor(ArrayRef<TensorId> tensors,
                                     ArrayRef<int> targetNodes) {
  llvm::SetVector<int> needed = neededNodes(*this, tensors, targetNodes);
  if (failed(checkSupported(importer, needed)))
    return failure();
  return importInOrder(*this, needed);
}

FailureOr<Value> ImportScope::tensorValue(TensorId id, OpBuilder &builder,
                                          Location loc) {
  const ImportedValue *value = findGiven(id);
  if (!value) {
    ImportedNode *node = find(id.node);
    assert(node && "inputs are imported before their users");
    if (id.output >= static_cast<int>(node->outputs.size()))
      return emitError(loc) << "node '" << importer.index.node(id.node).name()
                            << "' (" << importer.index.node(id.node).op()
                            << ") has no output " << id.output;
    value = &node->outputs[id.output];
  }
  if (value->value)
    return value->value;
  if (!value->variable)
    return emitError(loc) << "node '" << importer.index.node(id.node).name()
                          << "' output " << id.output << " is not a tensor";
  if (initialValue)
    return InitializedValueOp::create(builder, loc, value->variable)
        .getResult();
  auto read = ReadOp::create(builder, loc, value->variable, ValueRange());
  return read.getValue();
}

Value ImportScope::tokenOf(int root, OpBuilder &builder) {
  // Iterative, as graphs may be deep: a pure node's token merges those of
  // the nodes it depends on.
  SmallVector<std::pair<int, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [node, expanded] = stack.pop_back_val();
    ImportedNode *imported = find(node);
    if (!imported || imported->hasOwnToken)
      continue;
    const auto &inputs = importer.index.inputs(node);
    if (!expanded) {
      stack.push_back({node, true});
      for (const NodeInput &input : inputs) {
        ImportedNode *producer = find(input.node);
        if (producer && !producer->hasOwnToken)
          stack.push_back({input.node, false});
      }
      continue;
    }
    llvm::SetVector<Value> tokens;
    if (imported->token)
      tokens.insert(imported->token);
    for (const NodeInput &input : inputs)
      if (input.control ? isGivenControl(input.node)
                        : findGiven({input.node, input.output}) != nullptr)
        continue;
      else if (ImportedNode *producer = find(input.node))
        if (producer->token)
          tokens.insert(producer->token);
    Location loc = importer.nodeLocation(node);
    if (tokens.size() == 1)
      imported->token = tokens.front();
    else if (tokens.size() > 1)
      imported->token =
          GroupOp::create(builder, loc, tokens.getArrayRef()).getResult();
    imported->hasOwnToken = true;
  }
  ImportedNode *imported = find(root);
  return imported ? imported->token : Value();
}

LogicalResult ImportScope::hoistInvariants(ImportScope &region,
                                           ArrayRef<TensorId> tensors) {
  const GraphIndex &index = importer.index;
  // The nodes the region would import, in an order where inputs come
  // first (a reversed post-order of the walk back from its results).
  llvm::SetVector<int> closure;
  SmallVector<std::pair<int, bool>> stack;
  for (TensorId id : tensors)
    if (!region.findGiven(id))
      stack.push_back({id.node, false});
  llvm::DenseSet<int> visited;
  while (!stack.empty()) {
    auto [node, expanded] = stack.pop_back_val();
    if (expanded) {
      closure.insert(node);
      continue;
    }
    if (region.find(node) || !visited.insert(node).second)
      continue;
    stack.push_back({node, true});
    for (const NodeInput &input : index.inputs(node))
      if (input.control ? !region.isGivenControl(input.node)
                        : !region.findGiven({input.node, input.output}))
        stack.push_back({input.node, false});
  }
  // A node depends on the region when an input is given to the region or
  // depends on it.
  llvm::DenseSet<int> dependent;
  SmallVector<int> invariant;
  for (int node : closure) {
    bool depends = false;
    for (const NodeInput &input : index.inputs(node)) {
      bool given = input.control
                       ? region.givenControl.contains(input.node)
                       : region.given.count({input.node, input.output}) > 0;
      if (given || dependent.contains(input.node))
        depends = true;
    }
    if (depends)
      dependent.insert(node);
    else
      invariant.push_back(node);
  }
  if (invariant.empty())
    return success();
  return importFor({}, invariant);
}

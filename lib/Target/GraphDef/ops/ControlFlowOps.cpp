//===- ControlFlowOps.cpp - functionalized conds and loops ----------------===//
//
// `_TfcCond` and `_TfcWhile` are what Functionalize.cpp made of TensorFlow
// 1's Switch/Merge conds and Enter/Exit frames. Each region is imported in
// a scope nested in the node's: what enters through a Switch, a Merge or an
// Enter is given to it, and what does not depend on those is imported
// outside first, where TensorFlow computes it.
//
//===----------------------------------------------------------------------===//

#include "../Importer.h"

#include "tfc/Dialect/TFC/IR/TFCShapes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

static std::vector<std::string> stringList(NodeImporter &n, StringRef name) {
  std::vector<std::string> values;
  if (const tensorflow::AttrValue *attr = n.attr(name))
    for (const std::string &s : attr->list().s())
      values.push_back(s);
  return values;
}

static std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Makes `op` run after `tokens` (the node's control inputs) by wrapping it
/// in `tfc.control_dependencies`; returns the values to use.
static SmallVector<Value> afterTokens(NodeImporter &n, Operation *op,
                                      ArrayRef<Value> tokens) {
  if (tokens.empty())
    return SmallVector<Value>(op->getResults());
  auto wrapper = ControlDependenciesOp::create(n.builder, n.loc,
                                               op->getResultTypes(), tokens);
  Block *body = new Block();
  wrapper.getBody().push_back(body);
  op->moveBefore(body, body->end());
  OpBuilder inner = OpBuilder::atBlockEnd(body);
  YieldOp::create(inner, n.loc, op->getResults());
  return SmallVector<Value>(wrapper.getResults());
}

/// Sets the outputs of the cond or loop `op` to `results`. A control edge
/// may leave it (`^while/Exit`, or a functional If's or While's node); when
/// its regions have effects, its token is that of its results, so that
/// what waits for it runs after those effects.
static void setRegionOpOutputs(NodeImporter &n, Operation *op,
                               ArrayRef<Value> results) {
  n.setOutputs(results);
  if (!results.empty() && !isMemoryEffectFree(op))
    n.setToken(ReadyOp::create(n.builder, n.loc, results).getResult());
}

/// Resolves tensor names the functionalization wrote.
static FailureOr<SmallVector<TensorId>>
tensorsNamed(NodeImporter &n, ArrayRef<std::string> names) {
  SmallVector<TensorId> ids;
  for (const std::string &name : names) {
    std::optional<TensorId> id = n.scope.importer.index.parseTensor(name);
    if (!id) {
      (void)n.error("names a tensor '" + name + "' the graph lacks");
      return failure();
    }
    ids.push_back(*id);
  }
  return ids;
}

static FailureOr<int> nodeNamed(NodeImporter &n, const std::string &name) {
  int node = n.scope.importer.index.lookup(name);
  if (node < 0) {
    (void)n.error("names a node '" + name + "' the graph lacks");
    return failure();
  }
  return node;
}

/// Imports what `tensors` need into `region`, and returns their values.
static FailureOr<SmallVector<Value>> importRegion(NodeImporter &n,
                                                  ImportScope &region,
                                                  Block *block,
                                                  ArrayRef<TensorId> tensors) {
  if (failed(n.scope.hoistInvariants(region, tensors)) ||
      failed(region.importFor(tensors, {})))
    return failure();
  OpBuilder inner = OpBuilder::atBlockEnd(block);
  SmallVector<Value> values;
  for (TensorId id : tensors) {
    FailureOr<Value> value = region.tensorValue(id, inner, n.loc);
    if (failed(value))
      return failure();
    values.push_back(*value);
  }
  return values;
}

/// The value of a scalar predicate the import knows: a constant, or an
/// integer comparison of two constants (`tf.shape(x)[1] == 1` once static
/// feeds fix the shape).
static std::optional<bool> knownPredicate(Value pred) {
  DenseElementsAttr value;
  if (matchPattern(pred, m_Constant(&value)))
    return value.getNumElements() == 1 && value.getElementType().isInteger(1)
               ? std::optional<bool>(*value.value_begin<bool>())
               : std::nullopt;
  Operation *op = pred.getDefiningOp();
  if (!op || op->getNumOperands() != 2)
    return std::nullopt;
  DenseElementsAttr lhs, rhs;
  if (!matchPattern(op->getOperand(0), m_Constant(&lhs)) ||
      !matchPattern(op->getOperand(1), m_Constant(&rhs)) ||
      lhs.getNumElements() != 1 || rhs.getNumElements() != 1 ||
      !isa<IntegerType>(lhs.getElementType()) ||
      lhs.getElementType() != rhs.getElementType())
    return std::nullopt;
  int64_t a = (*lhs.value_begin<APInt>()).getSExtValue();
  int64_t b = (*rhs.value_begin<APInt>()).getSExtValue();
  if (isa<EqualOp>(op))
    return a == b;
  if (isa<NotEqualOp>(op))
    return a != b;
  if (isa<LessOp>(op))
    return a < b;
  if (isa<LessEqualOp>(op))
    return a <= b;
  if (isa<GreaterOp>(op))
    return a > b;
  if (isa<GreaterEqualOp>(op))
    return a >= b;
  return std::nullopt;
}

/// Imports branch `branch` of the draft cond (region 0, the true branch,
/// takes Switch output 1): what `outputs` need, each followed by the
/// value_index its Merge gives it.
static FailureOr<SmallVector<Value>>
importBranch(NodeImporter &n, Operation *draft, int branch,
             ArrayRef<std::string> switches, ArrayRef<ImportedValue> entering,
             ArrayRef<TensorId> outputs, ArrayRef<int64_t> thenIndex,
             bool inPlace) {
  int port = branch == 0 ? 1 : 0;
  Block *block = new Block();
  draft->getRegion(branch).push_back(block);
  ImportScope region(n.scope.importer, block, &n.scope, n.scope.initialValue);
  for (auto [k, name] : llvm::enumerate(switches)) {
    FailureOr<int> sw = nodeNamed(n, name);
    if (failed(sw))
      return failure();
    region.given[{*sw, port}] = entering[k];
    region.givenControl.insert(*sw);
  }
  FailureOr<SmallVector<Value>> values =
      importRegion(n, region, block, outputs);
  if (failed(values))
    return failure();
  // A branch taken in place is part of the enclosing scope: what it
  // imported is there for the other conds on the same predicate (the
  // gradient of a cond is several conds, one per name scope, that read the
  // same forward values), which would otherwise import it again.
  if (inPlace) {
    for (auto &[node, imported] : region.nodes)
      n.scope.nodes.try_emplace(node, imported);
    for (auto &[id, value] : region.given)
      n.scope.given.try_emplace(id, value);
    n.scope.givenControl.insert(region.givenControl.begin(),
                                region.givenControl.end());
  }
  // Each Merge's value_index says which input it took.
  OpBuilder inner = OpBuilder::atBlockEnd(block);
  SmallVector<Value> results;
  auto indexType = RankedTensorType::get({}, n.builder.getI32Type());
  for (auto [j, value] : llvm::enumerate(*values)) {
    int64_t index = thenIndex.size() > j ? thenIndex[j] : 1;
    if (branch == 1)
      index = 1 - index;
    results.push_back(value);
    results.push_back(
        ConstantOp::create(
            inner, n.loc,
            DenseElementsAttr::get(indexType, static_cast<int32_t>(index)))
            .getResult());
  }
  return results;
}

/// The cond's result types: what the two branches yield, joined.
static FailureOr<SmallVector<Type>> branchTypes(NodeImporter &n,
                                                ArrayRef<Value> thenValues,
                                                ArrayRef<Value> elseValues) {
  SmallVector<Type> types;
  for (auto [a, b] : llvm::zip(thenValues, elseValues)) {
    Type joined = joinTypes(a.getType(), b.getType());
    if (!joined)
      return n.error("the branches of the cond yield " +
                     typeString(a.getType()) + " and " +
                     typeString(b.getType()));
    types.push_back(joined);
  }
  return types;
}

static LogicalResult importCond(NodeImporter &n) {
  FailureOr<Value> pred = n.input(0);
  if (failed(pred))
    return failure();
  std::vector<std::string> switches = stringList(n, "switches");
  FailureOr<SmallVector<TensorId>> thenOutputs =
      tensorsNamed(n, stringList(n, "then_outputs"));
  FailureOr<SmallVector<TensorId>> elseOutputs =
      tensorsNamed(n, stringList(n, "else_outputs"));
  if (failed(thenOutputs) || failed(elseOutputs))
    return failure();
  SmallVector<int64_t> thenIndex;
  if (const tensorflow::AttrValue *attr = n.attr("then_index"))
    thenIndex.assign(attr->list().i().begin(), attr->list().i().end());
  SmallVector<ImportedValue> entering;
  for (unsigned k = 0; k < switches.size(); ++k) {
    FailureOr<ImportedValue> value = n.importedInput(k + 1);
    if (failed(value))
      return failure();
    entering.push_back(*value);
  }
  SmallVector<Value> tokens = n.takeControlTokens();

  // The branches are filled in a draft; the cond is made once their types
  // are known.
  OperationState draftState(n.loc, CondOp::getOperationName());
  draftState.addOperands(*pred);
  draftState.addRegion();
  draftState.addRegion();
  Operation *draft = n.builder.create(draftState);
  llvm::scope_exit eraseDraft([&] { draft->erase(); });
  // A predicate the import knows (`smart_cond` on a shape that static
  // feeds fix) takes one branch: only it is imported, in place. The other
  // may not even be valid for these shapes (the CRF's single-step branch
  // squeezes a time dimension that is not 1).
  int taken = -1;
  if (std::optional<bool> known = knownPredicate(*pred); known && tokens.empty())
    taken = *known ? 0 : 1;
  SmallVector<SmallVector<Value>> yielded;
  for (int branch = 0; branch < 2; ++branch) {
    if (taken >= 0 && branch != taken) {
      draft->getRegion(branch).push_back(new Block());
      yielded.emplace_back();
      continue;
    }
    FailureOr<SmallVector<Value>> results =
        importBranch(n, draft, branch, switches, entering,
                     branch == 0 ? *thenOutputs : *elseOutputs, thenIndex,
                     /*inPlace=*/taken >= 0);
    if (failed(results))
      return failure();
    yielded.push_back(*results);
  }
  if (taken >= 0) {
    Block &branch = draft->getRegion(taken).front();
    draft->getBlock()->getOperations().splice(Block::iterator(draft),
                                              branch.getOperations());
    n.setOutputs(yielded[taken]);
    return success();
  }
  FailureOr<SmallVector<Type>> types = branchTypes(n, yielded[0], yielded[1]);
  if (failed(types))
    return failure();
  for (int branch = 0; branch < 2; ++branch) {
    OpBuilder inner = OpBuilder::atBlockEnd(&draft->getRegion(branch).front());
    YieldOp::create(inner, n.loc, yielded[branch]);
  }
  OperationState state(n.loc, CondOp::getOperationName());
  state.addOperands(*pred);
  state.addTypes(*types);
  state.addRegion()->takeBody(draft->getRegion(0));
  state.addRegion()->takeBody(draft->getRegion(1));
  Operation *cond = n.builder.create(state);
  if (failed(n.check(cond)))
    return failure();
  setRegionOpOutputs(n, cond, afterTokens(n, cond, tokens));
  return success();
}

namespace {
/// The nodes a `_TfcWhile` names, found in the graph.
struct LoopNodes {
  SmallVector<int> merges, switches;
  /// The Enters of the captured invariants.
  SmallVector<int> constants;
  /// The Enters, captured ones first: their control edges hold inside.
  SmallVector<int> delimiters;
  /// What each NextIteration takes: the loop variables' next values.
  SmallVector<TensorId> nextValues;
  /// What the LoopCond takes.
  TensorId predicate;
};
} // namespace

static FailureOr<LoopNodes>
findLoopNodes(NodeImporter &n, ArrayRef<std::string> merges,
              ArrayRef<std::string> switches, ArrayRef<std::string> nexts,
              ArrayRef<std::string> enters, ArrayRef<std::string> constants,
              const std::string &loopCondName) {
  const GraphIndex &index = n.scope.importer.index;
  LoopNodes nodes;
  for (unsigned i = 0; i < merges.size(); ++i) {
    FailureOr<int> merge = nodeNamed(n, merges[i]);
    FailureOr<int> sw = nodeNamed(n, switches[i]);
    FailureOr<int> next = nodeNamed(n, nexts[i]);
    if (failed(merge) || failed(sw) || failed(next))
      return failure();
    nodes.merges.push_back(*merge);
    nodes.switches.push_back(*sw);
    SmallVector<NodeInput> in = index.dataInputs(*next);
    if (in.size() != 1)
      return n.error("NextIteration '" + nexts[i] + "' needs one input");
    nodes.nextValues.push_back({in[0].node, in[0].output});
  }
  for (const std::string &name :
       llvm::concat<const std::string>(constants, enters)) {
    FailureOr<int> node = nodeNamed(n, name);
    if (failed(node))
      return failure();
    nodes.delimiters.push_back(*node);
  }
  nodes.constants.assign(nodes.delimiters.begin(),
                         nodes.delimiters.begin() + constants.size());
  FailureOr<int> loopCond = nodeNamed(n, loopCondName);
  if (failed(loopCond))
    return failure();
  SmallVector<NodeInput> predInputs = index.dataInputs(*loopCond);
  if (predInputs.size() != 1)
    return n.error("LoopCond '" + loopCondName + "' needs one input");
  nodes.predicate = {predInputs[0].node, predInputs[0].output};
  return nodes;
}

/// Imports the condition (region 0 of `draft`) or the body (region 1): a
/// block whose arguments of `types` stand for the Merges' outputs or the
/// Switches' true outputs, computing `tensors`, ended by its terminator.
static FailureOr<SmallVector<Value>>
importLoopRegion(NodeImporter &n, Operation *draft, bool body,
                 ArrayRef<Type> types, const LoopNodes &nodes,
                 ArrayRef<ImportedValue> captured, ArrayRef<TensorId> tensors) {
  Block *block = new Block();
  draft->getRegion(body ? 1 : 0).push_back(block);
  SmallVector<Location> locs(types.size(), n.loc);
  block->addArguments(types, locs);
  ImportScope region(n.scope.importer, block, &n.scope, n.scope.initialValue);
  for (auto [i, arg] : llvm::enumerate(block->getArguments()))
    region.given[{body ? nodes.switches[i] : nodes.merges[i], body ? 1 : 0}] = {
        arg, Value()};
  for (auto [j, node] : llvm::enumerate(nodes.constants))
    region.given[{node, 0}] = captured[j];
  for (int node :
       llvm::concat<const int>(nodes.merges, nodes.switches, nodes.delimiters))
    region.givenControl.insert(node);
  FailureOr<SmallVector<Value>> values =
      importRegion(n, region, block, tensors);
  if (failed(values))
    return failure();
  OpBuilder builder = OpBuilder::atBlockEnd(block);
  if (body)
    YieldOp::create(builder, n.loc, *values);
  else
    ConditionOp::create(builder, n.loc, values->front());
  return values;
}

/// An array the loop writes gets the element shape of what it writes
/// where the array is made before the loop (see refineArrayElement).
/// Returns whether an initial value changed.
static bool refineWrittenArrays(NodeImporter &n, SmallVectorImpl<Value> &inits,
                                SmallVectorImpl<Type> &types,
                                ArrayRef<Value> next, Block *bodyBlock) {
  bool refined = false;
  for (auto [i, value] : llvm::enumerate(next)) {
    auto create = inits[i].getDefiningOp<TensorArrayCreateOp>();
    if (!create || types[i] != create.getType())
      continue;
    TensorType element = create.getType().getElementType();
    TensorType written = element;
    Value array = value;
    while (Operation *op = array.getDefiningOp()) {
      if (auto write = dyn_cast<TensorArrayWriteOp>(op)) {
        written = refineArrayElement(
            written, cast<TensorType>(write.getValue().getType()));
        array = write.getHandle();
      } else if (auto unstack = dyn_cast<TensorArrayUnstackOp>(op)) {
        auto rows = dyn_cast<RankedTensorType>(unstack.getValue().getType());
        if (rows && rows.getRank() >= 1)
          written = refineArrayElement(
              written, RankedTensorType::get(rows.getShape().drop_front(),
                                             rows.getElementType()));
        array = unstack.getHandle();
      } else {
        break;
      }
    }
    if (array != bodyBlock->getArgument(i) || written == element)
      continue;
    auto refinedCreate = TensorArrayCreateOp::create(
        n.builder, create.getLoc(),
        TensorArrayType::get(n.getContext(), written), create.getSize(),
        create.getDynamicSize());
    refinedCreate->setDiscardableAttrs(create->getDiscardableAttrDictionary());
    inits[i] = refinedCreate;
    types[i] = inits[i].getType();
    refined = true;
  }
  return refined;
}

/// The loop variables' types joined with what one iteration makes of them.
static FailureOr<SmallVector<Type>>
loosenedTypes(NodeImporter &n, ArrayRef<Type> types, ArrayRef<Value> next) {
  SmallVector<Type> loosened;
  for (auto [type, value] : llvm::zip(types, next)) {
    Type joined = joinTypes(type, value.getType());
    if (!joined)
      return n.error("a loop variable of type " + typeString(type) +
                     " becomes " + typeString(value.getType()) +
                     " after one iteration");
    loosened.push_back(joined);
  }
  return loosened;
}

static LogicalResult importWhile(NodeImporter &n) {
  std::vector<std::string> merges = stringList(n, "merges");
  std::vector<std::string> switches = stringList(n, "switches");
  std::vector<std::string> nexts = stringList(n, "next_iterations");
  std::vector<std::string> enters = stringList(n, "enters");
  std::vector<std::string> constants = stringList(n, "constant_enters");
  std::optional<std::string> loopCondName = n.stringAttr("loop_cond");
  if (!loopCondName || merges.size() != switches.size() ||
      merges.size() != nexts.size())
    return n.error("is a malformed loop");

  SmallVector<Value> inits;
  for (unsigned i = 0; i < merges.size(); ++i) {
    FailureOr<Value> init = n.input(i);
    if (failed(init))
      return failure();
    inits.push_back(*init);
  }
  SmallVector<ImportedValue> captured;
  for (unsigned j = 0; j < constants.size(); ++j) {
    FailureOr<ImportedValue> value = n.importedInput(merges.size() + j);
    if (failed(value))
      return failure();
    captured.push_back(*value);
  }
  SmallVector<Value> tokens = n.takeControlTokens();
  FailureOr<LoopNodes> nodes = findLoopNodes(n, merges, switches, nexts, enters,
                                             constants, *loopCondName);
  if (failed(nodes))
    return failure();

  // The loop variables' types start as the initial values' and loosen
  // until an iteration keeps them (TensorFlow's shape invariants).
  SmallVector<Type> types(ValueRange(inits).getTypes());
  for (int attempt = 0;; ++attempt) {
    OperationState draftState(n.loc, WhileOp::getOperationName());
    draftState.addOperands(inits);
    draftState.addRegion();
    draftState.addRegion();
    Operation *draft = n.builder.create(draftState);
    llvm::scope_exit eraseDraft([&] { draft->erase(); });
    if (failed(importLoopRegion(n, draft, /*body=*/false, types, *nodes,
                                captured, {nodes->predicate})))
      return failure();
    FailureOr<SmallVector<Value>> next = importLoopRegion(
        n, draft, /*body=*/true, types, *nodes, captured, nodes->nextValues);
    if (failed(next))
      return failure();

    if (refineWrittenArrays(n, inits, types, *next,
                            &draft->getRegion(1).front())) {
      if (attempt >= 3)
        return n.error("the loop variables' shapes do not settle");
      continue;
    }
    FailureOr<SmallVector<Type>> loosened = loosenedTypes(n, types, *next);
    if (failed(loosened))
      return failure();
    if (*loosened != types) {
      if (attempt >= 3)
        return n.error("the loop variables' shapes do not settle");
      types = *loosened;
      continue;
    }
    OperationState state(n.loc, WhileOp::getOperationName());
    state.addOperands(inits);
    state.addTypes(types);
    state.addRegion()->takeBody(draft->getRegion(0));
    state.addRegion()->takeBody(draft->getRegion(1));
    Operation *loop = n.builder.create(state);
    if (failed(n.check(loop)))
      return failure();
    setRegionOpOutputs(n, loop, afterTokens(n, loop, tokens));
    return success();
  }
}

/// A Merge functionalization could not make into a cond, needed by an
/// entry: the reason, as TensorFlow's node.
static LogicalResult importUnfunctionalized(NodeImporter &n) {
  return mlir::emitError(n.loc)
         << "node '" << n.name() << "' ("
         << n.stringAttr("_tfc_op").value_or("Merge")
         << "): " << n.stringAttr("_tfc_error").value_or("");
}

void mlir::tfc::graphdef::registerControlFlowOpImporters(OpRegistry &registry) {
  registry.add("_TfcUnfunctionalized", importUnfunctionalized, "(an error)");
  registry.add("_TfcCond", importCond, "tfc.cond");
  registry.add("_TfcWhile", importWhile, "tfc.while");
}

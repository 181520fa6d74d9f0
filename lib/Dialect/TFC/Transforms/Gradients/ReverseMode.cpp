//===- ReverseMode.cpp - reverse-mode differentiation of a graph ----------===//
//
// tf.gradients over a tfc.graph body: find the ops between the sources and
// y, visit them from y backwards, and let each op turn its results'
// gradients into its operands' (DifferentiableOpInterface), summing the
// contributions of values used more than once.
//
//===----------------------------------------------------------------------===//

#include "ReverseMode.h"

#include "../TFNames.h"
#include "GradientUtils.h"
#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

bool isFloatTensor(Value value) {
  auto type = dyn_cast<TensorType>(value.getType());
  return type && isa<FloatType>(type.getElementType());
}

std::string tfNameOf(Operation *op) {
  if (auto name = op->getAttrOfType<StringAttr>(kNameAttrName))
    return name.str();
  return defaultTFName(op);
}

class Differentiator {
public:
  Differentiator(OpBuilder &builder, Operation *requester, Block &body,
                 StringRef scope, NameRegistry &names,
                 const ReverseModeOptions &options)
      : builder(builder), requester(requester), body(body), scope(scope),
        names(names), options(options) {}

  FailureOr<SmallVector<Value>> run(Value y, Value gradY,
                                    ArrayRef<SmallVector<Value>> groups);

private:
  /// Marks every float value computed from a source.
  void propagateActivity(ArrayRef<SmallVector<Value>> groups);
  bool dependsOnSources(Operation *op) {
    return llvm::any_of(op->getOperands(), [&](Value operand) {
      return active.contains(operand);
    });
  }
  /// The ops of the body between the sources and `y`, producers first.
  SmallVector<Operation *> opsFromSourcesTo(Value y);
  LogicalResult backpropagate(Operation *op);
  LogicalResult accumulate(Value value, Value gradient, Operation *from);
  /// Reports a missing gradient: an error, or a warning when undefined
  /// gradients are allowed (then `success`).
  LogicalResult reportUndefined(Operation *op, std::optional<unsigned> operand);
  OpBuilder &builder;
  Operation *requester;
  Block &body;
  std::string scope;
  NameRegistry &names;
  const ReverseModeOptions &options;
  llvm::DenseSet<Value> active;
  DenseMap<Value, Value> gradients;
};

} // namespace

void Differentiator::propagateActivity(ArrayRef<SmallVector<Value>> groups) {
  SmallVector<Value> worklist;
  for (const SmallVector<Value> &group : groups)
    for (Value source : group)
      if (isFloatTensor(source) && active.insert(source).second)
        worklist.push_back(source);
  llvm::DenseSet<Operation *> visited;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      Operation *op = body.findAncestorOpInBlock(*user);
      // The requester (tfc.gradients itself) is not part of the forward pass.
      if (!op || op == requester || !visited.insert(op).second)
        continue;
      for (Value result : op->getResults())
        if (isFloatTensor(result) && active.insert(result).second)
          worklist.push_back(result);
    }
  }
}

SmallVector<Operation *> Differentiator::opsFromSourcesTo(Value y) {
  SmallVector<Operation *> order;
  Operation *root = y.getDefiningOp();
  root = root ? body.findAncestorOpInBlock(*root) : nullptr;
  if (!root || !dependsOnSources(root))
    return order;
  // Iterative post-order over active operands: producers come first.
  llvm::DenseSet<Operation *> visited = {root};
  SmallVector<std::pair<Operation *, unsigned>> stack = {{root, 0}};
  while (!stack.empty()) {
    auto &[op, next] = stack.back();
    if (next == op->getNumOperands()) {
      order.push_back(op);
      stack.pop_back();
      continue;
    }
    Value operand = op->getOperand(next++);
    if (!active.contains(operand))
      continue;
    Operation *producer = operand.getDefiningOp();
    producer = producer ? body.findAncestorOpInBlock(*producer) : nullptr;
    // The producer of a source that depends on no source (a variable read)
    // is where the gradient stops.
    if (producer && dependsOnSources(producer) &&
        visited.insert(producer).second)
      stack.push_back({producer, 0});
  }
  return order;
}

LogicalResult Differentiator::reportUndefined(Operation *op,
                                              std::optional<unsigned> operand) {
  auto describe = [&](InFlightDiagnostic &diag) {
    diag << "No gradient defined for ";
    if (operand)
      diag << "operand #" << *operand << " of ";
    diag << "operation '" << tfNameOf(op) << "' (op type: " << op->getName()
         << ")";
  };
  if (options.allowUndefinedGradients) {
    InFlightDiagnostic diag = op->emitWarning();
    describe(diag);
    diag << "; its gradient is taken as zero, as TensorFlow does";
    diag.attachNote(requester->getLoc()) << "differentiated here";
    return success();
  }
  InFlightDiagnostic diag = op->emitError();
  describe(diag);
  diag.attachNote(requester->getLoc())
      << "differentiated here; TensorFlow would silently take the gradient "
         "as zero (tfc-autodiff allow-undefined-gradients does the same, "
         "with a warning)";
  return failure();
}

LogicalResult Differentiator::accumulate(Value value, Value gradient,
                                         Operation *from) {
  Type type = value.getType();
  if (gradient.getType() != type &&
      !tensor::CastOp::areCastCompatible(gradient.getType(), type))
    return from->emitError("the gradient rule of ")
           << from->getName() << " produced a gradient of type "
           << gradient.getType() << " for an operand of type " << type;
  Value cast = castToType(builder, from->getLoc(), gradient, type);
  Value &sum = gradients[value];
  if (!sum) {
    sum = cast;
    return success();
  }
  // Gradients of a value used several times add up (TensorFlow's AddN).
  ScopedOpNamer namer(builder, names, scope);
  sum = castToType(builder, from->getLoc(),
                   AddOp::create(builder, from->getLoc(), sum, cast), type);
  return success();
}

LogicalResult Differentiator::backpropagate(Operation *op) {
  SmallVector<Value> resultGradients;
  bool any = false;
  for (Value result : op->getResults()) {
    resultGradients.push_back(gradients.lookup(result));
    any |= static_cast<bool>(resultGradients.back());
  }
  if (!any)
    return success();
  auto differentiable = dyn_cast<DifferentiableOpInterface>(op);
  if (!differentiable)
    return reportUndefined(op, std::nullopt);
  for (Value value : llvm::concat<Value>(op->getOperands(), op->getResults()))
    if (active.contains(value) && !isa<RankedTensorType>(value.getType()))
      return op->emitError("cannot differentiate through a tensor of unknown "
                           "rank ")
             << value.getType();

  SmallVector<Value> operandGradients;
  {
    ScopedOpNamer namer(builder, names,
                        joinScope(scope, tfNameOf(op) + "_grad"));
    for (auto [result, gradient] :
         llvm::zip_equal(op->getResults(), resultGradients))
      if (!gradient && isFloatTensor(result))
        gradient = buildFilledLike(builder, op->getLoc(), result, 0.0);
    if (failed(differentiable.buildGradients(builder, resultGradients,
                                             operandGradients)))
      return failure();
  }

  for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
    if (!active.contains(operand))
      continue;
    Value gradient =
        index < operandGradients.size() ? operandGradients[index] : Value();
    if (!gradient) {
      if (differentiable.hasGradient(index))
        return op->emitError("the gradient rule of ")
               << op->getName() << " built no gradient for operand #" << index;
      if (failed(reportUndefined(op, index)))
        return failure();
      continue;
    }
    if (failed(accumulate(operand, gradient, op)))
      return failure();
  }
  return success();
}

FailureOr<SmallVector<Value>>
Differentiator::run(Value y, Value gradY, ArrayRef<SmallVector<Value>> groups) {
  propagateActivity(groups);
  SmallVector<Value> results(groups.size());
  if (!active.contains(y))
    return results;
  if (!isa<RankedTensorType>(y.getType())) {
    Operation *def = y.getDefiningOp();
    return (def ? def : requester)
               ->emitError(
                   "cannot differentiate through a tensor of unknown rank ")
           << y.getType();
  }

  {
    ScopedOpNamer namer(builder, names, scope);
    gradients[y] = gradY ? castToType(builder, y.getLoc(), gradY, y.getType())
                         : buildFilledLike(builder, y.getLoc(), y, 1.0);
  }
  SmallVector<Operation *> ops = opsFromSourcesTo(y);
  for (Operation *op : llvm::reverse(ops))
    if (failed(backpropagate(op)))
      return failure();

  // A variable read several times: its reads' gradients add up.
  ScopedOpNamer namer(builder, names, scope);
  for (auto [index, group] : llvm::enumerate(groups)) {
    for (Value source : group) {
      Value gradient = gradients.lookup(source);
      if (!gradient)
        continue;
      Value &sum = results[index];
      if (!sum) {
        sum = gradient;
        continue;
      }
      sum = castToType(builder, source.getLoc(),
                       AddOp::create(builder, source.getLoc(), sum, gradient),
                       sum.getType());
    }
  }
  return results;
}

FailureOr<SmallVector<Value>> mlir::tfc::buildReverseModeGradients(
    OpBuilder &builder, Operation *requester, Block &body, Value y, Value gradY,
    ArrayRef<SmallVector<Value>> sourceGroups, StringRef scope,
    NameRegistry &names, const ReverseModeOptions &options) {
  return Differentiator(builder, requester, body, scope, names, options)
      .run(y, gradY, sourceGroups);
}

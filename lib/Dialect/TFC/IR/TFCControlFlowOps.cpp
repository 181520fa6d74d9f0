//===- TFCControlFlowOps.cpp - cond, while and where ----------------------===//
//
// Verification of `tfc.cond` and `tfc.while` with TensorFlow's messages, the
// canonicalization of a cond on a constant, and `tfc.where`'s type inference
// and folding.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tfc;

/// Checks that `value` is a scalar bool, as TensorFlow's Switch and LoopCond
/// require; `what` names the operand in the message.
static LogicalResult verifyScalarBool(Operation *op, Value value,
                                      StringRef what) {
  auto type = cast<TensorType>(value.getType());
  if (!type.getElementType().isInteger(1))
    return op->emitOpError("Input '")
           << what << "' has type " << dtypeName(type.getElementType())
           << " that does not match expected type of bool";
  if (type.hasRank() && type.getRank() != 0)
    return op->emitOpError("'")
           << what << "' must be a scalar: Shape must be rank 0 but is rank "
           << type.getRank();
  return success();
}

/// Describes a type for a message: the shape of a tensor as TensorFlow
/// prints it, the type itself otherwise.
static std::string describe(Type type) {
  if (isa<TensorType>(type))
    return formatShape(type);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// The dtype of a tensor or of a tensor array's elements; null otherwise.
static Type dtypeOf(Type type) {
  if (auto array = dyn_cast<TensorArrayType>(type))
    type = array.getElementType();
  if (auto tensor = dyn_cast<TensorType>(type))
    return tensor.getElementType();
  return {};
}

/// The terminator of a region if it is a `tfc.yield`.
static YieldOp getYield(Region &region) {
  Block &block = region.front();
  return block.empty() ? YieldOp() : dyn_cast<YieldOp>(block.back());
}

//===----------------------------------------------------------------------===//
// CondOp
//===----------------------------------------------------------------------===//

LogicalResult CondOp::verify() {
  return verifyScalarBool(*this, getPred(), "pred");
}

/// Checks what a branch yields against the cond's results.
static LogicalResult verifyBranch(CondOp op, Region &branch, StringRef name) {
  YieldOp yield = getYield(branch);
  if (!yield)
    return op.emitOpError() << name << " branch must end in 'tfc.yield'";
  if (failed(verifyAcyclicGraph(branch.front())))
    return failure();
  TypeRange yielded = yield.getValues().getTypes();
  if (yielded.size() != op.getNumResults())
    return op.emitOpError()
           << name << " branch yields " << yielded.size()
           << " values but the cond has " << op.getNumResults()
           << " results; true_fn and false_fn must return the same number, "
              "type, and overall structure of values";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(yielded, op.getResultTypes()))) {
    auto [branchType, resultType] = pair;
    if (isRefinementOf(branchType, resultType))
      continue;
    Type branchDtype = dtypeOf(branchType), resultDtype = dtypeOf(resultType);
    if (branchDtype && resultDtype && branchDtype != resultDtype)
      return op.emitOpError("result #")
             << index << ": outputs of true_fn and false_fn must have the "
             << "same type: the " << name << " branch yields "
             << dtypeName(branchDtype) << " but the result is "
             << dtypeName(resultDtype);
    return op.emitOpError("result #")
           << index << ": the " << name << " branch yields "
           << describe(branchType) << " (" << branchType
           << "), which does not fit the result type " << resultType;
  }
  return success();
}

LogicalResult CondOp::verifyRegions() {
  if (failed(verifyBranch(*this, getThenBranch(), "then")))
    return failure();
  return verifyBranch(*this, getElseBranch(), "else");
}

namespace {
/// A cond on a constant predicate is its taken branch: the branch's ops move
/// into the enclosing region (a graph region, or a scheduled sequence in
/// which the branch is already in order) and the other branch disappears
/// with its effects, which could never run.
struct InlineConstantCond : public OpRewritePattern<CondOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CondOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr pred;
    if (!matchPattern(op.getPred(), m_Constant(&pred)) ||
        pred.getNumElements() != 1)
      return failure();
    bool taken = (*pred.getValues<APInt>().begin()).getBoolValue();
    Region &branch = taken ? op.getThenBranch() : op.getElseBranch();
    YieldOp yield = getYield(branch);
    // A branch yielding a more static type than the result would change the
    // type seen by the users.
    if (yield.getValues().getTypes() != op.getResultTypes())
      return failure();
    SmallVector<Value> results = yield.getValues();
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(&branch.front(), op);
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

void CondOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<InlineConstantCond>(context);
}

//===----------------------------------------------------------------------===//
// WhileOp and ConditionOp
//===----------------------------------------------------------------------===//

LogicalResult ConditionOp::verify() {
  return verifyScalarBool(*this, getCondition(), "cond");
}

/// Checks that a region takes the loop variables as arguments.
static LogicalResult verifyLoopArguments(WhileOp op, Region &region,
                                         StringRef name) {
  TypeRange arguments = region.front().getArgumentTypes();
  TypeRange variables = op.getResultTypes();
  if (arguments.size() != variables.size())
    return op.emitOpError() << name << " region takes " << arguments.size()
                            << " arguments but the loop has "
                            << variables.size() << " loop variables";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(arguments, variables))) {
    auto [argument, variable] = pair;
    if (argument != variable)
      return op.emitOpError()
             << name << " region argument #" << index << " has type "
             << argument << " but loop variable #" << index << " has type "
             << variable;
  }
  return success();
}

/// The message for a loop variable that does not fit its invariant: which
/// one, its shape on entry, its shape after one iteration, and a looser
/// invariant that would hold both.
static LogicalResult reportShapeChange(WhileOp op, unsigned index,
                                       Type entering, Type invariant,
                                       Type yielded) {
  Type enteringDtype = dtypeOf(entering), yieldedDtype = dtypeOf(yielded);
  if (enteringDtype && yieldedDtype && enteringDtype != yieldedDtype)
    return op.emitOpError("loop variable #")
           << index << " enters the loop with dtype "
           << dtypeName(enteringDtype) << ", but has dtype "
           << dtypeName(yieldedDtype) << " after one iteration";
  InFlightDiagnostic diag = op.emitOpError("loop variable #")
                            << index << " enters the loop with shape "
                            << describe(entering) << ", but has shape "
                            << describe(yielded) << " after one iteration";
  if (invariant != entering)
    diag << " (its shape invariant is " << describe(invariant) << ")";
  if (Type looser = joinTypes(invariant, yielded))
    diag << ". To allow the shape to vary across iterations, give the loop "
            "variable a looser shape invariant such as "
         << looser;
  return diag;
}

LogicalResult WhileOp::verifyRegions() {
  if (failed(verifyLoopArguments(*this, getCond(), "cond")) ||
      failed(verifyLoopArguments(*this, getBody(), "body")))
    return failure();

  Block &cond = getCond().front();
  if (cond.empty() || !isa<ConditionOp>(cond.back()))
    return emitOpError("cond region must end in 'tfc.condition'");
  YieldOp yield = getYield(getBody());
  if (!yield)
    return emitOpError("body region must end in 'tfc.yield'");
  if (failed(verifyAcyclicGraph(cond)) ||
      failed(verifyAcyclicGraph(getBody().front())))
    return failure();

  TypeRange invariants = getResultTypes();
  if (getInits().size() != invariants.size())
    return emitOpError("has ") << getInits().size() << " initial values but "
                               << invariants.size() << " loop variables";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(getInits().getTypes(), invariants))) {
    auto [entering, invariant] = pair;
    if (!isRefinementOf(entering, invariant))
      return emitOpError("the shape invariant of loop variable #")
             << index << " is not compatible with its initial value: it "
             << "enters the loop with shape " << describe(entering) << " ("
             << entering << "), but the shape invariant is "
             << describe(invariant) << " (" << invariant << ")";
  }

  TypeRange next = yield.getValues().getTypes();
  if (next.size() != invariants.size())
    return emitOpError("body yields ")
           << next.size() << " values but the loop has " << invariants.size()
           << " loop variables; the body must return the same structure as "
              "the loop variables";
  for (auto [index, types] : llvm::enumerate(
           llvm::zip_equal(getInits().getTypes(), invariants, next))) {
    auto [entering, invariant, yielded] = types;
    if (!isRefinementOf(yielded, invariant))
      return reportShapeChange(*this, index, entering, invariant, yielded);
  }
  return success();
}

namespace {
/// Drops the loop variables nothing needs: the loop's result is unused, the
/// condition ignores the variable, and in the body it only feeds its own
/// next value through ops without effects. A forward-only entry of a
/// training graph has such variables: the stacks the gradient loop would
/// pop, which the forward loop still pushes to.
struct RemoveDeadLoopVariables : public OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    Block &cond = op.getCond().front(), &body = op.getBody().front();
    YieldOp yield = getYield(op.getBody());
    unsigned count = op.getNumResults();
    llvm::BitVector dead(count);
    SmallVector<Operation *> deadOps;
    for (unsigned i = 0; i < count; ++i) {
      if (!op.getResult(i).use_empty() || !cond.getArgument(i).use_empty())
        continue;
      llvm::SetVector<Operation *> chain;
      SmallVector<Value> work{body.getArgument(i)};
      bool onlyItself = true;
      while (!work.empty() && onlyItself) {
        Value value = work.pop_back_val();
        for (OpOperand &use : value.getUses()) {
          Operation *user = use.getOwner();
          if (user == yield.getOperation()) {
            onlyItself &= use.getOperandNumber() == i;
            continue;
          }
          if (user->getBlock() != &body || user->getNumRegions() != 0 ||
              !isMemoryEffectFree(user)) {
            onlyItself = false;
            break;
          }
          if (chain.insert(user))
            llvm::append_range(work, user->getResults());
        }
      }
      if (!onlyItself)
        continue;
      dead.set(i);
      deadOps.append(chain.begin(), chain.end());
    }
    if (dead.none())
      return failure();

    rewriter.modifyOpInPlace(yield, [&] {
      for (unsigned i : dead.set_bits())
        yield->setOperand(i, body.getArgument(i));
    });
    for (Operation *deadOp : deadOps)
      deadOp->dropAllReferences();
    for (Operation *deadOp : deadOps)
      rewriter.eraseOp(deadOp);

    SmallVector<Value> inits;
    SmallVector<Type> types;
    for (unsigned i = 0; i < count; ++i) {
      if (dead.test(i))
        continue;
      inits.push_back(op.getInits()[i]);
      types.push_back(op.getResult(i).getType());
    }
    auto loop = WhileOp::create(rewriter, op.getLoc(), types, inits);
    loop->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    rewriter.inlineRegionBefore(op.getCond(), loop.getCond(),
                                loop.getCond().end());
    rewriter.inlineRegionBefore(op.getBody(), loop.getBody(),
                                loop.getBody().end());
    rewriter.modifyOpInPlace(yield, [&] { yield->eraseOperands(dead); });
    rewriter.modifyOpInPlace(loop, [&] {
      loop.getCond().front().eraseArguments(dead);
      loop.getBody().front().eraseArguments(dead);
    });
    SmallVector<Value> replacements;
    unsigned next = 0;
    for (unsigned i = 0; i < count; ++i)
      replacements.push_back(dead.test(i) ? Value() : loop.getResult(next++));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};
} // namespace

void WhileOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<RemoveDeadLoopVariables>(context);
}

//===----------------------------------------------------------------------===//
// WhereOp
//===----------------------------------------------------------------------===//

LogicalResult WhereOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> location,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  auto condition = dyn_cast<TensorType>(adaptor.getCondition().getType());
  auto x = dyn_cast<TensorType>(adaptor.getX().getType());
  auto y = dyn_cast<TensorType>(adaptor.getY().getType());
  if (!condition || !x || !y)
    return emitOptionalError(location, "SelectV2: operands must be tensors");
  if (x.getElementType() != y.getElementType())
    return emitOptionalError(
        location,
        "cannot compute SelectV2 as input #2(zero-based) was "
        "expected to be a ",
        dtypeName(x.getElementType()), " tensor but is a ",
        dtypeName(y.getElementType()), " tensor");
  if (!condition.hasRank() || !x.hasRank() || !y.hasRank()) {
    inferred.push_back(UnrankedTensorType::get(x.getElementType()));
    return success();
  }
  std::optional<SmallVector<int64_t>> shape =
      broadcastShapes(condition.getShape(), x.getShape());
  if (shape)
    shape = broadcastShapes(*shape, y.getShape());
  if (!shape)
    return emitOptionalError(location, "condition ", formatShape(condition),
                             ", then ", formatShape(x), ", and else ",
                             formatShape(y), " must be broadcastable");
  inferred.push_back(RankedTensorType::get(*shape, x.getElementType()));
  return success();
}

OpFoldResult WhereOp::fold(FoldAdaptor adaptor) {
  auto condition = dyn_cast_or_null<DenseElementsAttr>(adaptor.getCondition());
  if (!condition)
    return {};
  Type resultType = getType();
  // A splat condition picks one operand, when that keeps the result type.
  if (condition.isSplat()) {
    Value picked = condition.getSplatValue<bool>() ? getX() : getY();
    if (picked.getType() == resultType)
      return picked;
    return {};
  }
  // Element-wise on constants of the result's shape (splats of x and y are
  // fine: they need no broadcasting to be indexed).
  auto x = dyn_cast_or_null<DenseElementsAttr>(adaptor.getX());
  auto y = dyn_cast_or_null<DenseElementsAttr>(adaptor.getY());
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!x || !y || !type || condition.getType().getShape() != type.getShape() ||
      (!x.isSplat() && x.getType() != type) ||
      (!y.isSplat() && y.getType() != type))
    return {};
  SmallVector<Attribute> values;
  values.reserve(type.getNumElements());
  auto xs = x.getValues<Attribute>(), ys = y.getValues<Attribute>();
  for (auto [index, pick] : llvm::enumerate(condition.getValues<bool>())) {
    if (pick)
      values.push_back(x.isSplat() ? xs[0] : xs[index]);
    else
      values.push_back(y.isSplat() ? ys[0] : ys[index]);
  }
  return DenseElementsAttr::get(type, values);
}

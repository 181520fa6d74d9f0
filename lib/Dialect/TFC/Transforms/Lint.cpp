//===- Lint.cpp - warnings for the broadcasting and reduction pitfalls ----===//
//
// Implements tfc-lint: reports reductions without axes of rank-mismatched
// broadcasts (the "Effective TensorFlow" pitfall), other reductions without
// axes, and squeezes without axes. The IR is not changed.
//
// Reductions and squeezes are recognized by name and attribute through the
// generic Operation API: every tfc reduction is a `tfc.reduce_*` op whose
// optional `axes` attribute lists the reduced axes, and `tfc.squeeze` has an
// optional `axes` attribute too. That keeps the checks valid for reductions
// added later and lets the squeeze check work wherever the op is defined.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCLINT
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The attribute that lists the axes of reductions and squeezes.
static constexpr StringLiteral kAxesAttrName = "axes";

/// True for a tfc reduction (`tfc.reduce_*` with its input as operand #0).
static bool isReduction(Operation *op) {
  return op->hasTrait<OpTrait::tfc::Reduction>();
}

/// True for ops through which a broadcast result flows into a reduction
/// unchanged in shape: element-wise unary ops and the other tfc ops whose
/// single operand and result have one type (softmax, log_softmax).
static bool isShapePreservingUnary(Operation *op) {
  return isa_and_nonnull<TFCDialect>(op->getDialect()) &&
         op->getNumOperands() == 1 && op->getNumResults() == 1 &&
         op->hasTrait<OpTrait::SameOperandsAndResultType>();
}

/// True for the element-wise binary ops that broadcast their operands.
static bool isBroadcastingBinary(Operation *op) {
  return isa<AddOp, SubOp, MulOp, DivOp, FloorDivOp, ModOp, PowOp, MaximumOp,
             MinimumOp, EqualOp, NotEqualOp, LessOp, LessEqualOp, GreaterOp,
             GreaterEqualOp, LogicalAndOp, LogicalOrOp, LogicalXorOp,
             BiasAddOp>(op);
}

/// True when broadcasting stretches `operand` to `result`: a dimension of
/// the result that is not statically 0 or 1 comes from a size-1 or missing
/// dimension of the operand.
static bool isStretched(RankedTensorType operand, RankedTensorType result) {
  int64_t missing = result.getRank() - operand.getRank();
  for (int64_t dim = 0; dim < result.getRank(); ++dim) {
    int64_t size = result.getDimSize(dim);
    if (size == 0 || size == 1)
      continue;
    if (dim < missing || operand.getDimSize(dim - missing) == 1)
      return true;
  }
  return false;
}

/// True when `op` broadcasts both of its operands, so that its result has
/// more elements than either: the signature of an unintended broadcast of
/// mismatched ranks (`[2,1] + [2]` is `[2,2]`).
static bool stretchesBothOperands(Operation *op) {
  auto lhs = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhs = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  return lhs && rhs && result && isStretched(lhs, result) &&
         isStretched(rhs, result);
}

/// The broadcasts that stretch both operands among the ops that compute
/// `value` through element-wise and shape-preserving ops, in the order found.
static SmallVector<Operation *> findInflatingBroadcasts(Value value) {
  SmallVector<Operation *> found;
  SmallVector<Value> worklist{value};
  llvm::SmallDenseSet<Operation *> visited;
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || !visited.insert(def).second)
      continue;
    if (isShapePreservingUnary(def)) {
      worklist.push_back(def->getOperand(0));
    } else if (isBroadcastingBinary(def)) {
      if (stretchesBothOperands(def))
        found.push_back(def);
      // Pushed in reverse so that the left operand is searched first.
      worklist.push_back(def->getOperand(1));
      worklist.push_back(def->getOperand(0));
    }
  }
  return found;
}

/// `[4,3]`, or "a tensor of unknown rank".
static std::string describeShape(Type type) {
  if (!isa<RankedTensorType>(type))
    return "a tensor of unknown rank";
  return formatShape(type);
}

namespace {

struct TFCLintPass : public tfc::impl::TFCLintBase<TFCLintPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      if (isReduction(op) && !op->getAttr(kAxesAttrName))
        lintReductionWithoutAxes(op);
      // By name: tfc-lint also runs where the dialect is not loaded, and
      // isa<> needs a registered op.
      else if (op->getName().getStringRef() == SqueezeOp::getOperationName() &&
               !op->getAttr(kAxesAttrName))
        lintSqueezeWithoutAxes(op);
    });
    if (reportedError)
      signalPassFailure();
  }

private:
  /// A warning, or an error in strict mode.
  InFlightDiagnostic report(Operation *op) {
    if (!strict)
      return op->emitWarning();
    reportedError = true;
    return op->emitError();
  }

  /// A reduction without axes: a warning per inflating broadcast that feeds
  /// it, else a remark when it reduces more than one dimension.
  void lintReductionWithoutAxes(Operation *reduction) {
    StringRef name = reduction->getName().stripDialect();
    Value input = reduction->getOperand(0);
    SmallVector<Operation *> broadcasts = findInflatingBroadcasts(input);
    for (Operation *broadcast : broadcasts) {
      std::string lhs = formatShape(broadcast->getOperand(0).getType());
      std::string rhs = formatShape(broadcast->getOperand(1).getType());
      InFlightDiagnostic diag = report(reduction);
      diag << name << " without axes reduces every element of a broadcast of "
           << lhs << " and " << rhs << " to "
           << formatShape(broadcast->getResult(0).getType())
           << ", which has more elements than either operand (as "
              "reduce_sum([[1],[2]] + [1,2]) is 12, not 6); give the "
              "reduction explicit axes, or reshape the operands to the same "
              "rank so that the broadcast is explicit";
      diag.attachNote(broadcast->getLoc())
          << "the broadcast of " << lhs << " and " << rhs << " is here";
    }
    if (!broadcasts.empty())
      return;

    auto ranked = dyn_cast<RankedTensorType>(input.getType());
    if (ranked && ranked.getRank() < 2)
      return;
    InFlightDiagnostic remark = reduction->emitRemark();
    remark << name << " without axes reduces every dimension of "
           << describeShape(input.getType()) << "; list them";
    if (ranked) {
      std::string axes;
      llvm::raw_string_ostream os(axes);
      llvm::interleaveComma(llvm::seq<int64_t>(0, ranked.getRank()), os);
      remark << " (axes [" << axes << "])";
    }
    remark << " so that a change of shape cannot silently change what is "
              "reduced";
  }

  /// A squeeze without axes removes every dimension of size 1.
  void lintSqueezeWithoutAxes(Operation *squeeze) {
    InFlightDiagnostic diag = report(squeeze);
    diag << "squeeze without axes removes every dimension of size 1";
    if (squeeze->getNumOperands() >= 1)
      diag << " of " << describeShape(squeeze->getOperand(0).getType());
    diag << ", including a batch dimension that happens to be 1; list the "
            "axes to squeeze";
  }

  bool reportedError = false;
};

} // namespace

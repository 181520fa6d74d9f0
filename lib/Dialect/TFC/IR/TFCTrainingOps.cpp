//===- TFCTrainingOps.cpp - gradients, optimizers, gradient kernels -------===//
//
// Verifiers and type inference of tfc.gradients, tfc.minimize and the
// gradient kernels, and the checks of the optimizer attributes.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"

#include <cstdio>

using namespace mlir;
using namespace mlir::tfc;

/// The tensor type a differentiation source stands for: the tensor itself,
/// or the value of a variable.
static TensorType sourceValueType(Type type) {
  if (auto var = dyn_cast<VarType>(type))
    return var.getValueType();
  return cast<TensorType>(type);
}

//===----------------------------------------------------------------------===//
// AllReduceGradientsOp
//===----------------------------------------------------------------------===//

LogicalResult
AllReduceGradientsOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location>, Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  for (Value gradient : adaptor.getGradients())
    inferred.push_back(gradient.getType());
  inferred.push_back(RankedTensorType::get({}, Float32Type::get(context)));
  return success();
}

LogicalResult AllReduceGradientsOp::verify() {
  if (getGradients().empty())
    return emitOpError("exchanges at least one gradient");
  if (!getBatch())
    return success();
  auto batch = dyn_cast<RankedTensorType>(getBatch().getType());
  if (!batch || batch.getRank() < 1)
    return emitOpError("weighs each process by the rows of its batch, which "
                       "must be a ranked tensor of rank 1 or more, not ")
           << getBatch().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// GradientsOp
//===----------------------------------------------------------------------===//

LogicalResult GradientsOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location>,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  for (Value x : adaptor.getXs())
    inferred.push_back(sourceValueType(x.getType()));
  return success();
}

LogicalResult GradientsOp::verify() {
  Type elementType = getElementTypeOrSelf(getY().getType());
  if (getXs().empty())
    return emitOpError("needs at least one tensor or variable to "
                       "differentiate with respect to");
  for (auto [index, x] : llvm::enumerate(getXs())) {
    Type xElement = sourceValueType(x.getType()).getElementType();
    if (xElement != elementType)
      return emitOpError("cannot differentiate a tensor of ")
             << elementType << " with respect to a "
             << (isa<VarType>(x.getType()) ? "variable" : "tensor") << " of "
             << xElement << " (#" << index << ")";
  }
  if (Value gradYs = getGradYs()) {
    if (getElementTypeOrSelf(gradYs.getType()) != elementType ||
        failed(verifyCompatibleShape(gradYs.getType(), getY().getType())))
      return emitOpError("grad_ys of type ")
             << gradYs.getType() << " does not match y of type "
             << getY().getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// MinimizeOp
//===----------------------------------------------------------------------===//

LogicalResult MinimizeOp::verify() {
  Type elementType = getElementTypeOrSelf(getLoss().getType());
  for (auto [index, var] : llvm::enumerate(getVarList())) {
    Type varElement =
        cast<VarType>(var.getType()).getValueType().getElementType();
    if (varElement != elementType)
      return emitOpError("cannot minimize a loss of ")
             << elementType << " over a variable of " << varElement
             << " (var_list #" << index << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// BroadcastLikeOp
//===----------------------------------------------------------------------===//

LogicalResult
BroadcastLikeOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                  Adaptor adaptor,
                                  SmallVectorImpl<Type> &inferred) {
  Type elementType = getElementTypeOrSelf(adaptor.getInput().getType());
  auto like = cast<TensorType>(adaptor.getLike().getType());
  inferred.push_back(
      like.hasRank() ? Type(RankedTensorType::get(like.getShape(), elementType))
                     : Type(UnrankedTensorType::get(elementType)));
  return success();
}

SmallVector<int64_t> BroadcastLikeOp::getInputToResultDims() {
  int64_t inputRank = cast<RankedTensorType>(getInput().getType()).getRank();
  int64_t resultRank = cast<RankedTensorType>(getLike().getType()).getRank();
  SmallVector<int64_t> map;
  if (std::optional<ArrayRef<int64_t>> dims = getDims()) {
    for (int64_t dim = 0; dim < resultRank; ++dim)
      if (!llvm::is_contained(*dims, dim))
        map.push_back(dim);
    return map;
  }
  for (int64_t i = 0; i < inputRank; ++i)
    map.push_back(resultRank - inputRank + i);
  return map;
}

LogicalResult BroadcastLikeOp::verify() {
  auto input = dyn_cast<RankedTensorType>(getInput().getType());
  auto like = dyn_cast<RankedTensorType>(getLike().getType());
  if (!input || !like)
    return success();
  int64_t rank = like.getRank();
  if (std::optional<ArrayRef<int64_t>> dims = getDims()) {
    for (auto [index, dim] : llvm::enumerate(*dims)) {
      if (dim < 0 || dim >= rank)
        return emitOpError("dimension ")
               << dim << " is out of range for a result of rank " << rank;
      if (index > 0 && dim <= (*dims)[index - 1])
        return emitOpError("dims must be sorted and distinct");
    }
    if (input.getRank() + static_cast<int64_t>(dims->size()) != rank)
      return emitOpError("input of rank ")
             << input.getRank() << " with " << dims->size()
             << " new dimensions cannot have rank " << rank;
  } else if (input.getRank() > rank) {
    return emitOpError("cannot broadcast a tensor of rank ")
           << input.getRank() << " to rank " << rank;
  }
  for (auto [inputDim, resultDim] :
       llvm::zip_equal(input.getShape(), getInputToResultDims())) {
    int64_t target = like.getDimSize(resultDim);
    if (inputDim == 1 || ShapedType::isDynamic(inputDim) ||
        ShapedType::isDynamic(target) || inputDim == target)
      continue;
    return emitOpError("cannot broadcast a tensor of shape ")
           << formatShape(input) << " to " << formatShape(like);
  }
  return success();
}

OpFoldResult BroadcastLikeOp::fold(FoldAdaptor) {
  bool noNewDims = !getDims() || getDims()->empty();
  if (noNewDims && getInput().getType() == getType())
    return getInput();
  return {};
}

//===----------------------------------------------------------------------===//
// Optimizer attributes
//===----------------------------------------------------------------------===//

/// A number as Python would print it in a message: `-1`, `0.5`, `1e-08`.
static std::string formatNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", value);
  return text;
}

/// Checks that a hyperparameter is finite and at least `min` (or greater,
/// when `strict`), and below `max` when given.
static LogicalResult checkRange(function_ref<InFlightDiagnostic()> emitError,
                                StringRef optimizer, StringRef name,
                                const APFloat &value, double min, bool strict,
                                std::optional<double> max = std::nullopt) {
  double v = value.convertToDouble();
  bool ok =
      value.isFinite() && (strict ? v > min : v >= min) && (!max || v < *max);
  if (ok)
    return success();
  InFlightDiagnostic diag = emitError();
  diag << optimizer << " " << name << " must be ";
  if (max)
    diag << "in [" << formatNumber(min) << ", " << formatNumber(*max) << ")";
  else
    diag << (strict ? "> " : ">= ") << formatNumber(min);
  return diag << ", got " << formatNumber(v);
}

LogicalResult SGDAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              APFloat learningRate) {
  return checkRange(emitError, "sgd", "learning_rate", learningRate, 0, false);
}

LogicalResult MomentumAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   APFloat learningRate, APFloat momentum,
                                   bool) {
  if (failed(checkRange(emitError, "momentum", "learning_rate", learningRate, 0,
                        false)))
    return failure();
  return checkRange(emitError, "momentum", "momentum", momentum, 0, false);
}

LogicalResult AdamAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               APFloat learningRate, APFloat beta1,
                               APFloat beta2, APFloat epsilon) {
  if (failed(checkRange(emitError, "adam", "learning_rate", learningRate, 0,
                        false)) ||
      failed(checkRange(emitError, "adam", "beta1", beta1, 0, false, 1.0)) ||
      failed(checkRange(emitError, "adam", "beta2", beta2, 0, false, 1.0)))
    return failure();
  return checkRange(emitError, "adam", "epsilon", epsilon, 0, true);
}

//===- TFCRandomOps.cpp - verifiers of the stateless random ops -----------===//
//
// A random op needs a seed pair and a static shape (or its run-time dims);
// integers take no range
// and a float range must not be empty.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tfc;

/// The checks every random op shares: a seed pair, and a static shape or
/// run-time dims with one entry per dimension.
static LogicalResult verifySeedAndShape(Operation *op, ArrayRef<int64_t> seed,
                                        Type resultType, Value dims) {
  if (seed.size() != 2)
    return op->emitOpError("seed must have shape [2], not [")
           << seed.size() << "]";
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!dims) {
    if (!type || !type.hasStaticShape())
      return op->emitOpError("needs a static shape, got ")
             << resultType << " (or its sizes as the operand 'dims')";
    return success();
  }
  auto dimsType = cast<RankedTensorType>(dims.getType());
  if (!type || dimsType.getRank() != 1 || dimsType.isDynamicDim(0) ||
      dimsType.getDimSize(0) != type.getRank())
    return op->emitOpError("dims must be a vector with one entry per "
                           "dimension of a ranked result, got ")
           << dims.getType() << " for " << resultType;
  return success();
}

LogicalResult RandomUniformOp::verify() {
  if (failed(verifySeedAndShape(*this, getSeed(), getType(), getDims())))
    return failure();
  Type elementType = cast<TensorType>(getType()).getElementType();
  bool isFloat = isa<FloatType>(elementType);
  if (!isFloat && !elementType.isInteger(32) && !elementType.isInteger(64))
    return emitOpError("makes floats, i32 or i64, not ") << elementType;
  if (!isFloat && (getMinval() || getMaxval()))
    return emitOpError("of integers takes every value: no minval or maxval "
                       "(stateless_random_uniform_full_int)");
  double low = getMinvalAttr() ? getMinvalAttr().getValueAsDouble() : 0.0;
  double high = getMaxvalAttr() ? getMaxvalAttr().getValueAsDouble() : 1.0;
  if (isFloat && !(low < high)) {
    // TensorFlow prints the bounds as %g does: "1 >= 1".
    std::string bounds;
    llvm::raw_string_ostream(bounds) << llvm::format("%g >= %g", low, high);
    return emitOpError("Need minval < maxval: ") << bounds;
  }
  return success();
}

/// The checks of the normal distributions: seed, shape and stddev.
template <typename OpTy> static LogicalResult verifyNormal(OpTy op) {
  if (failed(verifySeedAndShape(op, op.getSeed(), op.getType(), op.getDims())))
    return failure();
  if (FloatAttr stddev = op.getStddevAttr();
      stddev && stddev.getValueAsDouble() < 0) {
    std::string value;
    llvm::raw_string_ostream(value)
        << llvm::format("%g", stddev.getValueAsDouble());
    return op.emitOpError("stddev must be non-negative, got ") << value;
  }
  return success();
}

LogicalResult RandomNormalOp::verify() { return verifyNormal(*this); }

LogicalResult TruncatedNormalOp::verify() { return verifyNormal(*this); }

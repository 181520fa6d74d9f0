//===- DynamicBroadcast.cpp - dimensions of size 1 known at run time ------===//
//
// TensorFlow broadcasts a dimension of size 1 against any size, including
// one that is known only at run time. A linalg indexing map broadcasts only
// the dimensions that are 1 in the type, so an operand whose dynamic
// dimension may be 1 while the result's is not is read through an
// element-wise op that picks index 0 of that dimension when its size is 1
// at run time, and the index itself otherwise. That op has no inputs and
// is fused into its consumer like any other element-wise producer: when
// the sizes are equal, the usual case, each element is read once, in
// place, and nothing is copied. (A copy made under `scf.if` only when the
// sizes differ stopped that fusion.)
// Element-wise producers are rebuilt on broadcast operands too.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfc;

/// A tensor and one of its dimensions, or (dimension -1) an index value.
using SizeOrigin = std::pair<Value, int64_t>;

/// Where the size of `value`'s dimension `dim` was first read: the ops that
/// pass a size on unchanged are followed back (destination-style ops to
/// their inits, empty tensors to their sizes, `tensor.dim`, casts, and
/// reshapes that leave a dynamic dimension alone among unit ones). Sizes of
/// one origin are equal at run time: a softmax's `x - max(x, keep_dims)`
/// needs no broadcast of its rows.
static SizeOrigin getSizeOrigin(Value value, int64_t dim) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(def)) {
      value = dps.getTiedOpOperand(cast<OpResult>(value))->get();
      continue;
    }
    if (auto cast = dyn_cast<tensor::CastOp>(def)) {
      value = cast.getSource();
      continue;
    }
    if (auto empty = dyn_cast<tensor::EmptyOp>(def)) {
      if (!empty.getType().isDynamicDim(dim))
        break;
      Value size = empty.getDynamicSize(dim);
      auto read = size.getDefiningOp<tensor::DimOp>();
      std::optional<int64_t> index =
          read ? read.getConstantIndex() : std::nullopt;
      if (!index)
        return {size, -1};
      value = read.getSource();
      dim = *index;
      continue;
    }
    // A reshape that keeps the dimension, among dimensions of size 1.
    auto alone = [](RankedTensorType type, ArrayRef<int64_t> group,
                    int64_t keep) {
      return llvm::all_of(group, [&](int64_t other) {
        return other == keep || type.getDimSize(other) == 1;
      });
    };
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(def)) {
      auto groups = expand.getReassociationIndices();
      auto group = llvm::find_if(groups, [&](const ReassociationIndices &g) {
        return llvm::is_contained(g, dim);
      });
      if (group == groups.end() || !alone(expand.getResultType(), *group, dim))
        break;
      value = expand.getSrc();
      dim = group - groups.begin();
      continue;
    }
    if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(def)) {
      ReassociationIndices group = collapse.getReassociationIndices()[dim];
      auto source = collapse.getSrcType();
      auto dynamic = llvm::find_if(
          group, [&](int64_t d) { return source.isDynamicDim(d); });
      if (dynamic == group.end() || !alone(source, group, *dynamic))
        break;
      value = collapse.getSrc();
      dim = *dynamic;
      continue;
    }
    break;
  }
  return {value, dim};
}

/// The size of the result's dimension `dim` under TensorFlow's rule: the
/// first aligned operand size that is not 1 (the run-time check made the
/// others equal to it or 1), or 1.
static Value getResultSize(OpBuilder &b, Location loc, RankedTensorType result,
                           ValueRange operands, int64_t dim) {
  if (!result.isDynamicDim(dim))
    return arith::ConstantIndexOp::create(b, loc, result.getDimSize(dim));
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value size;
  for (Value operand : operands) {
    auto type = cast<RankedTensorType>(operand.getType());
    int64_t operandDim = dim - (result.getRank() - type.getRank());
    if (operandDim < 0 || !type.isDynamicDim(operandDim))
      continue;
    Value own = tensor::DimOp::create(b, loc, operand, operandDim);
    if (!size) {
      size = own;
      continue;
    }
    Value isOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, one);
    size = arith::SelectOp::create(b, loc, isOne, own, size);
  }
  return size ? size : one;
}

/// `operand` with its dimensions `toBroadcast` of the sizes `sizes` (the
/// result's): an element-wise op that reads it at index 0 of each of those
/// dimensions whose size is 1 at run time.
static Value readBroadcast(OpBuilder &b, Location loc, Value operand,
                           ArrayRef<int64_t> toBroadcast,
                           ArrayRef<Value> sizes) {
  auto type = cast<RankedTensorType>(operand.getType());
  SmallVector<Value> dynamicSizes, isOne(type.getRank());
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (!type.isDynamicDim(dim))
      continue;
    Value own = tensor::DimOp::create(b, loc, operand, dim);
    if (!llvm::is_contained(toBroadcast, dim)) {
      dynamicSizes.push_back(own);
      continue;
    }
    dynamicSizes.push_back(sizes[dim]);
    isOne[dim] =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, own, one);
  }
  Value init = tensor::EmptyOp::create(b, loc, type.getShape(),
                                       type.getElementType(), dynamicSizes);
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(type.getRank())};
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto read = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{}, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange) {
        Value zero = arith::ConstantIndexOp::create(nested, nestedLoc, 0);
        SmallVector<Value> indices;
        for (int64_t dim = 0; dim < type.getRank(); ++dim) {
          Value index = linalg::IndexOp::create(nested, nestedLoc, dim);
          if (isOne[dim])
            index = arith::SelectOp::create(nested, nestedLoc, isOne[dim], zero,
                                            index);
          indices.push_back(index);
        }
        Value element =
            tensor::ExtractOp::create(nested, nestedLoc, operand, indices);
        linalg::YieldOp::create(nested, nestedLoc, element);
      });
  return read.getResult(0);
}

/// How many element-wise producers a broadcast goes up through before it
/// reads the value through readBroadcast: enough for the chains of a
/// layer, few enough that a long chain
/// of residual additions is not rebuilt for each of them.
constexpr unsigned kMaxProducerDepth = 8;

/// `value` with its dimensions that have a size in `sizes` (one entry per
/// dimension, null where none) broadcast to it when the dimension is 1 at
/// run time. An element-wise producer is rebuilt on its inputs broadcast
/// the same way, so that the consumer still reads an element-wise op that
/// tiling fuses; elsewhere (an argument, a contraction's result, or past
/// `depth` producers) `value` is read through `readBroadcast`.
static Value broadcastValue(OpBuilder &b, Location loc, Value value,
                            ArrayRef<Value> sizes, unsigned depth) {
  auto type = cast<RankedTensorType>(value.getType());
  auto producer = value.getDefiningOp<linalg::GenericOp>();
  if (depth > 0 && producer && producer->getNumResults() == 1 &&
      linalg::isElementwise(producer) &&
      !producer.payloadUsesValueFromOperand(producer.getDpsInitOperand(0)) &&
      producer.getMatchingIndexingMap(producer.getDpsInitOperand(0))
          .isIdentity()) {
    // The producer's inputs, broadcast along the loops of `sizes`, then its
    // output with the broadcast sizes, all made before the op that uses
    // them.
    SmallVector<Value> operands(producer->getOperands());
    for (OpOperand *input : producer.getDpsInputOperands()) {
      auto inputType = dyn_cast<RankedTensorType>(input->get().getType());
      if (!inputType)
        continue;
      AffineMap map = producer.getMatchingIndexingMap(input);
      SmallVector<Value> inputSizes(inputType.getRank());
      bool any = false;
      for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
        auto loop = dyn_cast<AffineDimExpr>(expr);
        if (!loop || !sizes[loop.getPosition()] || !inputType.isDynamicDim(dim))
          continue;
        inputSizes[dim] = sizes[loop.getPosition()];
        any = true;
      }
      if (any)
        operands[input->getOperandNumber()] =
            broadcastValue(b, loc, input->get(), inputSizes, depth - 1);
    }
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        dynamicSizes.push_back(
            sizes[dim] ? sizes[dim]
                       : tensor::DimOp::create(b, loc, value, dim).getResult());
    operands[producer.getDpsInitOperand(0)->getOperandNumber()] =
        tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                dynamicSizes);
    Operation *rebuilt = b.clone(*producer.getOperation());
    rebuilt->setOperands(operands);
    return rebuilt->getResult(0);
  }
  SmallVector<int64_t> toBroadcast;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (sizes[dim])
      toBroadcast.push_back(dim);
  if (toBroadcast.empty())
    return value;
  return readBroadcast(b, loc, value, toBroadcast, sizes);
}

SmallVector<Value> mlir::tfc::broadcastDynamicUnitDims(OpBuilder &b,
                                                       Location loc,
                                                       RankedTensorType result,
                                                       ValueRange operands) {
  SmallVector<Value> broadcast(operands);
  // The result dimensions where an operand's dynamic size may differ from
  // the result's: a static result size other than 1, or another operand
  // dynamic there too.
  SmallVector<Value> sizes(result.getRank());
  auto mayDiffer = [&](int64_t dim, Value operand) {
    auto type = cast<RankedTensorType>(operand.getType());
    int64_t operandDim = dim - (result.getRank() - type.getRank());
    if (operandDim < 0 || !type.isDynamicDim(operandDim))
      return false;
    if (!result.isDynamicDim(dim))
      return result.getDimSize(dim) != 1;
    // Another operand dynamic there, its size from another origin.
    SizeOrigin own = getSizeOrigin(operand, operandDim);
    return llvm::any_of(operands, [&](Value other) {
      auto otherType = cast<RankedTensorType>(other.getType());
      int64_t otherDim = dim - (result.getRank() - otherType.getRank());
      return otherDim >= 0 && otherType.isDynamicDim(otherDim) &&
             getSizeOrigin(other, otherDim) != own;
    });
  };
  for (auto [index, operand] : llvm::enumerate(operands)) {
    auto type = cast<RankedTensorType>(operand.getType());
    int64_t offset = result.getRank() - type.getRank();
    SmallVector<Value> operandSizes(type.getRank());
    bool any = false;
    for (int64_t dim = offset; dim < result.getRank(); ++dim) {
      if (!mayDiffer(dim, operand))
        continue;
      if (!sizes[dim])
        sizes[dim] = getResultSize(b, loc, result, operands, dim);
      operandSizes[dim - offset] = sizes[dim];
      any = true;
    }
    if (any)
      broadcast[index] =
          broadcastValue(b, loc, operand, operandSizes, kMaxProducerDepth);
  }
  return broadcast;
}

//===- TensorArrays.cpp - TensorArrays as preallocated tensors ------------===//
//
// An array of n elements of type tensor<d0 x ... x T> is one tensor
// tensor<? x d0 x ... x T> whose row i is element i: a write is an
// insert_slice, a read an extract_slice, stack is the tensor itself and
// size its first dimension. A write returns a new array value, and each
// array value is used once along a loop, so bufferization updates the
// tensor in place.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"

#include "tfc/Conversion/TFCToLinalg/TFCToLinalg.h"
#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// The slice of an array tensor holding one element: row `index`.
struct ElementSlice {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  /// One element: the array's type without its leading dimension.
  RankedTensorType type;
};

ElementSlice elementSlice(OpBuilder &builder, Location loc, Value array,
                          Value index) {
  auto type = cast<RankedTensorType>(array.getType());
  ElementSlice slice;
  slice.offsets.assign(type.getRank(), builder.getIndexAttr(0));
  slice.offsets[0] = index;
  slice.sizes = tensor::getMixedSizes(builder, loc, array);
  slice.sizes[0] = builder.getIndexAttr(1);
  slice.strides.assign(type.getRank(), builder.getIndexAttr(1));
  slice.type = RankedTensorType::get(type.getShape().drop_front(),
                                     type.getElementType());
  return slice;
}

/// An int32 scalar tensor's value as an index.
Value indexOf(OpBuilder &builder, Location loc, Value scalar) {
  return castInteger(builder, loc, extractScalar(builder, loc, scalar),
                     builder.getIndexType());
}

/// A zero-filled array tensor of `type` with `rows` elements. Reading an
/// element never written gives zeros (TensorFlow fails the run).
Value zeroArray(OpBuilder &builder, Location loc, RankedTensorType type,
                Value rows) {
  return buildFilledTensor(
      builder, loc, type, rows,
      cast<TypedAttr>(builder.getZeroAttr(type.getElementType())));
}

struct CreateLowering : public OpConversionPattern<TensorArrayCreateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TensorArrayCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type || type.getNumDynamicDims() != 1)
      return rewriter.notifyMatchFailure(
          op, "the elements need a static shape to preallocate the array");
    Location loc = op.getLoc();
    rewriter.replaceOp(op,
                       zeroArray(rewriter, loc, type,
                                 indexOf(rewriter, loc, adaptor.getSize())));
    return success();
  }
};

/// `array` with at least index + 1 rows: when the index is past its end, a
/// zero-filled copy of index + 1 rows.
Value growTo(OpBuilder &builder, Location loc, Value array, Value index) {
  auto type = cast<RankedTensorType>(array.getType());
  Value rows = tensor::DimOp::create(builder, loc, array, 0);
  Value past = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge,
                                     index, rows);
  auto grown = scf::IfOp::create(
      builder, loc, past,
      [&](OpBuilder &b, Location l) {
        Value one = arith::ConstantIndexOp::create(b, l, 1);
        Value size = arith::AddIOp::create(b, l, index, one);
        Value larger = zeroArray(b, l, type, size);
        ElementSlice old = elementSlice(b, l, array, index);
        old.offsets[0] = b.getIndexAttr(0);
        old.sizes[0] = rows;
        Value copied = tensor::InsertSliceOp::create(
            b, l, array, larger, old.offsets, old.sizes, old.strides);
        scf::YieldOp::create(b, l, copied);
      },
      [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, array); });
  return grown.getResult(0);
}

/// Writes row `index`. A write marked as growing (`kGrowsAttrName`, an
/// array that may come from a `dynamic_size` create) first grows the array
/// when the index is past its end: it is copied into a zero-filled array of
/// index + 1 rows, so its size is its highest written index plus one. Other
/// writes update the array in place, which bufferization keeps in place in
/// loops; past the end of a fixed-size array they are undefined
/// (TensorFlow fails the run).
struct WriteLowering : public OpConversionPattern<TensorArrayWriteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TensorArrayWriteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value array = adaptor.getHandle();
    auto type = dyn_cast<RankedTensorType>(array.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "the array is not lowered");
    Value index = indexOf(rewriter, loc, adaptor.getIndex());
    if (op->hasAttr(kGrowsAttrName))
      array = growTo(rewriter, loc, array, index);
    ElementSlice slice = elementSlice(rewriter, loc, array, index);
    Value value = castTensorTo(rewriter, loc, adaptor.getValue(), slice.type);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, value, array, slice.offsets, slice.sizes, slice.strides);
    return success();
  }
};

struct ReadLowering : public OpConversionPattern<TensorArrayReadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TensorArrayReadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value array = adaptor.getHandle();
    auto type = dyn_cast<RankedTensorType>(array.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "the array is not lowered");
    ElementSlice slice = elementSlice(
        rewriter, loc, array, indexOf(rewriter, loc, adaptor.getIndex()));
    Value element = tensor::ExtractSliceOp::create(rewriter, loc, slice.type,
                                                   array, slice.offsets,
                                                   slice.sizes, slice.strides);
    rewriter.replaceOp(op, castTensorTo(rewriter, loc, element, op.getType()));
    return success();
  }
};

struct StackLowering : public OpConversionPattern<TensorArrayStackOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TensorArrayStackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<RankedTensorType>(adaptor.getHandle().getType()))
      return rewriter.notifyMatchFailure(op, "the array is not lowered");
    rewriter.replaceOp(op, castTensorTo(rewriter, op.getLoc(),
                                        adaptor.getHandle(), op.getType()));
    return success();
  }
};

/// The array of the rows of `value`: the tensor itself.
struct UnstackLowering : public OpConversionPattern<TensorArrayUnstackOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TensorArrayUnstackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || !isa<RankedTensorType>(adaptor.getValue().getType()))
      return rewriter.notifyMatchFailure(op, "needs a ranked value");
    rewriter.replaceOp(
        op, castTensorTo(rewriter, op.getLoc(), adaptor.getValue(), type));
    return success();
  }
};

struct SizeLowering : public OpConversionPattern<TensorArraySizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TensorArraySizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<RankedTensorType>(adaptor.getHandle().getType()))
      return rewriter.notifyMatchFailure(op, "the array is not lowered");
    Location loc = op.getLoc();
    Value rows = tensor::DimOp::create(rewriter, loc, adaptor.getHandle(), 0);
    Value size = castInteger(rewriter, loc, rows, rewriter.getI32Type());
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, op.getType(), size);
    return success();
  }
};

} // namespace

/// Whether `array` may come from a `dynamic_size` create, following writes,
/// unstacks, loop variables and branch results back to the creates.
static bool mayGrow(Value array) {
  SmallPtrSet<Value, 8> seen;
  SmallVector<Value> worklist = {array};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (auto create = value.getDefiningOp<TensorArrayCreateOp>()) {
      if (create.getDynamicSize())
        return true;
      continue;
    }
    if (auto write = value.getDefiningOp<TensorArrayWriteOp>()) {
      worklist.push_back(write.getHandle());
      continue;
    }
    if (auto unstack = value.getDefiningOp<TensorArrayUnstackOp>()) {
      worklist.push_back(unstack.getHandle());
      continue;
    }
    auto result = dyn_cast<OpResult>(value);
    auto argument = dyn_cast<BlockArgument>(value);
    Operation *owner =
        result ? result.getOwner() : argument.getOwner()->getParentOp();
    unsigned number =
        result ? result.getResultNumber() : argument.getArgNumber();
    if (auto loop = dyn_cast_or_null<WhileOp>(owner)) {
      worklist.push_back(loop.getInits()[number]);
      worklist.push_back(
          loop.getBody().front().getTerminator()->getOperand(number));
    } else if (auto cond = dyn_cast_or_null<CondOp>(owner); cond && result) {
      for (Region *branch : {&cond.getThenBranch(), &cond.getElseBranch()})
        worklist.push_back(branch->front().getTerminator()->getOperand(number));
    } else {
      // An array of unknown origin (a function argument): it may grow.
      return true;
    }
  }
  return false;
}

void mlir::tfc::markGrowingTensorArrayWrites(Operation *root) {
  root->walk([](TensorArrayWriteOp write) {
    if (mayGrow(write.getHandle()))
      write->setAttr(kGrowsAttrName, UnitAttr::get(write.getContext()));
  });
}

TensorArrayTypeConverter::TensorArrayTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](TensorArrayType type) -> std::optional<Type> {
    auto element = dyn_cast<RankedTensorType>(type.getElementType());
    if (!element)
      return std::nullopt;
    SmallVector<int64_t> shape = {ShapedType::kDynamic};
    llvm::append_range(shape, element.getShape());
    return RankedTensorType::get(shape, element.getElementType());
  });
}

void mlir::tfc::populateTensorArrayToTensorPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<CreateLowering, WriteLowering, ReadLowering, StackLowering,
               UnstackLowering, SizeLowering>(converter, patterns.getContext());
}

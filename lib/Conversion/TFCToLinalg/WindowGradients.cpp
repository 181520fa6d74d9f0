//===- WindowGradients.cpp - conv2d and pooling gradient kernels ----------===//
//
// The input gradients of conv2d and the pools scatter each output's
// gradient back over its window. A window position (kh, kw) reads the
// padded input at a strided slice (rows kh*dh + i*sh), so the scatter is
// one accumulation into that strided slice per window position, in an
// scf.for nest over the positions (static strides and sizes). The padding is
// cut off at the end. The filter gradient of conv2d is a single contraction
// over batch and output positions.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"
#include "WindowUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

using utils::IteratorType;

static OpFoldResult dimOf(OpBuilder &b, Location loc, Value tensor,
                          int64_t dim) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(dim))
    return b.getIndexAttr(type.getDimSize(dim));
  return tensor::DimOp::create(b, loc, tensor, dim).getResult();
}

/// Accumulates per-window-position contributions into the gradient of the
/// padded input, then cuts the padding off.
class WindowScatter {
public:
  /// `input` is the forward input (for its shape), `gradient` the gradient
  /// of the forward output.
  WindowScatter(OpBuilder &b, Location loc, const Window2D &window, Value input)
      : b(b), loc(loc), window(window), input(input) {
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> shape = llvm::to_vector(type.getShape());
    for (int64_t i : {0, 1})
      shape[i + 1] += window.dims[i].padBefore + window.dims[i].padAfter;
    auto paddedType = RankedTensorType::get(shape, type.getElementType());
    accumulator = buildFilledTensor(
        b, loc, paddedType, getNHWCDynamicSizes(b, loc, type, input, input, 3),
        zeroOf(type.getElementType()));
  }

  /// Adds to the slice of every window position (`row`, `col`) the tensor
  /// that `build` computes into it (its last argument is the slice's
  /// current value). The positions are an scf.for nest carrying the
  /// accumulator, not one slice update per position in straight-line code:
  /// a wide window (a convolution over a whole embedding) stays a few ops.
  void accumulateOverWindow(function_ref<Value(OpBuilder &, Location, Value row,
                                               Value col, Value slice)>
                                build) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    SmallVector<Value> upper{
        arith::ConstantIndexOp::create(b, loc, window.dims[0].window),
        arith::ConstantIndexOp::create(b, loc, window.dims[1].window)};
    scf::LoopNest nest = scf::buildLoopNest(
        b, loc, ValueRange{zero, zero}, upper, ValueRange{one, one},
        ValueRange{accumulator},
        [&](OpBuilder &nb, Location l, ValueRange position,
            ValueRange state) -> scf::ValueVector {
          Value row = position[0], col = position[1];
          auto scaled = [&](Value v, int64_t factor) -> OpFoldResult {
            if (factor == 1)
              return v;
            return arith::MulIOp::create(
                       nb, l, v, arith::ConstantIndexOp::create(nb, l, factor))
                .getResult();
          };
          SmallVector<OpFoldResult> offsets{
              nb.getIndexAttr(0), scaled(row, window.dims[0].dilation),
              scaled(col, window.dims[1].dilation), nb.getIndexAttr(0)};
          SmallVector<OpFoldResult> sizes{
              dimOf(nb, l, input, 0), nb.getIndexAttr(window.dims[0].output),
              nb.getIndexAttr(window.dims[1].output), dimOf(nb, l, input, 3)};
          SmallVector<OpFoldResult> strides{
              nb.getIndexAttr(1), nb.getIndexAttr(window.dims[0].stride),
              nb.getIndexAttr(window.dims[1].stride), nb.getIndexAttr(1)};
          Value slice = tensor::ExtractSliceOp::create(nb, l, state[0], offsets,
                                                       sizes, strides);
          Value updated = tensor::InsertSliceOp::create(
              nb, l, build(nb, l, row, col, slice), state[0], offsets, sizes,
              strides);
          return {updated};
        });
    accumulator = nest.results.front();
  }

  /// The gradient of the unpadded input.
  Value finish() {
    if (!window.hasPadding())
      return accumulator;
    SmallVector<OpFoldResult> offsets{
        b.getIndexAttr(0), b.getIndexAttr(window.dims[0].padBefore),
        b.getIndexAttr(window.dims[1].padBefore), b.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes{
        dimOf(b, loc, input, 0), b.getIndexAttr(window.dims[0].input),
        b.getIndexAttr(window.dims[1].input), dimOf(b, loc, input, 3)};
    SmallVector<OpFoldResult> strides(4, b.getIndexAttr(1));
    Value result = tensor::ExtractSliceOp::create(b, loc, accumulator, offsets,
                                                  sizes, strides);
    return castTensorTo(b, loc, result, input.getType());
  }

private:
  OpBuilder &b;
  Location loc;
  const Window2D &window;
  Value input;
  Value accumulator;
};

/// A linalg.generic with loops `iterators` whose body is `body(b, loc,
/// args)` yielding one value.
static Value
buildGeneric(OpBuilder &b, Location loc, ValueRange inputs, Value init,
             ArrayRef<AffineMap> maps, ArrayRef<IteratorType> iterators,
             function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, inputs, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        linalg::YieldOp::create(nested, nestedLoc,
                                body(nested, nestedLoc, args));
      });
  return generic.getResult(0);
}

/// buildGeneric with parallel loops first and `numReductions` reduction
/// loops last.
static Value
buildGeneric(OpBuilder &b, Location loc, ValueRange inputs, Value init,
             ArrayRef<AffineMap> maps, unsigned numReductions,
             function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  unsigned numLoops = maps.front().getNumDims();
  SmallVector<IteratorType> iterators(numLoops - numReductions,
                                      IteratorType::parallel);
  iterators.append(numReductions, IteratorType::reduction);
  return buildGeneric(b, loc, inputs, init, maps, iterators, body);
}

/// The body of a contraction: the accumulator (args[2]) plus the product of
/// the two inputs.
static Value multiplyAccumulate(OpBuilder &b, Location loc, ValueRange args) {
  Value product = arith::MulFOp::create(b, loc, args[0], args[1]);
  return arith::AddFOp::create(b, loc, args[2], product);
}

/// The flat, row-major position (`row`, `col`) of a window `windowCols`
/// wide, as an i64.
static Value flatWindowPosition(OpBuilder &b, Location loc, Value row,
                                Value col, int64_t windowCols) {
  Value flat = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, row,
                            arith::ConstantIndexOp::create(b, loc, windowCols)),
      col);
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), flat);
}

/// dx[n, h, w, c] = sum over window positions and f of dy * w[kh, kw, c, f]:
/// per window position, a contraction of dy with the filter's [c, f] plane
/// accumulated into its strided slice.
struct Conv2DBackpropInputToLinalg
    : public WindowOpLowering<Conv2DBackpropInputOp> {
  using WindowOpLowering::WindowOpLowering;

  Value lowerWindow(Conv2DBackpropInputOp op, OpAdaptor adaptor,
                    const Window2D &window,
                    ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value filter = adaptor.getFilter(), dy = adaptor.getOutBackprop();
    auto filterType = cast<RankedTensorType>(filter.getType());
    MLIRContext *context = rewriter.getContext();
    // Loops (n, oh, ow, c, f).
    AffineExpr n, oh, ow, c, f;
    bindDims(context, n, oh, ow, c, f);
    SmallVector<AffineMap> maps{AffineMap::get(5, 0, {n, oh, ow, f}, context),
                                AffineMap::get(5, 0, {c, f}, context),
                                AffineMap::get(5, 0, {n, oh, ow, c}, context)};
    WindowScatter scatter(rewriter, loc, window, adaptor.getInput());
    auto planeType = RankedTensorType::get(
        {filterType.getDimSize(2), filterType.getDimSize(3)},
        filterType.getElementType());
    scatter.accumulateOverWindow([&](OpBuilder &b, Location l, Value row,
                                     Value col, Value slice) -> Value {
      SmallVector<OpFoldResult> offsets{row, col, b.getIndexAttr(0),
                                        b.getIndexAttr(0)};
      SmallVector<OpFoldResult> sizes{b.getIndexAttr(1), b.getIndexAttr(1),
                                      dimOf(b, l, filter, 2),
                                      dimOf(b, l, filter, 3)};
      SmallVector<OpFoldResult> strides(4, b.getIndexAttr(1));
      Value plane = tensor::ExtractSliceOp::create(b, l, planeType, filter,
                                                   offsets, sizes, strides);
      return buildGeneric(b, l, ValueRange{dy, plane}, slice, maps,
                          /*numReductions=*/1, multiplyAccumulate);
    });
    return scatter.finish();
  }
};

/// dw[kh, kw, c, f] = sum over n, oh, ow of
/// x_padded[n, oh*sh + kh*dh, ow*sw + kw*dw, c] * dy[n, oh, ow, f].
struct Conv2DBackpropFilterToLinalg
    : public WindowOpLowering<Conv2DBackpropFilterOp> {
  using WindowOpLowering::WindowOpLowering;

  Value lowerWindow(Conv2DBackpropFilterOp op, OpAdaptor adaptor,
                    const Window2D &window,
                    ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    Type elementType = resultType.getElementType();
    Value padded = padSpatially(rewriter, loc, adaptor.getInput(), window,
                                zeroOf(elementType));
    MLIRContext *context = rewriter.getContext();
    // Loops (kh, kw, c, n, oh, ow, f): the output channels innermost, so
    // that the innermost loop adds a row of dy, scaled by one input
    // element, to a contiguous row of dw (the reductions in between).
    AffineExpr kh, kw, c, f, n, oh, ow;
    bindDims(context, kh, kw, c, n, oh, ow, f);
    const WindowDim &rows = window.dims[0], &cols = window.dims[1];
    SmallVector<AffineMap> maps{
        AffineMap::get(7, 0,
                       {n, oh * rows.stride + kh * rows.dilation,
                        ow * cols.stride + kw * cols.dilation, c},
                       context),
        AffineMap::get(7, 0, {n, oh, ow, f}, context),
        AffineMap::get(7, 0, {kh, kw, c, f}, context)};
    SmallVector<Value> dynamicSizes;
    for (int64_t dim : {2, 3})
      if (resultType.isDynamicDim(dim))
        dynamicSizes.push_back(
            tensor::DimOp::create(rewriter, loc, adaptor.getFilter(), dim));
    Value init = buildFilledTensor(rewriter, loc, resultType, dynamicSizes,
                                   zeroOf(elementType));
    IteratorType parallel = IteratorType::parallel,
                 reduction = IteratorType::reduction;
    return buildGeneric(
        rewriter, loc, ValueRange{padded, adaptor.getOutBackprop()}, init, maps,
        {parallel, parallel, parallel, reduction, reduction, reduction,
         parallel},
        multiplyAccumulate);
  }
};

/// Routes each window's gradient to the first position of its maximum:
/// first the flat window position of every output's maximum (a reduction
/// over the window keeping the first strictly greater element), then one
/// masked accumulation per window position.
struct MaxPoolGradToLinalg : public WindowOpLowering<MaxPoolGradOp> {
  using WindowOpLowering::WindowOpLowering;

  Value lowerWindow(MaxPoolGradOp op, OpAdaptor adaptor, const Window2D &window,
                    ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), dy = adaptor.getGrad();
    auto gradType = cast<RankedTensorType>(dy.getType());
    auto floatType = cast<FloatType>(gradType.getElementType());
    TypedAttr lowest = lowestValue(rewriter, floatType);
    Value padded = padSpatially(rewriter, loc, input, window, lowest);

    SmallVector<Value> dynamicSizes =
        getNHWCDynamicSizes(rewriter, loc, gradType, input, input, 3);
    Value maxInit =
        buildFilledTensor(rewriter, loc, gradType, dynamicSizes, lowest);
    auto indexType =
        RankedTensorType::get(gradType.getShape(), rewriter.getI64Type());
    Value indexInit = buildFilledTensor(rewriter, loc, indexType, dynamicSizes,
                                        rewriter.getI64IntegerAttr(-1));
    const WindowDim &rows = window.dims[0], &cols = window.dims[1];
    Value windowShape = tensor::EmptyOp::create(
        rewriter, loc, ArrayRef<int64_t>{rows.window, cols.window}, floatType);

    MLIRContext *context = rewriter.getContext();
    // Loops (n, oh, ow, c, kh, kw); the window loops run in row-major order.
    AffineExpr n, oh, ow, c, kh, kw;
    bindDims(context, n, oh, ow, c, kh, kw);
    SmallVector<AffineMap> maps{
        AffineMap::get(6, 0,
                       {n, oh * rows.stride + kh, ow * cols.stride + kw, c},
                       context),
        AffineMap::get(6, 0, {kh, kw}, context),
        AffineMap::get(6, 0, {n, oh, ow, c}, context),
        AffineMap::get(6, 0, {n, oh, ow, c}, context)};
    SmallVector<IteratorType> iterators(4, IteratorType::parallel);
    iterators.append(2, IteratorType::reduction);
    int64_t windowCols = cols.window;
    auto argmax = linalg::GenericOp::create(
        rewriter, loc, TypeRange{gradType, indexType},
        ValueRange{padded, windowShape}, ValueRange{maxInit, indexInit}, maps,
        iterators, [&](OpBuilder &b, Location loc, ValueRange args) {
          Value value = args[0], max = args[2], index = args[3];
          Value row = linalg::IndexOp::create(b, loc, 4);
          Value col = linalg::IndexOp::create(b, loc, 5);
          Value flat = flatWindowPosition(b, loc, row, col, windowCols);
          Value greater = arith::CmpFOp::create(
              b, loc, arith::CmpFPredicate::OGT, value, max);
          Value unset = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::slt, index,
              arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0));
          Value take = arith::OrIOp::create(b, loc, greater, unset);
          linalg::YieldOp::create(
              b, loc,
              ValueRange{arith::SelectOp::create(b, loc, take, value, max),
                         arith::SelectOp::create(b, loc, take, flat, index)});
        });
    Value indices = argmax.getResult(1);

    AffineMap identity = rewriter.getMultiDimIdentityMap(4);
    SmallVector<AffineMap> scatterMaps(3, identity);
    WindowScatter scatter(rewriter, loc, window, input);
    scatter.accumulateOverWindow([&](OpBuilder &b, Location l, Value row,
                                     Value col, Value slice) -> Value {
      Value position = flatWindowPosition(b, l, row, col, cols.window);
      return buildGeneric(
          b, l, ValueRange{indices, dy}, slice, scatterMaps,
          /*numReductions=*/0,
          [&](OpBuilder &nb, Location nl, ValueRange args) -> Value {
            Value here = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq,
                                               args[0], position);
            Value sum = arith::AddFOp::create(nb, nl, args[2], args[1]);
            return arith::SelectOp::create(nb, nl, here, sum, args[2]);
          });
    });
    return scatter.finish();
  }
};

/// Each window's gradient divided by its count of input elements, added to
/// every position of the window.
struct AvgPoolGradToLinalg : public WindowOpLowering<AvgPoolGradOp> {
  using WindowOpLowering::WindowOpLowering;

  Value lowerWindow(AvgPoolGradOp op, OpAdaptor adaptor, const Window2D &window,
                    ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value shares =
        divideByWindowCounts(rewriter, loc, window, adaptor.getGrad());
    AffineMap identity = rewriter.getMultiDimIdentityMap(4);
    SmallVector<AffineMap> maps(2, identity);
    WindowScatter scatter(rewriter, loc, window, adaptor.getInput());
    scatter.accumulateOverWindow(
        [&](OpBuilder &b, Location l, Value, Value, Value slice) -> Value {
          return buildGeneric(
              b, l, ValueRange{shares}, slice, maps,
              /*numReductions=*/0,
              [](OpBuilder &nb, Location nl, ValueRange args) -> Value {
                return arith::AddFOp::create(nb, nl, args[1], args[0]);
              });
        });
    return scatter.finish();
  }
};

} // namespace

void mlir::tfc::populateWindowGradientsToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<Conv2DBackpropInputToLinalg, Conv2DBackpropFilterToLinalg,
               MaxPoolGradToLinalg, AvgPoolGradToLinalg>(patterns.getContext());
}

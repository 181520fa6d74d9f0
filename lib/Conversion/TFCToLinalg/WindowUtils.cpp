//===- WindowUtils.cpp - helpers of the conv2d and pooling lowerings ------===//

#include "WindowUtils.h"
#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::tfc;

TypedAttr mlir::tfc::zeroOf(Type type) {
  return cast<TypedAttr>(OpBuilder(type.getContext()).getZeroAttr(type));
}

bool mlir::tfc::isStaticWindow(const Window2D &window) {
  return llvm::all_of(window.dims, [](const WindowDim &dim) {
    return !ShapedType::isDynamic(dim.input) &&
           !ShapedType::isDynamic(dim.window) &&
           !ShapedType::isDynamic(dim.output) &&
           !ShapedType::isDynamic(dim.padBefore) &&
           !ShapedType::isDynamic(dim.padAfter);
  });
}

Value mlir::tfc::padSpatially(OpBuilder &builder, Location loc, Value input,
                              const Window2D &window, TypedAttr value) {
  if (!window.hasPadding())
    return input;
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> low(4, 0), high(4, 0);
  SmallVector<int64_t> shape = llvm::to_vector(type.getShape());
  for (int64_t i : {0, 1}) {
    low[i + 1] = window.dims[i].padBefore;
    high[i + 1] = window.dims[i].padAfter;
    shape[i + 1] += low[i + 1] + high[i + 1];
  }
  Value padValue = arith::ConstantOp::create(builder, loc, value);
  MLIRContext *context = builder.getContext();
  return tensor::PadOp::create(
      builder, loc, RankedTensorType::get(shape, type.getElementType()), input,
      getAsIndexOpFoldResult(context, low),
      getAsIndexOpFoldResult(context, high), padValue);
}

SmallVector<Value> mlir::tfc::getNHWCDynamicSizes(OpBuilder &builder,
                                                  Location loc,
                                                  RankedTensorType type,
                                                  Value batchSource,
                                                  Value channelSource,
                                                  int64_t channelDim) {
  SmallVector<Value> sizes;
  if (type.isDynamicDim(0))
    sizes.push_back(tensor::DimOp::create(builder, loc, batchSource, 0));
  if (type.isDynamicDim(3))
    sizes.push_back(
        tensor::DimOp::create(builder, loc, channelSource, channelDim));
  return sizes;
}

DenseIntElementsAttr mlir::tfc::getLinalgStrides(Builder &builder,
                                                 const Window2D &window) {
  return builder.getI64TensorAttr(
      {window.dims[0].stride, window.dims[1].stride});
}

DenseIntElementsAttr mlir::tfc::getLinalgDilations(Builder &builder,
                                                   const Window2D &window) {
  return builder.getI64TensorAttr(
      {window.dims[0].dilation, window.dims[1].dilation});
}

/// The number of input positions, out of the window's, that the window at
/// output position `i` covers.
static int64_t coveredInputs(const WindowDim &dim, int64_t i) {
  int64_t begin = i * dim.stride - dim.padBefore;
  int64_t end = std::min(begin + dim.effectiveWindow(), dim.input);
  int64_t first = begin;
  if (first < 0) // The first position in the input, on the dilation grid.
    first += (-first + dim.dilation - 1) / dim.dilation * dim.dilation;
  return first >= end ? 0 : (end - first + dim.dilation - 1) / dim.dilation;
}

/// How many input elements (not padding) each output position of the
/// window covers, as an [out_height, out_width, 1] constant of
/// `elementType`.
static Value buildWindowCounts(OpBuilder &builder, Location loc,
                               const Window2D &window, Type elementType) {
  const WindowDim &rows = window.dims[0], &cols = window.dims[1];
  auto type = RankedTensorType::get({rows.output, cols.output, 1}, elementType);
  SmallVector<APFloat> counts;
  const llvm::fltSemantics &semantics =
      cast<FloatType>(elementType).getFloatSemantics();
  for (int64_t i = 0; i < rows.output; ++i)
    for (int64_t j = 0; j < cols.output; ++j) {
      APFloat count(static_cast<double>(coveredInputs(rows, i) *
                                        coveredInputs(cols, j)));
      bool losesInfo = false;
      count.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
      counts.push_back(count);
    }
  return arith::ConstantOp::create(builder, loc,
                                   DenseElementsAttr::get(type, counts));
}

Value mlir::tfc::divideByWindowCounts(OpBuilder &builder, Location loc,
                                      const Window2D &window, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  Value counts = buildWindowCounts(builder, loc, window, type.getElementType());
  return buildElementwiseGeneric(
      builder, loc, type, ValueRange{value, counts},
      [](OpBuilder &b, Location nestedLoc, ValueRange args) -> Value {
        return arith::DivFOp::create(b, nestedLoc, args[0], args[1]);
      });
}

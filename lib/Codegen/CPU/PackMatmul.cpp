//===- PackMatmul.cpp - matmul on a packed B ------------------------------===//
//
// Rewrites a matmul into a copy of B in register-tile panels and a
// contraction that reads them, so that the register tile streams B from
// consecutive addresses; or into the contraction alone, on panels packed
// elsewhere (a variable's, by tfc-pack-weights).
//
//===----------------------------------------------------------------------===//

#include "Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tfc;

/// The maps of C3[i, p, j] += A[i, k] * Bp[p, k, j] over loops (i, p, j, k).
static SmallVector<AffineMap> packedMatmulMaps(MLIRContext *context) {
  AffineExpr i, p, j, k;
  bindDims(context, i, p, j, k);
  return {AffineMap::get(4, 0, {i, k}, context),
          AffineMap::get(4, 0, {p, k, j}, context),
          AffineMap::get(4, 0, {i, p, j}, context)};
}

bool mlir::tfc::canPackMatmulB(linalg::MatmulOp matmul, int64_t panel) {
  auto aType =
      cast<RankedTensorType>(matmul.getDpsInputOperand(0)->get().getType());
  auto bType =
      cast<RankedTensorType>(matmul.getDpsInputOperand(1)->get().getType());
  auto cType =
      cast<RankedTensorType>(matmul.getDpsInitOperand(0)->get().getType());
  // The checks of matmulOnPackedB too, before anything is created.
  return !matmul.hasUserDefinedMaps() && bType.hasStaticShape() &&
         aType.getElementType().isF32() && bType.getElementType().isF32() &&
         cType.getElementType().isF32() &&
         cType.getDimSize(1) == bType.getDimSize(1) &&
         bType.getDimSize(1) % panel == 0;
}

FailureOr<std::pair<linalg::GenericOp, linalg::TransposeOp>>
mlir::tfc::packMatmulB(RewriterBase &rewriter, linalg::MatmulOp matmul,
                       int64_t panel) {
  if (!canPackMatmulB(matmul, panel))
    return failure();
  Value b = matmul.getDpsInputOperand(1)->get();
  auto bType = cast<RankedTensorType>(b.getType());
  int64_t k = bType.getDimSize(0), n = bType.getDimSize(1);
  int64_t panels = n / panel;
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);

  // Bp = transpose(B viewed as [K, N / panel, panel]).
  auto b3Type =
      RankedTensorType::get({k, panels, panel}, rewriter.getF32Type());
  Value b3 = tensor::ExpandShapeOp::create(
      rewriter, loc, b3Type, b, SmallVector<ReassociationIndices>{{0}, {1, 2}});
  Value packedInit = tensor::EmptyOp::create(
      rewriter, loc, ArrayRef<int64_t>{panels, k, panel},
      rewriter.getF32Type());
  auto pack = linalg::TransposeOp::create(rewriter, loc, b3, packedInit,
                                          ArrayRef<int64_t>{1, 0, 2});
  FailureOr<linalg::GenericOp> packed =
      matmulOnPackedB(rewriter, matmul, pack.getResult()[0]);
  assert(succeeded(packed) && "the shapes were checked above");
  return std::make_pair(*packed, pack);
}

FailureOr<linalg::GenericOp> mlir::tfc::matmulOnPackedB(RewriterBase &rewriter,
                                                        linalg::MatmulOp matmul,
                                                        Value packedB) {
  if (matmul.hasUserDefinedMaps())
    return failure();
  Value a = matmul.getDpsInputOperand(0)->get();
  Value c = matmul.getDpsInitOperand(0)->get();
  auto aType = cast<RankedTensorType>(a.getType());
  auto cType = cast<RankedTensorType>(c.getType());
  auto packedType = cast<RankedTensorType>(packedB.getType());
  Type elementType = cType.getElementType();
  if (!elementType.isF32() || !aType.getElementType().isF32() ||
      !packedType.getElementType().isF32() || !packedType.hasStaticShape() ||
      packedType.getRank() != 3 || ShapedType::isDynamic(cType.getDimSize(1)))
    return failure();
  int64_t panels = packedType.getDimSize(0), panel = packedType.getDimSize(2);
  int64_t n = cType.getDimSize(1), width = panels * panel;
  // Packed B may have zero columns past N in its last panel; the output
  // then has them too, which only a fresh output (a fill) can.
  linalg::FillOp fill = getFillOfEmpty(c);
  bool fresh = static_cast<bool>(fill);
  if (width < n || width - n >= panel || (width != n && !fresh))
    return failure();
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);

  // The output viewed as [M, N / panel, panel]: a fill of its own when
  // the matmul starts from one, so that it still fuses into the tiles.
  // M may be known only at run time.
  OpFoldResult rows = tensor::getMixedSize(rewriter, loc, c, 0);
  SmallVector<OpFoldResult> c3Sizes = {rows, rewriter.getIndexAttr(panels),
                                       rewriter.getIndexAttr(panel)};
  auto c3Type =
      RankedTensorType::get({cType.getDimSize(0), panels, panel}, elementType);
  Value c3;
  if (fresh) {
    Value empty = tensor::EmptyOp::create(rewriter, loc, c3Sizes, elementType);
    c3 = linalg::FillOp::create(rewriter, loc,
                                fill.getDpsInputOperand(0)->get(), empty)
             .getResult(0);
  } else {
    c3 = tensor::ExpandShapeOp::create(
        rewriter, loc, c3Type, c,
        SmallVector<ReassociationIndices>{{0}, {1, 2}}, c3Sizes);
  }

  SmallVector<AffineMap> maps = packedMatmulMaps(rewriter.getContext());
  SmallVector<utils::IteratorType> iterators = {
      utils::IteratorType::parallel, utils::IteratorType::parallel,
      utils::IteratorType::parallel, utils::IteratorType::reduction};
  auto packed = linalg::GenericOp::create(
      rewriter, loc, TypeRange{c3Type}, ValueRange{a, packedB}, ValueRange{c3},
      maps, iterators,
      [](OpBuilder &builder, Location nestedLoc, ValueRange args) {
        Value product =
            arith::MulFOp::create(builder, nestedLoc, args[0], args[1]);
        Value sum = arith::AddFOp::create(builder, nestedLoc, args[2], product);
        linalg::YieldOp::create(builder, nestedLoc, sum);
      });
  Value result = tensor::CollapseShapeOp::create(
      rewriter, loc, cType.clone({cType.getDimSize(0), width}),
      packed.getResult(0), SmallVector<ReassociationIndices>{{0}, {1, 2}});
  if (width != n)
    result = tensor::ExtractSliceOp::create(
        rewriter, loc, cType, result,
        {rewriter.getIndexAttr(0), rewriter.getIndexAttr(0)},
        {rows, rewriter.getIndexAttr(n)},
        {rewriter.getIndexAttr(1), rewriter.getIndexAttr(1)});
  rewriter.replaceOp(matmul, result);
  return packed;
}

linalg::FillOp mlir::tfc::getFillOfEmpty(Value value) {
  auto fill = value.getDefiningOp<linalg::FillOp>();
  if (!fill ||
      !fill.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>())
    return nullptr;
  return fill;
}

bool mlir::tfc::isPackedMatmul(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != 4 || op.getNumParallelLoops() != 3 ||
      !linalg::isaContractionOpInterface(op))
    return false;
  return op.getIndexingMapsArray() == packedMatmulMaps(op.getContext());
}

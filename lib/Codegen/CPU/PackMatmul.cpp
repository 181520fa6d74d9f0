//===- PackMatmul.cpp - matmul on a packed B ------------------------------===//
//
// Rewrites a matmul into a copy of B in register-tile panels and a
// contraction that reads them, so that the register tile streams B from
// consecutive addresses.
//
//===----------------------------------------------------------------------===//

#include "Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tfc;

FailureOr<std::pair<linalg::GenericOp, linalg::TransposeOp>>
mlir::tfc::packMatmulB(RewriterBase &rewriter, linalg::MatmulOp matmul,
                       int64_t panel) {
  Value a = matmul.getDpsInputOperand(0)->get();
  Value b = matmul.getDpsInputOperand(1)->get();
  Value c = matmul.getDpsInitOperand(0)->get();
  auto bType = cast<RankedTensorType>(b.getType());
  auto cType = cast<RankedTensorType>(c.getType());
  Type elementType = cType.getElementType();
  if (!elementType.isF32() || !bType.getElementType().isF32() ||
      !cast<RankedTensorType>(a.getType()).getElementType().isF32())
    return failure();
  int64_t k = bType.getDimSize(0), n = bType.getDimSize(1);
  int64_t m = cType.getDimSize(0);
  if (n % panel != 0)
    return failure();
  int64_t panels = n / panel;
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);

  // Bp = transpose(B viewed as [K, N / panel, panel]).
  auto b3Type = RankedTensorType::get({k, panels, panel}, elementType);
  Value b3 = tensor::ExpandShapeOp::create(
      rewriter, loc, b3Type, b, SmallVector<ReassociationIndices>{{0}, {1, 2}});
  Value packedInit = tensor::EmptyOp::create(
      rewriter, loc, ArrayRef<int64_t>{panels, k, panel}, elementType);
  auto pack = linalg::TransposeOp::create(rewriter, loc, b3, packedInit,
                                          ArrayRef<int64_t>{1, 0, 2});

  // The output viewed as [M, N / panel, panel]: a fill of its own when
  // the matmul starts from one, so that it still fuses into the tiles.
  auto c3Type = RankedTensorType::get({m, panels, panel}, elementType);
  Value c3;
  auto fill = c.getDefiningOp<linalg::FillOp>();
  if (fill &&
      fill.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>()) {
    Value empty =
        tensor::EmptyOp::create(rewriter, loc, c3Type.getShape(), elementType);
    c3 = linalg::FillOp::create(rewriter, loc,
                                fill.getDpsInputOperand(0)->get(), empty)
             .getResult(0);
  } else {
    c3 = tensor::ExpandShapeOp::create(
        rewriter, loc, c3Type, c,
        SmallVector<ReassociationIndices>{{0}, {1, 2}});
  }

  MLIRContext *context = rewriter.getContext();
  AffineExpr i, p, j, kk;
  bindDims(context, i, p, j, kk);
  SmallVector<AffineMap> maps = {AffineMap::get(4, 0, {i, kk}, context),
                                 AffineMap::get(4, 0, {p, kk, j}, context),
                                 AffineMap::get(4, 0, {i, p, j}, context)};
  SmallVector<utils::IteratorType> iterators = {
      utils::IteratorType::parallel, utils::IteratorType::parallel,
      utils::IteratorType::parallel, utils::IteratorType::reduction};
  auto packed = linalg::GenericOp::create(
      rewriter, loc, TypeRange{c3Type}, ValueRange{a, pack.getResult()[0]},
      ValueRange{c3}, maps, iterators,
      [](OpBuilder &builder, Location nestedLoc, ValueRange args) {
        Value product =
            arith::MulFOp::create(builder, nestedLoc, args[0], args[1]);
        Value sum = arith::AddFOp::create(builder, nestedLoc, args[2], product);
        linalg::YieldOp::create(builder, nestedLoc, sum);
      });
  Value result = tensor::CollapseShapeOp::create(
      rewriter, loc, cType, packed.getResult(0),
      SmallVector<ReassociationIndices>{{0}, {1, 2}});
  rewriter.replaceOp(matmul, result);
  return std::make_pair(packed, pack);
}
